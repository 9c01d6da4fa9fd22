package secret_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A secret is imported back by its identity and by its id through import
// blocks. Runpod never returns the value, so an imported secret has no
// value_wo_version in state: the import plans one in-place update (the
// first apply sends the configured value, as the import docs say), never a
// replacement, with either form.
func TestAccSecret_identity(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, `
resource "runpod_secret" "s" {
  name             = "identity_token"
  value_wo         = "identity-value"
  value_wo_version = 1
  description      = "imported back"
}`, true))
}
