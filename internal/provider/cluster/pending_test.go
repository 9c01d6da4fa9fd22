package cluster_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingCluster(t *testing.T) acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "Cluster", Address: addr, Collection: "/v2/clusters", Name: "pending",
		Config: acctest.FastRetries + clusterConfig(t, "pending")}
}

// A cluster create whose reply is lost, then a failed list: kept pending; the
// re-run fifteen minutes later (past the twin window) sends no second
// create: it creates the cluster Runpod did not make, and names, never adopts,
// the one it made.
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

// Destroy of a pending create works and deletes nothing it cannot
// attribute, with or without a refresh.
func TestAccCluster_pendingCreateDestroyed(t *testing.T) {
	t.Run("refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, newEnv(t), pendingCluster(t), true)
	})
	t.Run("no refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, newEnv(t), pendingCluster(t), false)
	})
}
