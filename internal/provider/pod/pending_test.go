package pod_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func pendingPod(t *testing.T) acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "Pod", Address: addr, Collection: "/v2/pods", Name: "pending",
		Config: acctest.FastRetries + gpuPod(t, "pending")}
}

// A pod create whose reply is lost, then a failed list: kept pending; the
// re-run fifteen minutes later (past the twin window) sends no second
// create: it creates the pod Runpod did not make, and names, never adopts,
// the one it made.
func TestAccPod_pendingCreateSettlesLater(t *testing.T) {
	t.Run("made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, newEnv(t), pendingPod(t), true)
	})
	t.Run("not made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, newEnv(t), pendingPod(t), false)
	})
}

// Destroy of a pending create works and deletes nothing it cannot
// attribute, with or without a refresh, and when the list fails again.
func TestAccPod_pendingCreateDestroyed(t *testing.T) {
	t.Run("refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, newEnv(t), pendingPod(t), true)
	})
	t.Run("no refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, newEnv(t), pendingPod(t), false)
	})
	t.Run("list fails", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyedUnchecked(t, newEnv(t), pendingPod(t))
	})
}

func TestAccPod_pendingCreateDuplicateAllowed(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDuplicateAllowed(t, newEnv(t), pendingPod(t),
		acctest.FastRetries+gpuPod(t, "pending", "allow_duplicate = true"))
}

func TestAccPod_pendingCreateAmongTwinsIsRefused(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	acctest.PendingCreateRefusedAmongTwins(t, env, pendingPod(t), func() string {
		return env.Fake.SeedPod(runpodfake.Pod{Name: "pending", Image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04",
			GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 1}}).ID
	})
}
