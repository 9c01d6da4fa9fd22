package cluster

import (
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
)

// testWaits polls as fast as the fake answers: the fake API advances member
// pods per read, so waits need no real time.
var testWaits = poll.Backoff{Initial: 2 * time.Millisecond, Max: 5 * time.Millisecond}

// NewTestResource is the runpod_cluster resource as the acceptance tests
// build it (acctest.WithResources): the same resource, pacing its waits by
// testWaits.
func NewTestResource() resource.Resource {
	r := NewResource().(*clusterResource)
	r.waits = testWaits
	return r
}
