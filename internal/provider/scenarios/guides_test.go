package scenarios_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/moduleroot"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The how-to guides (templates/guides) run here. Each guide's HCL is a file
// under examples/guides that its page includes, and every CLI message the
// page quotes is a text file beside it (examples/guides/*/*.txt, included
// with codefile) that these tests find, piece by piece, in what the real CLI
// printed for that HCL (see quoted).

const guideSSHKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBkGBN0P2d4Xo3b4YzmwN8TjUKjZiUzx4jV7u0m7mU7c me@example"

// guideCLI is a CLI whose provider reads RUNPOD_* from vars, which the test
// may change between runs (delete the key to run as a pipeline without its
// secret).
func guideCLI(t *testing.T) (*acctest.CLI, *runpodfake.Fake, map[string]string) {
	t.Helper()
	fake := runpodfake.NewTestServer(t)
	vars := map[string]string{provider.EnvBaseURL: fake.URL(), provider.EnvAPIKey: runpodfake.DefaultAPIKey}
	cli := acctest.NewCLI(t, acctest.FactoriesWithEnv(func(k string) string { return vars[k] }))
	// The guides' versions.tf (examples/provider/provider.tf) without its
	// required_providers: the test's provider is attached as hashicorp/runpod.
	cli.WriteFile("provider.tf", "provider \"runpod\" {}\n")
	return cli, fake, vars
}

// examplesDir is the repository's examples directory.
func examplesDir(t *testing.T) string {
	t.Helper()
	root, err := moduleroot.Find()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "examples")
}

