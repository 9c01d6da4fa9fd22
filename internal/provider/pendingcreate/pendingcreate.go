// Package pendingcreate holds what the kinds whose names are unique in an
// account (registry credentials, secrets, templates) do by name: the check
// that a name is free before a create, the lookup after a create whose reply
// was lost, and, when that lookup failed too, the pending create it leaves
// (saved with its name and no id, diagnostics.PendingCreate) that the next
// refresh or delete settles. Run is the whole create. Kinds whose names
// repeat adopt or refuse lookalikes instead (package lostcreate).
package pendingcreate

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Create is one create of a kind whose names are unique.
type Create[T any] struct {
	// Name is the name the create asks for.
	Name string
	// Send sends the one create request. It is never sent twice.
	Send func(ctx context.Context) (*T, error)
	// Refused, when set, words a refusal of the create that the kind knows
	// better than the generic "<Kind> Not Created" (a body too large, a name
	// taken in another case); ok is false for an error it does not know.
	Refused func(ctx context.Context, err error) (d diag.Diagnostic, ok bool)
	// Pending saves a create whose outcome is unknown: the name and no id,
	// with what the next run needs to finish it (write-only values stay
	// out).
	Pending func() diag.Diagnostics
}

// Run creates an object of kind k, in the order every create of a kind
// with unique names takes: the name must be free (read before write); one
// request, never repeated; a reply lost in transit is settled by looking
// the name up (AfterAmbiguousCreate), and when that lookup fails too the
// create is saved as pending (diagnostics.PendingCreate) for the next
// refresh or delete to settle; the id of what was created is saved in
// state at once, so that nothing after it can orphan the object. It
// returns the object created (the caller then reads it back and stores
// it), or nil with the error in diags.
func Run[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, c Create[T], state *tfsdk.State,
	diags *diag.Diagnostics,
) *T {
	client, d := data.Client()
	if diags.Append(d...); diags.HasError() {
		return nil
	}
	flight, ok := claimName(ctx, k, data, client, c.Name, diags)
	if !ok {
		return nil
	}
	defer flight.Done()
	created, err := c.Send(ctx)
	created, err, lookupErr := AfterAmbiguousCreate(ctx, k, client, c.Name, created, err, diags)
	if err != nil {
		if c.Refused != nil {
			if d, ok := c.Refused(ctx, err); ok {
				diags.Append(d)
				return nil
			}
		}
		diags.Append(diagnostics.APIError(k.Title()+" Not Created", fmt.Sprintf("creating %s %q", k.Noun, c.Name), err))
		if lookupErr != nil {
			// Unknown whether it exists: keep the name (no id) so that the
			// next run resolves it by name instead of meeting its own orphan.
			diags.Append(diagnostics.PendingCreate(k.Noun, c.Name, lookupErr))
			diags.Append(c.Pending()...)
		}
		return nil
	}
	tflog.Info(ctx, "created "+k.Noun, map[string]any{"id": k.ID(created)})
	diags.Append(state.SetAttribute(ctx, path.Root("id"), k.ID(created))...)
	return created
}

// claimName is the read before a create, for the create about to be sent
// by this provider process (data): it reports false, with an error in diags,
// when an object already has name (the error gives its id and the import
// command) or when the check itself fails. With the kind's FreshList, the check is served from a
// list shared with the other checks and delete confirmations of the kind,
// sent after the check began (or a recent one that vouches for the name,
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

// AfterAmbiguousCreate settles a create named name that failed in transit
// (createErr is runpod.ErrAmbiguous; any other result is returned as it
// is). The POST may have been processed and names are unique, so it looks
// the name up instead of sending the create again: an object found is the
// create's own and is returned with a warning; none found returns
// createErr; a failed lookup returns createErr and its own error, for which
// the caller records the object as pending (diagnostics.PendingCreate).
func AfterAmbiguousCreate[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, name string, created *T, createErr error,
	diags *diag.Diagnostics,
) (_ *T, _ error, lookupErr error) {
	if !errors.Is(createErr, runpod.ErrAmbiguous) {
		return created, createErr, nil
	}
	tflog.Warn(ctx, k.Noun+" create ended ambiguously; looking it up by name", map[string]any{"name": name})
	found, err := k.Find(ctx, client, name)
	switch {
	case err == nil:
		diags.AddWarning(diagnostics.TitleCase(k.Noun)+" Create Confirmed After Connection Failure",
			fmt.Sprintf("The create request for %s %q failed in transit, but the %s exists (id %s), so it was "+
				"adopted into state instead of being created again.", k.Noun, name, k.Noun, k.ID(found)))
		return found, nil, nil
	case errors.Is(err, kinds.ErrNotFound):
		return nil, createErr, nil
	}
	return nil, createErr, err
}

