package pod_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const readyLine = "Uvicorn running on http://0.0.0.0:8000"

// readyPod is testdata/pod_rtx4090_ready_when_serving.tf, a GPU pod that
// waits for readyLine, with extra lines.
func readyPod(t testing.TB, name string, extra ...string) string {
	t.Helper()
	return acctest.Testdata(t, "pod_rtx4090_ready_when_serving", map[string]any{"Name": name, "Extra": strings.Join(extra, "\n  ")})
}

// readyBootLog prints the system's start lines, then the app's readiness line
// once the log has been read after times.
func readyBootLog(after int) runpodfake.PodLogScript {
	return runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
		{Source: runpodfake.PodLogSourceSystem, Text: "Starting container"},
		{Source: runpodfake.PodLogSourceContainer, Text: "INFO: loading model weights"},
		{Source: runpodfake.PodLogSourceContainer, Text: "INFO: " + readyLine, After: after},
	}}
}

// neverReady prints start lines but never the readiness line.
var neverReady = runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
	{Source: runpodfake.PodLogSourceSystem, Text: "Starting container"},
	{Source: runpodfake.PodLogSourceContainer, Text: "INFO: still downloading weights (12%)"},
}}

// applyJSON applies and returns what the CLI printed, failing t on an
// error.
func applyJSON(t *testing.T, cli *acctest.CLI, extra ...string) acctest.JSONResult {
	t.Helper()
	res := cli.RunJSON(append([]string{"apply", "-auto-approve", "-input=false"}, extra...)...)
	if res.ExitCode != 0 || len(res.Diagnostics("error")) > 0 {
		t.Fatalf("apply failed (exit %d):\n%s", res.ExitCode, res.Output())
	}
	return res
}

// noReadinessWarnings fails t if the CLI printed a readiness warning.
func noReadinessWarnings(t *testing.T, res acctest.JSONResult) {
	t.Helper()
	for _, d := range res.Diagnostics("warning") {
		if strings.HasPrefix(d.Summary, "Pod Not Ready") || strings.Contains(d.Summary, "Crash") || strings.Contains(d.Summary, "Readiness") {
			t.Fatalf("unexpected readiness warning %q: %s", d.Summary, d.Detail)
		}
	}
}

// Readiness met after a delay: create waits until the line appears, and a
// replacement waits again for the new pod.
func TestAccPod_readyWhenMetAfterDelay(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	env.Fake.SetPodLogForName("ready-delay", readyBootLog(3))
	cli.SetConfig(readyPod(t, "ready-delay"))
	cli.Init()
	noReadinessWarnings(t, applyJSON(t, cli))
	id := cli.StateID(addr)
	if reads := env.Fake.PodLogReads(id); reads < 4 {
		t.Fatalf("create read the log %d times, want at least 4 (the line appears on the 4th read)", reads)
	}
	cli.ExpectNoChanges()

	// Replacement: the new pod is waited for too.
	noReadinessWarnings(t, applyJSON(t, cli, "-replace=runpod_pod.p"))
	replaced := cli.StateID(addr)
	if replaced == id {
		t.Fatal("-replace kept the pod id")
	}
	if reads := env.Fake.PodLogReads(replaced); reads < 4 {
		t.Fatalf("the replacement read the new pod's log %d times, want at least 4", reads)
	}
}

// Readiness never met: a warning quoting the last lines and the status, no
// taint, and the next plan is a no-op.
func TestAccPod_readyWhenNeverMet(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	env.Fake.SetPodLogForName("ready-never", neverReady)
	cli.SetConfig(readyPod(t, "ready-never", `timeouts { create = "2s" }`))
	cli.Init()
	res := applyJSON(t, cli)
	warns := res.Warnings("Pod Not Ready Yet")
	if len(warns) != 1 {
		t.Fatalf("warnings %q = %d, want 1:\n%s", "Pod Not Ready Yet", len(warns), res.Output())
	}
	for _, want := range []string{"still downloading weights (12%)", "status RUNNING", "timeouts.create", "not tainted"} {
		if !strings.Contains(warns[0].Detail, want) {
			t.Errorf("readiness warning lacks %q:\n%s", want, warns[0].Detail)
		}
	}
	cli.ExpectNoChanges()
}

