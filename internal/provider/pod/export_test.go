package pod

import (
	"sync"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// The fake advances a pod's lifecycle on reads, not on time, so the tests
// poll almost without pause.
func init() {
	pollMin, pollMax = 2*time.Millisecond, 10*time.Millisecond
	afterCreate = func(p *runpod.Pod) {
		if fn, ok := createdHooks.Load(p.Name); ok {
			fn.(func(string))(p.ID)
		}
	}
}

var createdHooks sync.Map

// OnCreated runs fn with the id of each pod named name right after the
// create request returns, before the provider waits for it: a test's way to
// act as the host would. Names must be unique across parallel tests.
func OnCreated(t *testing.T, name string, fn func(id string)) {
	t.Helper()
	if _, loaded := createdHooks.LoadOrStore(name, fn); loaded {
		t.Fatalf("OnCreated: a hook for %q is already set", name)
	}
	t.Cleanup(func() { createdHooks.Delete(name) })
}
