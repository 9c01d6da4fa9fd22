package cluster_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
)

// clusterChange returns the cluster's change in a saved plan, failing the
// test when it is not there.
func clusterChange(t *testing.T, plan *tfjson.Plan) (actions []string, before, after, unknown map[string]any) {
	t.Helper()
	for _, rc := range plan.ResourceChanges {
		if rc.Address != addr {
			continue
		}
		for _, a := range rc.Change.Actions {
			actions = append(actions, string(a))
		}
		before, _ = rc.Change.Before.(map[string]any)
		after, _ = rc.Change.After.(map[string]any)
		unknown, _ = rc.Change.AfterUnknown.(map[string]any)
		return actions, before, after, unknown
	}
	t.Fatalf("%s is not in the saved plan", addr)
	return nil, nil, nil, nil
}

// expectNoAddedCost checks what the GitOps guide's cost policy
// (examples/guides/gitops/policy.jq) reads of an in-place update that starts
// nothing: estimated_cost_per_hour known in the plan JSON, and not above
// its value before.
func expectNoAddedCost(t *testing.T, plan *tfjson.Plan, want float64) {
	t.Helper()
	actions, before, after, unknown := clusterChange(t, plan)
	if strings.Join(actions, ",") != "update" {
		t.Fatalf("planned actions %v, want update", actions)
	}
	if unknown["estimated_cost_per_hour"] == true {
		t.Errorf("estimated_cost_per_hour is unknown in the plan JSON: the cost policy stops on it")
	}
	if after["estimated_cost_per_hour"] != want {
		t.Errorf("estimated_cost_per_hour after = %v, want %v", after["estimated_cost_per_hour"], want)
	}
	if b, a := before["estimated_cost_per_hour"], after["estimated_cost_per_hour"]; b != a {
		t.Errorf("estimated_cost_per_hour goes from %v to %v in an update that starts nothing: the cost policy counts the rise", b, a)
	}
}

// A cluster moved from runpod/runpod (its state as runpod/runpod 1.0.8 wrote
// it, handed over by `state replace-provider`, as the migration guide says)
// plans a change of record that starts nothing. Its cost must stay known in
// the plan JSON, so that the GitOps guide's cost policy passes the migration
// pull request, and the recorded-settings warning must name only what the
// configuration sets.
func TestAccCluster_cliMovedFromRunpodKeepsCostKnown(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(clusterConfig(t, "moved"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	id := cli.StateID(addr)

	// The state runpod/runpod 1.0.8 wrote for this cluster (the guide's
	// scenario test data, internal/provider/scenarios/testdata/migrate).
	old := map[string]any{
		"version": 4, "terraform_version": "1.9.8", "serial": 12, "lineage": "8f0c1c3e-5b1a-4c5e-9d0a-2f6b7a1e9c41",
		"outputs": map[string]any{},
		"resources": []any{map[string]any{
			"mode": "managed", "type": "runpod_cluster", "name": "c",
			"instances": []any{map[string]any{
				"schema_version": 0,
				"attributes": map[string]any{
					"id": id, "name": "moved", "type": "TRAINING", "gpu_type_id": h100, "pod_count": 2,
					"gpu_count_per_pod": 8, "deploy_cost": nil, "data_center_ids": nil, "template_id": nil,
					"image_name": "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404", "container_disk_in_gb": nil,
					"ports": "22/tcp,8888/http", "network_volume_id": nil, "start_ssh": true, "env": nil, "pods": []any{},
				},
				"sensitive_attributes": []any{},
			}},
		}},
	}
	host := "registry.terraform.io"
	if cli.IsOpenTofu() {
		host = "registry.opentofu.org"
	}
	old["resources"].([]any)[0].(map[string]any)["provider"] = `provider["` + host + `/runpod/runpod"]`
	b, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	cli.WriteFile("terraform.tfstate", string(b))
	cli.MustRun("state", "replace-provider", "-auto-approve", host+"/runpod/runpod", host+"/hashicorp/runpod")

	env.Fake.ResetRequests()
	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("the plan after the move failed:\n%s", res.Output())
	}
	expectNoAddedCost(t, plan, 47.84)
	_, _, after, _ := clusterChange(t, plan)

	jr := cli.RunJSON("plan", "-input=false")
	ws := jr.Warnings(summaryRecorded)
	if len(ws) != 1 {
		t.Fatalf("recorded-settings warnings %+v, want one", ws)
	}
	// Every setting the warning says the configuration sets is set in the plan.
	detail := ws[0].Detail
	i := strings.Index(detail, "the configuration sets ")
	if i < 0 {
		t.Fatalf("the warning names no configured setting: %s", detail)
	}
	named := detail[i+len("the configuration sets "):]
	named = named[:strings.IndexAny(named, ".;")]
	for _, name := range strings.Split(named, ", ") {
		if v, ok := after[name]; !ok || v == nil {
			t.Errorf("the warning says the configuration sets %s, but the plan sets it to %v:\n%s", name, v, detail)
		}
	}
	for _, name := range []string{"data_center_ids"} {
		if !strings.Contains(named, name) {
			t.Errorf("the warning does not name %s among the configured settings: %s", name, detail)
		}
	}
	// container_disk_gb, read from the member pods and not configured, is
	// written down as null: the warning says so instead of "sets".
	if after["container_disk_gb"] == nil && !strings.Contains(detail, "leaves container_disk_gb unset") {
		t.Errorf("the plan sets container_disk_gb to null, and the warning does not say the configuration leaves it unset: %s", detail)
	}
	if n := writes(env.Fake); n != 0 {
		t.Errorf("the plan sent %d writes", n)
	}

	// Applied, it records the settings and the cost; nothing is left to change.
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if st := cli.StateAttributes(addr); st["estimated_cost_per_hour"] != 47.84 {
		t.Errorf("estimated_cost_per_hour in state %v, want 47.84", st["estimated_cost_per_hour"])
	}
	if res := cli.Run("plan", "-input=false", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("plan after the recording apply exited %d, want 0:\n%s", res.ExitCode, res.Output())
	}
}

// Writing pod_count to keep a size set in the console ("Scale cluster")
// records it without starting anything: the plan JSON's cost must not rise,
// or the GitOps guide's cost policy counts pods that already bill; the
// refresh states what runs, and the warning says the same figure.
func TestAccCluster_cliAdoptedSizeAddsNoCost(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	sized := func(n int) string {
		return override(clusterConfig(t, "scaled"), "pod_count", fmt.Sprintf("pod_count = %d", n))
	}
	cli.SetConfig(sized(2))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if !env.Fake.ScaleCluster(cli.StateID(addr), 3) {
		t.Fatal("cluster not found")
	}

	cli.SetConfig(sized(3))
	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	expectNoAddedCost(t, plan, 71.76)
	res.Contains(t, "Warning: "+summarySizeAdopt, "$71.76 per hour")

	cli.MustRun("apply", "-input=false", "tfplan")
	if st := cli.StateAttributes(addr); st["estimated_cost_per_hour"] != 71.76 || st["pod_count"] != 3.0 {
		t.Errorf("state estimated_cost_per_hour %v, pod_count %v; want 71.76 and 3", st["estimated_cost_per_hour"], st["pod_count"])
	}
}
