package cluster_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Terraform keeps only the first PlanResourceChange call's
// warnings for a replacement, so the new cluster's hourly cost must be in
// what `terraform plan` prints (human and -json), and its estimate must be
// known in the saved plan a policy check reads.
func TestAccCluster_cliReplacementPlanShowsCost(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(clusterConfig(t, "cli"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")

	cli.SetConfig(override(clusterConfig(t, "cli"), "gpu_count_per_pod", "gpu_count_per_pod = 4"))
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

// A cluster scaled in the Runpod
// console (the configuration unchanged) must not make the next plan
// propose a change that apply refuses. The plan proposes nothing, says what
// changed and the line to write into the configuration; apply succeeds
// without touching the cluster; -replace plans and makes a replacement at
// the configured size; destroy removes it whatever the console did.
func TestAccCluster_cliScaledInConsole(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(clusterConfig(t, "resized"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	first := cli.StateID(addr)

	// Scaled from 2 to 3 in the console; the configuration still says 2.
	if !env.Fake.ScaleCluster(first, 3) {
		t.Fatalf("cluster %s not found", first)
	}
	env.Fake.ResetRequests()
	res := cli.Run("plan", "-input=false", "-detailed-exitcode")
	if res.ExitCode != 0 {
		t.Fatalf("plan -detailed-exitcode after a console scale exited %d, want 0 (no change):\n%s", res.ExitCode, res.Output())
	}
	res.Contains(t, "No changes.", "Warning: "+summaryScaled, "has 3 pods now", "pod_count = 3")
	res.Lacks(t, "to change", "-> 2", "Error:")
	jr := cli.RunJSON("plan", "-input=false")
	ws := jr.Warnings(summaryScaled)
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, "resized outside Terraform") ||
		!strings.Contains(ws[0].Detail, "from the 2 pods Terraform last applied") ||
		!strings.Contains(ws[0].Detail, "write pod_count = 3 in the configuration") ||
		!strings.Contains(ws[0].Detail, "-replace=") || !strings.Contains(ws[0].Detail, "No change is planned for it") {
		t.Errorf("-json warnings %+v, want one saying what changed and the line to write", ws)
	}
	if got := jr.PlannedActions()[addr]; got != "" && got != "noop" {
		t.Errorf("planned action %q, want none", got)
	}

	// Apply succeeds and sends nothing that changes the cluster.
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if n := writes(env.Fake); n != 0 {
		t.Errorf("apply after a console scale sent %d writes", n)
	}
	if c, ok := env.Fake.Cluster(first); !ok || c.Compute.PodCount != 3 {
		t.Errorf("the scaled cluster changed: %+v (present %v)", c.Compute, ok)
	}
	st := cli.StateAttributes(addr)
	if st["pod_count"] != 2.0 || st["reported_pod_count"] != 3.0 {
		t.Errorf("state pod_count %v, reported_pod_count %v; want 2 (applied) and 3 (Runpod's)", st["pod_count"], st["reported_pod_count"])
	}

	// -replace plans a replacement and rebuilds it at the configured size.
	plan := cli.MustRun("plan", "-input=false", "-replace="+addr)
	plan.Contains(t, `-/+ resource "runpod_cluster" "c"`, "1 to add, 0 to change, 1 to destroy")
	res = cli.Run("apply", "-auto-approve", "-input=false", "-replace="+addr)
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
	res.Lacks(t, "Error:")
	if n := len(env.Fake.Clusters()); n != 0 {
		t.Errorf("%d clusters left in the API after destroy", n)
	}
	if got := cli.StateAddresses(); len(got) != 0 {
		t.Errorf("state still has %v", got)
	}
}

// A rename is the one in-place change of a cluster, and
// its plan shows only the name changing: the primary pod, its SSH endpoints
// and the pod counts stay known (not "known after apply") in the human
// output and in the saved plan a reviewer's tooling reads. The primary's
// primary_ssh_direct is the same command as the pod's own ssh_direct.
func TestAccCluster_cliRenameShowsOnlyName(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(clusterConfig(t, "before"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	st := cli.StateAttributes(addr)
	primary, _ := st["primary_pod_id"].(string)
	pod, ok := env.Fake.Pod(primary)
	if !ok || pod.SSH.Direct == nil {
		t.Fatalf("primary pod %q: %+v (present %v), want one with ssh.direct", primary, pod.SSH, ok)
	}
	if st["primary_ssh_direct"] != pod.SSH.Direct.Command {
		t.Errorf("primary_ssh_direct = %v, want the primary pod's ssh.direct command %q", st["primary_ssh_direct"], pod.SSH.Direct.Command)
	}
	if want := fmt.Sprintf("%s:%d", pod.SSH.Direct.Host, pod.SSH.Direct.Port); st["primary_ssh_endpoint"] != want {
		t.Errorf("primary_ssh_endpoint = %v, want %q", st["primary_ssh_endpoint"], want)
	}

	cli.SetConfig(clusterConfig(t, "after"))
	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	res.Contains(t, `~ resource "runpod_cluster" "c"`, `~ name `, `"before" -> "after"`, "0 to add, 1 to change, 0 to destroy")
	res.Lacks(t, "known after apply")
	var found bool
	for _, rc := range plan.ResourceChanges {
		if rc.Address != addr {
			continue
		}
		found = true
		if !rc.Change.Actions.Update() {
			t.Errorf("actions %v, want update", rc.Change.Actions)
		}
		before, _ := rc.Change.Before.(map[string]any)
		after, _ := rc.Change.After.(map[string]any)
		unknown, _ := rc.Change.AfterUnknown.(map[string]any)
		for _, name := range []string{"primary_pod_id", "primary_ssh_endpoint", "primary_ssh_direct", "pods_by_status", "reported_pod_count"} {
			if unknown[name] != nil && unknown[name] != false {
				t.Errorf("%s is unknown in the saved plan (%v)", name, unknown[name])
			}
			if after[name] == nil {
				t.Errorf("%s is null in the saved plan", name)
			}
		}
		for k, v := range after {
			if k != "name" && !reflect.DeepEqual(v, before[k]) {
				t.Errorf("%s changes from %v to %v; only name should", k, before[k], v)
			}
		}
		for k, v := range unknown {
			if anyTrue(v) {
				t.Errorf("%s is (partly) unknown after apply: %v", k, v)
			}
		}
	}
	if !found {
		t.Fatalf("%s is not in the saved plan", addr)
	}

	env.Fake.ResetRequests()
	cli.MustRun("apply", "-input=false", "tfplan")
	id := cli.StateID(addr)
	if c, _ := env.Fake.Cluster(id); c.Name != "after" {
		t.Errorf("the cluster is named %q, want after", c.Name)
	}
	if got := requestBodies(env.Fake, "PATCH", "/v2/clusters/"+id); len(got) != 1 || got[0] != `{"name":"after"}` {
		t.Errorf("PATCH bodies %v, want one rename", got)
	}
	if res := cli.Run("plan", "-input=false", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("the plan after the rename is not empty (exit %d):\n%s", res.ExitCode, res.Output())
	}
}

// anyTrue reports whether an after_unknown value of a saved plan marks
// anything unknown: true itself, or in a list or object of them.
func anyTrue(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case []any:
		for _, e := range v {
			if anyTrue(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range v {
			if anyTrue(e) {
				return true
			}
		}
	}
	return false
}

// writes counts the requests that change clusters since the log was reset.
func writes(fake *runpodfake.Fake) int {
	return fake.CountRequests("POST", "/v2/clusters") + fake.CountRequests("DELETE", "/v2/clusters/*") +
		fake.CountRequests("PATCH", "/v2/clusters/*")
}

// A read outage right after a successful create (five
// 502s on GET, more than the client's retries) must not fail the apply and
// taint the cluster, which the next apply would then destroy and re-create.
func TestAccCluster_cliReadOutageAfterCreateKeepsCluster(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "cluster_two_h100_nodes", clusterData{Name: "outage", RetryWaitSeconds: 1}))
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
