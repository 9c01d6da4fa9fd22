// Package pendingcreate holds what the kinds whose names are unique in an
// account (registry credentials, secrets, templates) do by name: the check
// that a name is free before a create, the lookup after a create whose reply
// was lost, and, when that lookup failed too, the pending create it leaves
// (saved with its name and no id, diagnostics.PendingCreate) that the next
// refresh or delete settles. Compute, whose names repeat, adopts or refuses
// lookalikes instead (see the lostcreate package and the pod and network
// volume packages).
package pendingcreate

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// ErrNotFound is what a lookup by name returns when no object has the name.
var ErrNotFound = errors.New("not found")

// Kind is one kind whose names are unique in an account, stated once for
// every step that finds an object of it by name: the check that a name is
// free before a create, the lookup after a create whose reply was lost, the
// refresh of a pending create and the delete of one.
type Kind[T any] struct {
	// Noun names one object in messages, e.g. "registry credential".
	Noun string
	// ResourceType is the resource's type, for the import hint of a name
	// already taken.
	ResourceType string
	// Find returns the object named exactly name, or ErrNotFound.
	Find func(ctx context.Context, client *runpod.Client, name string) (*T, error)
	// ID reads an object's id.
	ID func(*T) string
	// Read reads an object by id through the provider's shared reads, e.g.
	// (*providerdata.Reads).Template, so that a refresh shares their lists.
	Read func(reads *providerdata.Reads, ctx context.Context, id string) (*T, error)
	// Get reads an object by id and Remove deletes one, e.g.
	// (*runpod.Client).GetTemplate and (*runpod.Client).DeleteTemplate.
	Get    func(client *runpod.Client, ctx context.Context, id string) (*T, error)
	Remove func(client *runpod.Client, ctx context.Context, id string) error
	// List, when set, lists every object of the kind from a list sent after
	// the call began, shared with the other name checks and delete
	// confirmations of this process (e.g. (*providerdata.Reads).FreshTemplates),
	// and Name reads an object's name: ClaimName and Delete use them
	// instead of Find and Get.
	List func(reads *providerdata.Reads, ctx context.Context) ([]T, error)
	Name func(*T) string
}

// Named returns the object of all named exactly name, or ErrNotFound (err,
// the list's own error, passes through): Find for kinds whose API lists
// objects without a name filter.
func Named[T any](all []T, err error, name string, nameOf func(*T) string) (*T, error) {
	if err != nil {
		return nil, err
	}
	for i := range all {
		if nameOf(&all[i]) == name {
			return &all[i], nil
		}
	}
	return nil, ErrNotFound
}

// NameIsFree is the read before a create: it reports false, with an error
// in diags, when an object already has name (the error gives its id and the
// import command) or when the check itself fails.
func (k Kind[T]) NameIsFree(ctx context.Context, client *runpod.Client, name string, diags *diag.Diagnostics) bool {
	existing, err := k.Find(ctx, client, name)
	return k.nameChecked(name, existing, err, diags)
}

// nameChecked words the answer of a name check (see NameIsFree).
func (k Kind[T]) nameChecked(name string, existing *T, err error, diags *diag.Diagnostics) bool {
	switch {
	case errors.Is(err, ErrNotFound):
		return true
	case err != nil:
		diags.Append(diagnostics.APIError("Cannot Check "+diagnostics.TitleCase(k.Noun)+" Name",
			fmt.Sprintf("listing %ss to check that the name %q is free", k.Noun, name), err))
	default:
		diags.Append(diagnostics.AlreadyExists(k.Noun, name, k.ID(existing), k.ResourceType))
	}
	return false
}

// ClaimName is NameIsFree for a create about to be sent by this provider
// process (data): with List set, the check is served from a list shared
// with the other checks and delete confirmations of the kind, sent after
// the check began, and providerdata.Creates.Claim makes sure that no create
// of the same name by this process overlapped that list. When the name is
// free it returns the create's flight: call Done when the create is over
// (defer), so that a same-name check waits for it.
func (k Kind[T]) ClaimName(ctx context.Context, data *providerdata.Data, name string, diags *diag.Diagnostics) (*providerdata.Flight, bool) {
	client, d := data.Client()
	if d.HasError() {
		diags.Append(d...)
		return nil, false
	}
	find := func(ctx context.Context) (*T, error) {
		if k.List == nil {
			return k.Find(ctx, client, name)
		}
		all, err := k.List(data.Reads(), ctx)
		return Named(all, err, name, k.Name)
	}
	var existing *T
	flight, free, err := data.Creates().Claim(ctx, k.Noun, name, func(ctx context.Context) (bool, error) {
		found, err := find(ctx)
		if errors.Is(err, ErrNotFound) {
			return true, nil
		}
		existing = found
		return false, err
	})
	if free {
		return flight, true
	}
	k.nameChecked(name, existing, err, diags) // err nil: taken by existing
	return nil, false
}

