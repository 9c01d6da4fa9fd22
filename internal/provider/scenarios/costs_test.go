package scenarios_test

import (
	"math"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Cost promises on Terraform's own output: every billable object's cost is
// its own warning in the default human plan (Terraform folds warnings with
// equal summaries), every billable object has a known cost attribute in the
// saved plan, and max_hourly_spend fails a plan that would start more than
// it allows, but never a destroy.

func TestAccScenario_everyCostVisible(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	// 5 pods (three identical ones from count), 3 volumes (two identical),
	// 2 endpoints and a cluster.
	cli.SetConfig(acctest.Testdata(t, "every_billable_kind", nil))
	cli.Init()

	plan := cli.Run("plan", "-input=false")
	if plan.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", plan.Output())
	}
	plan.Lacks(t, "more similar warning")
	plan.Contains(t,
		`Warning: Pod Compute Cost: "worker" at $0.69/h`+"\n",
		`Warning: Pod Compute Cost: "worker" at $0.69/h (2nd of that name in this plan)`,
		`Warning: Pod Compute Cost: "worker" at $0.69/h (3rd of that name in this plan)`,
		`Warning: Pod Compute Cost: "a" at $1.38/h`,
		`Warning: Pod Compute Cost: "b" at $0.12/h`,
		`Warning: Network Volume Storage Cost: "data" at $7.00/month`+"\n",
		`Warning: Network Volume Storage Cost: "data" at $7.00/month (2nd of that name in this plan)`,
		`Warning: Network Volume Storage Cost: "ckpt" at $3.50/month`,
		`Warning: Serverless Endpoint Cost: "llm" at $1.10/h always on`,
		`Warning: Serverless Endpoint Cost: "batch", $0.00/h while idle`,
		`Warning: Cluster GPU Cost: "train" at $47.84/h`,
	)
	for summary, n := range map[string]int{
		"Warning: Pod Compute Cost":            5,
		"Warning: Network Volume Storage Cost": 3,
		"Warning: Serverless Endpoint Cost":    2,
		"Warning: Cluster GPU Cost":            1,
	} {
		if got := plan.Count(summary); got != n {
			t.Errorf("%q is printed %d times, want %d (one per object)", summary, got, n)
		}
	}

	res, saved := cli.SavedPlan()
	if saved == nil {
		t.Fatalf("plan -out failed:\n%s", res.Output())
	}
	want := map[string]float64{
		"runpod_pod.worker[0]": 0.69, "runpod_pod.worker[1]": 0.69, "runpod_pod.worker[2]": 0.69,
		"runpod_pod.a": 1.38, "runpod_pod.b": 0.12,
		"runpod_network_volume.data[0]": 7, "runpod_network_volume.data[1]": 7, "runpod_network_volume.ckpt": 3.5,
		"runpod_endpoint.llm": 1.1, "runpod_endpoint.batch": 0,
		"runpod_cluster.x": 47.84,
	}
	seen := 0
	for _, rc := range saved.ResourceChanges {
		w, ok := want[rc.Address]
		if !ok {
			continue
		}
		seen++
		attr := "estimated_cost_per_hour"
		if rc.Type == "runpod_network_volume" {
			attr = "estimated_cost_per_month"
		}
		if got, ok := plannedNumber(rc, attr); !ok || math.Abs(got-w) > 1e-6 {
			t.Errorf("%s: planned %s = %v (known %t), want %v", rc.Address, attr, got, ok, w)
		}
	}
	if seen != len(want) {
		t.Errorf("the saved plan has %d of the %d billable objects", seen, len(want))
	}

	// Each cost is stated once per run: applying the saved plan does not
	// print again, in the tense of something still to happen, what the plan
	// said. Terraform 1.9+ marks the plan it makes again during apply;
	// OpenTofu and older Terraform do not, and there it is repeated.
	applied := cli.MustRun("apply", "-input=false", "tfplan")
	repeats := 0
	if !cli.AtLeast(1, 9) || cli.IsOpenTofu() {
		repeats = 1
	}
	for summary, n := range map[string]int{
		"Warning: Pod Compute Cost":            5,
		"Warning: Network Volume Storage Cost": 3,
		"Warning: Serverless Endpoint Cost":    2,
		"Warning: Cluster GPU Cost":            1,
	} {
		if got := applied.Count(summary); got != n*repeats {
			t.Errorf("applying the saved plan prints %q %d times, want %d", summary, got, n*repeats)
		}
	}
}

// plannedNumber is a number attribute of a planned change, and false when
// it is unknown ("known after apply") or not a number.
func plannedNumber(rc *tfjson.ResourceChange, attr string) (float64, bool) {
	if unknown, ok := rc.Change.AfterUnknown.(map[string]any); ok && unknown[attr] == true {
		return 0, false
	}
	after, ok := rc.Change.After.(map[string]any)
	if !ok {
		return 0, false
	}
	v, ok := after[attr].(float64)
	return v, ok
}

