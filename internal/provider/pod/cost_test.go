package pod_test

import (
	"regexp"
	"slices"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A replacement plan states the new pod's cost, as Terraform prints it, in
// human and in -json output, exactly once.
func TestAccPod_replacementPlanShowsCost(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "swap"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve")

	cli.SetConfig(podConfig(
		`name  = "swap"`,
		`image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"`,
		`gpu { type_id = "NVIDIA RTX A6000" }`,
	))
	res := cli.Run("plan")
	if res.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	says(t, res, `runpod_pod.p must be replaced`, `-/+ resource "runpod_pod" "p"`, "Warning: Pod Compute Cost",
		`Replacing pod "swap"`, "1 × $0.49 = $0.49 per hour")
	if n := res.Count("Warning: Pod Compute Cost"); n != 1 {
		t.Errorf("the cost warning is printed %d times, want once:\n%s", n, res.Output())
	}

	jr := cli.RunJSON("plan")
	if got := jr.PlannedActions()[addr]; got != "replace" {
		t.Errorf("planned action %q, want replace", got)
	}
	ws := jr.Warnings("Pod Compute Cost")
	if len(ws) != 1 || !regexp.MustCompile(`Replacing pod "swap".*1 × \$0\.49 = \$0\.49 per hour`).MatchString(ws[0].Detail) {
		t.Errorf("-json cost warnings: %+v", ws)
	}
}

// The stock check a create runs also stops a replacement plan, before the
// current pod is terminated.
func TestAccPod_replacementPlanChecksStock(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "swap-stock"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve")

	cli.SetConfig(podConfig(`name = "swap-stock"`,
		`image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"`,
		`gpu { type_id = "NVIDIA H200" }`))
	res := cli.Run("plan")
	if res.ExitCode == 0 {
		t.Fatalf("plan succeeded:\n%s", res.Output())
	}
	says(t, res, "Error: GPU Type Out of Stock", "NVIDIA H200")
}

// plannedPod returns the saved plan's change to runpod_pod.p.
func plannedPod(t *testing.T, res acctest.Result, plan *tfjson.Plan) *tfjson.ResourceChange {
	t.Helper()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Address == addr {
			return rc
		}
	}
	t.Fatalf("the plan has no change for %s:\n%s", addr, res.Output())
	return nil
}

// checkEstimate fails t unless the change's planned estimated_cost_per_hour
// is known and equal to want.
func checkEstimate(t *testing.T, rc *tfjson.ResourceChange, want float64) {
	t.Helper()
	if unknown, _ := rc.Change.AfterUnknown.(map[string]any); unknown["estimated_cost_per_hour"] == true {
		t.Errorf("estimated_cost_per_hour is unknown in the plan (%v)", rc.Change.Actions)
		return
	}
	after, _ := rc.Change.After.(map[string]any)
	if got, ok := after["estimated_cost_per_hour"].(float64); !ok || got < want-1e-9 || got > want+1e-9 {
		t.Errorf("planned estimated_cost_per_hour = %v, want %v (%v)", after["estimated_cost_per_hour"], want, rc.Change.Actions)
	}
}

// A policy check reading the saved plan finds the pod's hourly price for a
// create and for a replacement; an in-place change keeps it, even after the
// catalog price moved, and the price move alone plans nothing.
func TestAccPod_estimatedCostInSavedPlan(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cfg := func(name string, count int) string {
		return acctest.Testdata(t, "pod_gpu_count", map[string]any{
			"Name": name, "Image": "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04", "GPU": rtx4090, "Count": count,
		})
	}
	cli.SetConfig(cfg("est", 2))
	cli.Init()

	res, plan := cli.SavedPlan()
	rc := plannedPod(t, res, plan)
	if !slices.Equal(rc.Change.Actions, tfjson.Actions{tfjson.ActionCreate}) {
		t.Fatalf("actions %v, want create", rc.Change.Actions)
	}
	checkEstimate(t, rc, 1.38)
	cli.MustRun("apply", "-auto-approve")

	env.Fake.SetGPUPrice(rtx4090, 0.79, 0.39)
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("a catalog price move alone plans a change (exit %d):\n%s", res.ExitCode, res.Output())
	}

	cli.SetConfig(cfg("est-renamed", 2))
	res, plan = cli.SavedPlan()
	rc = plannedPod(t, res, plan)
	if !slices.Equal(rc.Change.Actions, tfjson.Actions{tfjson.ActionUpdate}) {
		t.Fatalf("actions %v, want update", rc.Change.Actions)
	}
	checkEstimate(t, rc, 1.38)
	cli.MustRun("apply", "-auto-approve")

	cli.SetConfig(cfg("est-renamed", 1))
	res, plan = cli.SavedPlan()
	rc = plannedPod(t, res, plan)
	if !rc.Change.Actions.Replace() {
		t.Fatalf("actions %v, want a replacement", rc.Change.Actions)
	}
	checkEstimate(t, rc, 0.79)
}