// A crash loop ends the wait early, quoting the restarts.
func TestAccPod_readyWhenCrashLoop(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	env.Fake.SetPodLogForName("ready-crash", runpodfake.CrashLoopPodLog("Error: CUDA out of memory", 10))
	// A long timeout: only the crash-loop evidence can end this wait soon.
	cli.SetConfig(readyPod(t, "ready-crash", `timeouts { create = "10m" }`))
	cli.Init()
	res := applyJSON(t, cli)
	warns := res.Warnings("Pod Container Is Crash-Looping")
	if len(warns) != 1 {
		t.Fatalf("crash-loop warnings = %d, want 1:\n%s", len(warns), res.Output())
	}
	for _, want := range []string{"restarting (restart 1)", "restarting (restart 2)", "CUDA out of memory"} {
		if !strings.Contains(warns[0].Detail, want) {
			t.Errorf("crash-loop warning lacks %q:\n%s", want, warns[0].Detail)
		}
	}
	if reads := env.Fake.PodLogReads(cli.StateID(addr)); reads > 5 {
		t.Errorf("the wait read the log %d times after two restarts were visible, want it to stop early", reads)
	}
	cli.ExpectNoChanges()
}

// Image pulls that back off are not restarts: the crash-loop evidence lists
// the container's exits only and says how many it saw in how long.
func TestAccPod_readyWhenCrashLoopCountsRestartsOnly(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	const pull = `Back-off pulling image "runpod/base:0.7.0"`
	env.Fake.SetPodLogForName("ready-pulls", runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
		{Source: runpodfake.PodLogSourceSystem, Text: pull},
		{Source: runpodfake.PodLogSourceSystem, Text: pull, After: 1},
		{Source: runpodfake.PodLogSourceSystem, Text: "Starting container", After: 2},
		{Source: runpodfake.PodLogSourceContainer, Text: "Error: CUDA out of memory", After: 2},
		{Source: runpodfake.PodLogSourceSystem, Text: "Container exited with code 1, restarting (restart 1)", After: 3},
		{Source: runpodfake.PodLogSourceSystem, Text: "Container exited with code 1, restarting (restart 2)", After: 4},
	}})
	cli.SetConfig(readyPod(t, "ready-pulls", `timeouts { create = "10m" }`))
	cli.Init()
	res := applyJSON(t, cli)
	warns := res.Warnings("Pod Container Is Crash-Looping")
	if len(warns) != 1 {
		t.Fatalf("crash-loop warnings = %d, want 1:\n%s", len(warns), res.Output())
	}
	detail := warns[0].Detail
	evidence, _, _ := strings.Cut(detail, "Last log lines:")
	for _, want := range []string{"2 container restarts seen in the system log in ", "of waiting (image pulls not counted)",
		"restarting (restart 1)", "restarting (restart 2)"} {
		if !strings.Contains(detail, want) {
			t.Errorf("crash-loop warning lacks %q:\n%s", want, detail)
		}
	}
	if strings.Contains(evidence, "pulling image") {
		t.Errorf("crash-loop warning lists image pulls as restarts:\n%s", detail)
	}
}

// Starting a stopped pod (desired_status back to RUNNING) waits for
// readiness as create does.
func TestAccPod_readyWhenOnStart(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	env.Fake.SetPodLogForName("ready-start", neverReady)
	cli.SetConfig(readyPod(t, "ready-start", `desired_status = "EXITED"`))
	cli.Init()
	noReadinessWarnings(t, applyJSON(t, cli)) // created stopped: nothing to wait for
	id := cli.StateID(addr)

	cli.SetConfig(readyPod(t, "ready-start", `desired_status = "RUNNING"`, `timeouts { update = "2s" }`))
	res := applyJSON(t, cli)
	warns := res.Warnings("Pod Not Ready Yet")
	if len(warns) != 1 || !strings.Contains(warns[0].Detail, "timeouts.update") {
		t.Fatalf("start warnings = %+v, want one naming timeouts.update:\n%s", warns, res.Output())
	}
	if reads := env.Fake.PodLogReads(id); reads < 2 {
		t.Fatalf("the start read the log %d times, want a wait", reads)
	}
	cli.ExpectNoChanges()
}

// A pattern that is not a regular expression is refused before any API
// call, naming the attribute.
func TestAccPod_readyWhenInvalidPattern(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "ready-bad", `ready_when { log_line = "listening on (" }`))
	cli.Init()
	res := cli.Run("validate")
	if res.ExitCode == 0 {
		t.Fatalf("validate accepted an invalid pattern:\n%s", res.Output())
	}
	res.Contains(t, "Invalid Regular Expression", "ready_when.log_line")
	if n := len(env.Fake.Requests()); n != 0 {
		t.Errorf("validate sent %d API requests, want none", n)
	}
}
