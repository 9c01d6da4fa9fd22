package networkvolume

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// privateReplacing marks the plan of a replacement: the first of the two
// PlanResourceChange calls Terraform makes for it (prior state present) sets
// it, and the second (the create half, with no prior state) finds it in the
// private state Terraform hands on.
var privateReplacing = privatestate.NewKey[string]("replacing")

// ModifyPlan enforces at plan time what the API would refuse at apply, and
// says what the plan will cost:
//   - a new volume's data center must exist and offer network storage of
//     the tier (read from the catalog, shared across the provider process);
//   - creating, replacing or growing a volume carries a warning with its
//     monthly cost;
//   - a smaller size_gb is a warning at plan and an error at apply (volumes
//     only grow, and replacing one to shrink it would delete its data).
//
// The cost of a replacement is stated in the first call, the one with the
// prior state: Terraform discards the warnings of the second (create-half)
// call, so a warning given only there never reaches the user.
//
// No check on an existing volume may fail the plan: Terraform plans the
// configuration before every destroy (and before a -replace it was asked
// for) and a plan error there blocks the destroy, so guards that protect
// data are warnings here and errors in Update, which neither path calls.
//
// Without an API key the catalog check is skipped with a warning saying so,
// so that plans still work offline.
func (r *volumeResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // destroy
	}
	var planned resourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &planned)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan := planned.volumeModel
	defer r.planEstimate(ctx, resp)
	if req.State.Raw.IsNull() {
		// The create half of a replacement repeats the checks (its errors
		// are kept) but not the warnings, which the first call gave.
		_, replacing, diags := privateReplacing.Get(ctx, req.Private)
		resp.Diagnostics.Append(diags...)
		r.planCreate(ctx, &plan, !replacing, resp)
		return
	}
	var prior resourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	state := prior.volumeModel
	if replacing(plan, state) || len(resp.RequiresReplace) > 0 {
		resp.Diagnostics.Append(privateReplacing.Set(ctx, resp.Private, state.ID.ValueString())...)
		r.planReplacement(ctx, req, plan, state, resp)
		return
	}
	if d := shrinkWarning(plan, state); d != nil {
		resp.Diagnostics.Append(d)
		return
	}
	if tfvalue.Known(plan.SizeGB) && plan.SizeGB.ValueInt64() > state.SizeGB.ValueInt64() {
		resp.Diagnostics.Append(r.unique(growthCostWarning(plan, state)))
	}
}

// unique gives a cost warning a summary no other warning of this plan has:
// Terraform folds warnings with equal summaries into one.
func (r *volumeResource) unique(d diag.Diagnostic) diag.Diagnostic {
	return diag.NewWarningDiagnostic(r.Data.Costs().Summary(d.Summary()), d.Detail())
}

// planEstimate sets estimated_cost_per_month from the size and tier the
// plan ends with.
func (r *volumeResource) planEstimate(ctx context.Context, resp *resource.ModifyPlanResponse) {
	if resp.Diagnostics.HasError() || resp.Plan.Raw.IsNull() {
		return
	}
	var v volumeModel
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("size_gb"), &v.SizeGB)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("type"), &v.Type)...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_month"), monthlyEstimate(v))...)
}

// planReplacement checks the new volume of a replacement against the catalog
// and states its cost, in the call whose warnings Terraform shows.
func (r *volumeResource) planReplacement(ctx context.Context, req resource.ModifyPlanRequest, plan, state volumeModel, resp *resource.ModifyPlanResponse) {
	// The plan's type holds the old tier when it is not configured (the
	// attribute keeps its state value until the create half); the new
	// volume gets the configured tier or the new data center's default.
	next := plan
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("type"), &next.Type)...)
	if next.Type.IsNull() {
		next.Type = types.StringUnknown()
	}
	if tfvalue.Known(next.DataCenterID) && r.Data != nil {
		dc, ok := r.checkPlacement(ctx, next, &resp.Diagnostics)
		if !ok {
			return
		}
		if dc != nil && next.Type.IsUnknown() && len(dc.NetworkVolumeTypes) == 1 {
			next.Type = types.StringValue(dc.NetworkVolumeTypes[0])
		}
	}
	resp.Diagnostics.Append(r.unique(costWarning(next, &state)))
}

