package endpoint_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingEndpoint(t *testing.T) acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "Endpoint", Address: "runpod_endpoint.e", Collection: "/v2/serverless", Name: "pending",
		Config: acctest.FastRetries + endpointConfig(t, "pending")}
}

// A endpoint create whose reply is lost, then a failed list: kept pending; the
// re-run fifteen minutes later (past the twin window) sends no second
// create: it creates the endpoint Runpod did not make, and names, never adopts,
// the one it made.
func TestAccEndpoint_pendingCreateSettlesLater(t *testing.T) {
	t.Run("made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, newEnv(t), pendingEndpoint(t), true)
	})
	t.Run("not made", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateSettles(t, newEnv(t), pendingEndpoint(t), false)
	})
}

// Destroy of a pending create works and deletes nothing it cannot
// attribute, with or without a refresh.
func TestAccEndpoint_pendingCreateDestroyed(t *testing.T) {
	t.Run("refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, newEnv(t), pendingEndpoint(t), true)
	})
	t.Run("no refresh", func(t *testing.T) {
		t.Parallel()
		acctest.PendingCreateDestroyed(t, newEnv(t), pendingEndpoint(t), false)
	})
}
