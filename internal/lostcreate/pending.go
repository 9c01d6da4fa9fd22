package lostcreate

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// Pending is what a pending create keeps in private state: the address
// whose create reply was lost.
//
// When a create's reply is lost (a 5xx, a dropped connection) and the
// lookup after it cannot single out one new lookalike, the create fails as
// before, but its address is saved in state as a pending create: no id,
// and, in private state, when the request was sent and the ids it must not
// take for its own (Pending.Exclude: the lookalikes listed before the POST
// and every same-name object this provider process created, its count or
// for_each siblings included, once their creates had returned). Terraform
// marks the record tainted, because the apply failed.
//
// The next refresh settles it (see Candidates): exactly one lookalike
// outside the exclusions (and, for kinds that say when an object was
// created, created since the request was sent) is the one the lost reply
// made and is taken into state, with a warning; the record stays tainted, so
// the plan replaces it unless the user runs `terraform untaint`. None means
// the create did not happen: the record stays, and the plan replaces it,
// which creates the object.
//
// Not finished (issue 26, part b): the framework hands Create no private
// state (CreateRequest has no Private), and Terraform passes a tainted
// object's private state neither to the replacement's PlanResourceChange
// (PriorPrivate is nil for a tainted object) nor to its Delete (which gets
// the replacement's planned private state). So DeleteID, meant to mark the
// exclusions as this process's own before the replacement's Create, finds
// no record, and the Create's guard still refuses the siblings. Carrying
// the exclusions in the state value (which the Delete does receive) or
// keeping the record untainted and planning an Update that creates are the
// ways left; see the helper's report.
//
// A lost reply with no state saved at all (a killed run) leaves nothing to
// single out, and the guard's refusal of a recent lookalike stays.

// Pending is what a pending create keeps in private state.
type Pending struct {
	SentAt  time.Time `json:"sent_at"`
	Exclude []string  `json:"exclude"`
	// Shape is what the create asked for beyond the name (a create request
	// trimmed to the fields its kind compares; never secrets such as env),
	// for the kind to read back with ShapeAs.
	Shape json.RawMessage `json:"shape"`
}

// ShapeAs decodes the record's shape into a T.
func ShapeAs[T any](p Pending) (T, error) {
	var v T
	err := json.Unmarshal(p.Shape, &v)
	return v, err
}

// PrivatePending is the private-state entry of a pending create.
var PrivatePending = privatestate.NewKey[Pending]("pending_create")

// NewPending builds the record of a create named name, of the kind noun,
// sent at sentAt, whose reply was lost: it waits for same-name creates of
// this process still sending (they record what they made), then excludes
// baseline (the lookalikes listed before the POST) and every object of the
// kind this process created.
func NewPending(ctx context.Context, creates *providerdata.Creates, noun, name string, sentAt time.Time, baseline []string, shape any) Pending {
	_ = creates.WaitSending(ctx, noun, name) // a cancelled wait leaves fewer exclusions, never more
	ex := append(slices.Clone(baseline), creates.Owned(noun)...)
	slices.Sort(ex)
	raw, _ := json.Marshal(shape) // create requests always marshal: they are sent as JSON
	return Pending{SentAt: sentAt.UTC(), Exclude: slices.Compact(ex), Shape: raw}
}

// Save records the address as a pending create: id "" and name in state
// (the other attributes null), p in private state, and a warning that says
// what the next run does.
func (p Pending) Save(ctx context.Context, noun, name string, state *tfsdk.State, private privatestate.Store, diags *diag.Diagnostics) {
	diags.Append(state.SetAttribute(ctx, path.Root("id"), "")...)
	diags.Append(state.SetAttribute(ctx, path.Root("name"), name)...)
	diags.Append(PrivatePending.Set(ctx, private, p)...)
	diags.AddWarning(diagnostics.TitleCase(noun)+" Recorded As Pending", fmt.Sprintf(
		"The provider cannot tell whether Runpod created %s %q, so it recorded this address in state as a pending "+
			"create, without an id, with the %d identical %s(s) it already knew of (this configuration's others and any "+
			"that existed before). Terraform marks it tainted because this apply failed. The next plan or apply looks "+
			"again: if exactly one new %s like it appeared, that is this address's and is taken into state; if none did, "+
			"the create did not happen and the replacement of the tainted record creates it, without counting the others "+
			"as duplicates. No allow_duplicate is needed.", noun, name, len(p.Exclude), noun, noun))
}

// Excluded reports whether id is one of the record's exclusions.
func (p Pending) Excluded(id string) bool { return slices.Contains(p.Exclude, id) }

// Candidates returns the objects of all that the pending create may have
// made: those that match (name and shape), outside the exclusions, and,
// when created reports a creation time, created since the request was sent
// (less ClockSkew).
func Candidates[T any](p Pending, all []T, id func(T) string, match func(Pending, T) bool, created func(T) (time.Time, bool)) []T {
	var out []T
	for _, o := range all {
		if !match(p, o) || p.Excluded(id(o)) {
			continue
		}
		if at, ok := created(o); ok && at.Before(p.SentAt.Add(-ClockSkew)) {
			continue
		}
		out = append(out, o)
	}
	return out
}

// Adopted is the warning of a refresh that took the one object a pending
// create made into state.
func Adopted(noun, name, id string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(diagnostics.TitleCase(noun)+" Found After Lost Create Reply", fmt.Sprintf(
		"An earlier apply sent the create request for %s %q, lost the reply and recorded the address as pending. "+
			"Exactly one %s like it, other than the ones this configuration already had, appeared since: %s. It was "+
			"taken into state as the one that apply created. Because that apply failed, Terraform marked it tainted and "+
			"plans to replace it; to keep this one instead, run `terraform untaint` on the resource before applying.",
		noun, name, noun, id))
}