// planCreate checks a new volume's placement against the catalog, fills in
// the tier when the data center offers only one, and warns about the cost.
func (r *volumeResource) planCreate(ctx context.Context, plan *volumeModel, warn bool, resp *resource.ModifyPlanResponse) {
	if tfvalue.Known(plan.DataCenterID) && r.Data != nil {
		dc, ok := r.checkPlacement(ctx, *plan, &resp.Diagnostics)
		if !ok {
			return
		}
		if dc != nil && plan.Type.IsUnknown() && len(dc.NetworkVolumeTypes) == 1 {
			// The API's default is the data center's primary tier; with one
			// tier on offer that is certain, so the plan can show it.
			plan.Type = types.StringValue(dc.NetworkVolumeTypes[0])
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("type"), plan.Type)...)
		}
	}
	if warn {
		resp.Diagnostics.Append(r.unique(costWarning(*plan, nil)))
	}
}

// checkPlacement reads the data-center catalog and reports, on
// data_center_id, a data center that does not exist or lacks network storage
// of the planned tier. It returns the data center (nil when the catalog could
// not be consulted without an API key) and false when the plan must fail.
func (r *volumeResource) checkPlacement(ctx context.Context, plan volumeModel, diags *diag.Diagnostics) (*runpod.DataCenter, bool) {
	dcID := plan.DataCenterID.ValueString()
	cat, d := r.Data.Catalog()
	if d.HasError() {
		// No API key (or not yet known): plans without the API must work,
		// but must not pretend the check ran.
		summary, detail := d[0].Summary(), d[0].Detail()
		diags.AddAttributeWarning(path.Root("data_center_id"), "Network Volume Placement Not Checked",
			fmt.Sprintf("The plan could not check in Runpod's catalog that data center %q exists and offers network storage, "+
				"because the provider cannot call the API (%s: %s)\n\nThe API will refuse the create at apply if the data "+
				"center offers no network storage.", dcID, summary, detail))
		return nil, true
	}
	dcs, err := cat.AllDataCenters(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read the Data-Center Catalog",
			fmt.Sprintf("reading the data-center catalog to check that %s offers network storage", dcID), err))
		return nil, false
	}
	tier := ""
	if tfvalue.Known(plan.Type) {
		tier = plan.Type.ValueString()
	}
	dc, problem := placementProblem(dcs, dcID, tier)
	if problem != nil {
		diags.AddAttributeError(path.Root("data_center_id"), problem.summary, problem.detail)
		return nil, false
	}
	return dc, true
}

type placementError struct{ summary, detail string }

// placementProblem finds dcID in the catalog and says why a volume of tier
// ("" = the data center's default) cannot be created there, or returns nil.
// The message lists the data centers where it can.
func placementProblem(dcs []runpod.DataCenter, dcID, tier string) (*runpod.DataCenter, *placementError) {
	var dc *runpod.DataCenter
	for i := range dcs {
		if dcs[i].ID == dcID {
			dc = &dcs[i]
		}
	}
	var offering []string
	for _, d := range dcs {
		if (tier == "" && len(d.NetworkVolumeTypes) > 0) || slices.Contains(d.NetworkVolumeTypes, tier) {
			offering = append(offering, d.ID)
		}
	}
	what := "network storage"
	if tier != "" {
		what = tier + " network storage"
	}
	alternatives := fmt.Sprintf("Data centers that offer %s: %s. The runpod_data_centers data source lists them "+
		"(filter with network_volume_types), so the choice can follow the catalog instead of a fixed id.",
		what, pricing.IDList(offering))
	switch {
	case dc == nil:
		return nil, &placementError{"Unknown Data Center",
			fmt.Sprintf("Data center %q is not in Runpod's catalog. %s", dcID, alternatives)}
	case len(dc.NetworkVolumeTypes) == 0:
		return nil, &placementError{"Data Center Offers No Network Storage",
			fmt.Sprintf("Data center %q (%s) offers no network volumes, so a volume cannot be created there. %s", dcID, dc.Name, alternatives)}
	case tier != "" && !slices.Contains(dc.NetworkVolumeTypes, tier):
		return nil, &placementError{"Data Center Does Not Offer This Storage Tier",
			fmt.Sprintf("Data center %q (%s) offers %s network volumes, not %s. %s",
				dcID, dc.Name, pricing.IDList(dc.NetworkVolumeTypes), tier, alternatives)}
	}
	return dc, nil
}

