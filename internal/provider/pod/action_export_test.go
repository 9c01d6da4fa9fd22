package pod

import (
	"github.com/hashicorp/terraform-plugin-framework/action"
)

// NewTestActions are the pod actions with their waits paced for the fake
// API, which advances a pod's lifecycle per read, not with time (as
// NewTestResource's waits are); acctest.Env.WithActions puts them in place
// of the provider's.
func NewTestActions() []func() action.Action {
	waits := NewTestResource().(*podResource).waits
	return []func() action.Action{
		func() action.Action { return &podAction{kind: stopKind, waits: waits} },
		func() action.Action { return &podAction{kind: startKind, waits: waits} },
		func() action.Action { return &podAction{kind: restartKind, waits: waits} },
	}
}