// flatten undoes Terraform's wrapping (it wraps a diagnostic's detail to the
// terminal width) and the box-drawing margin it puts before each line of a
// diagnostic, so that a quoted message is compared word by word.
func flatten(s string) string {
	s = strings.NewReplacer("╷", " ", "│", " ", "╵", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// quoted fails t unless every piece of the excerpt in examples/<file> is in
// res's output (of cli's binary, nil for another program), in order. Pieces are separated by lines that are "...";
// placeholders in the excerpt (such as "<pod id>") are replaced by
// placeholderValue pairs first. Spacing and line breaks do not count.
func quoted(t *testing.T, cli *acctest.CLI, file string, res acctest.Result, placeholderValue ...string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(examplesDir(t), file))
	if err != nil {
		t.Errorf("%v; %v printed:\n%s", err, res.Args, res.Output())
		return
	}
	text := strings.NewReplacer(placeholderValue...).Replace(string(b))
	if cli != nil && cli.IsOpenTofu() {
		// OpenTofu prints its own name where Terraform prints "Terraform".
		text = strings.ReplaceAll(text, "Terraform", "OpenTofu")
	}
	out := flatten(res.Output())
	at := 0
	for _, piece := range regexp.MustCompile(`(?m)^\.\.\.$`).Split(text, -1) {
		want := flatten(piece)
		if want == "" {
			continue
		}
		i := strings.Index(out[at:], want)
		if i < 0 {
			t.Errorf("%s quotes what %v did not print (or not in this order):\n%s\n\noutput:\n%s", file, res.Args, want, res.Output())
			return
		}
		at += i + len(want)
	}
}

// The getting started guide: no key, plan, apply to a reachable pod, drift,
// a replacement, import, and destroy, with examples/guides/getting-started.
func TestAccGuide_gettingStarted(t *testing.T) {
	t.Parallel()
	cli, fake, vars := guideCLI(t)
	cli.SetConfig(acctest.Example(t, "guides/getting-started/main.tf"))
	sshVar := "-var=ssh_public_key=" + guideSSHKey
	cli.Init()

	// Without a key, validate works and the plan fails naming it.
	delete(vars, provider.EnvAPIKey)
	cli.MustRun("validate")
	noKey := cli.MustFail("plan", "-input=false", sshVar)
	quoted(t, cli, "guides/getting-started/no-key.txt", noKey)
	vars[provider.EnvAPIKey] = runpodfake.DefaultAPIKey

	plan := cli.MustRun("plan", "-input=false", sshVar)
	quoted(t, cli, "guides/getting-started/plan.txt", plan)

	apply := cli.MustRun("apply", "-auto-approve", "-input=false", sshVar)
	podID := cli.StateID("runpod_pod.dev")
	pod, ok := fake.Pod(podID)
	if !ok || len(pod.Mounts.Network) != 1 || pod.Mounts.Network[0].VolumeID != cli.StateID("runpod_network_volume.workspace") ||
		pod.Mounts.Network[0].Path != "/workspace" {
		t.Fatalf("the pod in the API does not mount the volume at /workspace: %+v", pod.Mounts)
	}
	if pod.Env["PUBLIC_KEY"] != guideSSHKey {
		t.Errorf("the pod's PUBLIC_KEY = %q, want the key given", pod.Env["PUBLIC_KEY"])
	}
	attrs := cli.StateAttributes("runpod_pod.dev")
	ip, _ := attrs["public_ip"].(string)
	ports, _ := attrs["port_mappings"].(map[string]any)
	sshPort, _ := ports["22"].(float64)
	quoted(t, cli, "guides/getting-started/outputs.txt", apply,
		"<pod id>", podID, "<public ip>", ip, "<ssh port>", fmt.Sprint(sshPort))
	var outputs map[string]struct {
		Value any `json:"value"`
	}
	if err := json.Unmarshal([]byte(cli.MustRun("output", "-json").Stdout), &outputs); err != nil {
		t.Fatal(err)
	}
	if got := outputs["jupyter_url"].Value; got != "https://"+podID+"-8888.proxy.runpod.net" {
		t.Errorf("jupyter_url = %v", got)
	}
	if got, _ := outputs["ssh"].Value.(string); !strings.HasPrefix(got, "ssh root@"+ip+" -p ") {
		t.Errorf("ssh = %q", got)
	}
	if got, _ := outputs["jupyter_password"].Value.(string); got == "" {
		t.Error("jupyter_password is empty")
	}
	cleanPlanVars(t, cli, "after apply", sshVar)

	// Stopped in the console: the plan starts it again.
	if !fake.SetPodStatus(podID, runpodfake.PodStatusExited) {
		t.Fatal("the pod is gone")
	}
	drift := cli.Run("plan", "-input=false", "-detailed-exitcode", sshVar)
	if drift.ExitCode != 2 {
		t.Fatalf("plan after a console stop exited %d, want 2:\n%s", drift.ExitCode, drift.Output())
	}
	quoted(t, cli, "guides/getting-started/drift.txt", drift)

	cli.MustRun("apply", "-auto-approve", "-input=false", sshVar)

	// Another GPU type replaces the pod.
	replace := cli.MustRun("plan", "-input=false", sshVar, "-var=gpu_type=NVIDIA L40S")
	quoted(t, cli, "guides/getting-started/replace.txt", replace)

	// The volume and the pod, made elsewhere (here: by the first working
	// directory), are imported with the blocks the guide shows into a new
	// one: nothing is created or replaced.
	other := acctest.NewCLI(t, acctest.FactoriesWithEnv(func(k string) string { return vars[k] }))
	other.WriteFile("provider.tf", "provider \"runpod\" {}\n")
	other.SetConfig(acctest.Example(t, "guides/getting-started/main.tf"))
	volumeID := cli.StateID("runpod_network_volume.workspace")
	other.WriteFile("import.tf", strings.NewReplacer("7h9k2m4n6p", podID, "a1b2c3d4e5", volumeID).
		Replace(acctest.Example(t, "guides/getting-started/import.tf")))
	other.Init()
	imp := other.MustRun("plan", "-input=false", sshVar)
	quoted(t, other, "guides/getting-started/import.txt", imp, "<pod id>", podID, "ssh-ed25519 AAAA... me@example", guideSSHKey)
	other.MustRun("apply", "-auto-approve", "-input=false", sshVar)
	cleanPlanVars(t, other, "after the import", sshVar)

	destroy := other.MustRun("destroy", "-auto-approve", "-input=false", sshVar)
	quoted(t, other, "guides/getting-started/destroy.txt", destroy)
	if _, ok := fake.Pod(podID); ok {
		t.Error("the pod survived destroy")
	}
	if vols := fake.NetworkVolumes(); len(vols) != 0 {
		t.Errorf("volumes left after destroy: %+v", vols)
	}
}

// cleanPlanVars is cleanPlan with extra plan arguments.
func cleanPlanVars(t *testing.T, cli *acctest.CLI, why string, args ...string) {
	t.Helper()
	if res := cli.Run(append([]string{"plan", "-detailed-exitcode", "-input=false"}, args...)...); res.ExitCode != 0 {
		t.Fatalf("%s: plan is not clean (exit %d):\n%s", why, res.ExitCode, res.Output())
	}
}

// costPolicy is examples/guides/gitops/policy.jq written in Go, over the
// same paths of terraform show -json: for each runpod_pod, runpod_cluster
// and runpod_endpoint in .resource_changes whose .change.actions has create
// or update, .change.after.estimated_cost_per_hour in full for a create (a
// replacement included) or a pod whose desired_status goes from EXITED to
// RUNNING, else its rise over .change.before's. It returns the costs added
// by address, their total, and the addresses whose cost is unknown
// (.change.after_unknown.estimated_cost_per_hour). The test runs the jq file
// itself as well when jq is installed; this keeps the policy checked where
// it is not.
func costPolicy(plan *tfjson.Plan) (added map[string]float64, total float64, unknown []string) {
	added = map[string]float64{}
	billable := map[string]bool{"runpod_pod": true, "runpod_cluster": true, "runpod_endpoint": true}
	for _, rc := range plan.ResourceChanges {
		if !billable[rc.Type] || rc.Change == nil {
			continue
		}
		creates, updates := false, false
		for _, a := range rc.Change.Actions {
			creates = creates || a == tfjson.ActionCreate
			updates = updates || a == tfjson.ActionUpdate
		}
		if !creates && !updates {
			continue
		}
		if u, ok := rc.Change.AfterUnknown.(map[string]any); ok && u["estimated_cost_per_hour"] == true {
			unknown = append(unknown, rc.Address)
			continue
		}
		after, _ := rc.Change.After.(map[string]any)
		before, _ := rc.Change.Before.(map[string]any)
		cost := func(v map[string]any) float64 { f, _ := v["estimated_cost_per_hour"].(float64); return f }
		started := rc.Type == "runpod_pod" && before["desired_status"] == "EXITED" && after["desired_status"] == "RUNNING"
		perHour := cost(after)
		if !creates && !started {
			perHour = math.Max(cost(after)-cost(before), 0)
		}
		if perHour > 0 {
			added[rc.Address] = perHour
			total += perHour
		}
	}
	return added, total, unknown
}

// savedPlan runs plan -out=file with args and show -json on it.
func savedPlan(t *testing.T, cli *acctest.CLI, file string, args ...string) (acctest.Result, string, *tfjson.Plan) {
	t.Helper()
	res := cli.MustRun(append([]string{"plan", "-input=false", "-out=" + file}, args...)...)
	show := cli.MustRun("show", "-json", file)
	var plan tfjson.Plan
	if err := json.Unmarshal([]byte(show.Stdout), &plan); err != nil {
		t.Fatalf("parsing show -json: %v", err)
	}
	return res, show.Stdout, &plan
}

// runPolicy runs policy.jq as the workflow does, on planJSON, when jq is
// installed; ok is false when it is not.
func runPolicy(t *testing.T, planJSON string, maxPerHour string) (res acctest.Result, ok bool) {
	t.Helper()
	jq, err := exec.LookPath("jq")
	if err != nil {
		t.Log("jq is not installed: policy.jq is checked through costPolicy, its Go twin, only")
		return res, false
	}
	args := []string{"-r", "-e", "--argjson", "max_per_hour", maxPerHour, "-f", filepath.Join(examplesDir(t), "guides", "gitops", "policy.jq")}
	cmd := exec.Command(jq, args...) //nolint:gosec // the test's own arguments
	cmd.Stdin = strings.NewReader(planJSON)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	res = acctest.Result{Args: append([]string{"jq"}, args...)}
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("running jq: %v", err)
		}
		res.ExitCode = exit.ExitCode()
	}
	res.Stdout, res.Stderr = stdout.String(), stderr.String()
	t.Logf("$ jq %s (exit %d)\n%s", strings.Join(args, " "), res.ExitCode, res.Output())
	return res, true
}

