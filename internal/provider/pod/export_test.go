package pod

import (
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewTestResource is the runpod_pod resource as the acceptance tests build
// it (acctest.WithResources). The fake advances a pod's lifecycle on reads,
// not on time, so it polls almost without pause; and it runs the OnCreated
// hooks.
func NewTestResource() resource.Resource {
	r := NewResource().(*podResource)
	r.waits = poll.Backoff{Initial: 2 * time.Millisecond, Max: 10 * time.Millisecond}
	r.afterCreate = runCreatedHook
	return r
}

var createdHooks sync.Map

// runCreatedHook runs the OnCreated hook registered for p's name, if any.
func runCreatedHook(p *runpod.Pod) {
	if fn, ok := createdHooks.Load(p.Name); ok {
		fn.(func(string))(p.ID)
	}
}

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
