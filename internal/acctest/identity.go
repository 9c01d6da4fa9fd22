package acctest

import (
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// IdentityVersions skips a test visibly on CLIs without resource identity
// (Terraform before 1.12).
var IdentityVersions = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)}

// IdentityIsID asserts that addr's identity holds the same id as its state.
func IdentityIsID(addr string) statecheck.StateCheck {
	return statecheck.ExpectIdentityValueMatchesState(addr, tfjsonpath.New("id"))
}

// ImportBlockSteps imports addr again, once through an import block with
// `identity = { id = … }` and once with `id = …`, each from the state the
// previous step left. A plannable import must plan to nothing but the import
// (the identity found must also equal the one in state); recordsFromConfig
// is for the kinds whose create-only settings the API cannot return, where
// the import plans one in-place update that records them, never a
// replacement.
func ImportBlockSteps(addr string, recordsFromConfig bool) []resource.TestStep {
	var steps []resource.TestStep
	for _, kind := range []resource.ImportStateKind{resource.ImportBlockWithResourceIdentity, resource.ImportBlockWithID} {
		step := resource.TestStep{
			ResourceName:    addr,
			ImportState:     true,
			ImportStateKind: kind,
		}
		if recordsFromConfig {
			step.ExpectNonEmptyPlan = true
			step.ImportPlanChecks.PreApply = []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
			}
		}
		steps = append(steps, step)
	}
	return steps
}

// IdentityTestCase is the test of a resource's identity: config creates
// addr, whose identity must hold its id; then addr is imported back by
// identity and by id through import blocks (ImportBlockSteps, with
// recordsFromConfig as there), and everything is destroyed for real.
// Skipped visibly before Terraform 1.12.
func (e *Env) IdentityTestCase(addr, config string, recordsFromConfig bool) resource.TestCase {
	return resource.TestCase{
		ProtoV6ProviderFactories: e.Factories,
		TerraformVersionChecks:   IdentityVersions,
		CheckDestroy:             CheckDestroyed(e.Fake),
		Steps: append([]resource.TestStep{{
			Config:            config,
			ConfigStateChecks: []statecheck.StateCheck{IdentityIsID(addr)},
		}}, ImportBlockSteps(addr, recordsFromConfig)...),
	}
}
