package cluster

import "time"

// The fake API advances member pods per read, so waits need no real time:
// poll as fast as the fake answers.
func init() {
	pollInterval = 2 * time.Millisecond
	maxPollInterval = 5 * time.Millisecond
}
