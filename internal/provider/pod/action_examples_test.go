package pod_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The documented action examples, as shipped in examples/actions/, run as
// they are.
func readExample(t *testing.T, name string) string {
	t.Helper()
	return acctest.Example(t, "actions/"+name+"/action.tf")
}

func TestAccPodActionExample_stop(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	requireActions(t, cli)
	cli.SetConfig(readExample(t, "runpod_pod_stop"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve")
	id, _ := cli.StateAttributes("runpod_pod.dev")["id"].(string)

	says(t, cli.MustRun("apply", "-auto-approve", "-invoke=action.runpod_pod_stop.dev"), `Pod "dev" (`+id+`) is stopped (EXITED).`)
	wantStatus(t, env.Fake, id, runpodfake.PodStatusExited)
	// ignore_changes leaves the stopped pod alone.
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("plan after the stop: exit %d, want 0", res.ExitCode)
	}
	says(t, cli.MustRun("apply", "-auto-approve", "-invoke=action.runpod_pod_start.dev"),
		`Pod "dev" (`+id+`) is RUNNING with every exposed port mapped`)
	wantStatus(t, env.Fake, id, runpodfake.PodStatusRunning)
	wantActions(t, env.Fake, id, "stop", "start")
}

func TestAccPodActionExample_start(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	requireActions(t, cli)
	p := env.Fake.SeedPod(runpodfake.Pod{Name: "batch", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090}})
	env.Fake.SetPodStatus(p.ID, runpodfake.PodStatusExited)
	cli.SetConfig(readExample(t, "runpod_pod_start"))
	cli.Init()

	res := cli.MustRun("apply", "-auto-approve", "-invoke=action.runpod_pod_start.batch", "-var", "batch_pod_id="+p.ID)
	says(t, res, `invoke = "30m"`, `Pod "batch" (`+p.ID+`) is RUNNING with every exposed port mapped`)
	wantStatus(t, env.Fake, p.ID, runpodfake.PodStatusRunning)
	wantActions(t, env.Fake, p.ID, "start")
}

func TestAccPodActionExample_restart(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	requireActions(t, cli)
	example := readExample(t, "runpod_pod_restart")
	cli.SetConfig(example)
	cli.Init()
	// after_update only: creating the pod restarts nothing.
	cli.MustRun("apply", "-auto-approve")
	id, _ := cli.StateAttributes("runpod_pod.inference")["id"].(string)
	wantActions(t, env.Fake, id)

	cli.SetConfig(strings.Replace(example, "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-14B-Instruct", 1))
	says(t, cli.MustRun("apply", "-auto-approve"),
		"Action started: action.runpod_pod_restart.inference (triggered by runpod_pod.inference)",
		`Pod "inference" (`+id+`) is RUNNING again with every exposed port mapped.`)
	wantActions(t, env.Fake, id, "restart")
	if p, _ := env.Fake.Pod(id); p.Env["MODEL_ID"] != "Qwen/Qwen2.5-14B-Instruct" {
		t.Errorf("MODEL_ID = %q after the update", p.Env["MODEL_ID"])
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("plan after the restart: exit %d, want 0", res.ExitCode)
	}
}
