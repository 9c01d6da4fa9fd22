package template_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A template is imported back by its identity and by its id through import
// blocks, and either plans to the import alone.
func TestAccTemplate_identity(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, `
resource "runpod_template" "t" {
  name  = "identity"
  image = "runpod/base:0.6.2"
  env   = { MODE = "prod" }
}`, false))
}
