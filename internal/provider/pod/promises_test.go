package pod_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The tests in this file assert what the terraform (or tofu) binary
// prints, not what the provider returned: Terraform drops some provider
// diagnostics, so only its own output proves that the user saw a promise.

// flat is CLI output with the diagnostic box drawing removed and all
// whitespace collapsed, so that a phrase matches however Terraform wrapped
// it.
func flat(s string) string {
	s = strings.NewReplacer("│", " ", "╷", " ", "╵", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// says fails t unless the run printed every phrase (whitespace-insensitive).
func says(t *testing.T, res acctest.Result, phrases ...string) {
	t.Helper()
	out := flat(res.Output())
	for _, p := range phrases {
		if !strings.Contains(out, flat(p)) {
			t.Errorf("%v did not print %q:\n%s", res.Args, p, res.Output())
		}
	}
}

// A replacement plan states the new pod's cost, as Terraform prints it, in
// human and in -json output, exactly once.
func TestAccPod_replacementPlanShowsCost(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(gpuPod("swap"))
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
	cli.SetConfig(gpuPod("swap-stock"))
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
		return podConfig("name = \""+name+"\"",
			`image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"`,
			"gpu {\n  type_id = \"NVIDIA GeForce RTX 4090\"\n  count = "+string(rune('0'+count))+"\n}")
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

// A pod from a template that has env, with env of its own: the pod gets
// both (the configuration wins per key), state shows the configured keys
// only, and changes, removals and follow-up plans never drop the
// template's keys or show them as drift.
func TestAccPod_templateEnvMerges(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cfg := func(podEnv string) string {
		return `
resource "runpod_template" "t" {
  name  = "tmpl-env"
  image = "runpod/base:0.7.0"
  env   = { MODE = "prod", HF_HOME = "/cache", TOKEN = "{{ RUNPOD_SECRET_hf }}" }
}
` + podConfig(`name = "tmpl-env"`, `template_id = runpod_template.t.id`, `gpu { type_id = "NVIDIA GeForce RTX 4090" }`, podEnv)
	}
	podEnv := func() map[string]string {
		t.Helper()
		st := cli.State()
		for _, r := range st.Values.RootModule.Resources {
			if r.Address != addr {
				continue
			}
			p, ok := env.Fake.Pod(r.AttributeValues["id"].(string))
			if !ok {
				t.Fatalf("pod %v is not in the API", r.AttributeValues["id"])
			}
			return p.Env
		}
		t.Fatalf("no %s in state", addr)
		return nil
	}
	stateEnv := func() map[string]any {
		t.Helper()
		for _, r := range cli.State().Values.RootModule.Resources {
			if r.Address == addr {
				m, _ := r.AttributeValues["env"].(map[string]any)
				return m
			}
		}
		return nil
	}
	clean := func(step string) {
		t.Helper()
		if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
			t.Errorf("%s: the follow-up plan is not clean (exit %d):\n%s", step, res.ExitCode, res.Output())
		}
	}
	want := func(step string, got map[string]string, pairs map[string]string, absent ...string) {
		t.Helper()
		for k, v := range pairs {
			if got[k] != v {
				t.Errorf("%s: pod env %s = %q, want %q (env %v)", step, k, got[k], v, got)
			}
		}
		for _, k := range absent {
			if _, ok := got[k]; ok {
				t.Errorf("%s: pod env still has %s (env %v)", step, k, got)
			}
		}
	}
	template := map[string]string{"MODE": "prod", "HF_HOME": "/cache", "TOKEN": "{{ RUNPOD_SECRET_hf }}"}
	merged := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range template {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}

	// Create: no inconsistent result, no taint.
	cli.SetConfig(cfg(`env = { EXTRA = "1" }`))
	cli.Init()
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode != 0 {
		t.Fatalf("create failed:\n%s", res.Output())
	}
	res.Lacks(t, "inconsistent result", "tainted")
	want("create", podEnv(), merged(map[string]string{"EXTRA": "1"}))
	if se := stateEnv(); len(se) != 1 || se["EXTRA"] != "1" {
		t.Errorf("create: env in state %v, want only the configured EXTRA", se)
	}
	clean("create")

	// Update a key, add one, and override one of the template's.
	cli.SetConfig(cfg(`env = { EXTRA = "2", MORE = "x", MODE = "dev" }`))
	cli.MustRun("apply", "-auto-approve")
	want("update", podEnv(), merged(map[string]string{"EXTRA": "2", "MORE": "x", "MODE": "dev"}))
	clean("update")

	// Remove keys, including the override: the template's value is back.
	cli.SetConfig(cfg(`env = { MORE = "x" }`))
	cli.MustRun("apply", "-auto-approve")
	want("removal", podEnv(), merged(map[string]string{"MORE": "x"}), "EXTRA")
	clean("removal")

	// Empty env: only the template's keys remain.
	cli.SetConfig(cfg(`env = {}`))
	cli.MustRun("apply", "-auto-approve")
	want("empty", podEnv(), template, "EXTRA", "MORE")
	clean("empty")
}

// A create whose reply is lost after Runpod created the pod, then the
// plain re-runs a pipeline makes: exactly one pod, tracked in state, and
// the create sent once.
func TestAccPod_lostCreateReplyThreeApplies(t *testing.T) {
	for name, fault := range map[string]runpodfake.Fault{
		"dropped": {Method: "POST", Path: "/v2/pods", Count: 1, Drop: true, AfterHandler: true},
		"502":     {Method: "POST", Path: "/v2/pods", Count: 1, Status: 502, AfterHandler: true},
		"504":     {Method: "POST", Path: "/v2/pods", Count: 1, Status: 504, AfterHandler: true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := newEnv(t)
			env.Fake.InjectFault(fault)
			cli := env.CLI(t)
			cli.SetConfig(gpuPod("lost-" + name))
			cli.Init()
			first := cli.Run("apply", "-auto-approve")
			says(t, first, "Warning: Pod Adopted After a Lost Create Reply", "it is now in state")
			for i := 2; i <= 3; i++ {
				cli.Run("apply", "-auto-approve")
			}
			ids, err := listPodIDs(env.Fake)
			if err != nil || len(ids) != 1 {
				t.Fatalf("pods in the account after three applies: %v (%v), want exactly one", ids, err)
			}
			if got := cli.StateIDs("runpod_pod"); len(got) != 1 || got[0] != ids[0] {
				t.Errorf("state tracks %v, want [%s]", got, ids[0])
			}
			if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
				t.Errorf("%d POST /v2/pods, want exactly 1", n)
			}
			if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
				t.Errorf("the plan after the re-runs is not clean (exit %d):\n%s", res.ExitCode, res.Output())
			}
		})
	}
}

