package cluster_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Issue 9, break 1: Terraform keeps only the first PlanResourceChange call's
// warnings for a replacement, so the new cluster's hourly cost must be in
// what `terraform plan` prints (human and -json), and its estimate must be
// known in the saved plan a policy check reads.
func TestAccCluster_cliReplacementPlanShowsCost(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(clusterConfig("cli"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")

	cli.SetConfig(override(clusterConfig("cli"), "gpu_count_per_pod", "gpu_count_per_pod = 4"))
	res := cli.Run("plan", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	// The human output wraps long lines: short phrases only; the -json
	// detail below is checked whole.
	res.Contains(t, `-/+ resource "runpod_cluster" "c"`, "Warning: "+summaryCost, `Replacing cluster "cli" (`, "$23.92 per hour")
	if n := res.Count("Warning: " + summaryCost); n != 1 {
		t.Errorf("the cost warning is printed %d times, want once", n)
	}

	jr := cli.RunJSON("plan", "-input=false")
	if got := jr.PlannedActions()[addr]; got != "replace" {
		t.Errorf("planned action %q, want replace", got)
	}
	if ws := jr.Warnings(summaryCost); len(ws) != 1 || !strings.Contains(ws[0].Detail, "= 2 × 4 = 8 GPUs") ||
		!strings.Contains(ws[0].Detail, "= $23.92 per hour") || !strings.Contains(ws[0].Detail, "Stock for clusters now: US-TX-3") {
		t.Errorf("-json cost warnings %+v, want one with the hourly figure", ws)
	}

	_, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatal("no saved plan")
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Address != addr {
			continue
		}
		after, _ := rc.Change.After.(map[string]any)
		unknown, _ := rc.Change.AfterUnknown.(map[string]any)
		if unknown["estimated_cost_per_hour"] == true || after["estimated_cost_per_hour"] != 23.92 {
			t.Errorf("estimated_cost_per_hour in the saved plan = %v (unknown: %v), want 23.92",
				after["estimated_cost_per_hour"], unknown["estimated_cost_per_hour"])
		}
		return
	}
	t.Errorf("%s is not in the saved plan", addr)
}

// Issue 10, break 2: a cluster resized in the console must not block
// `terraform destroy`, nor a replacement the user asks for with -replace.
func TestAccCluster_cliResizedInConsoleStillDestroysAndReplaces(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(clusterConfig("resized"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	first := cli.StateID(addr)

	// -replace rebuilds it at the configured size.
	env.Fake.ScaleCluster(first, 3)
	res := cli.Run("apply", "-auto-approve", "-input=false", "-replace="+addr)
	if res.ExitCode != 0 {
		t.Fatalf("apply -replace after a console resize failed:\n%s", res.Output())
	}
	second := cli.StateID(addr)
	if _, ok := env.Fake.Cluster(first); ok || second == first {
		t.Errorf("the resized cluster %s was not replaced (now %s)", first, second)
	}
	if c, _ := env.Fake.Cluster(second); c.Compute.PodCount != 2 {
		t.Errorf("the new cluster has %d pods, want the configured 2", c.Compute.PodCount)
	}

	// destroy removes it, whatever the console did.
	env.Fake.ScaleCluster(second, 4)
	res = cli.Run("destroy", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("destroy after a console resize failed:\n%s", res.Output())
	}
	res.Lacks(t, "Resized Outside Terraform")
	if n := len(env.Fake.Clusters()); n != 0 {
		t.Errorf("%d clusters left in the API after destroy", n)
	}
	if got := cli.StateAddresses(); len(got) != 0 {
		t.Errorf("state still has %v", got)
	}
}

// Issue 10, break 1: a read outage right after a successful create (five
// 502s on GET, more than the client's retries) must not fail the apply and
// taint the cluster, which the next apply would then destroy and re-create.
func TestAccCluster_cliReadOutageAfterCreateKeepsCluster(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(`
provider "runpod" {
  retry_wait_min_seconds = 1
  retry_wait_max_seconds = 1
}
` + clusterConfig("outage"))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/clusters/*", Count: 5, Status: 502})
	res := cli.Run("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed after a read outage that followed a successful create:\n%s", res.Output())
	}
	res.Contains(t, "Warning: "+summaryNotReady, "could not verify")
	st := cli.State()
	if st.Values == nil || len(st.Values.RootModule.Resources) != 1 || st.Values.RootModule.Resources[0].Tainted {
		t.Fatalf("want one untainted cluster in state, got %+v", st.Values)
	}
	if _, ok := env.Fake.Cluster(cli.StateID(addr)); !ok {
		t.Fatal("the cluster in state does not exist")
	}
	// The next plan reads it and has nothing to do.
	if res := cli.Run("plan", "-input=false", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("the plan after the outage is not empty (exit %d):\n%s", res.ExitCode, res.Output())
	}
	if n := len(env.Fake.Clusters()); n != 1 {
		t.Errorf("%d clusters, want 1", n)
	}
}
