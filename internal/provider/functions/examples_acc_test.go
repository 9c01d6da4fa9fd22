package functions_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The documented examples (examples/functions/<name>/function.tf, what the
// docs show) apply as they are and give what their comments say.

func TestAccFunctionExample_secretRef(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   functionsVersion,
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			Config: withVersions(t, acctest.Example(t, "functions/secret_ref/function.tf")),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("hf_token_reference", knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}")),
				acctest.CheckFake(func() error {
					ids := env.Fake.TemplateIDsNamed("inference")
					if len(ids) != 1 {
						return fmt.Errorf("%d templates named inference, want 1", len(ids))
					}
					tpl, _ := env.Fake.Template(ids[0])
					if got := tpl.Env["HF_TOKEN"]; got != "{{ RUNPOD_SECRET_hf_token }}" {
						return fmt.Errorf("template env HF_TOKEN = %q, want the reference {{ RUNPOD_SECRET_hf_token }}", got)
					}
					return nil
				}),
			},
		}},
	})
}

func TestAccFunctionExample_proxyURL(t *testing.T) {
	env := newEnv(t)
	appURL := regexp.MustCompile(`^https://([a-z0-9]+)-7860\.proxy\.runpod\.net$`)
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   functionsVersion,
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			Config: withVersions(t, acctest.Example(t, "functions/proxy_url/function.tf")),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("shared_notebook_url", knownvalue.StringExact("https://7h9k2m4n6p-8888.proxy.runpod.net")),
				// The app's URL names the pod the example created, whose 7860/http it is.
				statecheck.ExpectKnownOutputValue("app_url", knownvalue.StringFunc(func(url string) error {
					m := appURL.FindStringSubmatch(url)
					if m == nil {
						return fmt.Errorf("app_url %q is not https://<pod id>-7860.proxy.runpod.net", url)
					}
					p, ok := env.Fake.Pod(m[1])
					if !ok || p.Name != "app" {
						return fmt.Errorf("app_url %q names no pod called app in the API", url)
					}
					return nil
				})),
			},
		}},
	})
}
