package cluster_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

const (
	summaryChosen      = "GPU Type Chosen From the Preference List"
	summaryNoneInStock = "No GPU Type in the Preference List Can Be Placed"
	preferenceCostH100 = "$47.84 per hour"
	preferenceCostH200 = "$63.84 per hour"
)

// preferenceCluster is clusterConfig (2 × 8 GPUs in US-TX-3) with
// gpu_type_ids in place of gpu_type_id.
func preferenceCluster(t testing.TB, ids ...string) string {
	t.Helper()
	quoted := make([]string, len(ids))
	for i, id := range ids {
		quoted[i] = fmt.Sprintf("%q", id)
	}
	return override(clusterConfig(t, "prefs"), "gpu_type_id", fmt.Sprintf("gpu_type_ids = [%s]", strings.Join(quoted, ", ")))
}

// plannedGPUType is gpu_type_id as the saved plan has it for the cluster.
func plannedGPUType(t *testing.T, cli *acctest.CLI) string {
	t.Helper()
	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Address == addr {
			id, _ := rc.Change.After.(map[string]any)["gpu_type_id"].(string)
			return id
		}
	}
	t.Fatalf("%s is not in the plan", addr)
	return ""
}

// A GPU preference list on a cluster: the plan skips the first type
// without cluster stock and shows the type it chose and its cost; the
// create sends that one type; stock changing afterwards is no diff;
// reordering or adding types keeps the cluster; dropping the chosen type
// replaces it with a new choice; no stock for any type fails the plan
// naming each.
func TestAccCluster_gpuPreferenceList(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	// The default catalog has no H200s free for clusters in US-TX-3 and 64 H100s.
	cli.SetConfig(preferenceCluster(t, h200, h100))
	cli.Init()

	human := cli.MustRun("plan", "-input=false")
	human.Contains(t, "Warning: "+summaryChosen, `+ gpu_type_id`, `"`+h100+`"`, preferenceCostH100)
	plan := cli.RunJSON("plan", "-input=false")
	chosen := plan.Warnings(summaryChosen)
	if len(chosen) != 1 || !strings.Contains(chosen[0].Detail, `chose "`+h100+`"`) ||
		!strings.Contains(chosen[0].Detail, h200+": GPU Type Out of Stock") {
		t.Fatalf("plan warnings about the choice = %+v, want one naming %s chosen and %s skipped\n%s", chosen, h100, h200, plan.Output())
	}
	if cost := plan.Warnings(summaryCost); len(cost) != 1 || !strings.Contains(cost[0].Detail, h100) ||
		!strings.Contains(cost[0].Detail, preferenceCostH100) {
		t.Fatalf("plan cost warnings = %+v, want the chosen type's hourly cost", cost)
	}
	if got := plannedGPUType(t, cli); got != h100 {
		t.Fatalf("planned gpu_type_id = %q, want %q", got, h100)
	}

	cli.MustRun("apply", "-auto-approve", "-input=false")
	bodies := requestBodies(env.Fake, http.MethodPost, "/v2/clusters")
	if len(bodies) != 1 || !strings.Contains(bodies[0], `"compute":{"gpuCountPerPod":8,"gpuTypeId":"`+h100+`","podCount":2}`) {
		t.Fatalf("create bodies = %v, want one asking for %s", bodies, h100)
	}
	st := cli.StateAttributes(addr)
	if st["gpu_type_id"] != h100 || fmt.Sprint(st["gpu_type_ids"]) != fmt.Sprint([]any{h200, h100}) || st["estimated_cost_per_hour"] != 47.84 {
		t.Fatalf("state gpu_type_id = %v, gpu_type_ids = %v, estimate = %v; want the choice, the list and its cost",
			st["gpu_type_id"], st["gpu_type_ids"], st["estimated_cost_per_hour"])
	}
	clusterID := cli.StateID(addr)

	// The preferred type is back in stock: the cluster stays as it is.
	env.Fake.SetGPUStock(h200, "CLUSTER", "SECURE", "US-TX-3", 64)
	if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
		t.Fatalf("plan after a stock change is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}

	// Reordered, the chosen type still in the list: recorded in place,
	// nothing sent to Runpod.
	cli.SetConfig(preferenceCluster(t, h100, h200))
	if got := cli.RunJSON("plan", "-input=false").PlannedActions()[addr]; got != "update" {
		t.Fatalf("planned action after reordering = %q, want update", got)
	}
	env.Fake.ResetRequests()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	for _, r := range env.Fake.Requests() {
		if r.Method != http.MethodGet {
			t.Errorf("reordering sent %s %s, want reads only", r.Method, r.Path)
		}
	}
	if got := cli.StateID(addr); got != clusterID {
		t.Fatalf("cluster id after reordering = %s, want %s (kept)", got, clusterID)
	}
	if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
		t.Fatalf("plan after reordering is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}

	// A type added: no replacement either.
	cli.SetConfig(preferenceCluster(t, a100, h100, h200))
	if got := cli.RunJSON("plan", "-input=false").PlannedActions()[addr]; got != "update" {
		t.Fatalf("planned action after adding a type = %q, want update", got)
	}

	// The chosen type leaves the list: a replacement, on the next choice,
	// whose cost the plan states.
	cli.SetConfig(preferenceCluster(t, h200))
	plan = cli.RunJSON("plan", "-input=false")
	if got := plan.PlannedActions()[addr]; got != "replace" {
		t.Fatalf("planned action after dropping the chosen type = %q, want replace", got)
	}
	if cost := plan.Warnings(summaryCost); len(cost) != 1 || !strings.Contains(cost[0].Detail, preferenceCostH200) {
		t.Fatalf("replacement cost warnings = %+v, want the new choice's %s", cost, preferenceCostH200)
	}
	if got := plannedGPUType(t, cli); got != h200 {
		t.Fatalf("planned gpu_type_id of the replacement = %q, want %q", got, h200)
	}

	// No type in the list has stock for clusters there: the plan fails
	// naming each type and why.
	env.Fake.SetGPUStock(h200, "CLUSTER", "SECURE", "US-TX-3", 0)
	cli.SetConfig(preferenceCluster(t, h200, a100))
	jr := cli.RunJSON("plan", "-input=false")
	errs := jr.Diagnostics("error")
	if len(errs) != 1 || errs[0].Summary != summaryNoneInStock ||
		!strings.Contains(errs[0].Detail, h200+": GPU Type Out of Stock") || !strings.Contains(errs[0].Detail, a100+": GPU Type Out of Stock") ||
		!strings.Contains(errs[0].Detail, "US-TX-3: NONE") {
		t.Fatalf("plan errors = %+v, want one naming both types out of stock\n%s", errs, jr.Output())
	}
	cli.MustFail("plan", "-input=false").Contains(t, summaryNoneInStock, "gpu_type_ids")
}

// gpu_type_id and gpu_type_ids are exclusive, and one of them is required.
func TestAccCluster_gpuPreferenceListValidation(t *testing.T) {
	t.Parallel()
	cli := newEnv(t).CLI(t)
	cli.Init()
	cli.SetConfig(clusterConfig(t, "both", fmt.Sprintf("gpu_type_ids = [%q]", h100)))
	cli.MustFail("validate").Contains(t, "gpu_type_ids")
	cli.SetConfig(override(clusterConfig(t, "neither"), "gpu_type_id", ""))
	cli.MustFail("validate").Contains(t, "gpu_type_id")
	cli.SetConfig(preferenceCluster(t, h100, h100))
	cli.MustFail("validate").Contains(t, "gpu_type_ids")
}

// A cluster made with a preference list imports by id (gpu_type_id read
// back, the list kept from configuration), and a cluster made elsewhere
// imported with a list that contains its type records the list without
// replacing it.
func TestAccCluster_gpuPreferenceListImport(t *testing.T) {
	env := newEnv(t)
	c, err := apiClient(t, env.Fake).CreateCluster(context.Background(), runpod.CreateClusterRequest{
		Name: "console-made", Type: "TRAINING", Image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
		Compute: runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 8, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	console := func(importID string) string {
		return acctest.Testdata(t, "cluster_console_made_preference_list", map[string]any{
			"ImportID": importID,
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: preferenceCluster(t, h200, h100),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("gpu_type_id"), knownvalue.StringExact(h100)),
				},
			},
			{
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: configOnly,
			},
			{
				Config: preferenceCluster(t, h200, h100) + console(c.ID),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("runpod_cluster.console", plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue("runpod_cluster.console", acctest.Attr("gpu_type_id"), knownvalue.StringExact(h100)),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("runpod_cluster.console", acctest.Attr("id"), knownvalue.StringExact(c.ID)),
					statecheck.ExpectKnownValue("runpod_cluster.console", acctest.Attr("gpu_type_ids"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(a100), knownvalue.StringExact(h100)})),
				},
			},
			{
				Config: preferenceCluster(t, h200, h100) + console(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
		},
	})
}
