// Package pendingcreate settles, on the next refresh or delete, the pending
// create that safecreate.Run leaves for a kind whose names are unique in an
// account (registry credentials, secrets, templates) when a create's reply
// was lost and looking the name up failed too: saved with its name and no
// id (diagnostics.PendingCreate), it is found by name, since the create
// checked that the name was free.
package pendingcreate

import (
	"context"
	"errors"
	"fmt"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

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
		Drop(ctx, resp)
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
