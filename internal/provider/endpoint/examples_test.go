package endpoint_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The documented examples apply against the fake as written, say what
// they bill in the plan, and leave no diff.
func TestAccEndpointExamples(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Example(t, "resources/runpod_endpoint/resource.tf", "resources/runpod_endpoint/cpu.tf"))
	cli.Init()
	ws := cli.RunJSON("plan", "-input=false").Warnings(summaryCost)
	if len(ws) != 2 {
		t.Fatalf("want a cost warning per endpoint, got %+v", ws)
	}
	var gpu, cpu string
	for _, w := range ws {
		if strings.Contains(w.Detail, `"llm-inference"`) {
			gpu = w.Detail
		} else {
			cpu = w.Detail
		}
	}
	for _, want := range []string{"workers_min 1 × $1.10/h per worker (ADA_24, the first pool in gpu_pools with serverless stock)",
		"a worker costs $1.10-$1.22/h", "Up to 4 flex worker(s)", "5 s idle timeout",
		"1. ADA_24:", "2. AMPERE_48:"} {
		if !strings.Contains(gpu, want) {
			t.Errorf("the inference endpoint's cost warning lacks %q:\n%s", want, gpu)
		}
	}
	for _, want := range []string{"No active workers", "$0.17/h per worker (cpu3c×4, the first cpu flavour)", "a worker costs $0.17-$0.20/h"} {
		if !strings.Contains(cpu, want) {
			t.Errorf("the CPU endpoint's cost warning lacks %q:\n%s", want, cpu)
		}
	}
	res := cli.RunJSON("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed:\n%s", res.Output())
	}
	if w := res.Warnings("Endpoint Workers Not Ready"); len(w) != 0 {
		t.Errorf("the example's wait ended short: %+v", w)
	}
	id, _ := cli.StateAttributes("runpod_endpoint.inference")["id"].(string)
	e, ok := env.Fake.Endpoint(id)
	if !ok || len(e.NetworkVolumes) != 1 || e.FlashBoot != "FLASHBOOT" || e.Env["MODEL_PATH"] == "" {
		t.Errorf("the inference endpoint is %+v, want the volume, FlashBoot and the template's env", e)
	}
	out := cli.MustRun("output", "-raw", "run_url").Stdout
	if !strings.HasSuffix(out, "/v2/"+id+"/run") {
		t.Errorf("run_url = %q, want the endpoint's run URL", out)
	}
	cli.ExpectNoChanges()
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if n := env.Fake.EndpointCount(); n != 0 {
		t.Errorf("%d endpoints left after destroy", n)
	}
}
