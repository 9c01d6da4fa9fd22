package template_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const rtx4090 = "NVIDIA GeForce RTX 4090"

// Destroying templates that a pod and an endpoint still
// use plans as a plain destroy and fails at apply. The destroy plan warns
// for the endpoint's template, naming the endpoint by name and id. Runpod
// keeps no link from a pod to the template it was created from (a pod's
// template reads null, API.md §15), so nothing at plan time can tell that
// the pod uses "app": its refusal comes at apply, with Runpod's reason. Both
// refusals name the removed block that stops managing a template without
// deleting it, and that way out works.
func TestAccTemplate_destroyPlanNamesWhatUsesIt(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	ep := env.Fake.SeedEndpoint(map[string]any{
		"name": "inference", "type": "QUEUE", "image": "runpod/worker-v1-vllm:v2.4.0",
		"scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4},
		"gpu":     map[string]any{"pools": []any{"ADA_24"}},
	})
	boundID := env.Fake.EndpointBoundTemplate(ep.ID)
	cli := env.CLI(t)
	// A template that a console-made pod is created from, and the template
	// Runpod made for the console-made endpoint, adopted.
	cli.SetConfig(acctest.Testdata(t, "template_app", nil) + "\n" + adoptEndpointTemplate(t, "inference", ""))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	appID := cli.StateID("runpod_template.app")
	pod := env.Fake.SeedPod(runpodfake.Pod{Name: "web", Template: &appID, GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 1}})

	endpointLine := `serverless endpoint "inference" (` + ep.ID + `)`
	plan := cli.MustRun("plan", "-destroy", "-input=false")
	plan.Contains(t, `Template Is In Use: "inference__template__`, endpointLine,
		"from = runpod_template.<label>", "destroy = false")
	plan.Lacks(t, "similar warning", `Template Is In Use: "app"`)

	jplan := cli.RunJSON("plan", "-destroy", "-input=false")
	warnings := jplan.Warnings("Template Is In Use")
	if len(warnings) != 1 {
		t.Errorf("destroy plan -json: %d in-use warnings, want one, for the endpoint's template; output:\n%s", len(warnings), jplan.Output())
	}
	for _, w := range warnings {
		if !strings.Contains(w.Detail, endpointLine) || !strings.Contains(w.Detail, boundID) || strings.Contains(w.Detail, pod.ID) {
			t.Errorf("warning %q must name endpoint %s and only it:\n%s", w.Summary, ep.ID, w.Detail)
		}
	}

	// Apply is refused (for app, with Runpod's reason), and each refusal
	// names the way out.
	destroy := cli.MustFail("destroy", "-auto-approve", "-input=false")
	destroy.Contains(t, "Template Is In Use", `Runpod refused to delete template "app" (`+appID+`)`,
		"Template is in use by a pod", `endpoint "inference" (`+ep.ID+`)`,
		"removed {", "from = runpod_template.<label>", "destroy = false")
	jdestroy := cli.RunJSON("destroy", "-auto-approve", "-input=false")
	refusals := 0
	for _, e := range jdestroy.Diagnostics("error") {
		if e.Summary == "Template Is In Use" {
			refusals++
			if !strings.Contains(e.Detail, "removed {\n    from = runpod_template.<label>\n    lifecycle {\n      destroy = false") {
				t.Errorf("refusal lacks the removed block:\n%s", e.Detail)
			}
		}
	}
	if jdestroy.ExitCode == 0 || refusals != 2 {
		t.Fatalf("destroy -json: exit %d, %d refusals, want 2:\n%s", jdestroy.ExitCode, refusals, jdestroy.Output())
	}

	// The way out: stop managing both; nothing is deleted.
	cli.SetConfig(templatesRemoved(t, "app", "bound"))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if got := cli.StateAddresses(); len(got) != 0 {
		t.Fatalf("state after the removed blocks = %v, want empty", got)
	}
	for _, id := range []string{appID, boundID} {
		if _, ok := env.Fake.Template(id); !ok {
			t.Fatalf("template %s was deleted", id)
		}
	}
}

// A template destroyed together with the pod created from it: Terraform
// plans (and deletes) the pod first, so no in-use warning names it, and the
// destroy succeeds.
func TestAccTemplate_destroyWithItsPodDoesNotWarn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "template_with_pod", struct{ GPU string }{rtx4090}))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	plan := cli.MustRun("plan", "-destroy", "-input=false")
	plan.Lacks(t, "Template Is In Use")
	destroy := cli.MustRun("destroy", "-auto-approve", "-input=false")
	destroy.Lacks(t, "Template Is In Use")
	if ids := env.Fake.TemplateIDsNamed("app"); len(ids) != 0 {
		t.Fatalf("template still in the API: %v", ids)
	}
}