// checkNoShrink refuses a smaller size_gb on an existing volume, at apply
// (Update). It is an error rather than a replacement because replacing
// would delete the data, and rather than a no-op because the configuration
// would then lie.
func checkNoShrink(plan, state volumeModel) diag.Diagnostic {
	if !tfvalue.Known(plan.SizeGB) || state.SizeGB.IsNull() || plan.SizeGB.ValueInt64() >= state.SizeGB.ValueInt64() {
		return nil
	}
	return diag.NewAttributeErrorDiagnostic(path.Root("size_gb"), summaryNoShrink, shrinkDetail(plan, state)+
		"\n\nNothing was changed.")
}

// shrinkWarning is checkNoShrink at plan time. It warns instead of failing
// because the provider cannot tell a plan for an apply from the plan
// Terraform makes before a destroy or a -replace: a plan error would block
// those too, and a volume grown in the console must stay destroyable.
func shrinkWarning(plan, state volumeModel) diag.Diagnostic {
	if checkNoShrink(plan, state) == nil {
		return nil
	}
	return diag.NewAttributeWarningDiagnostic(path.Root("size_gb"), summaryNoShrink, shrinkDetail(plan, state)+
		"\n\nApplying this plan will fail at this volume before anything is changed. (This is a warning rather than a "+
		"plan error so that terraform destroy and a replacement you ask for, such as -replace, still work.)")
}

const summaryNoShrink = "Network Volume Cannot Shrink"

func shrinkDetail(plan, state volumeModel) string {
	want, have := plan.SizeGB.ValueInt64(), state.SizeGB.ValueInt64()
	return fmt.Sprintf("Network volume %q (%s) is %d GB now; size_gb = %d would shrink it, and Runpod network volumes can only "+
		"grow. Set size_gb to %d or more.\n\nThe provider does not replace the volume to make it smaller, because that "+
		"would delete its data. To move to a smaller volume, create a second runpod_network_volume, copy the data, then "+
		"remove this one.", state.Name.ValueString(), state.ID.ValueString(), have, want, have)
}

// replacing reports whether the plan replaces the volume (a changed or
// not-yet-known data center or tier).
func replacing(plan, state volumeModel) bool {
	return !plan.DataCenterID.Equal(state.DataCenterID) || (!plan.Type.IsNull() && !plan.Type.Equal(state.Type))
}

const billingNote = "It bills from creation until deleted, whatever pods do: stopping or terminating the pods that mount " +
	"it does not stop the charge, and only destroying the volume does."