// Refresh is the resource's Read: it reads the object with the state's id
// through the shared reads, dropping one deleted outside Terraform
// (providerdata.StopRefresh), or, for a pending create (no id), settles it
// by name (see resolve). store saves what was found; adopted is true for a
// pending create's object, which the failed apply never recorded as its own.
func Refresh[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, reads *providerdata.Reads, id, name string,
	store func(found *T, adopted bool) diag.Diagnostics, resp *resource.ReadResponse,
) {
	if id == "" {
		resolve(ctx, k, client, name, func(found *T) diag.Diagnostics { return store(found, true) }, resp)
		return
	}
	found, err := k.SharedGet(reads, ctx, id)
	if providerdata.StopRefresh(ctx, k.Noun, id, err, false, resp) {
		return
	}
	resp.Diagnostics.Append(store(found, false)...)
}

// resolve refreshes a pending create named name. The failed apply checked
// that the name was free before it sent the create, so an object found now
// is that apply's own: adopt takes it into state (returning diagnostics)
// and the user is told with a warning. If none has the name, the create did
// not happen and the resource is dropped so that the plan creates it. A
// failed lookup leaves state as it is.
func resolve[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, name string,
	adopt func(found *T) diag.Diagnostics, resp *resource.ReadResponse,
) {
	found, err := k.Find(ctx, client, name)
	if errors.Is(err, kinds.ErrNotFound) {
		tflog.Info(ctx, fmt.Sprintf("pending %s create did not happen; removing from state", k.Noun), map[string]any{"name": name})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read "+diagnostics.TitleCase(k.Noun),
			fmt.Sprintf("listing %ss to find %q, whose create reply was lost", k.Noun, name), err))
		return
	}
	diags := adopt(found)
	resp.Diagnostics.Append(diagnostics.FoundAfterLostReply(k.Noun, name, k.ID(found)))
	resp.Diagnostics.Append(diags...)
}

// Delete is the resource's Delete: it deletes the object with the state's
// id, or the one a pending create left (see DeleteID), and confirms that it
// is gone (deletion.Run). inUse, when set, words a refusal of the delete
// (deletion.Request.InUseRemedy) for the object with that id.
func Delete[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, reads *providerdata.Reads, stateID, name string,
	inUse func(ctx context.Context, id string) string,
) diag.Diagnostics {
	var diags diag.Diagnostics
	id, ok := DeleteID(ctx, k, client, stateID, name, &diags)
	if !ok {
		return diags
	}
	req := k.Deletion(client, reads, id, name)
	if inUse != nil {
		req.InUseRemedy = func(ctx context.Context) string { return inUse(ctx, id) }
	}
	return deletion.Run(ctx, req)
}

// DeleteID is the id that Delete acts on: the state's id, or, for a pending
// create that no refresh resolved (-refresh=false), the id of the object
// with its name. ok is false when there is nothing to delete: no object has
// the name, or the lookup failed (diags then says so and nothing is deleted).
func DeleteID[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, stateID, name string, diags *diag.Diagnostics,
) (id string, ok bool) {
	if stateID != "" {
		return stateID, true
	}
	found, err := k.Find(ctx, client, name)
	if errors.Is(err, kinds.ErrNotFound) {
		return "", false
	}
	if err != nil {
		diags.Append(diagnostics.APIError(diagnostics.TitleCase(k.Noun)+" Not Deleted",
			fmt.Sprintf("listing %ss to find %q, whose create reply was lost", k.Noun, name), err))
		return "", false
	}
	return k.ID(found), true
}