// The GitOps guide: a pipeline without its secret fails, the saved plan and
// its cost policy pass below the budget and fail above it, the saved plan
// applies as it is and is refused once stale, and the drift check's exit
// codes, with examples/guides/gitops.
func TestAccGuide_gitops(t *testing.T) {
	t.Parallel()
	cli, fake, vars := guideCLI(t)
	cli.SetConfig(acctest.Example(t, "guides/gitops/main.tf"))
	cli.Init()

	// The workflow runs the commands this test runs.
	workflow := acctest.Example(t, "guides/gitops/workflow.yml")
	for _, cmd := range []string{
		"terraform plan -input=false -out=plan.tfplan",
		"terraform show -json plan.tfplan | jq -r -e --argjson max_per_hour 3 -f policy.jq",
		"terraform apply -input=false plan.tfplan",
		"terraform plan -input=false -detailed-exitcode -lock=false",
		"RUNPOD_API_KEY: ${{ secrets.RUNPOD_API_KEY }}",
	} {
		if !strings.Contains(workflow, cmd) {
			t.Errorf("workflow.yml does not run %q", cmd)
		}
	}

	// A pipeline without its secret: exit 1, naming it.
	delete(vars, provider.EnvAPIKey)
	noKey := cli.Run("plan", "-input=false", "-detailed-exitcode", "-lock=false")
	if noKey.ExitCode != 1 {
		t.Fatalf("plan without a key exited %d, want 1:\n%s", noKey.ExitCode, noKey.Output())
	}
	quoted(t, cli, "guides/getting-started/no-key.txt", noKey)
	vars[provider.EnvAPIKey] = runpodfake.DefaultAPIKey

	// Within the budget: one trainer ($0.69/h) and one always-on worker
	// ($1.10/h) is $1.79/h.
	_, planJSON, plan := savedPlan(t, cli, "plan.tfplan")
	checkPolicy(t, plan, map[string]float64{"runpod_pod.trainer[0]": 0.69, "runpod_endpoint.inference": 1.10}, 1.79)
	if res, ok := runPolicy(t, planJSON, "3"); ok {
		if res.ExitCode != 0 {
			t.Errorf("policy.jq exited %d within the budget, want 0", res.ExitCode)
		}
		quoted(t, nil, "guides/gitops/policy-pass.txt", res)
	}

	// Three trainers: $3.17/h, above the budget of 3.
	_, bigJSON, big := savedPlan(t, cli, "big.tfplan", "-var=trainers=3")
	checkPolicy(t, big, map[string]float64{
		"runpod_pod.trainer[0]": 0.69, "runpod_pod.trainer[1]": 0.69, "runpod_pod.trainer[2]": 0.69,
		"runpod_endpoint.inference": 1.10,
	}, 3.17)
	if res, ok := runPolicy(t, bigJSON, "3"); ok {
		if res.ExitCode != 1 {
			t.Errorf("policy.jq exited %d above the budget, want 1", res.ExitCode)
		}
		quoted(t, nil, "guides/gitops/policy-fail.txt", res)
	}

	// Apply on merge: the saved plan as it is.
	apply := cli.MustRun("apply", "-input=false", "plan.tfplan")
	apply.Contains(t, "Apply complete! Resources: 2 added, 0 changed, 0 destroyed.")
	cleanPlan(t, cli, "after applying the saved plan")

	// A saved plan made before another apply changed the state is refused.
	cli.MustRun("plan", "-input=false", "-out=stale.tfplan", "-var=trainers=2")
	cli.MustRun("apply", "-auto-approve", "-input=false", "-var=trainers=2")
	stale := cli.MustFail("apply", "-input=false", "stale.tfplan")
	quoted(t, cli, "guides/gitops/stale.txt", stale)
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cleanPlan(t, cli, "after going back to one trainer")

	// Drift: the always-on worker removed in the console.
	endpointID := cli.StateID("runpod_endpoint.inference")
	if msg := fake.PatchEndpoint(endpointID, map[string]any{"workers": map[string]any{"min": 0}}); msg != "" {
		t.Fatalf("console change refused: %s", msg)
	}
	drift := cli.Run("plan", "-input=false", "-detailed-exitcode", "-lock=false")
	if drift.ExitCode != 2 {
		t.Fatalf("drift check after a console change exited %d, want 2:\n%s", drift.ExitCode, drift.Output())
	}
	quoted(t, cli, "guides/gitops/drift.txt", drift)

	cli.MustRun("destroy", "-auto-approve", "-input=false")
}

