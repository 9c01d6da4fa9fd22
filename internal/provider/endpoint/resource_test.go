package endpoint_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// A queue endpoint with one active worker: the plan states what it bills
// (as Terraform prints it), the apply waits for the worker, the next plan
// is empty, and destroy leaves nothing in the API.
func TestAccEndpoint_createWaitsForWorkersAndStatesCost(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetEndpointWorkerStartDelay(3)
	cli := env.CLI(t)
	cli.SetConfig(endpointConfig(t, "llm", "workers_min = 1", "workers_max = 4", "wait_for_ready_workers = 1"))
	cli.Init()

	plan := cli.Run("plan", "-input=false")
	if plan.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", plan.Output())
	}
	plan.Contains(t, "Warning: "+summaryCost, `Creating endpoint "llm"`, "$1.10/h")
	if n := plan.Count("Warning: " + summaryCost); n != 1 {
		t.Errorf("the cost warning is printed %d times, want once", n)
	}
	ws := cli.RunJSON("plan", "-input=false").Warnings(summaryCost)
	if len(ws) != 1 {
		t.Fatalf("want one cost warning in plan -json, got %+v", ws)
	}
	for _, want := range []string{
		"workers_min 1 × $1.10/h per worker (ADA_24, the first pool in gpu_pools with serverless stock) = $1.10/h (about $803 a month)",
		"Across the listed compute a worker costs $1.10-$1.22/h",
		"Up to 3 flex worker(s) bill only while they run jobs",
		"1. ADA_24:", "2. AMPERE_48:",
	} {
		if !strings.Contains(ws[0].Detail, want) {
			t.Errorf("cost warning lacks %q:\n%s", want, ws[0].Detail)
		}
	}
	jr := cli.RunJSON("apply", "-auto-approve", "-input=false")
	if jr.ExitCode != 0 {
		t.Fatalf("apply failed:\n%s", jr.Output())
	}
	if w := jr.Warnings("Endpoint Workers Not Ready"); len(w) != 0 {
		t.Errorf("the wait ended short: %+v", w)
	}
	id := cli.StateID(addr)
	workers, ok := env.Fake.EndpointWorkers(id)
	if !ok || workers.Summary.Idle+workers.Summary.Running < 1 {
		t.Errorf("apply returned before a worker was ready: %+v", workers.Summary)
	}
	attrs := cli.StateAttributes(addr)
	if urls, _ := attrs["request_urls"].(map[string]any); !strings.Contains(urls["run"].(string), id) {
		t.Errorf("request_urls = %v, want the run URL with id %s", attrs["request_urls"], id)
	}
	for k, want := range map[string]any{"gpu_count": 1.0, "idle_timeout_seconds": 10.0, "execution_timeout_ms": 300000.0, "flashboot": runpod.FlashBootOff} {
		if attrs[k] != want {
			t.Errorf("%s = %v, want the API default %v", k, attrs[k], want)
		}
	}
	cli.ExpectNoChanges()
	cli.MustRun("apply", "-refresh-only", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()

	// A new image rolls out as a release: the update waits until a worker
	// runs it, not merely until one is ready.
	cli.SetConfig(override(endpointConfig(t, "llm", "workers_min = 1", "workers_max = 4", "wait_for_ready_workers = 1"),
		"image", `image = "ghcr.io/acme/worker:2"`))
	jr = cli.RunJSON("apply", "-auto-approve", "-input=false")
	if jr.ExitCode != 0 || len(jr.Warnings("Endpoint Workers Not Ready")) != 0 {
		t.Fatalf("update failed or its wait ended short:\n%s", jr.Output())
	}
	workers, _ = env.Fake.EndpointWorkers(id)
	fresh := 0
	for _, w := range workers.Workers {
		if !w.IsStale && (w.Status == runpod.WorkerIdle || w.Status == runpod.WorkerRunning) {
			fresh++
		}
	}
	if fresh < 1 {
		t.Errorf("the update returned before a worker ran the new release: %+v", workers.Workers)
	}

	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if n := env.Fake.EndpointCount(); n != 0 {
		t.Errorf("%d endpoints left after destroy", n)
	}
}
