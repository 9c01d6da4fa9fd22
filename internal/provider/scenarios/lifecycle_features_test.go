package scenarios_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The lifecycle features of Terraform 1.16 that the guide "Terraform 1.16
// lifecycle features" shows, each run from the guide's own file under
// examples/guides/lifecycle, on the CLIs that have the feature; the others
// skip, naming the version they lack.

// requireTerraform116 skips t visibly unless cli is Terraform 1.16 or later
// (OpenTofu has neither actions nor import blocks in modules).
func requireTerraform116(t *testing.T, cli *acctest.CLI, feature string) {
	t.Helper()
	if cli.IsOpenTofu() || !cli.AtLeast(1, 16) {
		t.Skipf("%s needs Terraform 1.16 or later; this CLI is %s", feature, cli.Version())
	}
}

// Create then pause: the pod is created, the action triggered by its
// creation stops it, and the apply says so. The stopped pod plans clean
// (desired_status is the actions'), and the start action brings it back.
func TestAccLifecycle_createThenPause(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	requireTerraform116(t, cli, "An action_trigger with on_failure and caller")
	cli.SetConfig(acctest.Example(t, "guides/lifecycle/pause.tf"))
	cli.Init()

	apply := cli.MustRun(applyArgs...)
	id := cli.StateID("runpod_pod.dev")
	pod, ok := env.Fake.Pod(id)
	if !ok {
		t.Fatalf("pod %s is not in the API after the apply", id)
	}
	if pod.Status != runpodfake.PodStatusExited {
		t.Errorf("the pod is %s in the API after the apply, want it stopped (%s)", pod.Status, runpodfake.PodStatusExited)
	}
	quoted(t, cli, "guides/lifecycle/pause.txt", apply, "<pod id>", id)
	if got := env.Fake.CountRequests("POST", "/v2/pods/"+id+"/action"); got != 1 {
		t.Errorf("the apply sent %d pod actions, want the one stop", got)
	}
	cleanPlan(t, cli, "after create then pause")

	start := cli.MustRun("apply", "-auto-approve", "-input=false", "-invoke=action.runpod_pod_start.dev")
	says(t, start, fmt.Sprintf(`Starting pod "dev" (%s), which is EXITED.`, id), "Actions: 1 invoked.")
	if p, _ := env.Fake.Pod(id); p.Status != runpodfake.PodStatusRunning {
		t.Errorf("the pod is %s after the start action, want %s", p.Status, runpodfake.PodStatusRunning)
	}
	cleanPlan(t, cli, "after the start action")
}