// checkPolicy fails t unless costPolicy over plan adds exactly want, with
// every cost known.
func checkPolicy(t *testing.T, plan *tfjson.Plan, want map[string]float64, total float64) {
	t.Helper()
	added, got, unknown := costPolicy(plan)
	if len(unknown) > 0 {
		t.Errorf("costs unknown in the plan: %v", unknown)
	}
	if math.Abs(got-total) > 1e-9 || len(added) != len(want) {
		t.Errorf("policy adds %v = %v, want %v = %v", added, got, want, total)
	}
	for addr, w := range want {
		if math.Abs(added[addr]-w) > 1e-9 {
			t.Errorf("policy adds %v for %s, want %v", added[addr], addr, w)
		}
	}
}

// Troubleshooting, stock-outs: the plan fails before anything is created,
// listing the alternatives; one of them plans; a preference list picks the
// first type with stock.
func TestAccGuide_troubleshootingStockOut(t *testing.T) {
	t.Parallel()
	cli, fake, _ := guideCLI(t)
	cli.SetConfig(acctest.Example(t, "guides/getting-started/main.tf"))
	sshVar := "-var=ssh_public_key=" + guideSSHKey
	cli.Init()
	fake.SetGPUStock("NVIDIA GeForce RTX 4090", "POD", "SECURE", "EU-RO-1", 0)
	res := cli.MustFail("plan", "-input=false", sshVar)
	quoted(t, cli, "guides/troubleshooting/stock-out.txt", res)
	cli.MustRun("plan", "-input=false", sshVar, "-var=gpu_type=NVIDIA L40S")

	fake.SetGPUStock("NVIDIA GeForce RTX 4090", "POD", "SECURE", "US-KS-2", 0)
	cli.SetConfig(acctest.Example(t, "guides/troubleshooting/gpu-preferences.tf"))
	pref := cli.MustRun("plan", "-input=false")
	pref.Contains(t, "GPU Type Chosen From the Preference List", `"NVIDIA RTX A6000"`)
}

