package acctest

import (
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// WriteOnlyCreate is the step that creates the object at address from
// config, which sets its write-only argument wo with version 1: the value
// is in neither the plan nor the state, nor is the plain argument plain,
// while the version (wo+"_version") is. id captures the object's id and
// stored checks the value the API holds.
func WriteOnlyCreate(address, config, wo, plain string, id *string, stored statecheck.StateCheck) resource.TestStep {
	return resource.TestStep{
		Config: config,
		ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(address, plancheck.ResourceActionCreate),
			plancheck.ExpectKnownValue(address, Attr(wo), knownvalue.Null()),
		}},
		ConfigStateChecks: []statecheck.StateCheck{
			CaptureAttr(address, "id", id),
			statecheck.ExpectKnownValue(address, Attr(wo), knownvalue.Null()),
			statecheck.ExpectKnownValue(address, Attr(plain), knownvalue.Null()),
			statecheck.ExpectKnownValue(address, Attr(wo+"_version"), knownvalue.Int64Exact(1)),
			stored,
		},
	}
}
