package pod_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

const a100 = "NVIDIA A100 80GB PCIe"

// preferencePod is a pod in US-KS-2 that may use the GPU types of ids, in
// order.
func preferencePod(name string, ids ...string) string {
	quoted := make([]string, len(ids))
	for i, id := range ids {
		quoted[i] = fmt.Sprintf("%q", id)
	}
	return podConfig(
		fmt.Sprintf("name  = %q", name),
		`image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"`,
		fmt.Sprintf("gpu { type_ids = [%s] }", strings.Join(quoted, ", ")),
		`data_center_ids = ["US-KS-2"]`,
	)
}

// plannedGPUType returns gpu.type_id as the saved plan has it for the pod.
func plannedGPUType(t *testing.T, cli *acctest.CLI) string {
	t.Helper()
	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Address == addr {
			gpu, _ := rc.Change.After.(map[string]any)["gpu"].(map[string]any)
			id, _ := gpu["type_id"].(string)
			return id
		}
	}
	t.Fatalf("%s is not in the plan", addr)
	return ""
}

// A GPU preference list: the plan skips the first type without stock and
// shows the type it chose and its price; stock changing afterwards causes
// no diff; reordering the list keeps the pod while the chosen type stays
// in it; dropping the chosen type replaces the pod with the next choice; no
// stock for any type fails the plan listing what was checked.
func TestAccPod_gpuPreferenceList(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	env.Fake.SetGPUStock(a100, "POD", "SECURE", "US-KS-2", 0)

	cli.SetConfig(preferencePod("prefs", a100, rtx4090))
	cli.Init()
	plan := cli.RunJSON("plan", "-input=false")
	chosen := plan.Warnings("GPU Type Chosen From the Preference List")
	if len(chosen) != 1 || !strings.Contains(chosen[0].Detail, `chose "`+rtx4090+`"`) || !strings.Contains(chosen[0].Detail, a100) {
		t.Fatalf("plan warnings about the choice = %+v, want one naming %s chosen and %s skipped\n%s", chosen, rtx4090, a100, plan.Output())
	}
	if cost := plan.Warnings("Pod Compute Cost"); len(cost) != 1 || !strings.Contains(cost[0].Detail, "per hour") {
		t.Fatalf("plan cost warnings = %+v, want the chosen type's hourly price", cost)
	}
	if got := plannedGPUType(t, cli); got != rtx4090 {
		t.Fatalf("planned gpu.type_id = %q, want %q", got, rtx4090)
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	bodies, err := requestBodies(env.Fake, http.MethodPost, "/v2/pods")
	if err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 1 || bodies[0]["gpu"].(map[string]any)["id"] != rtx4090 {
		t.Fatalf("create bodies = %v, want one asking for %s", bodies, rtx4090)
	}
	podID := cli.StateAttributes(addr)["id"]

	// The preferred type is back in stock: the pod stays as it is.
	env.Fake.SetGPUStock(a100, "POD", "SECURE", "US-KS-2", 16)
	if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
		t.Fatalf("plan after a stock change is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}

	// Reordered, the chosen type still in the list: an in-place update.
	cli.SetConfig(preferencePod("prefs", rtx4090, a100))
	if got := cli.RunJSON("plan", "-input=false").PlannedActions()[addr]; got != "update" {
		t.Fatalf("planned action after reordering = %q, want update", got)
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if got := cli.StateAttributes(addr)["id"]; got != podID {
		t.Fatalf("pod id after reordering = %v, want %v (kept)", got, podID)
	}
	if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
		t.Fatalf("plan after reordering is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}

	// The chosen type leaves the list: a replacement on the next choice.
	cli.SetConfig(preferencePod("prefs", a100))
	plan = cli.RunJSON("plan", "-input=false")
	if got := plan.PlannedActions()[addr]; got != "replace" {
		t.Fatalf("planned action after dropping the chosen type = %q, want replace", got)
	}
	if got := plannedGPUType(t, cli); got != a100 {
		t.Fatalf("planned gpu.type_id of the replacement = %q, want %q", got, a100)
	}

	// No type in the list has stock: the plan fails naming what it checked.
	env.Fake.SetGPUStock(a100, "POD", "SECURE", "US-KS-2", 0)
	res := cli.MustFail("plan", "-input=false")
	res.Contains(t, "No GPU Type in the Preference List Can Be Placed", a100, "gpu.type_ids")
}

// type_id and type_ids are exclusive, and one of them is required.
func TestAccPod_gpuPreferenceListValidation(t *testing.T) {
	t.Parallel()
	cli := newEnv(t).CLI(t)
	cli.SetConfig(acctest.Testdata(t, "pod_gpu_type_id_and_type_ids", nil))
	cli.Init()
	cli.MustFail("validate").Contains(t, "type_ids")
	cli.SetConfig(podConfig(`name = "v"`, `image = "img"`, `gpu { count = 1 }`))
	cli.MustFail("validate").Contains(t, "type_id")
	cli.SetConfig(podConfig(`name = "v"`, `image = "img"`, fmt.Sprintf(`gpu { type_ids = [%q, %q] }`, rtx4090, rtx4090)))
	cli.MustFail("validate")
}
