package endpoint_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// An endpoint made from a template (in the console, or by a configuration
// whose state was lost) is imported, by an import block and by terraform
// import. Runpod keeps no link to the template, so the import cannot read
// template_id: the first plan records the configured one in state and
// changes nothing else, the apply sends nothing (no new release replaces the
// workers), and the next plan is clean. A real template_id change after
// that is applied as for any endpoint.
func TestAccEndpoint_importFromTemplateRecordsTemplateID(t *testing.T) {
	for _, how := range []string{"import_block", "terraform_import"} {
		t.Run(how, func(t *testing.T) {
			env := newEnv(t)
			seed := func(name, image string) runpodfake.Template {
				tm := runpodfake.DefaultTemplate(name, image)
				tm.Serverless, tm.StartSSH, tm.StartJupyter = true, false, false
				tm.Args = "python handler.py"
				tm.Env = map[string]string{"MODEL_PATH": "/runpod-volume/" + name}
				tm.Ports = []string{"8000/http"}
				return env.Fake.SeedTemplate(tm)
			}
			v1, v2 := seed("worker-v1", "ghcr.io/acme/worker:1"), seed("worker-v2", "ghcr.io/acme/worker:2")
			delay := 4.0
			e, err := apiClient(t, env.Fake).CreateEndpoint(context.Background(), runpod.CreateEndpointRequest{
				Name: "from-template", Type: runpod.EndpointTypeQueue, TemplateID: v1.ID,
				Scaling: runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: &delay},
				GPU:     &runpod.CreateEndpointGPU{Pools: []string{"ADA_24"}},
			})
			if err != nil {
				t.Fatal(err)
			}
			cfg := func(tmpl, importID string) string {
				return acctest.Testdata(t, "endpoint_from_template", map[string]any{"TemplateID": tmpl, "Extra": "", "ImportID": importID})
			}
			cli := env.CLI(t)
			if how == "import_block" {
				cli.SetConfig(cfg(v1.ID, e.ID))
				cli.Init()
			} else {
				cli.SetConfig(cfg(v1.ID, ""))
				cli.Init()
				cli.MustRun("import", "-input=false", addr, e.ID)
			}

			// The first plan: template_id goes into state, nothing else
			// changes, nothing is left to be known after apply.
			planned := cli.RunJSON("plan", "-input=false")
			if planned.ExitCode != 0 {
				t.Fatalf("plan after the import failed:\n%s", planned.Output())
			}
			if n := len(planned.Warnings("Endpoint Template Recorded From Configuration")); n != 1 {
				t.Errorf("the plan printed %d warnings that template_id is recorded, want 1:\n%s", n, planned.Output())
			}
			_, plan := cli.SavedPlan()
			if plan == nil {
				t.Fatal("plan after the import failed")
			}
			if got := acctest.ChangedAttributes(plan)[addr]; !slices.Equal(got, []string{"template_id"}) {
				t.Errorf("the plan after the import changes %v, want only template_id recorded", got)
			}

			for _, rc := range plan.ResourceChanges {
				unknown, _ := rc.Change.AfterUnknown.(map[string]any)
				for name, v := range unknown {
					if v == true {
						t.Errorf("the plan after the import leaves %s known after apply; the template is not applied", name)
					}
				}
			}

			env.Fake.ResetRequests()
			cli.MustRun("apply", "-auto-approve", "-input=false")
			if err := acctest.OnlyReads(env.Fake); err != nil {
				t.Errorf("recording template_id %v: the workers must not get a new release", err)
			}
			if got := cli.StateAttributes(addr)["template_id"]; got != v1.ID {
				t.Errorf("state template_id = %v after the apply, want %s", got, v1.ID)
			}
			cli.ExpectNoChanges()

			// A new template is applied in place, as for any endpoint.
			cli.SetConfig(cfg(v2.ID, ""))
			env.Fake.ResetRequests()
			cli.MustRun("apply", "-auto-approve", "-input=false")
			patched := false
			for _, r := range env.Fake.Requests() {
				if r.Method == "PATCH" && strings.Contains(string(r.Body), `"templateId":"`+v2.ID+`"`) {
					patched = true
				}
			}
			if !patched {
				t.Errorf("changing template_id after the import sent no PATCH with templateId %s", v2.ID)
			}
			if got, _ := env.Fake.Endpoint(e.ID); got.Image != v2.Image {
				t.Errorf("after the template_id change the endpoint runs %q, want %q", got.Image, v2.Image)
			}
			cli.ExpectNoChanges()
		})
	}
}

// An endpoint made outside Terraform is adopted with an import block and
// plans no change when the configuration matches it.
func TestAccEndpoint_import(t *testing.T) {
	env := newEnv(t)
	four := 4.0
	e, err := apiClient(t, env.Fake).CreateEndpoint(context.Background(), runpod.CreateEndpointRequest{
		Name: "console-made", Type: runpod.EndpointTypeQueue, Image: "ghcr.io/acme/worker:1",
		Scaling: runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: &four},
		GPU:     &runpod.CreateEndpointGPU{Pools: []string{"ADA_24", "AMPERE_48"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "endpoint_queue_two_pools", endpointData{Name: "console-made", ImportID: e.ID}))
	cli.Init()
	_, plan := cli.SavedPlan()
	if got := acctest.PlanChanges(plan)[addr]; got != "import" && got != "no-op" {
		t.Errorf("importing a matching endpoint plans %q (changes %v), want the import alone", got, acctest.ChangedAttributes(plan)[addr])
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if got := cli.StateID(addr); got != e.ID {
		t.Errorf("imported %s, want %s", got, e.ID)
	}
	cli.ExpectNoChanges()
	if n := env.Fake.EndpointCount(); n != 1 {
		t.Errorf("%d endpoints after the import, want 1", n)
	}
}

// An endpoint is imported back by its identity and by its id through
// import blocks, planning the import alone.
func TestAccEndpoint_identity(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, endpointConfig(t, "identity"), false))
}
