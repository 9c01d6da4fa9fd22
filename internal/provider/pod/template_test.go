package pod_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A pod from a template shows the template's settings for what it leaves
// out, and keeps them on the next plan.
func TestAccPod_fromTemplate(t *testing.T) {
	env := newEnv(t)
	tmpl := runpodfake.DefaultTemplate("app", "ghcr.io/example/app:1.4")
	tmpl.Ports = []string{"8888/http"}
	tmpl.Env = map[string]string{"FROM_TEMPLATE": "1"}
	tmpl.Args = "python serve.py"
	tmpl.Disk = 30
	tmpl = env.Fake.SeedTemplate(tmpl)
	var id string
	cfg := podConfig(`name = "from-template"`, fmt.Sprintf(`template_id = %q`, tmpl.ID), `gpu { type_id = "NVIDIA GeForce RTX 4090" }`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectUnknownValue(addr, acctest.Attr("ports")),
					plancheck.ExpectUnknownValue(addr, acctest.Attr("env")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("image"), knownvalue.StringExact("ghcr.io/example/app:1.4")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("args"), knownvalue.StringExact("python serve.py")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("container_disk_gb"), knownvalue.Int64Exact(30)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ports"), knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("8888/http")})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{"FROM_TEMPLATE": knownvalue.StringExact("1")})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("template_id"), knownvalue.StringExact(tmpl.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("proxy_urls"), knownvalue.MapSizeExact(1)),
					// The template starts Jupyter.
					statecheck.ExpectKnownValue(addr, acctest.Attr("jupyter_password"), knownvalue.NotNull()),
					acctest.CheckFake(func() error {
						bodies, _ := requestBodies(env.Fake, "POST", "/v2/pods")
						if len(bodies) != 1 || bodies[0]["templateId"] != tmpl.ID || bodies[0]["image"] != nil || bodies[0]["ports"] != nil || bodies[0]["env"] != nil {
							return fmt.Errorf("create body %v: the template's settings must be left to the template", bodies)
						}
						return nil
					}),
				},
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
			{
				// Setting env adds to the template's, keeping the template's
				// keys (out of state) and the injected password on the pod.
				Config: podConfig(`name = "from-template"`, fmt.Sprintf(`template_id = %q`, tmpl.ID),
					`gpu { type_id = "NVIDIA GeForce RTX 4090" }`, `env = { MODE = "prod" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{"MODE": knownvalue.StringExact("prod")})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("jupyter_password"), knownvalue.NotNull()),
					checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
						if p.Env["MODE"] != "prod" || p.Env["JUPYTER_PASSWORD"] == "" || p.Env["FROM_TEMPLATE"] != "1" {
							return fmt.Errorf("env %v", p.Env)
						}
						return nil
					}),
				},
			},
		},
	})
}

// A pod from a template that has env, with env of its own: the pod gets
// both (the configuration wins per key), state shows the configured keys
// only, and changes, removals and follow-up plans never drop the
// template's keys or show them as drift.
func TestAccPod_templateEnvMerges(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cfg := func(podEnv string) string {
		return acctest.Testdata(t, "pod_from_template_with_env", map[string]any{"Env": podEnv})
	}
	podEnv := func() map[string]string {
		t.Helper()
		st := cli.State()
		for _, r := range st.Values.RootModule.Resources {
			if r.Address != addr {
				continue
			}
			p, ok := env.Fake.Pod(r.AttributeValues["id"].(string))
			if !ok {
				t.Fatalf("pod %v is not in the API", r.AttributeValues["id"])
			}
			return p.Env
		}
		t.Fatalf("no %s in state", addr)
		return nil
	}
	stateEnv := func() map[string]any {
		t.Helper()
		for _, r := range cli.State().Values.RootModule.Resources {
			if r.Address == addr {
				m, _ := r.AttributeValues["env"].(map[string]any)
				return m
			}
		}
		return nil
	}
	clean := func(step string) {
		t.Helper()
		if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
			t.Errorf("%s: the follow-up plan is not clean (exit %d):\n%s", step, res.ExitCode, res.Output())
		}
	}
	want := func(step string, got map[string]string, pairs map[string]string, absent ...string) {
		t.Helper()
		for k, v := range pairs {
			if got[k] != v {
				t.Errorf("%s: pod env %s = %q, want %q (env %v)", step, k, got[k], v, got)
			}
		}
		for _, k := range absent {
			if _, ok := got[k]; ok {
				t.Errorf("%s: pod env still has %s (env %v)", step, k, got)
			}
		}
	}
	template := map[string]string{"MODE": "prod", "HF_HOME": "/cache", "TOKEN": "{{ RUNPOD_SECRET_hf }}"}
	merged := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range template {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}

	// Create: no inconsistent result, no taint.
	cli.SetConfig(cfg(`env = { EXTRA = "1" }`))
	cli.Init()
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode != 0 {
		t.Fatalf("create failed:\n%s", res.Output())
	}
	res.Lacks(t, "inconsistent result", "tainted")
	want("create", podEnv(), merged(map[string]string{"EXTRA": "1"}))
	if se := stateEnv(); len(se) != 1 || se["EXTRA"] != "1" {
		t.Errorf("create: env in state %v, want only the configured EXTRA", se)
	}
	clean("create")

	// Update a key, add one, and override one of the template's.
	cli.SetConfig(cfg(`env = { EXTRA = "2", MORE = "x", MODE = "dev" }`))
	cli.MustRun("apply", "-auto-approve")
	want("update", podEnv(), merged(map[string]string{"EXTRA": "2", "MORE": "x", "MODE": "dev"}))
	clean("update")

	// Remove keys, including the override: the template's value is back.
	cli.SetConfig(cfg(`env = { MORE = "x" }`))
	cli.MustRun("apply", "-auto-approve")
	want("removal", podEnv(), merged(map[string]string{"MORE": "x"}), "EXTRA")
	clean("removal")

	// Empty env: only the template's keys remain.
	cli.SetConfig(cfg(`env = {}`))
	cli.MustRun("apply", "-auto-approve")
	want("empty", podEnv(), template, "EXTRA", "MORE")
	clean("empty")
}
