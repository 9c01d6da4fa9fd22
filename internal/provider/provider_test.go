package provider_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Without an API key `terraform validate` passes (it never configures the
// provider) while plan fails naming api_key and RUNPOD_API_KEY: a pipeline
// whose secret is missing must not approve compute with no stock or price
// check. Asserted on what the real CLI prints and how it exits, for a pod and
// a network volume (whose plans used to pass with "not checked" warnings)
// and a template.
func TestAccProvider_noAPIKeyFailsThePlan(t *testing.T) {
	cli := acctest.NewCLI(t, acctest.FactoriesWithEnv(func(string) string { return "" }))
	cli.SetConfig(acctest.Testdata(t, "template_volume_and_pod", nil))
	cli.Init()
	cli.MustRun("validate")

	plan := cli.MustFail("plan", "-input=false")
	plan.Contains(t, "Missing Runpod API Key", "api_key", "RUNPOD_API_KEY")
	plan.Lacks(t, "Placement Not Checked", "Plan:")

	js := cli.RunJSON("plan", "-input=false")
	if js.ExitCode == 0 {
		t.Fatalf("plan -json exited 0 without an API key")
	}
	if errs := js.Diagnostics("error"); len(errs) == 0 || errs[0].Summary != "Missing Runpod API Key" {
		t.Fatalf("plan -json errors = %+v, want Missing Runpod API Key", errs)
	}
	if w := js.Diagnostics("warning"); len(w) != 0 {
		t.Errorf("plan -json warned %+v; a plan without a key must fail, not warn", w)
	}
}

// A wrong key is reported as the API's 401 with a hint, not as a crash.
func TestAccProvider_badAPIKey(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
provider "runpod" {
  api_key = "not-the-right-key"
}
data "runpod_templates" "all" {}
`,
				ExpectError: regexp.MustCompile(`(?s)401.*Check the API key`),
			},
		},
	})
}

// envWith returns a RUNPOD_* lookup with the fake's key and the given URL.
func envWith(url string) func(string) string {
	return func(k string) string {
		switch k {
		case "RUNPOD_API_KEY":
			return runpodfake.DefaultAPIKey
		case "RUNPOD_API_URL":
			return url
		}
		return ""
	}
}

// Runpod's docs write the base as https://api.runpod.io/v2 while every path
// carries /v2; a base URL copied from the docs must work, not 404 on
// /v2/v2/....
func TestAccProvider_baseURLTrailingV2IsNormalised(t *testing.T) {
	env := acctest.New(t)
	env.Fake.SeedTemplate(runpodfake.Template{Name: "seeded", Image: "runpod/base:0.6.2"})
	for _, suffix := range []string{"/v2", "/v2/"} {
		t.Run(suffix, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.FactoriesWithEnv(envWith(env.Fake.URL() + suffix)),
				Steps: []resource.TestStep{{
					Config: `data "runpod_templates" "all" {}`,
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue("data.runpod_templates.all", tfjsonpath.New("templates").AtSliceIndex(0).AtMapKey("name"),
							knownvalue.StringExact("seeded")),
					},
				}},
			})
		})
	}
	// The same through the provider block, and never a request to /v2/v2.
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
provider "runpod" {
  base_url = %q
}
data "runpod_templates" "all" {}`, env.Fake.URL()+"/v2"),
			Check: func(*terraform.State) error {
				if n := env.Fake.CountRequests("", "/v2/v2/*"); n != 0 {
					return fmt.Errorf("%d request(s) went to /v2/v2/...", n)
				}
				return nil
			},
		}},
	})
}

// A base URL without a scheme fails validation (in the provider block) or
// Configure (from RUNPOD_API_URL) with a message that names the setting, the
// value and what a valid one looks like, not a Go field name.
func TestAccProvider_baseURLWithoutScheme(t *testing.T) {
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.FactoriesWithEnv(envWith("")),
		Steps: []resource.TestStep{{
			Config: `
provider "runpod" {
  base_url = "api.runpod.io"
}
data "runpod_templates" "all" {}`,
			ExpectError: regexp.MustCompile(`(?s)Invalid Runpod API Base URL.*base_url.*"api.runpod.io".*no\s+http://\s+or\s+https://\s+scheme.*"https://api.runpod.io"`),
		}},
	})
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.FactoriesWithEnv(envWith("localhost:8080")),
		Steps: []resource.TestStep{{
			Config:      `data "runpod_templates" "all" {}`,
			ExpectError: regexp.MustCompile(`(?s)Invalid Runpod API Base URL.*RUNPOD_API_URL\s+environment\s+variable\s+is\s+"localhost:8080".*no\s+http://\s+or\s+https://\s+scheme.*"https://api.runpod.io"`),
		}},
	})
}

// An address nothing answers on gives an error that says which address was
// tried, which settings choose it and what a valid one looks like, not a bare
// "dial tcp". max_retries = 0 keeps the test from waiting out backoffs.
func TestAccProvider_unreachableBaseURL(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	url := closed.URL
	closed.Close() // nothing listens there any more
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.FactoriesWithEnv(envWith(url)),
		Steps: []resource.TestStep{{
			Config: `
provider "runpod" {
  max_retries = 0
}
data "runpod_templates" "all" {}`,
			ExpectError: regexp.MustCompile(`(?s)Cannot List Templates.*cannot\s+reach\s+the\s+Runpod\s+API\s+at\s+` +
				regexp.QuoteMeta(url) + `.*` + regexp.QuoteMeta(url+"/v2/templates") + `.*after\s+1\s+attempt.*` +
				`base_url.*RUNPOD_API_URL.*"https://api.runpod.io"`),
		}},
	})
}