// When the provider cannot tell which pod a lost reply created (two
// look alike), it adopts none, and the re-runs refuse to create a third
// while the lookalikes are recent, naming them with the import block;
// allow_duplicate opts out.
func TestAccPod_recentTwinRefused(t *testing.T) {
	env := newEnv(t)
	twin := env.Fake.SeedPod(runpodfake.Pod{Name: "twin", Image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04",
		GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 1}})
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/pods", Count: 1, Status: 503, AfterHandler: true})
	cli := env.CLI(t)
	cli.SetConfig(gpuPod("twin", "allow_duplicate = true"))
	cli.Init()
	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the first apply adopted one of two lookalikes:\n%s", first.Output())
	}
	says(t, first, "Error: Pod May Have Been Created", "cannot tell which one this apply created", twin.ID)

	cli.SetConfig(gpuPod("twin"))
	for i := 2; i <= 3; i++ {
		res := cli.Run("apply", "-auto-approve")
		if res.ExitCode == 0 {
			t.Fatalf("apply %d created a pod next to recent lookalikes:\n%s", i, res.Output())
		}
		says(t, res, "Error: Recent Pod With the Same Name Exists", twin.ID, "import {", "to = runpod_pod.NAME",
			"allow_duplicate = true", "Nothing was created.")
	}
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want exactly 1", n)
	}
	if ids, err := listPodIDs(env.Fake); err != nil || len(ids) != 2 {
		t.Errorf("pods in the account: %v (%v), want the seeded one and the lost reply's", ids, err)
	}
}