// costWarning is the plan warning for a new volume, or for the new volume
// of a replacement when replaced is the volume it replaces.
func costWarning(plan volumeModel, replaced *volumeModel) diag.Diagnostic {
	name := plan.Name.ValueString()
	what := fmt.Sprintf("Creating network volume %q", name)
	if replaced != nil {
		what = fmt.Sprintf("Replacing network volume %q (%s, in %s) deletes it with its data and creates a new, empty network "+
			"volume %q", replaced.Name.ValueString(), replaced.ID.ValueString(), replaced.DataCenterID.ValueString(), name)
	}
	where := "in a data center known after apply"
	if tfvalue.Known(plan.DataCenterID) {
		where = "in " + plan.DataCenterID.ValueString()
	}
	if !tfvalue.Known(plan.SizeGB) {
		return diag.NewWarningDiagnostic(fmt.Sprintf("%s: %q", summaryCost, name),
			fmt.Sprintf("%s %s: its size is known only after apply, so the cost cannot be shown "+
				"yet. STANDARD storage costs %s per GB per month for the first %d GB and %s beyond; HIGH_PERFORMANCE costs "+
				"more. %s", what, where, pricing.USD(pricing.VolumeRateFirstTier), pricing.VolumeFirstTierGB,
				pricing.USD(pricing.VolumeRateBeyond), billingNote))
	}
	size := int(plan.SizeGB.ValueInt64())
	tier := ""
	if tfvalue.Known(plan.Type) {
		tier = plan.Type.ValueString()
	}
	cost := pricing.NetworkVolumeMonthly(size, tier)
	summary := fmt.Sprintf("%s: %q at %s/month", summaryCost, name, pricing.USD(cost.USDPerMonth))
	switch {
	case tier == "":
		summary = fmt.Sprintf("%s: %q at about %s/month if STANDARD", summaryCost, name, pricing.USD(cost.USDPerMonth))
	case !cost.Known:
		summary = fmt.Sprintf("%s: %q, %d GB %s", summaryCost, name, size, tier)
	}
	var figure string
	switch {
	case cost.Known:
		figure = fmt.Sprintf("(%d GB, %s, %s) costs about %s per month: %s.", size, tier, where, pricing.USD(cost.USDPerMonth), cost.Formula)
	case tier != "":
		figure = fmt.Sprintf("(%d GB, %s, %s): %s.", size, tier, where, cost.Formula)
	default:
		figure = fmt.Sprintf("(%d GB, the data center's default tier, %s) costs about %s per month if that tier is "+
			"STANDARD (%s); HIGH_PERFORMANCE costs more, at a premium Runpod does not publish.",
			size, where, pricing.USD(cost.USDPerMonth), cost.Formula)
	}
	if replaced != nil {
		figure = strings.Replace(figure, ") costs", ") that costs", 1)
	}
	return diag.NewWarningDiagnostic(summary, fmt.Sprintf("%s %s %s", what, figure, billingNote))
}

const summaryCost = "Network Volume Storage Cost"

// growthCostWarning is the plan warning for a volume that grows in place.
func growthCostWarning(plan, state volumeModel) diag.Diagnostic {
	from, to := int(state.SizeGB.ValueInt64()), int(plan.SizeGB.ValueInt64())
	tier := state.Type.ValueString()
	before, after := pricing.NetworkVolumeMonthly(from, tier), pricing.NetworkVolumeMonthly(to, tier)
	var figure string
	summary := fmt.Sprintf("%s: %q grows to %d GB", summaryCost, plan.Name.ValueString(), to)
	if after.Known {
		summary = fmt.Sprintf("%s: %q grows to %s/month", summaryCost, plan.Name.ValueString(), pricing.USD(after.USDPerMonth))
		figure = fmt.Sprintf("raises its storage cost from about %s to %s per month (+%s): %s.",
			pricing.USD(before.USDPerMonth), pricing.USD(after.USDPerMonth),
			pricing.USD(after.USDPerMonth-before.USDPerMonth), after.Formula)
	} else {
		figure = fmt.Sprintf("raises its storage cost (%s tier): %s.", tier, after.Formula)
	}
	return diag.NewWarningDiagnostic(summary,
		fmt.Sprintf("Growing network volume %q (%s, in %s) from %d GB to %d GB %s Volumes cannot shrink again afterwards. %s",
			plan.Name.ValueString(), state.ID.ValueString(), state.DataCenterID.ValueString(), from, to, figure, billingNote))
}
