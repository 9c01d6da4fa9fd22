// Package safecreate is the one way every kind creates an object (Run):
// read before write, one request that is never sent twice, a reply lost in
// transit settled without creating a second object, and the id saved in
// state at once.
//
// Kinds whose names are unique in an account (templates, secrets, registry
// credentials) check that the name is free and settle a lost reply by
// looking the name up; when that lookup fails too the create is left
// pending for the next refresh or delete (package pendingcreate).
//
// Kinds whose names repeat (pods, network volumes, endpoints, clusters,
// ECR delegations) keep a lost reply from buying a second billed object by
// telling their own object from its lookalikes. Two moments matter: the
// apply whose create failed in transit (Resolve: name the objects that
// appeared, never adopt one, since another writer may have made them), and the next plan or apply that a pipeline runs
// without reading the error (RefuseTwinAtPlan, RefuseTwin: do not create
// another while a lookalike that this configuration does not manage exists).
//
// What appeared is told by creation time for kinds whose API says when an
// object was created (a window around the request), and by a list taken
// before the request (Baseline) for kinds whose API does not (network
// volumes); for those, any unmanaged lookalike blocks a create, however old.
//
// Identical objects of one configuration (count, for_each) are never each
// other's twins: what this provider process created is its own
// (providerdata.Creates), and a guard or a lookup that lists a sibling's
// object before the sibling's create has returned waits for it
// (providerdata.Settle).
package safecreate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// ClockSkew is how far Runpod's createdAt may run behind this machine's
// clock while still counting an object as created by a failed request.
const ClockSkew = 2 * time.Minute

// TwinWindow is how long a lookalike that this configuration does not
// manage blocks a create: most likely the object of an earlier apply whose
// reply was lost.
const TwinWindow = 10 * time.Minute

// Lookalike is what one create asks for, to tell its own object from the
// others of its name.
type Lookalike[T any] struct {
	// Name is the name the create asks for.
	Name string
	// Same reports whether an object has the requested shape beyond its name
	// (image, type, compute, size), so that a same-name object of another
	// shape is never taken for this one. Nil at plan while the shape is not
	// known yet: then any object of the name counts.
	Same func(*T) bool
	// Shape names what Same compares, for messages: "type and compute".
	Shape string
	// Describe is one line about an object, after its id.
	Describe func(*T) string
	// OptOut names the argument that lets a create go ahead beside a
	// lookalike ("allow_duplicate"), for the refusal; "" for kinds without.
	OptOut string
}

// counts reports whether o can be this create's object or its twin: the
// name and, when known, the shape, and not an object that ended (a
// terminated pod still listed).
func (l Lookalike[T]) counts(k kinds.Kind[T], o *T) bool {
	return k.Name(o) == l.Name && (l.Same == nil || l.Same(o)) && live(k, o)
}

// live reports whether o has not ended (kinds.Kind.Ended).
func live[T any](k kinds.Kind[T], o *T) bool { return k.Ended == nil || !k.Ended(o) }

// recent reports whether o was created after since (always true for kinds
// whose API does not say when).
func recent[T any](k kinds.Kind[T], o *T, since time.Time) bool {
	return k.CreatedAt == nil || !k.CreatedAt(o).Before(since)
}

// ShapeKnown is l, or l for any object of its name when the shape is not
// known yet (a plan whose compute is known only after apply).
func (l Lookalike[T]) ShapeKnown(known bool) Lookalike[T] {
	if !known {
		l.Same = nil
	}
	return l
}

// GuardPlan is the duplicate guard of a planned create, run after the
// create is planned: it reads the plan as M and asks like for the
// lookalike of what it would create (ok false skips the guard: an opt-out
// set, a name not known yet), then refuses as RefuseTwinAtPlan. It does
// nothing after an error.
func GuardPlan[M, T any](ctx context.Context, d *providerdata.Data, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse,
	k kinds.Kind[T], like func(plan M) (l Lookalike[T], ok bool),
) {
	if resp.Diagnostics.HasError() {
		return
	}
	var plan M
	if resp.Diagnostics.Append(resp.Plan.Get(ctx, &plan)...); resp.Diagnostics.HasError() {
		return
	}
	if l, ok := like(plan); ok {
		if d := RefuseTwinAtPlan(ctx, d, req.ClientCapabilities, k, l); d != nil {
			resp.Diagnostics.Append(d)
		}
	}
}