// on_failure = taint: a stop that Runpod refuses fails the apply, and the
// pod, running, is tainted, so the next plan replaces it rather than leave
// it billing unnoticed.
func TestAccLifecycle_createThenPauseFailureTaints(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	requireTerraform116(t, cli, "An action_trigger with on_failure and caller")
	cli.SetConfig(acctest.Example(t, "guides/lifecycle/pause.tf"))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/pods/*", Status: 500})

	apply := cli.MustFail(applyArgs...)
	id := cli.StateID("runpod_pod.dev")
	if p, ok := env.Fake.Pod(id); !ok || p.Status != runpodfake.PodStatusRunning {
		t.Fatalf("pod %s after the refused stop: %+v (found %v), want it running", id, p, ok)
	}
	plan := cli.Run("plan", "-input=false", "-detailed-exitcode")
	if plan.ExitCode != 2 {
		t.Errorf("plan after the refused stop: exit %d, want 2 (the tainted pod replaced)", plan.ExitCode)
	}
	// The guide quotes the apply's failure and the plan that follows as one.
	both := acctest.Result{Args: append(apply.Args, plan.Args...), Stdout: apply.Output() + plan.Output()}
	quoted(t, cli, "guides/lifecycle/pause-failed.txt", both, "<pod id>", id)
}

// lifecycle { destroy = false }: destroy removes the pod and forgets the
// volume, which stays in Runpod with its size, and is no longer in state.
func TestAccLifecycle_volumeOutlivesWorkspace(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	if !cli.IsOpenTofu() && !cli.AtLeast(1, 16) {
		t.Skipf("lifecycle { destroy = false } needs Terraform 1.16 or OpenTofu 1.12 or later; this CLI is %s", cli.Version())
	}
	cli.SetConfig(acctest.Example(t, "guides/lifecycle/keep-volume.tf"))
	cli.Init()
	cli.MustRun(applyArgs...)
	volumeID, podID := cli.StateID("runpod_network_volume.datasets"), cli.StateID("runpod_pod.trainer")
	cleanPlan(t, cli, "after apply")

	args := []string{"destroy", "-auto-approve", "-input=false"}
	if cli.IsOpenTofu() {
		// OpenTofu ends a destroy that forgets something with an error
		// unless told that this is what was meant.
		args = append(args, "-suppress-forget-errors")
	}
	destroy := cli.MustRun(args...)
	if cli.IsOpenTofu() {
		quoted(t, cli, "guides/lifecycle/keep-volume-tofu.txt", destroy)
	} else {
		quoted(t, cli, "guides/lifecycle/keep-volume.txt", destroy)
	}
	if _, ok := env.Fake.Pod(podID); ok {
		t.Error("the pod survived destroy")
	}
	v, ok := env.Fake.NetworkVolume(volumeID)
	if !ok || v.Name != "datasets" || v.Size != 100 {
		t.Errorf("the volume after destroy: %+v (found %v), want datasets, 100 GB, still there", v, ok)
	}
	if got := cli.StateAddresses(); len(got) != 0 {
		t.Errorf("state after destroy holds %v, want nothing", got)
	}
}

// Import blocks inside a module: a module per team adopts the team's
// existing volume and template; the plan only imports, the apply changes
// nothing in Runpod, and the next plan is clean.
func TestAccLifecycle_importInModulePerTeam(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	requireTerraform116(t, cli, "An import block inside a module")

	for _, team := range []struct{ name, volumeID, templateID string }{
		{"vision", "vs1vol4x2k", "vs1tpl7m3q"},
		{"speech", "sp2vol8c5n", "sp2tpl1w9r"},
	} {
		env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{ID: team.volumeID, Name: team.name + "-datasets", Size: 200, DataCenter: "EU-RO-1"})
		tpl := runpodfake.DefaultTemplate(team.name+"-notebook", "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04")
		tpl.ID = team.templateID
		env.Fake.SeedTemplate(tpl)
	}
	cli.SetConfig(acctest.Example(t, "guides/lifecycle/teams.tf"))
	if err := os.MkdirAll(filepath.Join(cli.Dir, "modules", "team"), 0o700); err != nil {
		t.Fatal(err)
	}
	cli.WriteFile("modules/team/main.tf", acctest.Example(t, "guides/lifecycle/modules/team/main.tf"))
	cli.Init()

	res, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	quoted(t, cli, "guides/lifecycle/teams.txt", res)
	changes := acctest.PlanChanges(plan)
	want := []string{
		"module.speech.runpod_network_volume.datasets", "module.speech.runpod_template.notebook",
		"module.vision.runpod_network_volume.datasets", "module.vision.runpod_template.notebook",
	}
	if len(changes) != len(want) {
		t.Errorf("plan changes %v, want imports of %v", changes, want)
	}
	for _, addr := range want {
		if changes[addr] != "import" {
			t.Errorf("%s: plan does %q, want an import alone (changed: %v)", addr, changes[addr], acctest.ChangedAttributes(plan)[addr])
		}
	}
	env.Fake.ResetRequests()
	apply := cli.MustRun("apply", "-auto-approve", "-input=false", "tfplan")
	says(t, apply, "Apply complete! Resources: 4 imported, 0 added, 0 changed, 0 destroyed.")
	if err := acctest.OnlyReads(env.Fake); err != nil {
		t.Errorf("adopting the teams' objects wrote to Runpod: %v", err)
	}
	if got := cli.StateID("module.vision.runpod_network_volume.datasets"); got != "vs1vol4x2k" {
		t.Errorf("module.vision's volume is %q in state, want vs1vol4x2k", got)
	}
	cleanPlan(t, cli, "after adopting both teams")
}

// says fails t unless res printed every phrase (spacing and line breaks do
// not count).
func says(t *testing.T, res acctest.Result, phrases ...string) {
	t.Helper()
	out := flatten(res.Output())
	for _, p := range phrases {
		if !strings.Contains(out, flatten(p)) {
			t.Errorf("%v did not print %q:\n%s", res.Args, p, res.Output())
		}
	}
}
