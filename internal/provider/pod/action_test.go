package pod_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

// requireActions skips t (visibly) unless the CLI runs actions: Terraform
// 1.14 or later. OpenTofu (1.12) has none.
func requireActions(t *testing.T, cli *acctest.CLI) {
	t.Helper()
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal([]byte(cli.MustRun("version", "-json").Stdout), &v); err != nil {
		t.Fatalf("parsing version -json: %v", err)
	}
	parts := strings.SplitN(v.Version, ".", 3)
	major, _ := strconv.Atoi(parts[0])
	minor := 0
	if len(parts) > 1 {
		minor, _ = strconv.Atoi(parts[1])
	}
	if cli.IsOpenTofu() || major < 1 || (major == 1 && minor < 14) {
		t.Skipf("actions need Terraform 1.14 or later; this CLI is %s", v.Version)
	}
}

// podActions lists the actions POSTed for pod id, in order.
func podActions(t *testing.T, fake *runpodfake.Fake, id string) []string {
	t.Helper()
	bodies, err := requestBodies(fake, "POST", "/v2/pods/"+id+"/action")
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, b := range bodies {
		out = append(out, fmt.Sprint(b["action"]))
	}
	return out
}

// wantActions fails t unless the fake received exactly these actions for id.
func wantActions(t *testing.T, fake *runpodfake.Fake, id string, want ...string) {
	t.Helper()
	if got := podActions(t, fake, id); !slices.Equal(got, append([]string{}, want...)) {
		t.Errorf("POST /v2/pods/%s/action sent %v, want %v", id, got, want)
	}
}

// wantStatus fails t unless the fake's pod id has status.
func wantStatus(t *testing.T, fake *runpodfake.Fake, id, status string) {
	t.Helper()
	p, ok := fake.Pod(id)
	switch {
	case !ok:
		t.Errorf("pod %s is not in the API", id)
	case p.Status != status:
		t.Errorf("pod %s is %s in the API, want %s", id, p.Status, status)
	}
}

// A restart triggered by the pod's own lifecycle runs after the create and
// after each update, waits for the pod to run again, and leaves nothing for
// the next plan: a restart ends where desired_status already is.
func TestAccPodAction_restartTriggeredAfterApply(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	requireActions(t, cli)
	config := func(mode string) string {
		return acctest.Testdata(t, "pod_restart_triggered_after_apply", map[string]any{"Mode": mode})
	}
	cli.SetConfig(config("a"))
	cli.Init()

	res := cli.MustRun("apply", "-auto-approve")
	id, _ := cli.StateAttributes(addr)["id"].(string)
	says(t, res,
		"runpod_pod.p: Creation complete",
		"Action started: action.runpod_pod_restart.r (triggered by runpod_pod.p)",
		fmt.Sprintf(`Restarting pod "act-restart" (%s), which is RUNNING.`, id),
		fmt.Sprintf(`Pod "act-restart" (%s): STARTING.`, id),
		fmt.Sprintf(`Pod "act-restart" (%s): RUNNING, waiting for ports 22/tcp to be mapped.`, id),
		fmt.Sprintf(`Pod "act-restart" (%s) is RUNNING again with every exposed port mapped.`, id),
		"Action complete: action.runpod_pod_restart.r (triggered by runpod_pod.p)",
		"Apply complete! Resources: 1 added, 0 changed, 0 destroyed. Actions: 1 invoked.")
	wantActions(t, env.Fake, id, "restart")
	wantStatus(t, env.Fake, id, runpodfake.PodStatusRunning)

	// Nothing to change: the restarted pod reads back as configured.
	res = cli.Run("plan", "-detailed-exitcode")
	if res.ExitCode != 0 {
		t.Errorf("plan after the triggered restart: exit %d, want 0 (no changes)", res.ExitCode)
	}

	// An update triggers it again, after the update.
	cli.SetConfig(config("b"))
	res = cli.MustRun("apply", "-auto-approve")
	says(t, res,
		"runpod_pod.p: Modifications complete",
		"Action started: action.runpod_pod_restart.r (triggered by runpod_pod.p)",
		fmt.Sprintf(`Pod "act-restart" (%s) is RUNNING again with every exposed port mapped.`, id),
		"Apply complete! Resources: 0 added, 1 changed, 0 destroyed. Actions: 1 invoked.")
	wantActions(t, env.Fake, id, "restart", "restart")
	if p, _ := env.Fake.Pod(id); p.Env["MODE"] != "b" {
		t.Errorf("env MODE = %q, want b", p.Env["MODE"])
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("plan after the second restart: exit %d, want 0 (no changes)", res.ExitCode)
	}
}

