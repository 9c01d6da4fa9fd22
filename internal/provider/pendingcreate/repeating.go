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
// delegations) cannot settle a pending create by name. Their create saves
// the planned object with no id (Save), and in private state the ids of the
// lookalikes that existed before it was sent (safecreate.Pending). What it
// may have made are the lookalikes that appeared since and that no other
// address manages (its candidates). A candidate may be that create's object
// or another writer's (safecreate.NotAdopted), so it is never adopted and
// never deleted:
//   - the refresh (Settle) drops the record when there is none, so that the
//     plan creates the object, and keeps it otherwise (allow_duplicate drops
//     it with a warning naming them); it never fails, so that a destroy
//     always works;
//   - the plan (Plan) refuses while candidates exist, naming each with the
//     ways out, and plans the create (a replacement of the record) when
//     there is none;
//   - the delete (DeleteAmong) removes the record, naming the candidates it
//     leaves in the account.

// privatePending is the pending create of a resource whose state has no id.
var privatePending = privatestate.NewKey[safecreate.Pending]("pending_create")

// Save records p, the pending create of the resource whose Create is
// failing (safecreate.Request.Record): state becomes plan (its model) with
// no id and null where the plan had values known only after apply, and p
// goes to the resource's private state.
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

// IsPending reports whether state is a pending create: an object with an
// empty id.
func IsPending(ctx context.Context, state tfsdk.State) bool {
	if state.Raw.IsNull() {
		return false
	}
	var id types.String
	if d := state.GetAttribute(ctx, path.Root("id"), &id); d.HasError() {
		return false
	}
	return id.IsNull() || id.ValueString() == ""
}

// load is the pending create recorded in private. Without a record (state
// edited by hand) every lookalike that no address manages is a candidate:
// nothing is adopted or deleted either way.
func load(ctx context.Context, noun, name string, private privatestate.Store) safecreate.Pending {
	p, ok, diags := privatePending.Get(ctx, private)
	if !ok || diags.HasError() {
		tflog.Warn(ctx, fmt.Sprintf("pending %s create without its record; any lookalike counts", noun), map[string]any{"name": name})
		return safecreate.Pending{}
	}
	return p
}

// Settle is the refresh of a pending create (the state has no id): none of
// its candidates means it did not happen, and the resource is dropped so
// that the plan creates it; with candidates the state is kept as it is for
// the plan to refuse, unless optedOut (allow_duplicate in the state), which
// drops it with a warning naming them. A failed list keeps the state with
// a warning. It never fails: a refresh error would stop a destroy. What it
// found is noted for the plan (providerdata.NotePending): Terraform plans
// the pending create, tainted by the failed apply, as a new object whose
// create guard (safecreate.GuardPlan) refuses; cost says what each
// candidate may bill, for that refusal.
func Settle[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, l safecreate.Lookalike[T], optedOut bool,
	cost string, req resource.ReadRequest, resp *resource.ReadResponse,
) {
	p := load(ctx, k.Noun, l.Name, req.Private)
	candidates, err := safecreate.PendingCandidates(ctx, k, l, data, p)
	switch {
	case err != nil:
		resp.Diagnostics.Append(diagnostics.PendingKeptUnchecked(k.Noun, l.Name, err))
		data.NotePending(k.Noun, l.Name, providerdata.PendingNote{Err: err})
		keep(ctx, resp)
	case len(candidates) == 0:
		tflog.Info(ctx, fmt.Sprintf("pending %s create did not happen; removing from state", k.Noun), map[string]any{"name": l.Name})
		dropPending(ctx, resp)
	case optedOut:
		resp.Diagnostics.Append(diagnostics.PendingDuplicateAllowed(k.Noun, k.ResourceType, l.Name,
			safecreate.IDs(k, candidates), safecreate.Describe(k, l, candidates), l.OptOut))
		dropPending(ctx, resp)
	default:
		tflog.Warn(ctx, fmt.Sprintf("pending %s create may have made an object; kept for the plan to name", k.Noun),
			map[string]any{"name": l.Name, "candidates": safecreate.IDs(k, candidates)})
		data.NotePending(k.Noun, l.Name, providerdata.PendingNote{Candidates: safecreate.IDs(k, candidates), Cost: cost})
		keep(ctx, resp)
	}
}

