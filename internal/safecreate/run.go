package safecreate

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Request is one create, for Run.
type Request[T any] struct {
	// Name is the name the create asks for, for kinds whose names are
	// unique; kinds whose names repeat give Like instead.
	Name string
	// Like tells the object this create makes from the others of its name
	// (Like.Name), for kinds whose names repeat.
	Like Lookalike[T]
	// Action words the request in messages, by default `creating <noun>
	// "<name>"`.
	Action string
	// Send sends the one create request. It is never sent twice.
	Send func(ctx context.Context) (*T, error)
	// Refused, when set, words a refusal of the create that the kind knows
	// better than the default "<Kind> Not Created" (a capacity refusal, a
	// body too large, a name taken in another case); ok is false for an
	// error it leaves to the default.
	Refused func(ctx context.Context, err error) (d diag.Diagnostic, ok bool)
	// Pending, for kinds whose names are unique, saves a create whose
	// outcome is unknown: the name and no id, with what the next run needs
	// to finish it (write-only values stay out).
	Pending func() diag.Diagnostics
	// Record, for kinds whose names repeat, saves a create whose outcome is
	// unknown (its reply was lost and the list that looks for its object
	// failed too): the planned object with no id, and p in private state
	// (pendingcreate.Save), for the next refresh or delete to settle.
	Record func(p Pending) diag.Diagnostics
}

// Run creates an object of kind k, in the order every create takes:
//   - read before write: the name is free (kinds whose names are unique),
//     or no lookalike that this configuration does not manage exists
//     (kinds whose names repeat: the plan refused those, and the list
//     taken here tells a lost reply's object from the older ones);
//   - one request, never repeated;
//   - a reply lost in transit settled without a second request: by the
//     name (unique names; when that lookup fails too the create is saved
//     as pending, diagnostics.PendingCreate, for the next refresh or delete
//     to settle), or by the lookalikes that appeared (Resolve); an object
//     found is named, never adopted (NotAdopted);
//   - the id of what was created saved in state at once, so that nothing
//     after it (the caller's wait and read-back) can orphan the object.
//
// It returns the object created, or nil with the reason in diags.
func Run[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, r Request[T], state *tfsdk.State,
	diags *diag.Diagnostics,
) *T {
	name := r.Name
	if !k.UniqueNames {
		name = r.Like.Name
	}
	if r.Action == "" {
		r.Action = fmt.Sprintf("creating %s %q", k.Noun, name)
	}
	var created *T
	if k.UniqueNames {
		created = createUnique(ctx, k, data, r, diags)
	} else {
		created = createRepeating(ctx, k, data, r, diags)
	}
	if created == nil {
		return nil
	}
	tflog.Info(ctx, "created "+k.Noun, map[string]any{"id": k.ID(created)})
	diags.Append(state.SetAttribute(ctx, path.Root("id"), k.ID(created))...)
	return created
}

// refusal is the error of a create that failed with err: in the kind's
// words when Refused knows err (known), otherwise "<Kind> Not Created".
func (r Request[T]) refusal(ctx context.Context, k kinds.Kind[T], err error) (d diag.Diagnostic, known bool) {
	if r.Refused != nil {
		if d, ok := r.Refused(ctx, err); ok {
			return d, true
		}
	}
	return diagnostics.APIError(k.Title()+" Not Created", r.Action, err), false
}

// createUnique is Run for a kind whose names are unique.
func createUnique[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, r Request[T],
	diags *diag.Diagnostics,
) *T {
	client, d := data.Client()
	if diags.Append(d...); diags.HasError() {
		return nil
	}
	flight, ok := claimName(ctx, k, data, client, r.Name, diags)
	if !ok {
		return nil
	}
	defer flight.Done()
	created, err := r.Send(ctx)
	if err == nil {
		return created
	}
	refused, known := r.refusal(ctx, k, err)
	if !errors.Is(err, runpod.ErrAmbiguous) || known { // a known error is the API's answer: nothing to settle
		diags.Append(refused)
		return nil
	}
	afterLostReply(ctx, k, client, r, err, diags)
	return nil
}

// claimName is the read before a create of a kind whose names are unique,
// for the create about to be sent by this provider process (data): it
// reports false, with an error in diags, when an object already has name
// (the error gives its id and the import command) or when the check itself
// fails. With the kind's fresh lists, the check is served from a list
// shared with the other checks and delete confirmations of the kind, sent
// after the check began (or a recent one that vouches for the name,
// providerdata.RecentListAge), and providerdata.Creates.Claim makes sure
// that no create of the same name by this process overlapped that list.
// When the name is free it returns the create's flight: call Done when the
// create is over (defer), so that a same-name check waits for it.
func claimName[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, client *runpod.Client, name string,
	diags *diag.Diagnostics,
) (*providerdata.Flight, bool) {
	find := func(ctx context.Context) (*T, error) {
		if !k.FreshLists {
			return k.Find(ctx, client, name)
		}
		all, err := k.FreshList(data.Reads(), ctx)
		return k.Named(all, err, name)
	}
	var existing *T
	flight, free, err := data.Creates().Claim(ctx, k.Noun, name, func(ctx context.Context) (bool, error) {
		found, err := find(ctx)
		if errors.Is(err, kinds.ErrNotFound) {
			return true, nil
		}
		existing = found
		return false, err
	})
	if free {
		return flight, true
	}
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Check "+diagnostics.TitleCase(k.Noun)+" Name",
			fmt.Sprintf("listing %ss to check that the name %q is free", k.Noun, name), err))
	} else {
		diags.Append(diagnostics.AlreadyExists(k.Noun, name, k.ID(existing), k.ResourceType))
	}
	return nil, false
}

// afterLostReply settles a create of a kind whose names are unique that
// failed in transit (createErr is runpod.ErrAmbiguous): the POST may have
// been processed, so it looks the name up instead of sending the create
// again. An object found may be this create's or another writer's and is
// not adopted (NotAdopted); none found means it was not created
// (diagnostics.NotCreatedDetail); a failed lookup leaves the create pending
// (diagnostics.PendingCreate, Request.Pending) for the next run to settle.
func afterLostReply[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, r Request[T], createErr error,
	diags *diag.Diagnostics,
) {
	tflog.Warn(ctx, k.Noun+" create ended ambiguously; looking it up by name", map[string]any{"name": r.Name})
	found, err := k.Find(ctx, client, r.Name)
	switch {
	case err == nil:
		diags.AddError(NotAdoptedSummary(k.Title()), fmt.Sprintf("%s\n\nA %s named %q exists now (id %s).\n\n%s",
			diagnostics.APIErrorDetail(r.Action, createErr), k.Noun, r.Name, k.ID(found),
			NotAdopted(k.Noun, k.ResourceType, r.Name, []string{k.ID(found)}, true, "")))
	case errors.Is(err, kinds.ErrNotFound):
		diags.AddError(k.Title()+" Not Created", diagnostics.NotCreatedDetail(r.Action, k.Noun, r.Name, createErr))
	default:
		// Unknown whether it exists: keep the name (no id) so that the
		// next run settles it by name instead of meeting its own orphan.
		diags.Append(diagnostics.APIError(k.Title()+" Not Created", r.Action, createErr))
		diags.Append(diagnostics.PendingCreate(k.Noun, r.Name, err))
		diags.Append(r.Pending()...)
	}
}
