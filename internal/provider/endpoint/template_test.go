package endpoint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// An endpoint from a serverless template with env of its own (the
// combination that once broke pods): the template's keys stay on the
// endpoint without showing as drift, the configuration's win, a new
// template_id is applied in place, and every plan after apply is empty.
func TestAccEndpoint_templateWithEnv(t *testing.T) {
	env := newEnv(t)
	seed := func(name, image string) runpodfake.Template {
		tm := runpodfake.DefaultTemplate(name, image)
		tm.Serverless, tm.StartSSH, tm.StartJupyter = true, false, false
		tm.Env = map[string]string{"MODEL_PATH": "/runpod-volume/" + name, "LOG_LEVEL": "info"}
		return env.Fake.SeedTemplate(tm)
	}
	v1, v2 := seed("worker-v1", "ghcr.io/acme/worker:1"), seed("worker-v2", "ghcr.io/acme/worker:2")
	cfg := func(tmpl, envLine string) string {
		return acctest.Testdata(t, "endpoint_from_template", map[string]any{"TemplateID": tmpl, "Extra": envLine, "ImportID": ""})
	}
	var id string
	held := func(want map[string]string, image string) statecheck.StateCheck {
		return acctest.CheckFake(func() error {
			e, _ := env.Fake.Endpoint(id)
			if e.Image != image || fmt.Sprint(e.Env) != fmt.Sprint(want) {
				return fmt.Errorf("the endpoint holds image %q env %v, want %q %v", e.Image, e.Env, image, want)
			}
			return nil
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg(v1.ID, `env = { LOG_LEVEL = "debug", TOKEN_LIMIT = "4096" }`),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), envValue(map[string]string{"LOG_LEVEL": "debug", "TOKEN_LIMIT": "4096"})),
					held(map[string]string{"MODEL_PATH": "/runpod-volume/worker-v1", "LOG_LEVEL": "debug", "TOKEN_LIMIT": "4096"}, "ghcr.io/acme/worker:1"),
				},
			},
			{
				// Changing only the configuration's env keeps the template's keys.
				Config: cfg(v1.ID, `env = { LOG_LEVEL = "warn" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					held(map[string]string{"MODEL_PATH": "/runpod-volume/worker-v1", "LOG_LEVEL": "warn"}, "ghcr.io/acme/worker:1"),
				},
			},
			{
				// A new template is applied in place: same id, its image and env.
				Config: cfg(v2.ID, `env = { LOG_LEVEL = "warn" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addr, acctest.Attr("image")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("image"), knownString("ghcr.io/acme/worker:2")),
					held(map[string]string{"MODEL_PATH": "/runpod-volume/worker-v2", "LOG_LEVEL": "warn"}, "ghcr.io/acme/worker:2"),
				},
			},
			{
				// A configured image wins over the template's, also when the
				// template changes.
				Config: cfg(v1.ID, `image = "ghcr.io/acme/pinned:7"`+"\n  "+`env = { LOG_LEVEL = "warn" }`),
				ConfigStateChecks: []statecheck.StateCheck{
					held(map[string]string{"MODEL_PATH": "/runpod-volume/worker-v1", "LOG_LEVEL": "warn"}, "ghcr.io/acme/pinned:7"),
				},
			},
			{
				// With a template, env left out of the configuration means "what the
				// endpoint has": no change, no PATCH.
				Config: cfg(v1.ID, `image = "ghcr.io/acme/pinned:7"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
		},
	})
}

// A template's CUDA versions are part of what it gives an endpoint at create
// (API.md §11: the template is expanded once): an endpoint from a public
// template that lists CUDA versions, and one from a template of the same
// configuration, are created without an inconsistent result, keep the
// template's versions in state, and the next plan is empty. A configured
// min_cuda_version keeps the template's versions out, as Runpod does.
func TestAccEndpoint_templateCudaVersionsConverge(t *testing.T) {
	env := newEnv(t)
	pub := runpodfake.DefaultTemplate("vLLM CUDA 12.8", "runpod/worker-v1-vllm:v2.8.0")
	pub.ID = "worker-vllm-cuda"
	pub.Serverless, pub.StartSSH, pub.StartJupyter = true, false, false
	pub.AllowedCudaVersions = []string{"12.8", "12.9"}
	env.Fake.SeedPublicTemplate(pub, "verified")
	cli := env.CLI(t)
	cfg := func(extra string) string {
		return acctest.Testdata(t, "endpoint_from_cuda_templates", map[string]any{"PublicID": pub.ID, "Extra": extra})
	}
	cli.SetConfig(cfg(""))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	for address, want := range map[string]string{"runpod_endpoint.public": "[12.8 12.9]", "runpod_endpoint.own": "[12.6]"} {
		if got := fmt.Sprint(cli.StateAttributes(address)["allowed_cuda_versions"]); got != want {
			t.Errorf("%s has allowed_cuda_versions %s in state, want the template's %s", address, got, want)
		}
		e, _ := env.Fake.Endpoint(cli.StateID(address))
		if got := fmt.Sprint(e.GPU.AllowedCudaVersions); got != want {
			t.Errorf("%s holds allowed CUDA versions %s, want the template's %s", address, got, want)
		}
	}
	cli.ExpectNoChanges()

	// A floor set in the configuration: Runpod does not seed the
	// template's versions beside it (they would conflict), and state says so.
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	cli.SetConfig(cfg(`min_cuda_version = "12.4"`))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if got := cli.StateAttributes("runpod_endpoint.own")["allowed_cuda_versions"]; got != nil {
		t.Errorf("with min_cuda_version, allowed_cuda_versions is %v in state, want null", got)
	}
	cli.ExpectNoChanges()
}

// An endpoint made from a template that the same plan creates: the plan
// cannot read the template (its id is known only after apply), so when
// every template the plan creates is a pod template it warns on template_id
// that Runpod will refuse it, and apply does; a new serverless template gets
// no warning. Making the template serverless in the same plan as the
// endpoint is then accepted at plan (the template's update comes first) and
// applies.
func TestAccEndpoint_newPodTemplateWarnedAtPlan(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cfg := func(serverless bool) string {
		return acctest.Testdata(t, "endpoint_from_new_template", map[string]any{"Serverless": serverless})
	}
	const summary = "Endpoint Template Known Only After Apply Is A Pod Template"
	cli.Init()
	cli.SetConfig(cfg(true))
	res := cli.RunJSON("plan", "-input=false")
	if ws := res.Warnings(summary); res.ExitCode != 0 || len(ws) != 0 {
		t.Errorf("with a new serverless template the plan exited %d with warnings %+v, want none", res.ExitCode, ws)
	}

	cli.SetConfig(cfg(false))
	res = cli.RunJSON("plan", "-input=false")
	ws := res.Warnings(summary)
	if res.ExitCode != 0 || len(ws) != 1 || ws[0].Address != "runpod_endpoint.e" || ws[0].Snippet == nil ||
		!strings.Contains(ws[0].Snippet.Code, "template_id") || !strings.Contains(ws[0].Detail, `pod template (serverless = false): "new-worker"`) {
		t.Fatalf("plan exited %d with warnings %+v, want one %q on template_id naming \"new-worker\"", res.ExitCode, ws, summary)
	}
	cli.MustFail("apply", "-auto-approve", "-input=false").Contains(t, "Not A Serverless Template")
	if n := env.Fake.EndpointCount(); n != 0 {
		t.Errorf("%d endpoints exist after the refused apply", n)
	}

	cli.SetConfig(cfg(true))
	cli.MustRun("plan", "-input=false").Lacks(t, "Not A Serverless Template", summary)
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
}