// NotCreated is the warning of a refresh that found no object a pending
// create made: the create did not happen, and the replacement makes it.
func NotCreated(noun, name string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(diagnostics.TitleCase(noun)+" Was Not Created", fmt.Sprintf(
		"An earlier apply sent the create request for %s %q and lost the reply. No new %s like it appeared, so it was "+
			"not created. The address stays recorded as a pending create (tainted): replacing it creates the %s; "+
			"destroying it deletes nothing.", noun, name, noun, noun))
}

// Unsettled is the warning of a refresh that found several objects a
// pending create may have made.
func Unsettled(noun, resourceType, name string, ids []string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(diagnostics.TitleCase(noun)+" Pending Create Not Settled", fmt.Sprintf(
		"An earlier apply sent the create request for %s %q and lost the reply. Several new %ss like it appeared "+
			"since:\n  - %s\n\nThe provider cannot tell which one that apply created and adopts none; replacing the "+
			"pending record refuses to create another while they exist. Import the one that is this address's and "+
			"delete the others:\n\n%s", noun, name, noun, strings.Join(ids, "\n  - "),
		diagnostics.ImportHint(resourceType, ids[len(ids)-1])))
}

// Lookup is how a resource finds, in a list of its kind, what a pending
// create may have made.
type Lookup[T any] struct {
	Noun, ResourceType, Name string
	List                     func(context.Context) ([]T, error)
	ID                       func(T) string
	// Match reports whether an object has the name and the shape of the
	// pending record's create.
	Match func(Pending, T) bool
	// Created is when an object was created, when the API says (ok).
	Created func(T) (time.Time, bool)
}

// find lists the kind and returns the ids of what the pending create in
// from may have made; ok is false when from holds no pending create.
func (l Lookup[T]) find(ctx context.Context, from privatestate.Store, diags *diag.Diagnostics) (p Pending, ids []string, ok bool) {
	p, ok, d := PrivatePending.Get(ctx, from)
	diags.Append(d...)
	if !ok || d.HasError() {
		return p, nil, false
	}
	all, err := l.List(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read "+diagnostics.TitleCase(l.Noun), fmt.Sprintf(
			"listing %ss to find %q, whose create reply was lost", l.Noun, l.Name), err))
		return p, nil, false
	}
	for _, o := range Candidates(p, all, l.ID, l.Match, l.Created) {
		ids = append(ids, l.ID(o))
	}
	return p, ids, true
}

// Refresh settles a pending create (a record without an id) at refresh.
// It returns the id of the one object the create made, to be read into
// state as after an import (the pending entry is removed from to), or ""
// when the record stays as it is (a warning says why; ident, the
// response's identity, gets an empty id, because the framework refuses a
// Read that leaves it null).
func (l Lookup[T]) Refresh(ctx context.Context, from, to privatestate.Store, ident *tfsdk.ResourceIdentity, diags *diag.Diagnostics) string {
	id := l.refresh(ctx, from, to, diags)
	if id == "" && ident != nil && ident.Raw.IsFullyNull() {
		diags.Append(ident.Set(ctx, identity.Model{ID: types.StringValue("")})...)
	}
	return id
}

func (l Lookup[T]) refresh(ctx context.Context, from, to privatestate.Store, diags *diag.Diagnostics) string {
	_, ids, ok := l.find(ctx, from, diags)
	if !ok {
		return ""
	}
	switch len(ids) {
	case 0:
		diags.Append(NotCreated(l.Noun, l.Name))
		return ""
	case 1:
		diags.Append(PrivatePending.Remove(ctx, to)...)
		diags.Append(Adopted(l.Noun, l.Name, ids[0]))
		return ids[0]
	}
	diags.Append(Unsettled(l.Noun, l.ResourceType, l.Name, ids))
	return ""
}

// DeleteID settles a pending create at delete (a destroy, or the
// replacement of the tainted record): it returns the id of the one object
// the create made, to be deleted, or "" when there is nothing to delete.
// Either way the record's exclusions become this process's own, so that
// the replacement's create, which follows in this apply, does not take
// them for twins.
func (l Lookup[T]) DeleteID(ctx context.Context, creates *providerdata.Creates, from privatestate.Store, diags *diag.Diagnostics) string {
	p, ids, ok := l.find(ctx, from, diags)
	if !ok {
		return ""
	}
	for _, id := range p.Exclude {
		creates.Own(l.Noun, id)
	}
	if len(ids) == 1 {
		return ids[0]
	}
	return ""
}

// LookupOf is the Lookup of a pending create of a Kind, which kindOf builds
// from a create request B (the record's shape, see ShapeAs).
func LookupOf[T, B any](name string, kindOf func(B) Kind[T]) Lookup[T] {
	var zero B
	k := kindOf(zero)
	return Lookup[T]{
		Noun: k.Noun, ResourceType: k.ResourceType, Name: name, List: k.List, ID: k.ID,
		Match: func(p Pending, o T) bool {
			body, err := ShapeAs[B](p)
			if err != nil {
				return false
			}
			shaped := kindOf(body)
			return shaped.Name(o) == name && shaped.Same(o)
		},
		Created: func(o T) (time.Time, bool) { return k.CreatedAt(o), true },
	}
}
