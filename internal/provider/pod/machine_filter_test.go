package pod_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// filterPod is an RTX 4090 pod with the machine filters given as gpu block
// lines ("min_ram_per_gpu = 32").
func filterPod(t testing.TB, filters ...string) string {
	t.Helper()
	return acctest.Testdata(t, "pod_rtx4090_machine_filters", map[string]any{"Filters": strings.Join(filters, "\n    ")})
}

// gpuBodies returns the gpu objects of the pod creates the fake received.
func gpuBodies(t *testing.T, env *acctest.Env) []map[string]any {
	t.Helper()
	bodies, err := requestBodies(env.Fake, http.MethodPost, "/v2/pods")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]map[string]any, 0, len(bodies))
	for _, b := range bodies {
		g, _ := b["gpu"].(map[string]any)
		out = append(out, g)
	}
	return out
}

// The machine filters are sent on create and kept in state (Runpod never
// returns them); raising one replaces the pod, lowering or removing one
// is recorded in place without a request.
func TestAccPod_machineFilters(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(filterPod(t, "min_ram_per_gpu = 32", "min_vcpu_count_per_gpu = 8"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")

	gpus := gpuBodies(t, env)
	if len(gpus) != 1 || gpus[0]["minRamPerGpu"] != float64(32) || gpus[0]["minVcpuCountPerGpu"] != float64(8) {
		t.Fatalf("create gpu bodies = %v, want one with minRamPerGpu 32 and minVcpuCountPerGpu 8", gpus)
	}
	gpu, _ := cli.StateAttributes(addr)["gpu"].(map[string]any)
	if gpu["min_ram_per_gpu"] != float64(32) || gpu["min_vcpu_count_per_gpu"] != float64(8) {
		t.Fatalf("state gpu = %v, want the configured filters", gpu)
	}
	podID := cli.StateID(addr)
	if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
		t.Fatalf("plan after create is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}

	// Raised: the pod's machine may not meet it, and placement is fixed.
	cli.SetConfig(filterPod(t, "min_ram_per_gpu = 48", "min_vcpu_count_per_gpu = 8"))
	plan := cli.RunJSON("plan", "-input=false")
	if got := plan.PlannedActions()[addr]; got != "replace" {
		t.Fatalf("planned action after raising min_ram_per_gpu = %q, want replace\n%s", got, plan.Output())
	}
	cli.SetConfig(filterPod(t, "min_ram_per_gpu = 32", "min_vcpu_count_per_gpu = 16"))
	if res := cli.MustRun("plan", "-input=false"); !strings.Contains(res.Output(), "forces replacement") ||
		!strings.Contains(res.Output(), "min_vcpu_count_per_gpu") {
		t.Fatalf("plan after raising min_vcpu_count_per_gpu does not show it forcing a replacement:\n%s", res.Output())
	}

	// Lowered and removed: recorded, the pod kept, nothing sent.
	requestsBefore := len(env.Fake.Requests())
	cli.SetConfig(filterPod(t, "min_ram_per_gpu = 16"))
	if got := cli.RunJSON("plan", "-input=false").PlannedActions()[addr]; got != "update" {
		t.Fatalf("planned action after lowering and removing the filters = %q, want update", got)
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if got := cli.StateID(addr); got != podID {
		t.Fatalf("pod id after lowering the filters = %s, want %s (kept)", got, podID)
	}
	for _, r := range env.Fake.Requests()[requestsBefore:] {
		if r.Method != http.MethodGet {
			t.Errorf("lowering the filters sent %s %s, want reads only", r.Method, r.Path)
		}
	}
	gpu, _ = cli.StateAttributes(addr)["gpu"].(map[string]any)
	if gpu["min_ram_per_gpu"] != float64(16) || gpu["min_vcpu_count_per_gpu"] != nil {
		t.Fatalf("state gpu after lowering = %v, want min_ram_per_gpu 16 and no min_vcpu_count_per_gpu", gpu)
	}
	if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
		t.Fatalf("plan after lowering is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}
}

// Filters no machine meets pass the plan (the catalog has no machine
// shapes) and fail the apply naming them; nothing is created.
func TestAccPod_machineFiltersRefused(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(filterPod(t, "min_ram_per_gpu = 4096"))
	cli.Init()
	res := cli.MustFail("apply", "-auto-approve", "-input=false")
	res.Contains(t, "Pod Not Created: No Capacity", "gpu.min_ram_per_gpu = 4096")
	if n := env.Fake.CountRequests(http.MethodPost, "/v2/pods"); n != 1 {
		t.Fatalf("%d pod creates sent, want 1 (refused)", n)
	}
	if got := cli.StateAddresses(); len(got) != 0 {
		t.Fatalf("state after a refused create = %v, want empty", got)
	}
}

// 0 (or less) fails validate, naming the attribute.
func TestAccPod_machineFilterValidation(t *testing.T) {
	t.Parallel()
	cli := newEnv(t).CLI(t)
	cli.Init()
	for _, name := range []string{"min_ram_per_gpu", "min_vcpu_count_per_gpu"} {
		cli.SetConfig(filterPod(t, name+" = 0"))
		cli.MustFail("validate").Contains(t, "gpu."+name, "at least 1")
	}
}
