package registryauth_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A registry credential is imported back by its identity and by its id
// through import blocks. Runpod never returns the username or password, so
// the import plans the documented in-place update that records the
// configured ones in state (ImportBlockSteps asserts an update, so a
// replacement fails the test), with either form.
func TestAccRegistryAuth_identity(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, `
resource "runpod_registry_auth" "r" {
  name                = "identity"
  username            = "bot"
  password_wo         = "identity-password"
  password_wo_version = 1
}`, true))
}
