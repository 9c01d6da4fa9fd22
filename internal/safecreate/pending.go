package safecreate

import (
	"context"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// Pending is what a create of a kind whose names repeat leaves for the next
// run when its reply was lost and the list that looked for its object
// failed too (Request.Record): the lookalikes that existed before it was
// sent, which it cannot have made, and when it was sent. It is kept in the
// resource's private state (pendingcreate.Save), never shown.
type Pending struct {
	Baseline []string  `json:"baseline"`
	SentAt   time.Time `json:"sent_at"`
}

// PendingCandidates lists the kind and returns the objects that p's create
// may have made: the lookalikes of l that were not in its baseline and that
// no other address of this configuration manages. With siblings true (a
// refresh) it waits, as the plan's guard does, for the objects of a count
// or for_each set's other members to be read (providerdata.Unowned).
func PendingCandidates[T any](ctx context.Context, k kinds.Kind[T], l Lookalike[T], data *providerdata.Data, p Pending,
	siblings bool,
) ([]T, error) {
	all, err := lister(k, data)(ctx)
	if err != nil {
		return nil, err
	}
	creates := data.Creates()
	found := kinds.Pick(all, func(o *T) bool {
		return l.counts(k, o) && !slices.Contains(p.Baseline, k.ID(o)) && !creates.Owns(k.Noun, k.ID(o))
	})
	if !siblings {
		return found, nil
	}
	return providerdata.Unowned(ctx, data, k.Noun, found, func(o T) string { return k.ID(&o) })
}

// SettlePending is the one decision on a pending create, given the
// candidates that appeared since it was sent (PendingCandidates): none
// means the create did not happen (nil, nil: drop it so that the plan
// creates it); exactly one is adopted (it is returned, with the warning);
// several are refused, each named, with the way out (an import block, or
// l.OptOut), unless the configuration opted out (optedOut: nil, nil, so
// that the plan creates another).
func SettlePending[T any](k kinds.Kind[T], l Lookalike[T], candidates []T, optedOut bool) (*T, diag.Diagnostic) {
	switch {
	case len(candidates) == 0:
		return nil, nil
	case len(candidates) == 1:
		adopted := candidates[0]
		return &adopted, diagnostics.FoundAmongAfterLostReply(k.Noun, l.Name, l.Shape, k.ID(&adopted))
	case optedOut:
		return nil, nil
	}
	return nil, diagnostics.PendingUnsettled(k.Noun, l.Name, l.Shape, Describe(k, l, candidates),
		diagnostics.ImportHint(k.ResourceType, k.ID(&candidates[0])), l.OptOut)
}

// Describe is one line per object of objs, for messages that list
// lookalikes.
func Describe[T any](k kinds.Kind[T], l Lookalike[T], objs []T) []string {
	lines := make([]string, len(objs))
	for i := range objs {
		lines[i] = describe(k, l, &objs[i])
	}
	return lines
}
