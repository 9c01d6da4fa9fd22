package safecreate

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

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
// may have made: the lookalikes of l, whatever their age, that were not in
// its baseline and that no address of this process reads, plans or
// created. It does not wait for siblings (a count or for_each set's other
// members) to be read: a refresh or a delete only keeps or names what it
// returns, never adopts or deletes it, so an object too many is harmless
// there. The plan, which refuses, uses PlanCandidates.
func PendingCandidates[T any](ctx context.Context, k kinds.Kind[T], l Lookalike[T], data *providerdata.Data, p Pending,
) ([]T, error) {
	all, err := lister(k, data)(ctx)
	if err != nil {
		return nil, err
	}
	creates := data.Creates()
	return kinds.Pick(all, func(o *T) bool {
		return l.counts(k, o) && !slices.Contains(p.Baseline, k.ID(o)) && !creates.Owns(k.Noun, k.ID(o))
	}), nil
}

// PlanCandidates is PendingCandidates for the plan of a pending create,
// which refuses to go on while any exists: on the kind's list shared with
// refresh, after waiting for the objects of siblings to be read as objects
// in state (providerdata.UnmanagedLookalikes), so that a count set's own
// member is never named. In the plan Terraform makes again during apply
// (caps) it finds nothing: the plan before it decided. starved is true when
// the wait ended because the waiting plans held every one of Terraform's
// slots: the candidates may then include siblings' objects (see
// MaybeSiblings).
func PlanCandidates[T any](ctx context.Context, k kinds.Kind[T], l Lookalike[T], data *providerdata.Data, p Pending,
	caps resource.ModifyPlanClientCapabilities,
) (candidates []T, starved bool, err error) {
	return providerdata.UnmanagedLookalikes(ctx, data, caps, k.Noun, k.SharedList,
		func(o T) bool { return l.counts(k, &o) && !slices.Contains(p.Baseline, k.ID(&o)) },
		func(o T) string { return k.ID(&o) })
}

// Describe is one line per object of objs, for messages that list
// lookalikes: its id, what l.Describe says, and when it was created where
// the kind says.
func Describe[T any](k kinds.Kind[T], l Lookalike[T], objs []T) []string {
	lines := make([]string, len(objs))
	for i := range objs {
		lines[i] = describe(k, l, &objs[i])
	}
	return lines
}

// IDs are the ids of objs.
func IDs[T any](k kinds.Kind[T], objs []T) []string {
	out := make([]string, 0, len(objs))
	for i := range objs {
		out = append(out, k.ID(&objs[i]))
	}
	return out
}

// MaybeSiblings is refusal d of a pending create whose candidates were
// found while Terraform could not read the other members of its set
// (starved): it still refuses, since a pending create's object may bill
// twice, and says how to let the provider tell the set's own members apart.
func MaybeSiblings(d diag.Diagnostic, starved bool) diag.Diagnostic {
	if !starved {
		return d
	}
	return diag.NewErrorDiagnostic(d.Summary(), d.Detail()+fmt.Sprintf("\n\n"+
		"With -parallelism=%d Terraform had not read the other members of this resource's set (count or for_each) "+
		"when this plan ran, so some of these may be theirs. A run with a higher -parallelism tells them apart.",
		providerdata.Parallelism()))
}