// keep leaves a pending create in state as it was. It has no id, so no
// identity either, and the framework refuses a Read that ends without
// errors and with a null identity: the identity gets the empty id.
func keep(ctx context.Context, resp *resource.ReadResponse) {
	if resp.Identity != nil && resp.Identity.Raw.IsFullyNull() {
		resp.Diagnostics.Append(resp.Identity.SetAttribute(ctx, path.Root(identity.Attribute), "")...)
	}
}

// Plan is the plan of a pending create that is not tainted (IsPending
// (req.State): a state someone untainted; Terraform plans a tainted one as
// a new object, see Settle), for a plan that keeps the resource: while candidates exist it fails naming each
// (cost says what each may bill, "" when not known) with the ways out;
// with none, or with optedOut, it plans to replace the record by a create.
// A failed list fails the plan. destroy's refresh plan never gets here
// (package destroyrefresh).
func Plan[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, l safecreate.Lookalike[T], optedOut bool,
	cost string, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse,
) {
	if data == nil {
		return // validation before the provider is configured
	}
	p := load(ctx, k.Noun, l.Name, req.Private)
	candidates, starved, err := safecreate.PlanCandidates(ctx, k, l, data, p, req.ClientCapabilities)
	switch {
	case err != nil:
		resp.Diagnostics.Append(diagnostics.PendingNotChecked(k.Noun, l.Name, err))
		return
	case len(candidates) == 0:
	case optedOut:
		resp.Diagnostics.Append(diagnostics.PendingDuplicateAllowed(k.Noun, k.ResourceType, l.Name,
			safecreate.IDs(k, candidates), safecreate.Describe(k, l, candidates), l.OptOut))
	default:
		resp.Diagnostics.Append(safecreate.MaybeSiblings(diagnostics.PendingCandidatesFound(k.Noun, k.ResourceType, l.Name,
			safecreate.IDs(k, candidates), safecreate.Describe(k, l, candidates), cost, l.OptOut), starved))
		return
	}
	// Replacing the record by a create: Terraform plans the create half
	// anew, with the kind's create checks, and the delete half only drops
	// the record (DeleteAmong).
	resp.RequiresReplace = append(resp.RequiresReplace, path.Root("id"))
}

// DeleteAmong is the delete of a pending create: it never deletes a candidate
// (any may be another writer's); the record leaves state, with a warning
// naming the candidates left in the account, or saying to check the
// console when the list failed. It never fails: destroy must work.
func DeleteAmong[T any](ctx context.Context, k kinds.Kind[T], data *providerdata.Data, l safecreate.Lookalike[T],
	private privatestate.Store, diags *diag.Diagnostics,
) {
	p := load(ctx, k.Noun, l.Name, private)
	candidates, err := safecreate.PendingCandidates(ctx, k, l, data, p)
	switch {
	case err != nil:
		diags.Append(diagnostics.PendingRemovedUnchecked(k.Noun, l.Name, err))
	case len(candidates) == 0:
		tflog.Info(ctx, fmt.Sprintf("pending %s create did not happen; nothing to delete", k.Noun), map[string]any{"name": l.Name})
	default:
		diags.Append(diagnostics.PendingLeft(k.Noun, k.ResourceType, l.Name, safecreate.IDs(k, candidates),
			safecreate.Describe(k, l, candidates)))
	}
}

// Cost is the sentence of a candidate's cost for Plan: what the pending
// create's own plan estimated (estimate, per "hour" or "month"), "" when it
// did not.
func Cost(estimate types.Float64, per string) string {
	if estimate.IsNull() || estimate.IsUnknown() || estimate.ValueFloat64() == 0 {
		return ""
	}
	return fmt.Sprintf("Each may bill about $%.2f per %s (the estimate of the plan that sent the create) until deleted.",
		estimate.ValueFloat64(), per)
}
