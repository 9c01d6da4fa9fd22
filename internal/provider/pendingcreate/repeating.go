package pendingcreate

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

// Kinds whose names repeat (pods, clusters, endpoints, network volumes, ECR
// delegations) cannot settle a pending create by name: the create saves the
// planned object with no id, and in private state the ids of the
// lookalikes that existed before it was sent (safecreate.Pending). The next
// refresh (Settle) or delete (DeleteAmongID) takes the lookalikes that appeared
// since and that no other address manages (safecreate.PendingCandidates),
// and safecreate.SettlePending decides.

// privatePending is the pending create of a resource whose state has no id.
var privatePending = privatestate.NewKey[safecreate.Pending]("pending_create")

// Save records p, the pending create of the resource whose Create is
// failing (Request.Record): state becomes plan (its model) with no id and
// null where the plan had values known only after apply, and p goes to the
// resource's private state.
func Save(ctx context.Context, state *tfsdk.State, plan any, private privatestate.Store, p safecreate.Pending) diag.Diagnostics {
	diags := state.Set(ctx, plan)
	if diags.HasError() {
		return diags
	}
	raw, err := tftypes.Transform(state.Raw, func(_ *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if !v.IsKnown() {
			return tftypes.NewValue(v.Type(), nil), nil
		}
		return v, nil
	})
	if err != nil {
		diags.AddError("Cannot Record Pending Create", fmt.Sprintf("Nulling the values known only after apply failed: %s. "+
			"This is a bug in the provider; please report it.", err))
		return diags
	}
	state.Raw = raw
	diags.Append(state.SetAttribute(ctx, path.Root("id"), "")...)
	return append(diags, privatePending.Set(ctx, private, p)...)
}

// load is the pending create recorded in private, or an error saying the
// record is missing.
func load(ctx context.Context, noun, name string, private privatestate.Store) (safecreate.Pending, diag.Diagnostics) {
	p, ok, diags := privatePending.Get(ctx, private)
	if !ok && !diags.HasError() {
		diags.AddError(fmt.Sprintf("Pending %s Create Has No Record", diagnostics.TitleCase(noun)),
			fmt.Sprintf("The state holds %s %q without an id, as a create whose reply was lost, but not the record "+
				"needed to settle it (the provider's private data of the resource). If the %s exists in the Runpod "+
				"console, import it; otherwise remove the resource from state (terraform state rm) and apply again.",
				noun, name, noun))
	}
	return p, diags
}

// Settle is the refresh of a pending create of a kind whose names repeat
// (the state has no id): it lists the kind for the candidates the create
// may have made and decides (safecreate.SettlePending). The one candidate
// is stored (store) and recorded as this address's; none drops the
// resource (Drop) so that the plan creates it; several are refused. A
// failed list keeps the state as it is, with an error. optedOut is the
// configuration's allow_duplicate.
func Settle[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, l safecreate.Lookalike[T], optedOut bool,
	req resource.ReadRequest, store func(found *T) diag.Diagnostics, resp *resource.ReadResponse,
) {
	p, diags := load(ctx, k.Noun, l.Name, req.Private)
	if resp.Diagnostics.Append(diags...); diags.HasError() {
		return
	}
	candidates, err := safecreate.PendingCandidates(ctx, k, l, data, p, true)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read "+k.Title(),
			fmt.Sprintf("listing %ss to settle the create of %q whose reply was lost; the create stays pending", k.Noun, l.Name), err))
		return
	}
	adopted, d := safecreate.SettlePending(k, l, candidates, optedOut)
	if d != nil {
		resp.Diagnostics.Append(d)
	}
	if adopted == nil {
		if d == nil {
			tflog.Info(ctx, fmt.Sprintf("pending %s create did not happen; removing from state", k.Noun), map[string]any{"name": l.Name})
			Drop(ctx, resp)
		}
		return
	}
	data.Creates().Own(k.Noun, k.ID(adopted))
	resp.Diagnostics.Append(store(adopted)...)
	resp.Diagnostics.Append(privatePending.Remove(ctx, resp.Private)...)
}

// DeleteAmongID is the object the delete of a pending create of a kind whose
// names repeat acts on: the one candidate (see Settle), when there is
// exactly one. ok is false when there is nothing to delete: none appeared
// (nothing to do), several did (a warning names them, none is deleted), or
// the list failed (an error).
func DeleteAmongID[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, l safecreate.Lookalike[T],
	private privatestate.Store, diags *diag.Diagnostics,
) (id string, ok bool) {
	p, d := load(ctx, k.Noun, l.Name, private)
	if diags.Append(d...); d.HasError() {
		return "", false
	}
	candidates, err := safecreate.PendingCandidates(ctx, k, l, data, p, false)
	switch {
	case err != nil:
		diags.Append(diagnostics.APIError(k.Title()+" Not Deleted",
			fmt.Sprintf("listing %ss to find %q, whose create reply was lost", k.Noun, l.Name), err))
		return "", false
	case len(candidates) == 0:
		tflog.Info(ctx, fmt.Sprintf("pending %s create did not happen; nothing to delete", k.Noun), map[string]any{"name": l.Name})
		return "", false
	case len(candidates) > 1:
		diags.Append(diagnostics.PendingLeft(k.Noun, l.Name, safecreate.Describe(k, l, candidates)))
		return "", false
	}
	return k.ID(&candidates[0]), true
}

// Drop removes the resource being read from state (a pending create that
// did not happen). A pending create has no id, so it has no identity
// either, and a read that returns none fails ("Missing Resource Identity
// After Read"): the identity is set to an empty id, which goes with the
// removed object.
func Drop(ctx context.Context, resp *resource.ReadResponse) {
	resp.State.RemoveResource(ctx)
	if resp.Identity != nil && resp.Identity.Raw.IsFullyNull() {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, identity.Model{ID: types.StringValue("")})...)
	}
}
