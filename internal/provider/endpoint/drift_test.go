package endpoint_test

import (
	"context"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// A console change shows as an update and apply puts the configuration
// back; an endpoint deleted in the console plans a create.
func TestAccEndpoint_driftIsShownAndRepaired(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(endpointConfig(t, "drift", "workers_max = 5", `env = { MODEL = "a" }`))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)

	_, err := apiClient(t, env.Fake).UpdateEndpoint(context.Background(), id, runpod.UpdateEndpointRequest{
		Image: runpod.Set("ghcr.io/acme/worker:console"),
		Env:   runpod.Set(map[string]string{"MODEL": "b", "DEBUG": "1"}),
		GPU:   runpod.Set(runpod.UpdateEndpointGPU{Pools: []string{"AMPERE_80"}}),
	})
	if err != nil {
		t.Fatal(err)
	}
	_, plan := cli.SavedPlan()
	changed := acctest.ChangedAttributes(plan)[addr]
	for _, a := range []string{"image", "env", "gpu_pools"} {
		if !strings.Contains(strings.Join(changed, " "), a) {
			t.Errorf("the plan after console edits changes %v, want %s among them", changed, a)
		}
	}
	if got := acctest.PlanChanges(plan)[addr]; got != "update" {
		t.Errorf("planned %q, want update", got)
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	e, _ := env.Fake.Endpoint(id)
	if e.Image != "ghcr.io/acme/worker:1" || len(e.Env) != 1 || e.Env["MODEL"] != "a" || strings.Join(e.GPU.Pools, ",") != "ADA_24,AMPERE_48" {
		t.Errorf("apply did not put the configuration back: %+v %+v", e, e.GPU)
	}
	cli.ExpectNoChanges()

	env.Fake.DeleteEndpoint(id)
	_, plan = cli.SavedPlan()
	if got := acctest.PlanChanges(plan)[addr]; got != "create" {
		t.Errorf("after a console delete planned %q, want create", got)
	}
}

// Runpod lowers workers_max by itself on idle or failing endpoints. The
// plan shows the change back and explains it, in the human and -json
// output; nothing is pushed back without the user seeing why.
func TestAccEndpoint_workersMaxLoweredByRunpodIsExplained(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(endpointConfig(t, "lowered", "workers_max = 5"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)
	env.Fake.LowerEndpointWorkersMax(id, 2)

	res := cli.Run("plan", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	res.Contains(t, "Warning: Runpod Lowered workers_max", "~ workers_max", "2 -> 5", "by itself")
	ws := cli.RunJSON("plan", "-input=false").Warnings("Runpod Lowered workers_max")
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, "had workers_max 5; Runpod now reports 2, and this plan sets 5") {
		t.Fatalf("-json warnings %+v, want one naming 5, 2 and 5", ws)
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if e, _ := env.Fake.Endpoint(id); e.Workers.Max != 5 {
		t.Errorf("workers_max is %d after apply, want 5", e.Workers.Max)
	}
	// Once applied, the explanation is gone.
	res = cli.Run("plan", "-input=false")
	res.Lacks(t, "Runpod Lowered workers_max")
	cli.ExpectNoChanges()
}
