package scenarios_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Scenarios combine resources the way users do and assert on what the real
// CLI prints and on what the fake API holds afterwards.

const (
	pytorchImage = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
	rtx4090      = "NVIDIA GeForce RTX 4090"
)

var applyArgs = []string{"apply", "-auto-approve", "-input=false"}

// cleanPlan fails t unless a plan shows no changes.
func cleanPlan(t *testing.T, cli *acctest.CLI, why string) {
	t.Helper()
	if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
		t.Fatalf("%s: plan is not clean (exit %d):\n%s", why, res.ExitCode, res.Output())
	}
}

// A template with env and a pod from it with env of its own: the pod gets
// both (its keys win per key), applies cleanly, and key changes on the pod
// are updates that leave the template's keys in place.
func TestAccScenario_templatePodEnv(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	config := func(podEnv string) string {
		return acctest.Testdata(t, "template_and_pod_with_env", map[string]any{"PodEnv": podEnv})
	}
	podEnv := func() map[string]string {
		t.Helper()
		p, ok := env.Fake.Pod(cli.StateID("runpod_pod.p"))
		if !ok {
			t.Fatal("the pod is not in the API")
		}
		return p.Env
	}
	wantEnv := func(want map[string]string) {
		t.Helper()
		got := podEnv()
		// Runpod adds the Jupyter password to a pod that starts Jupyter.
		delete(got, "JUPYTER_PASSWORD")
		if len(got) != len(want) {
			t.Fatalf("pod env = %v, want %v", got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("pod env = %v, want %v", got, want)
			}
		}
	}

	cli.SetConfig(config(`env = { EXTRA = "1" }`))
	cli.Init()
	cli.MustRun(applyArgs...).Lacks(t, "inconsistent result", "Error")
	cleanPlan(t, cli, "after create")
	wantEnv(map[string]string{"MODE": "prod", "HF_HOME": "/cache", "EXTRA": "1"})

	// Override a template key and add one: an in-place update.
	cli.SetConfig(config(`env = { EXTRA = "1", MODE = "dev" }`))
	plan := cli.RunJSON("plan", "-input=false")
	if got := plan.PlannedActions()["runpod_pod.p"]; got != "update" {
		t.Fatalf("planned action for the env change = %q, want update", got)
	}
	cli.MustRun(applyArgs...)
	cleanPlan(t, cli, "after overriding a template key")
	wantEnv(map[string]string{"MODE": "dev", "HF_HOME": "/cache", "EXTRA": "1"})

	// Drop the override: the template's value comes back.
	cli.SetConfig(config(`env = { EXTRA = "1" }`))
	cli.MustRun(applyArgs...)
	cleanPlan(t, cli, "after dropping the override")
	wantEnv(map[string]string{"MODE": "prod", "HF_HOME": "/cache", "EXTRA": "1"})

	// Empty the pod's own keys: the template's stay.
	cli.SetConfig(config(`env = {}`))
	cli.MustRun(applyArgs...)
	cleanPlan(t, cli, "after emptying the pod's keys")
	wantEnv(map[string]string{"MODE": "prod", "HF_HOME": "/cache"})

	cli.MustRun("destroy", "-auto-approve", "-input=false")
}

// privateImageConfig is testdata/private_image_template.tf: a registry
// credential and a secret that template runpod_template.<address> (named
// name) uses to pull and configure a private image.
func privateImageConfig(t testing.TB, address, name string) string {
	t.Helper()
	return acctest.Testdata(t, "private_image_template", map[string]any{"Address": address, "Name": name})
}

// A private image: a registry credential and a secret referenced by a
// template, created, planned clean and destroyed together.
func TestAccScenario_privateImageWithSecret(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(privateImageConfig(t, "t", "private"))
	cli.Init()
	cli.MustRun(applyArgs...)
	cleanPlan(t, cli, "after create")
	tmpl, ok := env.Fake.Template(cli.StateID("runpod_template.t"))
	if !ok || tmpl.Registry == nil || *tmpl.Registry != cli.StateID("runpod_registry_auth.ghcr") {
		t.Fatalf("template in the API = %+v, want it to reference the registry credential", tmpl)
	}
	if tmpl.Env["HF_TOKEN"] != "{{ RUNPOD_SECRET_hf_token }}" {
		t.Fatalf("template env = %v", tmpl.Env)
	}

	// Destroying them together: Terraform destroys the template first, so
	// no warning may say that it loses its credential or secret.
	destroy := cli.MustRun("destroy", "-auto-approve", "-input=false")
	destroy.Lacks(t, "Templates Use This Registry Credential", "Templates Reference This Secret")
	if ids := env.Fake.TemplateIDsNamed("private"); len(ids) != 0 {
		t.Fatalf("template still in the API: %v", ids)
	}
}

