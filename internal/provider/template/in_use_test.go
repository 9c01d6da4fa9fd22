package template_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// boundEndpointConfig is a queue endpoint made from an image: Runpod makes
// its own template for it, named "llm-inference__template__<suffix>".
const boundEndpointConfig = `
resource "runpod_endpoint" "e" {
  name         = "llm-inference"
  type         = "QUEUE"
  image        = "runpod/worker-v1-vllm:v2.4.0"
  gpu_pools    = ["ADA_24"]
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
}
`

// boundTemplateConfig adopts that template, found by its name in the
// account's templates, into runpod_template.bound as it is. depends_on
// makes a destroy delete the template first, as a configuration that
// manages both in either order might.
const boundTemplateConfig = `
data "runpod_templates" "all" {}

locals {
  bound = one([for t in data.runpod_templates.all.templates : t if startswith(t.name, "llm-inference__template__")])
}

import {
  to = runpod_template.bound
  id = local.bound.id
}

resource "runpod_template" "bound" {
  name                  = local.bound.name
  image                 = local.bound.image
  args                  = local.bound.args
  container_disk_gb     = local.bound.container_disk_gb
  ports                 = local.bound.ports
  env                   = local.bound.env
  serverless            = local.bound.serverless
  category              = local.bound.category
  start_ssh             = local.bound.start_ssh
  start_jupyter         = local.bound.start_jupyter
  allowed_cuda_versions = local.bound.allowed_cuda_versions

  depends_on = [runpod_endpoint.e]
}
`

// Destroying the template Runpod made for an endpoint is refused by
// Runpod; the error names the endpoint and says that deleting it deletes
// the template. The provider deletes nothing on its own: both survive the
// refusal, and destroying the endpoint then takes the template with it.
func TestAccTemplate_inUseByEndpoint(t *testing.T) {
	env := acctest.New(t)
	var endpointID, boundID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy: func(s *terraform.State) error {
			if _, ok := env.Fake.Template(boundID); ok {
				return fmt.Errorf("template %s outlived its endpoint %s", boundID, endpointID)
			}
			return acctest.CheckDestroyed(env.Fake)(s)
		},
		Steps: []resource.TestStep{
			{
				Config:            boundEndpointConfig,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr("runpod_endpoint.e", "id", &endpointID)},
			},
			{
				Config: boundEndpointConfig + boundTemplateConfig,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					// Imported as it is: nothing is written to it.
					plancheck.ExpectResourceAction("runpod_template.bound", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr("runpod_template.bound", "id", &boundID),
					statecheck.ExpectKnownValue("runpod_template.bound", acctest.Attr("name"),
						knownvalue.StringRegexp(regexp.MustCompile(`^llm-inference__template__[a-z0-9]+$`))),
				},
			},
			{
				Config:  boundEndpointConfig + boundTemplateConfig,
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)Template Is In Use.*"llm-inference__template__[a-z0-9]+".*` +
					`made\s+for\s+serverless\s+endpoint\s+"llm-inference"\s+\([a-z0-9]+\).*` +
					`Destroy\s+the\s+endpoint\s+instead:\s+deleting\s+endpoint\s+"llm-inference"\s+\([a-z0-9]+\)\s+` +
					`deletes\s+this\s+template\s+too`),
			},
			{
				// Nothing was deleted; the user stops managing the template.
				Config: boundEndpointConfig + `
removed {
  from = runpod_template.bound
  lifecycle {
    destroy = false
  }
}
`,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						if _, ok := env.Fake.Template(boundID); !ok {
							return fmt.Errorf("template %s was deleted by the refused destroy", boundID)
						}
						if _, ok := env.Fake.Endpoint(endpointID); !ok {
							return fmt.Errorf("endpoint %s was deleted by the refused destroy", endpointID)
						}
						return nil
					}),
				},
			},
		},
	})
}