// RefuseTwinAtPlan is the duplicate guard of a new object's plan: it
// refuses the create while a lookalike (l, on what the plan knows; younger
// than TwinWindow for kinds with a creation time) exists that no address of
// this configuration manages (providerdata.UnmanagedLookalikes, on the
// kind's SharedList): most likely the orphan of an earlier run whose create
// reply was lost or that was killed. The error is on the name. It answers
// nil when the create may go ahead.
func RefuseTwinAtPlan[T any](ctx context.Context, d *providerdata.Data, caps resource.ModifyPlanClientCapabilities,
	k kinds.Kind[T], l Lookalike[T],
) diag.Diagnostic {
	since := time.Now().Add(-TwinWindow - ClockSkew)
	found, starved, err := providerdata.UnmanagedLookalikes(ctx, d, caps, k.Noun, k.SharedList,
		func(o T) bool { return l.counts(k, &o) && recent(k, &o, since) },
		func(o T) string { return k.ID(&o) })
	switch {
	case err != nil:
		return diag.WithPath(path.Root("name"), checkFailed(k, l, err))
	case len(found) == 0:
		return nil
	case starved:
		return diag.WithPath(path.Root("name"), unreadLookalikes(k, l, found))
	}
	return diag.WithPath(path.Root("name"), twinRefusal(k, l, found))
}

// unreadLookalikes is the warning of a plan that could not wait for its
// siblings' refresh (providerdata.UnmanagedLookalikes starved): the
// lookalikes found may be members of its set or orphans, and the create
// goes ahead.
func unreadLookalikes[T any](k kinds.Kind[T], l Lookalike[T], found []T) diag.Diagnostic {
	lines := make([]string, len(found))
	for i := range found {
		lines[i] = describe(k, l, &found[i])
	}
	return diag.NewWarningDiagnostic(k.Title()+" Lookalikes Not Read Yet", fmt.Sprintf(
		"Planning %s %q while the account has %ss with the same name and %s that Terraform had not read yet:\n%s\n\n"+
			"Terraform planned this %s before reading the other members of its set (count or for_each), and with "+
			"-parallelism=%d it could not read them until this plan ends, so the provider could not tell whether these "+
			"are this configuration's. If one is not managed by any address of this configuration (the %s of an earlier "+
			"apply whose create reply was lost or whose run was killed), import it before applying, or this apply creates "+
			"another:\n\n%s\n\nor delete it in the Runpod console. A higher -parallelism lets the provider check.",
		k.Noun, l.Name, k.Noun, l.Shape, strings.Join(lines, "\n"), k.Noun, providerdata.Parallelism(), k.Noun,
		diagnostics.ImportHint(k.ResourceType, k.ID(&found[0]))))
}

// RefuseTwin is the guard of kinds that cannot check at plan (their shape is
// only known at apply): it refuses a create while a lookalike that this
// provider process did not create is younger than TwinWindow. Lookalikes
// that same-name creates of this process still under way may have made are
// waited for, not refused (providerdata.Settle).
func RefuseTwin[T any](ctx context.Context, k kinds.Kind[T], l Lookalike[T], data *providerdata.Data) diag.Diagnostic {
	creates := data.Creates()
	since := time.Now().Add(-TwinWindow - ClockSkew)
	_, found, err := providerdata.Settle(ctx, creates, k.Noun, l.Name, false, lister(k, data), func(all []T) []T {
		return kinds.Pick(all, func(o *T) bool { return l.counts(k, o) && recent(k, o, since) && !creates.Owns(k.Noun, k.ID(o)) })
	})
	if err != nil {
		return checkFailed(k, l, err)
	}
	if len(found) == 0 {
		return nil
	}
	return twinRefusal(k, l, found)
}

