package cluster_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingCluster(t *testing.T) acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "Cluster", Address: addr, Collection: "/v2/clusters", Name: "pending",
		Config: acctest.FastRetries + clusterConfig(t, "pending")}
}

// A cluster create whose reply is lost, then a failed list: kept pending
// and settled by the re-run fifteen minutes later (past the twin window),
// with one cluster in the end, whether Runpod made it or not.
func TestAccCluster_pendingCreateSettlesLater(t *testing.T) {
	t.Run("made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, newEnv(t), pendingCluster(t), true)
	})
	t.Run("not made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, newEnv(t), pendingCluster(t), false)
	})
}

func TestAccCluster_pendingCreateDestroyedWithoutRefresh(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDestroyed(t, newEnv(t), pendingCluster(t), true)
}
