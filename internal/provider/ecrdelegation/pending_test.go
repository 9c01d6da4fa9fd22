package ecrdelegation_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingDelegation() acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "ECR Delegation", Address: addr, Collection: "/v2/registries/delegations",
		Name: "pending", Config: acctest.FastRetries + config(arnApp, "pending")}
}

// A delegation create whose reply is lost, then a failed list: kept pending; the
// re-run fifteen minutes later (past the twin window) sends no second
// create: it creates the delegation Runpod did not make, and names, never adopts,
// the one it made.
func TestAccEcrDelegation_pendingCreateSettlesLater(t *testing.T) {
	t.Run("made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, acctest.New(t), pendingDelegation(), true)
	})
	t.Run("not made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, acctest.New(t), pendingDelegation(), false)
	})
}

// Destroy of a pending create works and deletes nothing it cannot
// attribute, with or without a refresh.
func TestAccEcrDelegation_pendingCreateDestroyed(t *testing.T) {
	t.Run("refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, acctest.New(t), pendingDelegation(), true)
	})
	t.Run("no refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, acctest.New(t), pendingDelegation(), false)
	})
}

func TestAccEcrDelegation_pendingCreateDuplicateAllowed(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDuplicateAllowed(t, acctest.New(t), pendingDelegation(), acctest.FastRetries+`
resource "runpod_ecr_delegation" "d" {
  resource        = "`+arnApp+`"
  name            = "pending"
  allow_duplicate = true
}`)
}