// createRepeating is Run for a kind whose names repeat: it sends the one
// request that creates r.Like's object and settles a reply lost in transit
// without sending it again, by looking for the object it may have made
// (Resolve; for kinds without creation times against a list taken just
// before, Baseline). The object created or adopted is then owned by this
// process (providerdata.Creates).
func createRepeating[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, r Request[T],
	diags *diag.Diagnostics,
) *T {
	l := r.Like
	creates := data.Creates()
	before, d := Baseline(ctx, k, l, data)
	if d != nil {
		diags.Append(d)
		return nil
	}
	flight := creates.Send(k.Noun, l.Name)
	defer flight.Done()
	started := time.Now()
	created, err := r.Send(ctx)
	switch {
	case errors.Is(err, runpod.ErrAmbiguous):
		adopted, d := Resolve(ctx, k, l, data, flight, r.Action, started, before, err)
		diags.Append(d)
		if adopted == nil {
			return nil
		}
		created = adopted
	case err != nil:
		d, _ := r.refusal(ctx, k, err)
		diags.Append(d)
		return nil
	}
	creates.Own(k.Noun, k.ID(created))
	return created
}

// Baseline is the list taken just before a create of a kind without
// creation times, to tell afterwards which lookalike the create made: it
// holds the lookalikes that exist already (waiting for same-name creates of
// this process still under way, providerdata.Settle). A recent list that
// vouches for the name serves (providerdata.Creates.Recent): the plan's
// guard has refused the lookalikes this configuration does not manage. For
// kinds with creation times it lists nothing and answers nil.
func Baseline[T any](ctx context.Context, k kinds.Kind[T], l Lookalike[T], data *providerdata.Data) ([]T, diag.Diagnostic) {
	if k.CreatedAt != nil {
		return nil, nil
	}
	creates := data.Creates()
	before, _, err := providerdata.Settle(creates.Recent(ctx, k.Noun, l.Name), creates, k.Noun, l.Name, false, lister(k, data), func(all []T) []T {
		return kinds.Pick(all, func(o *T) bool { return l.counts(k, o) && !creates.Owns(k.Noun, k.ID(o)) })
	})
	if err != nil {
		return nil, diagnostics.APIError("Cannot Check for an Identical "+k.Title(), fmt.Sprintf("listing %ss before "+
			"creating %q, to tell which %s is this one if the reply is lost; nothing was created", k.Noun, l.Name, k.Noun), err)
	}
	return before, nil
}

// Resolve settles a create that failed in transit (createErr), begun at
// started (and, for kinds without creation times, after the list before):
// the object may exist. It never adopts one (see NotAdopted: a lookalike
// that appeared since then may be another writer's as well as this
// apply's), so it answers nil and an error: "<Kind> Not Created" when no
// object of the name exists, otherwise one that lists the same-name objects,
// marks those that appeared, and gives the import command. The object
// result stays for callers that settle a create either way. It first waits
// for same-name creates of this process still sending (flight), so that a
// sibling's object is never listed as this create's.
func Resolve[T any](ctx context.Context, k kinds.Kind[T], l Lookalike[T], data *providerdata.Data,
	flight *providerdata.Flight, action string, started time.Time, before []T, createErr error,
) (*T, diag.Diagnostic) {
	creates := data.Creates()
	summary := NotAdoptedSummary(k.Title())
	detail := diagnostics.APIErrorDetail(action, createErr)
	flight.Resolve()
	appeared := func(o *T) bool {
		return l.counts(k, o) && recent(k, o, started.Add(-ClockSkew)) && !creates.Owns(k.Noun, k.ID(o)) &&
			!slices.ContainsFunc(before, func(b T) bool { return k.ID(&b) == k.ID(o) })
	}
	all, _, err := providerdata.Settle(ctx, creates, k.Noun, l.Name, true, lister(k, data), func(all []T) []T {
		return kinds.Pick(all, appeared)
	})
	if err != nil {
		detail += fmt.Sprintf("\n\nListing the account's %ss to look for it failed too (%s). Check the Runpod console "+
			"for a %s named %q before applying again: it may bill until deleted. The next apply refuses to create "+
			"another while such a %s exists, and names it.", k.Noun, err, k.Noun, l.Name, k.Noun)
		return nil, diag.NewErrorDiagnostic(summary, detail)
	}
	same := kinds.Pick(all, func(o *T) bool { return k.Name(o) == l.Name && live(k, o) })
	if len(same) == 0 {
		return nil, diag.NewErrorDiagnostic(k.Title()+" Not Created", diagnostics.NotCreatedDetail(action, k.Noun, l.Name, createErr))
	}
	if k.CreatedAt != nil {
		sort.SliceStable(same, func(i, j int) bool { return k.CreatedAt(&same[i]).After(k.CreatedAt(&same[j])) })
	}
	lines := make([]string, len(same))
	var likely []string
	for i := range same {
		mark := ""
		if appeared(&same[i]) {
			mark = " <- appeared since this apply sent its request, with the same " + l.Shape
			likely = append(likely, k.ID(&same[i]))
		}
		lines[i] = describe(k, l, &same[i]) + mark
	}
	detail += fmt.Sprintf("\n\n%ss named %q now:\n%s", k.Title(), l.Name, strings.Join(lines, "\n"))
	if len(likely) > 0 {
		detail += "\n\n" + NotAdopted(k.Noun, k.ResourceType, l.Name, likely, false, l.OptOut)
		return nil, diag.NewErrorDiagnostic(summary, detail)
	}
	detail += fmt.Sprintf("\n\n%s names are not unique, and the provider cannot tell which one this apply created, so "+
		"it does not adopt one. If one of them is the %s this apply created, import it instead of applying again "+
		"(which would create another):\n\n%s\n\nOtherwise delete it in the Runpod console: it may bill until deleted.",
		k.Title(), k.Noun, diagnostics.ImportHint(k.ResourceType, k.ID(&same[0])))
	return nil, diag.NewErrorDiagnostic(summary, detail)
}

