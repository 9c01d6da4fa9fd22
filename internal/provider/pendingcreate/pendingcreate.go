// Package pendingcreate settles, on the next refresh or delete, the pending
// create that safecreate.Run leaves for a kind whose names are unique in an
// account (registry credentials, secrets, templates) when a create's reply
// was lost and looking the name up failed too: saved with its name and no
// id (diagnostics.PendingCreate), it is looked up by name. An object found
// may be that create's or another writer's, so it is named, never adopted
// or deleted (safecreate.NotAdopted).
package pendingcreate

import (
	"context"
	"errors"
	"fmt"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

// Refresh is the resource's Read: it reads the object with the state's id
// through the shared reads, dropping one deleted outside Terraform
// (providerdata.StopRefresh), or, for a pending create (no id), settles it
// by name (see resolve). store saves what was found; adopted is true for a
// pending create's object, which the failed apply never recorded as its own.
func Refresh[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, data *providerdata.Data, id, name string,
	store func(found *T, adopted bool) diag.Diagnostics, resp *resource.ReadResponse,
) {
	if id == "" {
		resolve(ctx, k, client, data, name, func(found *T) diag.Diagnostics { return store(found, true) }, resp)
		return
	}
	found, err := k.SharedGet(data.Reads(), ctx, id)
	if providerdata.StopRefresh(ctx, k.Noun, id, err, false, resp) {
		return
	}
	resp.Diagnostics.Append(store(found, false)...)
}

// resolve refreshes a pending create named name. If none has the name, the
// create did not happen and the resource is dropped so that the plan
// creates it. An object found may be the one that apply created or another
// writer's made in the same window (safecreate.NotAdopted): it is not taken
// into state either; the pending record is dropped with a warning that
// names the object and says how to import it, and the create's name check
// refuses the name while the object exists (not the plan's: a failed plan
// saves no refresh, and the record left in state would stop the import). A failed lookup
// leaves state as it is. adopt is kept for callers that settle a pending
// create either way; it is not called.
func resolve[T any](ctx context.Context, k kinds.Kind[T], client *runpod.Client, data *providerdata.Data, name string,
	_ func(found *T) diag.Diagnostics, resp *resource.ReadResponse,
) {
	found, err := k.Find(ctx, client, name)
	if errors.Is(err, kinds.ErrNotFound) {
		tflog.Info(ctx, fmt.Sprintf("pending %s create did not happen; removing from state", k.Noun), map[string]any{"name": name})
		dropPending(ctx, resp)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read "+diagnostics.TitleCase(k.Noun),
			fmt.Sprintf("listing %ss to find %q, whose create reply was lost", k.Noun, name), err))
		return
	}
	dropPending(ctx, resp)
	// For the plan's name check (safecreate.RefuseTakenNameAtPlan), which
	// leaves this name to the create.
	data.NotePending(k.Noun, name, providerdata.PendingNote{Candidates: []string{k.ID(found)}})
	resp.Diagnostics.Append(notAdopted(k, name, k.ID(found), "It is no longer recorded in this state: the next "+
		"apply plans to create the "+k.Noun+" and refuses because the name is taken, until the object is imported or "+
		"this "+k.Noun+" is renamed."))
}

// dropPending removes a pending create from state. A pending create never
// had an id, so its identity is null, and the framework refuses a Read that
// ends without errors and with a null identity even when the resource is
// removed: the identity gets the empty id the placeholder had.
func dropPending(ctx context.Context, resp *resource.ReadResponse) {
	resp.State.RemoveResource(ctx)
	if resp.Identity != nil && resp.Identity.Raw.IsFullyNull() {
		resp.Diagnostics.Append(resp.Identity.SetAttribute(ctx, path.Root(identity.Attribute), "")...)
	}
}

// notAdopted is the warning for a pending create's name found taken by id:
// it may be that apply's object or another writer's, and it is not taken
// into state (safecreate.NotAdopted). then says what happens to the record.
func notAdopted[T any](k kinds.Kind[T], name, id, then string) diag.Diagnostic {
	return diag.NewWarningDiagnostic(fmt.Sprintf("%s Not Adopted After a Lost Create Reply", k.Title()),
		fmt.Sprintf("An earlier apply sent the create request for %s %q, lost the reply and could not look it up. "+
			"A %s with that name exists now (id %s). %s\n\n%s", k.Noun, name, k.Noun, id, then,
			safecreate.NotAdopted(k.Noun, k.ResourceType, name, []string{id}, true, "")))
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

// DeleteID is the id that Delete acts on: the state's id. A pending create
// that no refresh settled (-refresh=false) has none: ok is false and
// nothing is deleted, since an object found by its name may be another
// writer's (safecreate.NotAdopted); diags names it with a warning. A failed
// lookup is an error, so that the record stays in state.
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
	diags.Append(notAdopted(k, name, k.ID(found), "It was not deleted and is no longer recorded in this state. "+
		"Delete it in the Runpod console if it is this configuration's and nobody else uses it."))
	return "", false
}
