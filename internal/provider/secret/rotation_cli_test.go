package secret_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func secretConfig(value string) string {
	return `
resource "runpod_secret" "hf" {
  name  = "hf_token"
  value = "` + value + `"
}
`
}

// consoleEndpoint is a create body for an endpoint made outside Terraform
// whose env references the secret hf_token.
func consoleEndpoint(name string, workersMin int) map[string]any {
	return map[string]any{
		"name": name, "type": "QUEUE", "image": "runpod/worker-v1-vllm:v2.4.0",
		"env":     map[string]any{"HF_TOKEN": "{{ RUNPOD_SECRET_hf_token }}"},
		"scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4},
		"gpu":     map[string]any{"pools": []any{"ADA_24"}},
		"workers": map[string]any{"min": workersMin, "max": 3},
	}
}

// Rotating a secret said nothing about the pods and
// workers that run with the old value. The plan of a new value warns, naming
// the running pod and the endpoint with workers whose env references the
// secret (a pod created from a template carries the template's env), and
// says how to get the new value to them; a stopped pod and an endpoint with
// no worker boot with the new value, so they are not named. A plan that
// does not send the value does not warn.
func TestAccSecret_rotationWarnsAboutRunningPods(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(secretConfig("first-value"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")

	ref := map[string]string{"HF_TOKEN": "{{ RUNPOD_SECRET_hf_token }}"}
	tmpl := runpodfake.DefaultTemplate("trainer", "runpod/base:0.6.2")
	tmpl.Env = ref
	tmpl = env.Fake.SeedTemplate(tmpl)
	running := env.Fake.SeedPod(runpodfake.Pod{Name: "web", Template: &tmpl.ID, Env: ref,
		GPU: &runpodfake.PodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 1}})
	stopped := env.Fake.SeedPod(runpodfake.Pod{Name: "parked", Env: ref, Status: runpodfake.PodStatusExited,
		GPU: &runpodfake.PodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 1}})
	busy := env.Fake.SeedEndpoint(consoleEndpoint("inference", 1))
	idle := env.Fake.SeedEndpoint(consoleEndpoint("nightly", 0))

	unchanged := cli.MustRun("plan", "-input=false")
	unchanged.Lacks(t, "Keep The Old Secret Value")

	cli.SetConfig(secretConfig("second-value"))
	plan := cli.MustRun("plan", "-input=false")
	plan.Contains(t, `Running Pods Keep The Old Secret Value: "hf_token"`,
		`pod "web" (`+running.ID+`): env HF_TOKEN`, `serverless endpoint "inference" (`+busy.ID+`), 1 worker now: env HF_TOKEN`,
		"runpod_pod_restart")
	plan.Lacks(t, stopped.ID, idle.ID, "second-value", "first-value")

	jplan := cli.RunJSON("plan", "-input=false")
	w := jplan.Warnings("Running Pods Keep The Old Secret Value")
	if len(w) != 1 {
		t.Fatalf("plan -json: %d rotation warnings, want 1:\n%s", len(w), jplan.Output())
	}
	for _, want := range []string{running.ID, busy.ID, "keep the old value until they restart", "{{ RUNPOD_SECRET_hf_token }}"} {
		if !strings.Contains(w[0].Detail, want) {
			t.Errorf("rotation warning lacks %q:\n%s", want, w[0].Detail)
		}
	}
	for _, absent := range []string{stopped.ID, idle.ID} {
		if strings.Contains(w[0].Detail, absent) {
			t.Errorf("rotation warning names %s, which runs no old value:\n%s", absent, w[0].Detail)
		}
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.MustRun("destroy", "-auto-approve", "-input=false")
}