// Stop and start invoked from the CLI change the pod and report progress;
// desired_status stays the source of truth: the stopped pod shows as a
// change back to RUNNING until ignore_changes hands it to the actions.
func TestAccPodAction_stopAndStartInvoked(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	requireActions(t, cli)
	cli.SetConfig(acctest.Testdata(t, "pod_with_stop_and_start_actions", map[string]any{"IgnoreDesiredStatus": false}))
	cli.Init()
	cli.MustRun("apply", "-auto-approve")
	id, _ := cli.StateAttributes(addr)["id"].(string)
	pod := fmt.Sprintf(`Pod "act-stop" (%s)`, id)

	res := cli.MustRun("apply", "-auto-approve", "-invoke=action.runpod_pod_stop.x")
	says(t, res,
		"Action started: action.runpod_pod_stop.x (triggered by CLI)",
		fmt.Sprintf(`Action action.runpod_pod_stop.x (triggered by CLI): Stopping pod "act-stop" (%s), which is RUNNING.`, id),
		"Action action.runpod_pod_stop.x (triggered by CLI): "+pod+` is stopped (EXITED). Its GPU is released and compute
		billing has ended; a volume disk, if it has one, keeps billing until the pod is terminated. A runpod_pod resource
		that manages it with desired_status = "RUNNING" starts it again at the next apply.`,
		"Apply complete! Resources: 0 added, 0 changed, 0 destroyed. Actions: 1 invoked.")
	wantStatus(t, env.Fake, id, runpodfake.PodStatusExited)
	wantActions(t, env.Fake, id, "stop")

	// The configuration still says RUNNING (the default): the next plan
	// starts the pod again.
	res = cli.Run("plan", "-detailed-exitcode")
	if res.ExitCode != 2 {
		t.Errorf("plan after the stop: exit %d, want 2 (changes)", res.ExitCode)
	}
	if !regexp.MustCompile(`~ desired_status\s+= "EXITED" -> "RUNNING"`).MatchString(res.Output()) {
		t.Errorf("plan after the stop does not show desired_status going back to RUNNING:\n%s", res.Output())
	}

	// A second stop finds the pod stopped and sends nothing.
	res = cli.MustRun("apply", "-auto-approve", "-invoke=action.runpod_pod_stop.x")
	says(t, res, pod+" is already stopped (EXITED). Nothing to do.")
	wantActions(t, env.Fake, id, "stop")

	// With desired_status ignored, the actions alone drive the pod.
	cli.SetConfig(acctest.Testdata(t, "pod_with_stop_and_start_actions", map[string]any{"IgnoreDesiredStatus": true}))
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("plan with ignore_changes = [desired_status] after the stop: exit %d, want 0", res.ExitCode)
	}
	res = cli.MustRun("apply", "-auto-approve", "-invoke=action.runpod_pod_start.x")
	says(t, res,
		fmt.Sprintf(`Action action.runpod_pod_start.x (triggered by CLI): Starting pod "act-stop" (%s), which is EXITED.`, id),
		"Action action.runpod_pod_start.x (triggered by CLI): "+pod+": STARTING.",
		"Action action.runpod_pod_start.x (triggered by CLI): "+pod+": RUNNING, waiting for ports 22/tcp to be mapped.",
		"Action action.runpod_pod_start.x (triggered by CLI): "+pod+` is RUNNING with every exposed port mapped, and bills
		while it runs.`,
		"Actions: 1 invoked.")
	wantStatus(t, env.Fake, id, runpodfake.PodStatusRunning)
	wantActions(t, env.Fake, id, "stop", "start")
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("plan after the start: exit %d, want 0", res.ExitCode)
	}
}

