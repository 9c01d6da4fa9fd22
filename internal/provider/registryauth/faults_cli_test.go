package registryauth_test

import (
	"fmt"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/registryauth"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// registryKind is runpod_registry_auth for the fault tests shared with the
// other uniquely named kinds. A replacement after a read outage would delete
// the credential and clear it from templates, hence the untainted check.
var registryKind = acctest.NamedKind{
	Facts:          registryauth.Kind.Facts(),
	Address:        addr,
	CollectionPath: "/v2/registries",
	Config: func(name string) string {
		return fmt.Sprintf(`
resource "runpod_registry_auth" "r" {
  name     = %q
  username = "u"
  password = "%s-password"
}`, name, name)
	},
	IDsNamed: (*runpodfake.Fake).RegistryIDsNamed,
}

func TestAccRegistryAuth_readOutageAfterCreateKeepsIt(t *testing.T) {
	t.Parallel()
	acctest.ReadOutageAfterCreateKeepsIt(t, registryKind)
}

func TestAccRegistryAuth_lostReplyAndFailedLookupIsSettledNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostReplyAndFailedLookupIsSettledNextRun(t, registryKind, "double-fault")
}

func TestAccRegistryAuth_lostCreateReplyIsNotAdopted(t *testing.T) {
	t.Parallel()
	acctest.LostCreateReplyIsNotAdopted(t, registryKind, "flaky")
}

func TestAccRegistryAuth_lostCreateRequestSaysNotCreated(t *testing.T) {
	t.Parallel()
	acctest.LostCreateRequestSaysNotCreated(t, registryKind, "lostrequest")
}

func TestAccRegistryAuth_lostBeforeActingAndFailedLookupIsCreatedNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostBeforeActingAndFailedLookupIsCreatedNextRun(t, registryKind, "never-made")
}