// twinRefusal is the error that refuses to create l's object beside found.
func twinRefusal[T any](k kinds.Kind[T], l Lookalike[T], found []T) diag.Diagnostic {
	lines := make([]string, len(found))
	for i := range found {
		lines[i] = describe(k, l, &found[i])
	}
	summary, age, remedy := "Identical "+k.Title()+" Exists", "", "delete it in the Runpod console"
	if k.CreatedAt != nil {
		summary = "Recent " + summary
		age = fmt.Sprintf(", created less than %s ago,", TwinWindow)
		remedy += fmt.Sprintf(", wait until it is %s old", TwinWindow)
	}
	if l.OptOut != "" {
		remedy += fmt.Sprintf(", or set %s = true on this %s to create one anyway", l.OptOut, k.Noun)
	} else {
		remedy += fmt.Sprintf(", or give this %s another name", k.Noun)
	}
	return diag.NewErrorDiagnostic(summary, fmt.Sprintf(
		"Not creating %s %q: the account has a %s with the same name and %s%s that this configuration does not "+
			"manage:\n%s\n\nIt is most likely the %s of an earlier apply whose create reply was lost (a dropped "+
			"connection or a 5xx after Runpod created it) or whose run was killed, and it may bill: creating another "+
			"would bill twice. If it is this configuration's %s, import it:\n\n%s\n\nIf it is not, %s. Nothing was created.%s",
		k.Noun, l.Name, k.Noun, l.Shape, age, strings.Join(lines, "\n"), k.Noun, k.Noun,
		diagnostics.ImportHint(k.ResourceType, k.ID(&found[0])), remedy, providerdata.SiblingsNote))
}

// checkFailed is the error of a duplicate guard whose list failed.
func checkFailed[T any](k kinds.Kind[T], l Lookalike[T], err error) diag.Diagnostic {
	doing := fmt.Sprintf("listing the account's %ss to make sure an earlier apply did not already create %q", k.Noun, l.Name)
	if l.OptOut != "" {
		doing += fmt.Sprintf(" (set %s = true to skip the check)", l.OptOut)
	}
	return diagnostics.APIError("Cannot Check For A Recent Twin "+k.Title(), doing, err)
}

// describe is one line about o in a list of lookalikes.
func describe[T any](k kinds.Kind[T], l Lookalike[T], o *T) string {
	line := "  - " + k.ID(o)
	if l.Describe != nil {
		line += ": " + l.Describe(o)
	}
	if k.CreatedAt != nil {
		line += ", created " + k.CreatedAt(o).UTC().Format(time.RFC3339)
	}
	return line
}

// lister is the kind's list for the checks of a write (kinds.Kind.Lister:
// a fresh list where the kind has one), for providerdata.Settle.
func lister[T any](k kinds.Kind[T], data *providerdata.Data) func(context.Context) ([]T, error) {
	client, _ := data.Client() // a write has checked it
	return k.Lister(client, data.Reads())
}