// The headline of an endpoint's cost is the pool its worker gets, the first
// of gpu_pools with serverless stock, not the cheapest: AMPERE_24 is
// cheaper than ADA_24 but second; AMPERE_48 is first but has no serverless
// stock.
func TestAccScenario_serverlessCostIsThePoolWithStock(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "endpoints_pool_with_stock_and_without", nil))
	cli.Init()
	jr := cli.RunJSON("plan", "-input=false")
	if jr.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", jr.Output())
	}
	details := map[string]string{}
	for _, w := range jr.Warnings("Serverless Endpoint Cost") {
		details[w.Summary] = w.Detail
	}
	for summary, parts := range map[string][]string{
		`Serverless Endpoint Cost: "first" at $1.10/h always on`: {
			"workers_min 1 × $1.10/h per worker (ADA_24, the first pool in gpu_pools with serverless stock) = $1.10/h (about $803 a month)",
			"a worker costs $0.68-$1.10/h",
		},
		`Serverless Endpoint Cost: "nostock" at $1.10/h always on`: {
			"workers_min 1 × $1.10/h per worker (ADA_24, the first pool in gpu_pools with serverless stock)",
			"1. AMPERE_48: no serverless stock",
		},
	} {
		d, ok := details[summary]
		if !ok {
			t.Errorf("no warning %q; got %v", summary, details)
			continue
		}
		for _, p := range parts {
			if !strings.Contains(d, p) {
				t.Errorf("%q lacks %q:\n%s", summary, p, d)
			}
		}
	}
	res, saved := cli.SavedPlan()
	if saved == nil {
		t.Fatalf("plan -out failed:\n%s", res.Output())
	}
	for _, rc := range saved.ResourceChanges {
		if got, ok := plannedNumber(rc, "estimated_cost_per_hour"); !ok || math.Abs(got-1.1) > 1e-6 {
			t.Errorf("%s: planned estimated_cost_per_hour = %v (known %t), want 1.1", rc.Address, got, ok)
		}
	}
}

// With what already runs (a pod at $0.69/h and an endpoint's active worker
// at $1.10/h) and two new pods ($0.69/h each), a limit below the $3.17 total
// fails the plan with the running figure, the new costs and the total; one
// above passes; an update that raises nothing and a destroy pass a limit of
// $0.01. The limit comes from the provider block, or RUNPOD_MAX_HOURLY_SPEND.
func TestAccScenario_spendLimit(t *testing.T) {
	t.Parallel()
	fake := runpodfake.NewTestServer(t)
	vars := map[string]string{provider.EnvBaseURL: fake.URL(), provider.EnvAPIKey: runpodfake.DefaultAPIKey}
	cli := acctest.NewCLI(t, acctest.FactoriesWithEnv(func(k string) string { return vars[k] }))
	// What already runs (a pod, an endpoint with an active worker) with
	// workersMax, two new pods if newPods, and the provider's limit if set.
	config := func(limit string, workersMax int, newPods bool) string {
		return acctest.Testdata(t, "spend_limit", map[string]any{"Limit": limit, "WorkersMax": workersMax, "NewPods": newPods})
	}

	cli.SetConfig(config("", 3, false))
	cli.Init()
	cli.MustRun(applyArgs...)

	cli.SetConfig(config("3.00", 3, true))
	res := cli.MustFail("plan", "-input=false")
	// Terraform wraps the detail to the terminal width.
	flat := strings.Join(strings.Fields(res.Output()), " ")
	for _, want := range []string{
		"Error: Spend Limit Exceeded: $3.17 per hour above $3.00",
		"Already running on the account, as Runpod reports it: $1.79 per hour (1 running pod $0.69, 0 cluster pods $0.00, 1 serverless worker $1.10)",
		`- pod "n1": $0.69 per hour`,
		`- pod "n2": $0.69 per hour`,
		"Total: $1.79 running + $1.38 new = $3.17 per hour, above the limit of $3.00 by $0.17.",
		"Network volumes and pod volume disks bill per GB per month whatever runs and are not counted",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the failed plan does not say %q:\n%s", want, res.Output())
		}
	}
	if n := res.Count("Error: Spend Limit Exceeded"); n != 1 {
		t.Errorf("the limit error is printed %d times, want once (only the pod that crosses it)", n)
	}

	// The same limit from the environment.
	vars[provider.EnvMaxHourlySpend] = "3"
	cli.SetConfig(config("", 3, true))
	cli.MustFail("plan", "-input=false").Contains(t, "Error: Spend Limit Exceeded: $3.17 per hour above $3.00")
	vars[provider.EnvMaxHourlySpend] = "-1"
	cli.MustFail("plan", "-input=false").Contains(t, "Invalid Spend Limit", provider.EnvMaxHourlySpend, `"-1"`)
	delete(vars, provider.EnvMaxHourlySpend)

	cli.SetConfig(config("3.20", 3, true))
	cli.MustRun("plan", "-input=false")

	// workers_max does not raise the always-on cost: not blocked.
	cli.SetConfig(config("0.01", 4, false))
	upd := cli.Run("plan", "-input=false", "-detailed-exitcode")
	if upd.ExitCode != 2 {
		t.Fatalf("an update that raises no cost must plan under any limit (exit %d):\n%s", upd.ExitCode, upd.Output())
	}
	upd.Lacks(t, "Spend Limit")

	cli.SetConfig(config("0.01", 3, false))
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if ids := cli.StateIDs("runpod_pod"); len(ids) != 0 {
		t.Fatalf("pods left in state after destroy: %v", ids)
	}
}
