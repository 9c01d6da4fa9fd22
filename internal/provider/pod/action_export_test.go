package pod

import (
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
)

// The fake API advances a pod's lifecycle per read, not with time, so the
// actions built in this package's tests poll almost without pause, as
// NewTestResource's waits do.
func init() {
	actionWaits = poll.Backoff{Initial: 2 * time.Millisecond, Max: 10 * time.Millisecond}
}
