package endpoint_test

import (
	"context"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// costChange is estimated_cost_per_hour before and after in a saved plan's
// change of address (nil where it is null or unknown).
func costChange(t *testing.T, plan *tfjson.Plan, address string) (before, after any) {
	t.Helper()
	for _, rc := range plan.ResourceChanges {
		if rc.Address != address || rc.Change == nil {
			continue
		}
		if m, ok := rc.Change.Before.(map[string]any); ok {
			before = m["estimated_cost_per_hour"]
		}
		if m, ok := rc.Change.After.(map[string]any); ok {
			after = m["estimated_cost_per_hour"]
		}
		return before, after
	}
	t.Fatalf("the saved plan has no change for %s", address)
	return nil, nil
}

// An active worker removed in the console (workers_min 1 -> 0) and put back
// by the plan is a rise of $1.10/h: the refreshed estimate describes the
// endpoint as it is (0), so the saved plan shows 0 -> 1.1 as the warning
// says, and max_hourly_spend counts the rise.
func TestAccEndpoint_costOfWorkersRestoredAfterConsoleChange(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cfg := endpointConfig(t, "restored", "workers_min = 1")
	cli.SetConfig(cfg)
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)
	if got := cli.StateAttributes(addr)["estimated_cost_per_hour"]; got != 1.1 {
		t.Fatalf("estimated_cost_per_hour after create is %v, want 1.1", got)
	}

	lowered := 0
	if _, err := apiClient(t, env.Fake).UpdateEndpoint(context.Background(), id, runpod.UpdateEndpointRequest{
		Workers: runpod.Set(runpod.WorkersRequest{Min: &lowered}),
	}); err != nil {
		t.Fatal(err)
	}

	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	before, after := costChange(t, plan, addr)
	if before != 0.0 || after != 1.1 {
		t.Errorf("the saved plan has estimated_cost_per_hour %v -> %v, want 0 -> 1.1 (the rise the warning states)", before, after)
	}
	flat := strings.Join(strings.Fields(res.Output()), " ")
	for _, want := range []string{`Warning: Serverless Endpoint Cost: "restored" at $1.10/h always on`,
		"raises its always-on cost", "workers_min 1 × $1.10/h per worker", "Before: workers_min 0."} {
		if !strings.Contains(flat, want) {
			t.Errorf("the plan does not say %q:\n%s", want, res.Output())
		}
	}

	// The spend limit counts the rise, not $0.00.
	cli.SetConfig("provider \"runpod\" {\n  max_hourly_spend = 1\n}\n\n" + cfg)
	res = cli.MustFail("plan", "-input=false")
	flat = strings.Join(strings.Fields(res.Output()), " ")
	for _, want := range []string{"Error: Spend Limit Exceeded: $1.10 per hour above $1.00",
		`- endpoint "restored" (1 active worker(s)): $1.10 per hour`} {
		if !strings.Contains(flat, want) {
			t.Errorf("the plan under a $1 limit does not say %q:\n%s", want, res.Output())
		}
	}

	// Applied without the limit, the estimate is the configured one again
	// and the next plan is empty.
	cli.SetConfig(cfg)
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if got := cli.StateAttributes(addr)["estimated_cost_per_hour"]; got != 1.1 {
		t.Errorf("estimated_cost_per_hour after apply is %v, want 1.1", got)
	}
	cli.ExpectNoChanges()
}