// Refusals are explained, change nothing and are never sent twice: a
// locked pod, a stopped pod whose GPU was taken, a cluster member, a
// restart of a stopped pod, a pod that does not exist.
func TestAccPodAction_refusals(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	requireActions(t, cli)
	fake := env.Fake
	fake.SetPodStartDelay(0)
	locked := fake.SeedPod(runpodfake.Pod{Name: "long-job", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090}, Locked: true})
	parked := fake.SeedPod(runpodfake.Pod{Name: "parked", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 2}})
	fake.SetPodStatus(parked.ID, runpodfake.PodStatusExited)
	// Someone else takes every RTX 4090 in the parked pod's data center.
	fake.SetGPUStock(rtx4090, "POD", "SECURE", *parked.DataCenterID, 0)

	client := runpodtest.Client(t, fake)
	cluster, err := client.CreateCluster(context.Background(), runpod.CreateClusterRequest{
		Name: "train", Type: runpod.ClusterTypeTraining, Image: "runpod/base:0.7.0",
		Compute: runpod.ClusterCompute{GPUTypeID: "NVIDIA A100 80GB PCIe", GPUCountPerPod: 8, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	members, err := client.ListClusterPods(context.Background(), cluster.ID)
	if err != nil || len(members) == 0 {
		t.Fatalf("cluster members %v %v", members, err)
	}
	member := members[0]

	cli.SetConfig(acctest.Testdata(t, "pod_actions_on_seeded_pods", map[string]any{
		"Locked": locked.ID, "Parked": parked.ID, "Member": member.ID,
	}))
	cli.Init()
	refused := func(action string, parts ...string) {
		t.Helper()
		res := cli.Run("apply", "-auto-approve", "-invoke="+action)
		if res.ExitCode == 0 {
			t.Errorf("%s succeeded, want a refusal", action)
		}
		says(t, res, parts...)
	}

	refused("action.runpod_pod_stop.locked",
		"Error: Pod Not Stopped",
		fmt.Sprintf(`The Runpod API refused stopping pod "long-job" (%s).`, locked.ID),
		"Status: 409",
		fmt.Sprintf(`Pod "long-job" (%s) is locked, and Runpod refuses to stop a locked pod: the lock guards long jobs
		against exactly this. Unlock it first (locked = false on its runpod_pod resource, then apply; or in the Runpod
		console) and invoke the action again. The action does not unlock pods.`, locked.ID))
	wantStatus(t, fake, locked.ID, runpodfake.PodStatusRunning)
	wantActions(t, fake, locked.ID, "stop")

	refused("action.runpod_pod_start.parked",
		"Error: Pod Not Started",
		fmt.Sprintf(`The Runpod API refused starting pod "parked" (%s).`, parked.ID),
		"Status: 400",
		"There are no instances currently available",
		fmt.Sprintf(`A stopped pod resumes on the machine it was created on, and that machine's GPU (2x %s) in %s was
		taken while pod "parked" (%s) was stopped. The pod stays stopped and keeps its volume disk. Invoke the action
		again later, or replace the pod to place it anew`, rtx4090, *parked.DataCenterID, parked.ID))
	wantStatus(t, fake, parked.ID, runpodfake.PodStatusExited)
	wantActions(t, fake, parked.ID, "start")

	refused("action.runpod_pod_restart.parked",
		"Error: Pod Not Restarted",
		fmt.Sprintf(`Pod "parked" (%s) is EXITED, not running: a restart restarts a running pod's container. Start it
		with the runpod_pod_start action, or with desired_status = "RUNNING" on its runpod_pod resource.`, parked.ID))
	wantActions(t, fake, parked.ID, "start")

	refused("action.runpod_pod_stop.member",
		"Error: Pod Not Stopped",
		fmt.Sprintf(`The Runpod API refused stopping pod %q (%s).`, member.Name, member.ID),
		"Status: 409",
		fmt.Sprintf(`Pod %q (%s) belongs to instant cluster %s. Runpod manages a cluster's pods through the cluster and
		refuses to stop, start or restart them one by one; they run until the cluster is deleted (destroying its
		runpod_cluster resource).`, member.Name, member.ID, cluster.ID))
	wantActions(t, fake, member.ID, "stop")
	if p, _ := fake.Pod(member.ID); p.Status == runpodfake.PodStatusExited {
		t.Errorf("cluster member %s was stopped", member.ID)
	}

	refused("action.runpod_pod_stop.missing",
		"Error: Pod Not Found",
		"There is no pod nosuchpod in the Runpod account, so there is nothing to stop.")
	wantActions(t, fake, "nosuchpod")
}

// A wait that runs out is a warning: Runpod accepted the action and the
// pod keeps going. A timeout that is not a duration fails validation.
func TestAccPodAction_timeout(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	requireActions(t, cli)
	p := env.Fake.SeedPod(runpodfake.Pod{Name: "slow", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090}})
	// Far more reads than a second of polling makes.
	env.Fake.SetPodStartDelay(1_000_000)
	cli.SetConfig(acctest.Testdata(t, "pod_restart_action_with_timeout", map[string]any{"PodID": p.ID, "Invoke": "1s"}))
	cli.Init()

	res := cli.MustRun("apply", "-auto-approve", "-invoke=action.runpod_pod_restart.r")
	says(t, res,
		fmt.Sprintf(`Pod "slow" (%s): STARTING.`, p.ID),
		"Warning: Pod Not Running Yet",
		fmt.Sprintf(`The restart was accepted by Runpod, but pod "slow" (%s) was still STARTING after waiting`, p.ID),
		"(timeout 1s). It keeps going on Runpod's side; nothing was sent again.",
		"Actions: 1 invoked.")
	wantActions(t, env.Fake, p.ID, "restart")

	cli.SetConfig(acctest.Testdata(t, "pod_restart_action_with_timeout", map[string]any{"PodID": p.ID, "Invoke": "soon"}))
	res = cli.Run("validate")
	if res.ExitCode == 0 {
		t.Error("validate accepted invoke = \"soon\"")
	}
	says(t, res, "Error: Invalid Attribute Value Time Duration", `"soon" must be a string containing a sequence of decimal numbers`)
}
