package registryauth_test

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// plainCredential is the configuration of a credential named name, with
// username "u" and password "p".
func plainCredential(name string) string {
	return fmt.Sprintf(`
resource "runpod_registry_auth" "r" {
  name     = %q
  username = "u"
  password = "p"
}`, name)
}

// created is the step that applies config, capturing the credential's id.
func created(config string, id *string) resource.TestStep {
	return resource.TestStep{
		Config:            config,
		ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", id)},
	}
}