// AfterAmbiguousCreate settles a create named name that failed in transit
// (createErr is runpod.ErrAmbiguous; any other result is returned as it
// is). The POST may have been processed and names are unique, so it looks
// the name up instead of sending the create again: an object found is the
// create's own and is returned with a warning; none found returns
// createErr; a failed lookup returns createErr and its own error, for which
// the caller records the object as pending (diagnostics.PendingCreate).
func (k Kind[T]) AfterAmbiguousCreate(ctx context.Context, client *runpod.Client, name string, created *T, createErr error,
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
	case errors.Is(err, ErrNotFound):
		return nil, createErr, nil
	}
	return nil, createErr, err
}

// Refresh is the resource's Read: it reads the object with the state's id
// through the shared reads, dropping one deleted outside Terraform
// (providerdata.StopRefresh), or, for a pending create (no id), settles it
// by name (see resolve). store saves what was found; adopted is true for a
// pending create's object, which the failed apply never recorded as its own.
func (k Kind[T]) Refresh(ctx context.Context, client *runpod.Client, reads *providerdata.Reads, id, name string,
	store func(found *T, adopted bool) diag.Diagnostics, resp *resource.ReadResponse,
) {
	if id == "" {
		k.resolve(ctx, client, name, func(found *T) diag.Diagnostics { return store(found, true) }, resp)
		return
	}
	found, err := k.Read(reads, ctx, id)
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
func (k Kind[T]) resolve(ctx context.Context, client *runpod.Client, name string,
	adopt func(found *T) diag.Diagnostics, resp *resource.ReadResponse,
) {
	found, err := k.Find(ctx, client, name)
	if errors.Is(err, ErrNotFound) {
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
func (k Kind[T]) Delete(ctx context.Context, client *runpod.Client, reads *providerdata.Reads, stateID, name string,
	inUse func(ctx context.Context, id string) string,
) diag.Diagnostics {
	var diags diag.Diagnostics
	id, ok := k.DeleteID(ctx, client, stateID, name, &diags)
	if !ok {
		return diags
	}
	req := deletion.Request{
		Kind: k.Noun, Name: name, ID: id,
		Delete: func(ctx context.Context) error { return k.Remove(client, ctx, id) },
		Read:   func(ctx context.Context) error { _, err := k.Get(client, ctx, id); return err },
	}
	if k.List != nil && reads != nil {
		// The confirmations of this process's deletes of the kind share
		// lists sent after each delete returned (deletion.Listed).
		req.Read = deletion.Listed(id, func(ctx context.Context) ([]T, error) { return k.List(reads, ctx) }, k.ID, req.Read)
	}
	if inUse != nil {
		req.InUseRemedy = func(ctx context.Context) string { return inUse(ctx, id) }
	}
	return deletion.Run(ctx, req)
}

// DeleteID is the id that Delete acts on: the state's id, or, for a pending
// create that no refresh resolved (-refresh=false), the id of the object
// with its name. ok is false when there is nothing to delete: no object has
// the name, or the lookup failed (diags then says so and nothing is deleted).
func (k Kind[T]) DeleteID(ctx context.Context, client *runpod.Client, stateID, name string, diags *diag.Diagnostics,
) (id string, ok bool) {
	if stateID != "" {
		return stateID, true
	}
	found, err := k.Find(ctx, client, name)
	if errors.Is(err, ErrNotFound) {
		return "", false
	}
	if err != nil {
		diags.Append(diagnostics.APIError(diagnostics.TitleCase(k.Noun)+" Not Deleted",
			fmt.Sprintf("listing %ss to find %q, whose create reply was lost", k.Noun, name), err))
		return "", false
	}
	return k.ID(found), true
}
