package networkvolume_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingVolume() acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "Network Volume", Address: "runpod_network_volume.v", Collection: "/v2/network-volumes",
		Name: "pending", Config: acctest.FastRetries + `
resource "runpod_network_volume" "v" {
  name           = "pending"
  size_gb        = 20
  data_center_id = "EU-RO-1"
}`}
}

// A volume create whose reply is lost, then a failed list: kept pending and
// settled by the re-run (volumes have no creation time, so without it the
// volume would block its own create forever), with one volume in the end,
// whether Runpod made it or not.
func TestAccNetworkVolume_pendingCreateSettlesLater(t *testing.T) {
	t.Run("made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, acctest.New(t), pendingVolume(), true)
	})
	t.Run("not made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, acctest.New(t), pendingVolume(), false)
	})
}

func TestAccNetworkVolume_pendingCreateDestroyedWithoutRefresh(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDestroyed(t, acctest.New(t), pendingVolume(), true)
}
