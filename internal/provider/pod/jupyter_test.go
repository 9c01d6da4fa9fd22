package pod_test

import (
	"regexp"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// jupyterPassword is `terraform output -raw jupyter_password`, the command
// the getting-started guide gives.
func jupyterPassword(t *testing.T, cli *acctest.CLI) string {
	t.Helper()
	return cli.MustRun("output", "-raw", "jupyter_password").Stdout
}

// Runpod's echo of the JUPYTER_PASSWORD that start_jupyter injects is
// undocumented (API.md, Pods, "Terraform"): without it, the provider's own
// generated password is what the pod gets and what jupyter_password says,
// stable across refreshes and plans.
func TestAccPod_jupyterPasswordWithoutEcho(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	env.Fake.SetInjectedEnvEcho(false)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "pod_jupyter", map[string]any{"Extra": ""}))
	cli.Init()
	cli.MustRun("apply", "-auto-approve")

	pw := jupyterPassword(t, cli)
	if !regexp.MustCompile(`^[A-Za-z0-9_-]{32,}$`).MatchString(pw) {
		t.Fatalf("jupyter_password = %q, want a generated URL-safe password of at least 32 characters", pw)
	}
	id := cli.StateID(addr)
	p, ok := env.Fake.Pod(id)
	if !ok || p.Env["JUPYTER_PASSWORD"] != pw {
		t.Fatalf("the pod's JUPYTER_PASSWORD is %q, want the password in state", p.Env["JUPYTER_PASSWORD"])
	}
	// Kept out of env in state, as the injected key was.
	if got := cli.StateAttributes(addr)["env"]; got != nil {
		if m, _ := got.(map[string]any); len(m) != 0 {
			t.Errorf("env in state = %v, want it empty", got)
		}
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Fatalf("plan after apply: exit %d, want 0:\n%s", res.ExitCode, res.Output())
	}
	// A refresh keeps it: it is generated once, at create.
	cli.MustRun("apply", "-refresh-only", "-auto-approve")
	if got := jupyterPassword(t, cli); got != pw {
		t.Errorf("after a refresh jupyter_password = %q, want %q", got, pw)
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Fatalf("plan after a refresh: exit %d, want 0:\n%s", res.ExitCode, res.Output())
	}
	// Another env change in place keeps the pod's password.
	cli.SetConfig(acctest.Testdata(t, "pod_jupyter", map[string]any{"Extra": `env = { HF_HOME = "/workspace/hf" }`}))
	cli.MustRun("apply", "-auto-approve")
	if got := jupyterPassword(t, cli); got != pw {
		t.Errorf("after an env change jupyter_password = %q, want %q", got, pw)
	}
	if p, _ := env.Fake.Pod(id); p.Env["JUPYTER_PASSWORD"] != pw || p.Env["HF_HOME"] != "/workspace/hf" {
		t.Errorf("the pod's env after the change = %v, want HF_HOME and the same JUPYTER_PASSWORD", p.Env)
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Fatalf("plan after the env change: exit %d, want 0:\n%s", res.ExitCode, res.Output())
	}
	cli.MustRun("destroy", "-auto-approve")
}

// A JUPYTER_PASSWORD set in env is the password: nothing is generated.
func TestAccPod_jupyterPasswordFromEnv(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	env.Fake.SetInjectedEnvEcho(false)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "pod_jupyter", map[string]any{"Extra": `env = { JUPYTER_PASSWORD = "correct-horse" }`}))
	cli.Init()
	cli.MustRun("apply", "-auto-approve")
	if got := jupyterPassword(t, cli); got != "correct-horse" {
		t.Errorf("jupyter_password = %q, want the configured one", got)
	}
	if p, _ := env.Fake.Pod(cli.StateID(addr)); p.Env["JUPYTER_PASSWORD"] != "correct-horse" {
		t.Errorf("the pod's env = %v", p.Env)
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Fatalf("plan after apply: exit %d, want 0:\n%s", res.ExitCode, res.Output())
	}
	cli.MustRun("destroy", "-auto-approve")
}
