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

// Destroying the template Runpod made for an endpoint is refused by
// Runpod; the error names the endpoint and says that deleting it deletes
// the template. The provider deletes nothing on its own: both survive the
// refusal, and destroying the endpoint then takes the template with it.
func TestAccTemplate_inUseByEndpoint(t *testing.T) {
	env := acctest.New(t)
	var endpointID, boundID string
	// A queue endpoint made from an image: Runpod makes its own template
	// for it, named "llm-inference__template__<suffix>".
	endpoint := acctest.Testdata(t, "endpoint_from_image", nil)
	// That template adopted into runpod_template.bound as it is. depends_on
	// makes a destroy delete the template first, as a configuration that
	// manages both in either order might.
	bound := endpoint + "\n" + adoptEndpointTemplate(t, "llm-inference", "runpod_endpoint.e")
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
				Config:            endpoint,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr("runpod_endpoint.e", "id", &endpointID)},
			},
			{
				Config: bound,
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
				Config:  bound,
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)Template Is In Use.*"llm-inference__template__[a-z0-9]+".*` +
					`made\s+for\s+serverless\s+endpoint\s+"llm-inference"\s+\([a-z0-9]+\).*` +
					`Destroy\s+the\s+endpoint\s+instead:\s+deleting\s+endpoint\s+"llm-inference"\s+\([a-z0-9]+\)\s+` +
					`deletes\s+this\s+template\s+too`),
			},
			{
				// Nothing was deleted; the user stops managing the template.
				Config: endpoint + "\n" + templatesRemoved(t, "bound"),
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
