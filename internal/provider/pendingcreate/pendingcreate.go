// Package pendingcreate settles a create whose reply was lost and whose
// follow-up lookup failed too: the resource was saved with its name and no
// id (diagnostics.PendingCreate), and the next refresh decides what
// happened. It serves the kinds whose names are unique in an account
// (registry credentials, secrets, templates); compute, whose names repeat,
// adopts or refuses lookalikes instead (see the pod, cluster and network
// volume packages).
package pendingcreate

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
)

// ErrNotFound is what a lookup by name returns when no object has the name.
var ErrNotFound = errors.New("not found")

// Resolve refreshes a pending create of kind ("registry credential") named
// name. The failed apply checked that the name was free before it sent the
// create, so an object that find returns now is that apply's own: adopt
// takes it into state (returning its id and diagnostics) and the user is
// told with a warning. If find returns ErrNotFound, the create did not
// happen and the resource is dropped so that the plan creates it. Any other
// error leaves state as it is.
func Resolve[T any](ctx context.Context, kind, name string,
	find func(context.Context) (*T, error),
	adopt func(found *T) (id string, diags diag.Diagnostics),
	resp *resource.ReadResponse,
) {
	found, err := find(ctx)
	if errors.Is(err, ErrNotFound) {
		tflog.Info(ctx, fmt.Sprintf("pending %s create did not happen; removing from state", kind), map[string]any{"name": name})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read "+diagnostics.TitleCase(kind),
			fmt.Sprintf("listing %ss to find %q, whose create reply was lost", kind, name), err))
		return
	}
	id, diags := adopt(found)
	resp.Diagnostics.Append(diagnostics.FoundAfterLostReply(kind, name, id))
	resp.Diagnostics.Append(diags...)
}

// DeleteID is the id that Delete acts on: the state's id, or, for a pending
// create that no refresh resolved (-refresh=false), the id of the object
// with its name. ok is false when there is nothing to delete: no object has
// the name, or the lookup failed (diags then says so and nothing is deleted).
func DeleteID[T any](ctx context.Context, kind, stateID, name string,
	find func(context.Context) (*T, error), idOf func(*T) string, diags *diag.Diagnostics,
) (id string, ok bool) {
	if stateID != "" {
		return stateID, true
	}
	found, err := find(ctx)
	if errors.Is(err, ErrNotFound) {
		return "", false
	}
	if err != nil {
		diags.Append(diagnostics.APIError(diagnostics.TitleCase(kind)+" Not Deleted",
			fmt.Sprintf("listing %ss to find %q, whose create reply was lost", kind, name), err))
		return "", false
	}
	return idOf(found), true
}