// A short read outage right after create (five 502s on GET /v2/pods/{id},
// more than the client retries) keeps the healthy pod, untainted, with a
// warning; the next plan is clean and the next apply replaces nothing.
func TestAccPod_readOutageAfterCreateKeepsPod(t *testing.T) {
	env := newEnv(t)
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/pods/*", Count: 5, Status: 502})
	cli := env.CLI(t)
	cli.SetConfig(gpuPod("outage", `ports = ["8888/http"]`))
	cli.Init()
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed:\n%s", res.Output())
	}
	says(t, res, "Warning: Pod Not Verified", "it is not tainted", "Not verified: that it reached RUNNING")
	res.Lacks(t, "Error:")
	ids := cli.StateIDs("runpod_pod")
	if len(ids) != 1 {
		t.Fatalf("state tracks %v, want one pod", ids)
	}
	for _, r := range cli.State().Values.RootModule.Resources {
		if r.Tainted {
			t.Errorf("%s is tainted", r.Address)
		}
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("the plan after the outage is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}
	cli.MustRun("apply", "-auto-approve")
	if got := cli.StateIDs("runpod_pod"); len(got) != 1 || got[0] != ids[0] {
		t.Errorf("state tracks %v after the next apply, want [%s] (the pod was replaced)", got, ids[0])
	}
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want exactly 1", n)
	}
}

// An SSH key registered in the same configuration, that the pod depends
// on, is there when the pod is created: no "No SSH Key Registered" in the
// plan or the apply. Without any key, the apply says so.
func TestAccPod_sshKeyInSameConfigNoFalseWarning(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(`
resource "runpod_ssh_key" "k" {
  public_key = "` + sshKey + `"
}
` + podConfig(`name = "with-key"`, `image = "runpod/base:0.7.0"`, `gpu { type_id = "NVIDIA GeForce RTX 4090" }`,
		`start_ssh = true`, `ports = ["22/tcp"]`, `depends_on = [runpod_ssh_key.k]`))
	cli.Init()
	plan := cli.Run("plan")
	plan.Lacks(t, "No SSH Key Registered")
	apply := cli.Run("apply", "-auto-approve")
	if apply.ExitCode != 0 {
		t.Fatalf("apply failed:\n%s", apply.Output())
	}
	apply.Lacks(t, "No SSH Key Registered")

	bare := newEnv(t)
	cli = bare.CLI(t)
	cli.SetConfig(gpuPod("without-key", `start_ssh = true`, `ports = ["22/tcp"]`))
	cli.Init()
	apply = cli.Run("apply", "-auto-approve")
	says(t, apply, "Warning: No SSH Key Registered", `pod "without-key" was created`, "without SSH access")
}

// Destroying a locked pod works whichever way Runpod treats terminate on a
// locked pod: accepted (as the fake does by default), or refused with 409,
// when the provider unlocks it, terminates it and says so.
func TestAccPod_destroyLocked(t *testing.T) {
	for name, refuse := range map[string]bool{"accepted": false, "refused": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := newEnv(t)
			cli := env.CLI(t)
			cli.SetConfig(gpuPod("locked-"+name, "locked = true"))
			cli.Init()
			cli.MustRun("apply", "-auto-approve")
			ids := cli.StateIDs("runpod_pod")
			if len(ids) != 1 {
				t.Fatalf("state tracks %v", ids)
			}
			if p, ok := env.Fake.Pod(ids[0]); !ok || !p.Locked {
				t.Fatalf("pod %s is not locked in the API", ids[0])
			}
			env.Fake.ResetRequests()
			if refuse {
				env.Fake.InjectFault(runpodfake.Fault{Method: "DELETE", Path: "/v2/pods/*", Count: 1, Status: 409})
			}
			res := cli.Run("destroy", "-auto-approve")
			if res.ExitCode != 0 {
				t.Fatalf("destroy failed:\n%s", res.Output())
			}
			if _, ok := env.Fake.Pod(ids[0]); ok {
				t.Errorf("pod %s still exists after destroy", ids[0])
			}
			patches, err := requestBodies(env.Fake, "PATCH", "/v2/pods/"+ids[0])
			if refuse {
				says(t, res, "Warning: Locked Pod Unlocked to Terminate It", ids[0])
				if err != nil || len(patches) != 1 || len(patches[0]) != 1 || patches[0]["locked"] != false {
					t.Errorf("PATCH bodies %v (%v), want one unlock", patches, err)
				}
				if n := env.Fake.CountRequests("DELETE", "/v2/pods/"+ids[0]); n != 2 {
					t.Errorf("%d DELETE, want 2 (refused, then after the unlock)", n)
				}
			} else {
				res.Lacks(t, "Unlocked")
				if len(patches) != 0 {
					t.Errorf("the pod was unlocked although Runpod accepted the termination: %v", patches)
				}
			}
		})
	}
}

// An env that makes the create or update body exceed Runpod's 100 KB limit
// fails the plan naming env; a 413 at apply says the same.
func TestAccPod_bodyOverLimit(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	big := strings.Repeat("x", 200*1024)
	cli.SetConfig(gpuPod("big", `env = { DATA = "`+big+`" }`))
	cli.Init()
	res := cli.Run("plan")
	if res.ExitCode == 0 {
		t.Fatalf("plan of a 200 KB env succeeded")
	}
	says(t, res, "Error: Request Body Too Large", "over Runpod's limit of 102400 bytes", "Most of it comes from env")

	// In place: a pod that exists gets the same refusal for its update.
	cli.SetConfig(gpuPod("big", `env = { DATA = "small" }`))
	cli.MustRun("apply", "-auto-approve")
	cli.SetConfig(gpuPod("big", `env = { DATA = "`+big+`" }`))
	res = cli.Run("plan")
	says(t, res, "Error: Request Body Too Large", "Most of it comes from env")

	// A 413 at apply maps to the same message.
	env.Fake.InjectFault(runpodfake.Fault{Method: "PATCH", Path: "/v2/pods/*", Count: 1, Status: 413})
	cli.SetConfig(gpuPod("big", `env = { DATA = "still small" }`))
	res = cli.Run("apply", "-auto-approve")
	says(t, res, "Error: Request Body Too Large", "Most of it comes from env", "nothing was changed")
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want 1", n)
	}
}
