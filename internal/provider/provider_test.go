package provider_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A configuration validates and plans a new resource without any API key:
// Configure makes no API call. The apply, which needs the API, then fails
// with an error that says how to provide the key.
func TestAccProvider_noAPIKeyUntilNeeded(t *testing.T) {
	noEnv := func(string) string { return "" }
	config := `
resource "runpod_template" "t" {
  name  = "needs-a-key"
  image = "runpod/base:0.6.2"
}`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.FactoriesWithEnv(noEnv),
		Steps: []resource.TestStep{
			{
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config:      config,
				ExpectError: regexp.MustCompile(`(?s)Missing Runpod API Key.*api_key.*RUNPOD_API_KEY`),
			},
		},
	})
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