// Pull failure lines as a registry answers them, through Runpod's host.
const (
	pullAuthLine      = `Failed to pull image "ghcr.io/acme/trainer:1": failed to authorize: failed to fetch oauth token: unexpected status: 401 Unauthorized`
	pullRateLimitLine = `Failed to pull image "vllm/vllm-openai:v0.6.3": toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit`
)

// Troubleshooting, image pulls: the pull-failure configuration tells a
// registry that refuses the credentials from Docker Hub's anonymous rate
// limit by the pod's system log, and says so for neither on a clean log.
func TestAccGuide_troubleshootingPullFailure(t *testing.T) {
	t.Parallel()
	cli, fake, _ := guideCLI(t)
	seed := func(name, image string, failure string) string {
		p := fake.SeedPod(runpodfake.Pod{Name: name, Image: image, GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 1}})
		if failure != "" {
			script := runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
				{Source: runpodfake.PodLogSourceSystem, Text: "Pulling image " + image},
				{Source: runpodfake.PodLogSourceSystem, Text: failure},
				{Source: runpodfake.PodLogSourceSystem, Text: "Back-off pulling image " + image},
				{Source: runpodfake.PodLogSourceSystem, Text: failure},
			}}
			fake.SetPodLog(p.ID, script)
		}
		return p.ID
	}
	auth := seed("trainer", "ghcr.io/acme/trainer:1", pullAuthLine)
	limited := seed("vllm-server", "vllm/vllm-openai:v0.6.3", pullRateLimitLine)
	clean := seed("notebook", pytorchImage, "")

	cli.SetConfig(acctest.Example(t, "guides/troubleshooting/pull-failure.tf"))
	cli.Init()
	verdict := func(podID string) (string, acctest.Result) {
		t.Helper()
		cli.MustRun("apply", "-auto-approve", "-input=false", "-var=pod_id="+podID)
		out := cli.MustRun("output")
		return cli.MustRun("output", "-raw", "image_pull").Stdout, out
	}
	v, out := verdict(auth)
	if !strings.HasPrefix(v, "refused:") {
		t.Errorf("registry refusal: image_pull = %q, want refused", v)
	}
	quoted(t, cli, "guides/troubleshooting/pull-auth.txt", out)
	v, out = verdict(limited)
	if !strings.HasPrefix(v, "rate limited:") {
		t.Errorf("Docker Hub rate limit: image_pull = %q, want rate limited", v)
	}
	quoted(t, cli, "guides/troubleshooting/pull-rate-limit.txt", out)
	if v, _ = verdict(clean); !strings.HasPrefix(v, "no image pull failure") {
		t.Errorf("clean boot: image_pull = %q", v)
	}
}

