package endpoint_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func pendingEndpoint(t *testing.T) acctest.RepeatingKind {
	return acctest.RepeatingKind{Title: "Endpoint", Address: "runpod_endpoint.e", Collection: "/v2/serverless", Name: "pending",
		Config: acctest.FastRetries + endpointConfig(t, "pending")}
}

// An endpoint create whose reply is lost, then a failed list: kept pending
// and settled by the re-run fifteen minutes later (past the twin window),
// with one endpoint in the end, whether Runpod made it or not.
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

func TestAccEndpoint_pendingCreateDestroyedWithoutRefresh(t *testing.T) {
	t.Parallel()
	acctest.PendingCreateDestroyed(t, newEnv(t), pendingEndpoint(t), true)
}
