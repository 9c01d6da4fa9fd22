package secret_test

import (
	"fmt"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/secret"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// secretKind is runpod_secret for the fault tests shared with the other
// uniquely named kinds. The adopted secret must hold the configured value.
var secretKind = acctest.NamedKind{
	Facts:          secret.Kind.Facts(),
	Address:        addr,
	CollectionPath: "/v2/account/secrets",
	Config: acctest.OutageOr(`
resource "runpod_secret" "s" {
  name        = "outage"
  value       = "outage-value"
  description = "kept"
}`, func(name string) string {
		return fmt.Sprintf(`
resource "runpod_secret" "s" {
  name  = %q
  value = "double-fault-value"
}`, name)
	}),
	IDsNamed: (*runpodfake.Fake).SecretIDsNamed,
	CheckAdopted: func(fake *runpodfake.Fake, id string) error {
		return secretValue(fake, id, "double-fault-value")
	},
}

func TestAccSecret_readOutageAfterCreateKeepsIt(t *testing.T) {
	t.Parallel()
	acctest.ReadOutageAfterCreateKeepsIt(t, secretKind)
}

func TestAccSecret_lostReplyAndFailedLookupIsSettledNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostReplyAndFailedLookupIsSettledNextRun(t, secretKind, "double_fault")
}

func TestAccSecret_lostCreateReplyIsNotAdopted(t *testing.T) {
	t.Parallel()
	acctest.LostCreateReplyIsNotAdopted(t, secretKind, "flaky")
}

func TestAccSecret_lostCreateRequestSaysNotCreated(t *testing.T) {
	t.Parallel()
	acctest.LostCreateRequestSaysNotCreated(t, secretKind, "lostrequest")
}

func TestAccSecret_lostBeforeActingAndFailedLookupIsCreatedNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostBeforeActingAndFailedLookupIsCreatedNextRun(t, secretKind, "never_made")
}
