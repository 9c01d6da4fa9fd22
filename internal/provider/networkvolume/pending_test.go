package networkvolume_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingVolume(extra string) acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "Network Volume", Address: "runpod_network_volume.v", Collection: "/v2/network-volumes",
		Name: "pending", Config: acctest.FastRetries + `
resource "runpod_network_volume" "v" {
  name           = "pending"
  size_gb        = 20
  data_center_id = "EU-RO-1"
  ` + extra + `
}`}
}

// A network volume create whose reply is lost, then a failed list: kept pending; the
// re-run fifteen minutes later (past the twin window) sends no second
// create: it creates the network volume Runpod did not make, and names, never adopts,
// the one it made.
func TestAccNetworkVolume_pendingCreateSettlesLater(t *testing.T) {
	t.Run("made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, acctest.New(t), pendingVolume(""), true)
	})
	t.Run("not made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, acctest.New(t), pendingVolume(""), false)
	})
}

// Destroy of a pending create works and deletes nothing it cannot
// attribute, with or without a refresh.
func TestAccNetworkVolume_pendingCreateDestroyed(t *testing.T) {
	t.Run("refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, acctest.New(t), pendingVolume(""), true)
	})
	t.Run("no refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, acctest.New(t), pendingVolume(""), false)
	})
}

func TestAccNetworkVolume_pendingCreateDuplicateAllowed(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDuplicateAllowed(t, acctest.New(t), pendingVolume(""), pendingVolume("allow_duplicate = true").Config)
}

func TestAccNetworkVolume_pendingCreateDestroyedWhileListFails(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDestroyedUnchecked(t, acctest.New(t), pendingVolume(""))
}
