package functions_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Provider functions exist from Terraform 1.8 and OpenTofu 1.7.
var functionsVersion = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)}

// newEnv is a fake whose pods run and map their ports on the first read, so
// that the provider's own runpod_pod waits without pause.
func newEnv(t *testing.T) *acctest.Env {
	t.Helper()
	env := acctest.New(t)
	env.Fake.SetPodStartDelay(0)
	env.Fake.SetPortMappingDelay(0)
	return env
}

// withVersions is config after testdata/versions.tf.
func withVersions(t *testing.T, config string) string {
	t.Helper()
	return acctest.Testdata(t, "versions", nil) + "\n" + config
}

// sentEnv is the env of each request body the fake received for method and
// path.
func sentEnv(fake *runpodfake.Fake, method, path string) ([]map[string]any, error) {
	var out []map[string]any
	for _, r := range fake.Requests() {
		if r.Method != method || r.Path != path {
			continue
		}
		var body struct {
			Env map[string]any `json:"env"`
		}
		if err := json.Unmarshal(r.Body, &body); err != nil {
			return nil, fmt.Errorf("%s %s body: %w", method, path, err)
		}
		out = append(out, body.Env)
	}
	return out, nil
}

// A pod's env value from secret_ref, and the pod's URL from proxy_url: the
// pod is created with the reference (never the value), plans clean after,
// and the functions agree with the attributes runpod_secret and runpod_pod
// report for the same objects.
func TestAccFunctions_inPodEnvAndOutputs(t *testing.T) {
	env := newEnv(t)
	config := withVersions(t, acctest.Testdata(t, "pod_env_from_secret_ref", nil))
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   functionsVersion,
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					// Known at plan: the pod's env shows the reference a reviewer approves.
					plancheck.ExpectKnownValue("runpod_pod.p", acctest.Attr("env", "HF_TOKEN"),
						knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("hf_token_env", knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}")),
					statecheck.ExpectKnownOutputValue("ref_is_secrets_reference", knownvalue.Bool(true)),
					statecheck.ExpectKnownOutputValue("url", knownvalue.StringRegexp(
						regexp.MustCompile(`^https://[a-z0-9]+-8888\.proxy\.runpod\.net$`))),
					statecheck.ExpectKnownOutputValue("url_is_pods_proxy_url", knownvalue.Bool(true)),
					statecheck.ExpectKnownOutputValue("urls_of_http_ports", knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringRegexp(regexp.MustCompile(`^https://[a-z0-9]+-8888\.proxy\.runpod\.net$`)),
					})),
					acctest.CheckFake(func() error {
						envs, err := sentEnv(env.Fake, "POST", "/v2/pods")
						if err != nil {
							return err
						}
						if len(envs) != 1 || envs[0]["HF_TOKEN"] != "{{ RUNPOD_SECRET_hf_token }}" {
							return fmt.Errorf("pod creates sent env %v, want one with HF_TOKEN = {{ RUNPOD_SECRET_hf_token }}", envs)
						}
						return nil
					}),
				},
			},
			{
				// Runpod reads the reference back as it was sent: nothing to change.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
		},
	})
}

// A bad argument fails the plan with the CLI's "Invalid value for ...
// parameter" naming the argument, followed by what the function allows.
func TestAccFunctions_badArguments(t *testing.T) {
	cli := newEnv(t).CLI(t)
	cli.WriteFile("versions.tf", acctest.Testdata(t, "versions", nil))
	cli.SetConfig(acctest.Testdata(t, "bad_arguments", nil))
	cli.Init()
	r := cli.MustFail("plan", "-input=false")
	r.Says(t,
		`Invalid value for "name" parameter: "RUNPOD_API_KEY" starts with "RUNPOD", a prefix Runpod reserves for `+
			`its own variables (in any letter case). Choose a name that does not start with it.`,
		`Invalid value for "name" parameter: "hf token" is not a valid secret name. Secret names are 1 to 191 `+
			`characters long, start with a letter or an underscore, and contain only letters, digits, underscores, `+
			`dots, hyphens and slashes (pattern ^[a-zA-Z_][a-zA-Z0-9_.\-/]*$).`,
		`Invalid value for "pod_id" parameter: "7H9K2M4N6P" is not a pod id: Runpod's pod ids are lowercase `+
			`letters and digits only, such as runpod_pod.<name>.id.`,
		`Invalid value for "port" parameter: 70000 is not a port: the port number must be from 1 to 65535.`,
		`Invalid value for "port" parameter: "22/tcp" is a TCP port: Runpod maps TCP ports to public ports `+
			`(runpod_pod's port_mappings) and reaches only "<port>/http" ports through its proxy.`,
		`Invalid value for "port" parameter: "8888.5" is not a port: give the port number, from 1 to 65535, or `+
			`the port as the pod's ports write it, such as 8888 or "8888/http".`,
	)
	// Each call is refused on its own, with the call shown.
	if n := r.Count("Error: Invalid function argument"); n != 6 {
		t.Errorf("%d function argument errors, want one for each of the 6 bad calls:\n%s", n, r.Output())
	}
	r.Contains(t, "while calling provider::runpod::secret_ref(name)", "while calling provider::runpod::proxy_url(pod_id, port)")
	// The messages leave the final period to the CLI.
	r.Lacks(t, "with it..", "<name>.id..", "65535..", "proxy..", `"8888/http"..`, "$)..")
}

// A bad secret_ref in a pod's env stops the apply at plan: no pod is
// created with a reference that could never resolve.
func TestAccFunctions_badSecretRefInPodEnv(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.WriteFile("versions.tf", acctest.Testdata(t, "versions", nil))
	cli.SetConfig(acctest.Testdata(t, "pod_env_with_bad_secret_ref", nil))
	cli.Init()
	r := cli.MustFail("apply", "-auto-approve", "-input=false")
	r.Says(t, `in resource "runpod_pod" "p"`,
		`Invalid value for "name" parameter: "runpod hf token" is not a valid secret name.`)
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
		t.Errorf("%d pod creates after a refused secret_ref, want none", n)
	}
}