// A credential and a secret that a console-made template uses: destroying
// them warns and names that template, and only it.
func TestAccScenario_credentialUsedOutsideTerraform(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(privateImageConfig(t, "managed", "managed"))
	cli.Init()
	cli.MustRun(applyArgs...)
	registryID := cli.StateID("runpod_registry_auth.ghcr")
	console := runpodfake.DefaultTemplate("console-made", "ghcr.io/acme/server:2")
	console.Registry = &registryID
	console.Env = map[string]string{"TOKEN": "{{ RUNPOD_SECRET_hf_token }}"}
	console = env.Fake.SeedTemplate(console)

	plan := cli.RunJSON("plan", "-destroy", "-input=false")
	for _, summary := range []string{"Templates Use This Registry Credential", "Templates Reference This Secret"} {
		w := plan.Warnings(summary)
		if len(w) != 1 {
			t.Fatalf("destroy plan: %d %q warnings, want 1; output:\n%s", len(w), summary, plan.Output())
		}
		// The managed template is destroyed first: at most it is named
		// after "Not listed".
		listed, _, _ := strings.Cut(w[0].Detail, "Not listed")
		if !strings.Contains(listed, console.ID) || strings.Contains(listed, `"managed"`) {
			t.Fatalf("%q warning must name the console-made template and not list the managed one:\n%s", summary, w[0].Detail)
		}
	}
	cli.MustRun("destroy", "-auto-approve", "-input=false")
}

// An SSH key and a pod that depends on it: no false "no key" warning.
func TestAccScenario_sshKeyAndPod(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "ssh_key_and_pod", nil))
	cli.Init()
	plan := cli.Run("plan", "-input=false")
	plan.Lacks(t, "No SSH Key Registered")
	apply := cli.MustRun(applyArgs...)
	apply.Lacks(t, "No SSH Key Registered")
	cleanPlan(t, cli, "after create")
	if keys := env.Fake.SSHKeys(); len(keys) != 1 {
		t.Fatalf("account keys = %v, want the one key", keys)
	}
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if keys := env.Fake.SSHKeys(); len(keys) != 0 {
		t.Fatalf("account keys after destroy = %v", keys)
	}
}

// A network volume with the weights and a training pod that mounts it, in
// the same data center on Secure Cloud; both plan their cost.
func TestAccScenario_volumeAndTrainingPod(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "volume_and_training_pod", nil))
	cli.Init()
	plan := cli.RunJSON("plan", "-input=false")
	if plan.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", plan.Output())
	}
	if len(plan.Warnings("Network Volume Storage Cost")) == 0 && !strings.Contains(plan.Output(), "Storage Cost") {
		t.Errorf("the plan states no storage cost:\n%s", plan.Output())
	}
	if len(plan.Warnings("Pod Compute Cost")) == 0 {
		t.Errorf("the plan states no pod cost:\n%s", plan.Output())
	}
	cli.MustRun(applyArgs...)
	cleanPlan(t, cli, "after create")
	p, ok := env.Fake.Pod(cli.StateID("runpod_pod.train"))
	if !ok || len(p.Mounts.Network) != 1 || p.Mounts.Network[0].VolumeID != cli.StateID("runpod_network_volume.weights") {
		t.Fatalf("pod mounts in the API = %+v", p.Mounts)
	}
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if _, ok := env.Fake.Pod(p.ID); ok {
		t.Fatal("the pod survived destroy")
	}
}

// An account made in the console is adopted with import blocks: the apply
// imports every object and creates nothing, and the next plan is clean.
func TestAccScenario_importAccount(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	console := func(path string, body any) string {
		t.Helper()
		b, _ := json.Marshal(body)
		r, _ := http.NewRequest(http.MethodPost, env.Fake.URL()+path, bytes.NewReader(b))
		r.Header.Set("Authorization", "Bearer "+runpodfake.DefaultAPIKey)
		r.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		if resp.StatusCode/100 != 2 {
			t.Fatalf("console POST %s: %d %s", path, resp.StatusCode, out)
		}
		var obj struct{ ID string }
		if err := json.Unmarshal(out, &obj); err != nil || obj.ID == "" {
			t.Fatalf("console POST %s: %s", path, out)
		}
		return obj.ID
	}
	tmpl := console("/v2/templates", map[string]any{"name": "console-tmpl", "image": "busybox:1"})
	vol := console("/v2/network-volumes", map[string]any{"name": "console-vol", "size": 20, "dataCenter": "EU-RO-1"})
	reg := console("/v2/registries", map[string]any{"name": "console-reg", "username": "bot", "password": "pw"})
	sec := console("/v2/account/secrets", map[string]any{"name": "console_secret", "value": "v"})
	key := "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBkGBN0P2d4Xo3b4YzmwN8TjUKjZiUzx4jV7u0m7mU7c console@example"
	env.Fake.SetSSHKeys(key)

	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "console_account_imported", map[string]any{
		"Template": tmpl, "Volume": vol, "Registry": reg, "Secret": sec, "KeyID": sshFingerprintImportID(t, key), "Key": key,
	}))
	cli.Init()
	apply := cli.MustRun(applyArgs...)
	apply.Contains(t, "5 imported, 0 added")
	apply.Lacks(t, "destroyed, 1", "1 destroyed", "2 destroyed")
	cleanPlan(t, cli, "after importing the account")
	for path, name := range map[string]string{
		"/v2/templates": "console-tmpl", "/v2/network-volumes": "console-vol",
		"/v2/registries": "console-reg", "/v2/account/secrets": "console_secret",
	} {
		if ids := namedIDs(env, path, name); len(ids) != 1 {
			t.Errorf("%s named %s: %v, want exactly the console's one", path, name, ids)
		}
	}
	if keys := env.Fake.SSHKeys(); len(keys) != 1 {
		t.Errorf("account keys = %v", keys)
	}
}

// sshFingerprintImportID is the import id of a runpod_ssh_key: the key's
// SHA256 fingerprint, as ssh-keygen -lf prints it.
func sshFingerprintImportID(t *testing.T, line string) string {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(strings.Fields(line)[1])
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(raw)
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
}
