package ecrdelegation_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingDelegation() acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "ECR Delegation", Address: addr, Collection: "/v2/registries/delegations",
		Name: "pending", Config: acctest.FastRetries + config(arnApp, "pending")}
}

// A delegation create whose reply is lost, then a failed list: kept pending
// and settled by the re-run fifteen minutes later (past the twin window),
// with one delegation in the end, whether Runpod made it or not.
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

func TestAccEcrDelegation_pendingCreateDestroyedWithoutRefresh(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDestroyed(t, acctest.New(t), pendingDelegation(), true)
}