// Troubleshooting, a pod that never becomes ready: the wait runs out with a
// warning quoting the log, the pod stays in state and the next plan creates
// nothing.
func TestAccGuide_troubleshootingNotReady(t *testing.T) {
	t.Parallel()
	cli, fake, _ := guideCLI(t)
	fake.SetPodLogForName("vllm-server", runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
		{Source: runpodfake.PodLogSourceContainer, Text: "INFO: Downloading model Qwen/Qwen2.5-7B-Instruct"},
	}})
	cli.SetConfig(acctest.Example(t, "guides/troubleshooting/ready-when.tf"))
	cli.Init()
	timeout := "-var=ready_timeout=20s"
	apply := cli.MustRun("apply", "-auto-approve", "-input=false", timeout)
	quoted(t, cli, "guides/troubleshooting/not-ready.txt", apply, "<pod id>", cli.StateID("runpod_pod.server"))
	cleanPlanVars(t, cli, "after the wait ran out", timeout)
	cli.MustRun("destroy", "-auto-approve", "-input=false", timeout)
}

// Troubleshooting, a crash loop ends the wait early with the evidence.
func TestAccGuide_troubleshootingCrashLoop(t *testing.T) {
	t.Parallel()
	cli, fake, _ := guideCLI(t)
	fake.SetPodLogForName("vllm-server", runpodfake.CrashLoopPodLog("ValueError: No available memory for the cache blocks.", 2))
	cli.SetConfig(acctest.Example(t, "guides/troubleshooting/ready-when.tf"))
	cli.Init()
	start := time.Now()
	apply := cli.MustRun("apply", "-auto-approve", "-input=false")
	if d := time.Since(start); d > 5*time.Minute {
		t.Errorf("the crash loop did not end the wait early: the apply took %s", d)
	}
	quoted(t, cli, "guides/troubleshooting/crash-loop.txt", apply, "<pod id>", cli.StateID("runpod_pod.server"))
	cli.MustRun("destroy", "-auto-approve", "-input=false")
}

// Troubleshooting, refused deletes: the delete of a template a console pod
// was created from is refused at apply with Runpod's reason and nothing
// changed (Runpod keeps no link from the pod to the template, API.md §15,
// so the provider cannot name the pod), and the removed block lets
// Terraform forget it without deleting it.
func TestAccGuide_troubleshootingRefusedDelete(t *testing.T) {
	t.Parallel()
	cli, fake, _ := guideCLI(t)
	cli.SetConfig(acctest.Example(t, "guides/troubleshooting/template.tf"))
	cli.Init()
	cli.MustRun(applyArgs...)
	templateID := cli.StateID("runpod_template.serve")
	tmpl := templateID
	user := fake.SeedPod(runpodfake.Pod{Name: "console-pod", Image: "ghcr.io/acme/server:2", Template: &tmpl,
		GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 1}})
	subs := []string{"<template id>", templateID, "<pod id>", user.ID}

	refused := cli.MustFail("destroy", "-auto-approve", "-input=false")
	quoted(t, cli, "guides/troubleshooting/refused-apply.txt", refused, subs...)
	if _, ok := fake.Template(templateID); !ok {
		t.Fatal("the refused delete deleted the template")
	}

	cli.SetConfig(acctest.Example(t, "guides/troubleshooting/removed.tf"))
	removed := cli.MustRun(applyArgs...)
	if cli.IsOpenTofu() {
		quoted(t, cli, "guides/troubleshooting/removed-tofu.txt", removed, subs...)
	} else {
		quoted(t, cli, "guides/troubleshooting/removed.txt", removed, subs...)
	}
	if _, ok := fake.Template(templateID); !ok {
		t.Error("the removed block deleted the template")
	}
	if addrs := cli.StateAddresses(); len(addrs) != 0 {
		sort.Strings(addrs)
		t.Errorf("state still holds %v", addrs)
	}
}
