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

func TestAccSecret_lostReplyAndFailedLookupIsResolvedNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostReplyAndFailedLookupIsResolvedNextRun(t, secretKind, "double_fault")
}

func TestAccSecret_ambiguousCreateIsNotRepeated(t *testing.T) {
	t.Parallel()
	acctest.AmbiguousCreateIsNotRepeated(t, secretKind, "flaky")
}

func TestAccSecret_lostBeforeActingAndFailedLookupIsCreatedNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostBeforeActingAndFailedLookupIsCreatedNextRun(t, secretKind, "never_made")
}
