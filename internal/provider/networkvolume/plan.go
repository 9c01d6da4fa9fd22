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
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
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
//   - a size_gb below the one last applied is a plan error (volumes only
//     grow, and replacing one to shrink it would delete its data);
//   - a volume grown outside Terraform (reported_size_gb above the
//     size_gb last applied, configuration unchanged) plans no change and
//     warns with the size_gb line to write.
//
// The cost of a replacement is stated in the first call, the one with the
// prior state: Terraform discards the warnings of the second (create-half)
// call, so a warning given only there never reaches the user.
//
// Terraform plans the configuration before every destroy (and before a
// -replace) and a plan error there blocks them, so no plan error may
// depend on anything but the configuration: the shrink error follows an
// edit of size_gb, and its message says how to destroy anyway; a change
// made outside Terraform is only a warning.
func (r *volumeResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	ctx = providerdata.PlanContext(ctx, req.ClientCapabilities)
	r.Data.Managed(ctx, Kind.Noun, req.State)
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
		r.Data.NewVolumes().Note(plan.DataCenterID.ValueString(), tfvalue.Known(plan.DataCenterID))
		defer r.refuseOrphan(ctx, req, resp)
		// The create half of a replacement repeats the checks (its errors
		// are kept) but not the warnings, which the first call gave.
		_, replacing, diags := privateReplacing.Get(ctx, req.Private)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("reported_size_gb"), plan.SizeGB)...)
		r.planCreate(ctx, &plan, !replacing, resp)
		return
	}
	var prior resourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if prior.ID.ValueString() == "" {
		// A create whose reply was lost and whose look-up failed.
		if r.Data != nil {
			pendingcreate.Plan(ctx, Kind, r.Data, pendingLike(prior), planned.AllowDuplicate.ValueBool(),
				pendingcreate.Cost(prior.EstimatedCostPerMonth, "month"), req, resp)
		}
		return
	}
	state := prior.volumeModel
	if replacing(plan, state) || len(resp.RequiresReplace) > 0 {
		r.Data.NewVolumes().Note(plan.DataCenterID.ValueString(), tfvalue.Known(plan.DataCenterID))
		resp.Diagnostics.Append(privateReplacing.Set(ctx, resp.Private, state.ID.ValueString())...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("reported_size_gb"), plan.SizeGB)...)
		r.planReplacement(ctx, req, plan, state, resp)
		return
	}
	if !tfvalue.Known(plan.SizeGB) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("reported_size_gb"), types.Int64Unknown())...)
		return
	}
	have := sizesOf(prior)
	if d := shrinkError(plan, prior); d != nil {
		resp.Diagnostics.Append(d)
		return
	}
	want := plan.SizeGB.ValueInt64()
	reported := have.reported
	switch {
	case want > have.reported:
		r.Data.Costs().Warn(ctx, &resp.Diagnostics, growthCostWarning(plan, state, have.reported))
		reported = want
	case want == have.applied && have.reported > have.applied:
		resp.Diagnostics.Append(resizedOutsideWarning(state, have))
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("reported_size_gb"), reported)...)
}

// planEstimate sets estimated_cost_per_month from the size Runpod will
// report (and bill) and the tier the plan ends with.
func (r *volumeResource) planEstimate(ctx context.Context, resp *resource.ModifyPlanResponse) {
	if resp.Diagnostics.HasError() || resp.Plan.Raw.IsNull() {
		return
	}
	var size types.Int64
	var tier types.String
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("reported_size_gb"), &size)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("type"), &tier)...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_month"), monthlyEstimate(size, tier))...)
}

// planReplacement checks the new volume of a replacement against the catalog
// and states its cost, in the call whose warnings Terraform shows.
func (r *volumeResource) planReplacement(ctx context.Context, req resource.ModifyPlanRequest, plan, state volumeModel, resp *resource.ModifyPlanResponse) {
	// The plan's type holds the old tier when it is not configured (the
	// attribute keeps its state value until the create half); the new
	// volume gets the configured tier or the new data center's default.
	next, defaulted := plan, false
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("type"), &next.Type)...)
	if next.Type.IsNull() {
		next.Type = types.StringUnknown()
	}
	if tfvalue.Known(next.DataCenterID) && r.Data != nil {
		dc, ok := r.checkPlacement(ctx, next, &resp.Diagnostics)
		if !ok {
			return
		}
		if dc != nil && next.Type.IsUnknown() {
			next.Type = types.StringValue(primaryTier(dc))
			defaulted = len(dc.NetworkVolumeTypes) > 1
		}
	}
	r.Data.Costs().Warn(ctx, &resp.Diagnostics, tierCostWarning(next, &state, defaulted))
}

// planCreate checks a new volume's placement against the catalog, fills in
// the tier when the data center offers only one, and warns about the cost.
func (r *volumeResource) planCreate(ctx context.Context, plan *volumeModel, warn bool, resp *resource.ModifyPlanResponse) {
	defaulted := false
	if tfvalue.Known(plan.DataCenterID) && r.Data != nil {
		dc, ok := r.checkPlacement(ctx, *plan, &resp.Diagnostics)
		if !ok {
			return
		}
		if dc != nil && plan.Type.IsUnknown() {
			// The API's default is the data center's primary tier, which the
			// catalog lists first: the plan shows it, prices it, and the
			// create asks for it, so that the volume is the one priced.
			plan.Type = types.StringValue(primaryTier(dc))
			defaulted = len(dc.NetworkVolumeTypes) > 1
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("type"), plan.Type)...)
		}
	}
	if warn {
		r.Data.Costs().Warn(ctx, &resp.Diagnostics, tierCostWarning(*plan, nil, defaulted))
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

// primaryTier is the storage tier Runpod gives a volume created in dc
// without one: the data center's primary tier (API.md, POST
// /v2/network-volumes), the first its catalog entry lists. dc offers at
// least one (checkPlacement).
func primaryTier(dc *runpod.DataCenter) string { return dc.NetworkVolumeTypes[0] }

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

// checkNoShrink is shrinkError at apply (Update), where the plan should
// already have stopped it: it refuses before anything is sent.
func checkNoShrink(plan volumeModel, state resourceModel) diag.Diagnostic {
	if shrinkError(plan, state) == nil {
		return nil
	}
	return diag.NewAttributeErrorDiagnostic(path.Root("size_gb"), summaryNoShrink, shrinkDetail(plan, state)+
		"\n\nNothing was changed.")
}

// shrinkError refuses, on size_gb, a configured size the volume cannot
// take: below the size_gb last applied (an edit that shrinks), or, once
// the volume was grown outside Terraform, a changed size_gb below what
// Runpod reports (the API would refuse it). It is an error rather than a
// replacement because replacing would delete the data, and rather than a
// no-op because the configuration would then lie. It depends only on the
// configured value having changed: an unchanged size_gb is never refused,
// whatever Runpod reports, so that destroy and -replace are not blocked by
// a change made outside Terraform.
func shrinkError(plan volumeModel, state resourceModel) diag.Diagnostic {
	if !tfvalue.Known(plan.SizeGB) {
		return nil
	}
	want, have := plan.SizeGB.ValueInt64(), sizesOf(state)
	if want >= have.applied && (want == have.applied || want >= have.reported) {
		return nil
	}
	return diag.NewAttributeErrorDiagnostic(path.Root("size_gb"), summaryNoShrink, shrinkDetail(plan, state)+
		"\n\n"+destroyAnyway(have))
}

const summaryNoShrink = "Network Volume Cannot Shrink"

func shrinkDetail(plan volumeModel, state resourceModel) string {
	want, have := plan.SizeGB.ValueInt64(), sizesOf(state)
	var now string
	switch {
	case have.reported > have.applied:
		now = fmt.Sprintf("Runpod reports it at %d GB (reported_size_gb; it was grown outside Terraform, e.g. in the "+
			"Runpod console, after the last apply set size_gb = %d)", have.reported, have.applied)
	default:
		now = fmt.Sprintf("it is %d GB", have.applied)
	}
	floor := max(have.applied, have.reported)
	return fmt.Sprintf("size_gb = %d would shrink network volume %q (%s): %s, and Runpod network volumes only grow. "+
		"Set size_gb = %d to match the volume, or more to grow it.\n\nThe provider does not replace the volume to "+
		"make it smaller, because that would delete its data. To move to a smaller volume, create a second "+
		"runpod_network_volume, copy the data, then remove this one.", want, state.Name.ValueString(),
		state.ID.ValueString(), now, floor)
}

// destroyAnyway says how to destroy or replace a volume while its
// configuration asks for a shrink: Terraform plans the configuration
// before a destroy and a -replace, so the shrink error blocks both.
func destroyAnyway(have sizes) string {
	return fmt.Sprintf("This error also stops terraform destroy and -replace, which plan the configuration first. "+
		"To destroy the volume anyway, run terraform destroy -refresh=false (it skips that plan), or revert size_gb "+
		"to %d first. To replace it with a new, empty, smaller volume, destroy it that way (add -target=ADDRESS to "+
		"destroy only this volume), then apply.", have.applied)
}

// resizedOutsideWarning says that a volume was grown outside Terraform:
// Runpod reports it larger than the size_gb the configuration still
// has. Nothing is planned for it (volumes only grow, and an update to the
// configured size would be refused), so this is what names the line to
// write into the configuration.
func resizedOutsideWarning(state volumeModel, have sizes) diag.Diagnostic {
	name := state.Name.ValueString()
	return diag.NewAttributeWarningDiagnostic(path.Root("size_gb"),
		fmt.Sprintf("%s: %q", summaryResizedOutside, name),
		fmt.Sprintf("Network volume %q (%s) was grown outside Terraform (e.g. in the Runpod console): Runpod reports "+
			"%d GB (reported_size_gb), while the configuration and the last apply have size_gb = %d. Volumes only grow, "+
			"so Terraform plans no change to its size, and Runpod bills the %d GB (estimated_cost_per_month follows "+
			"reported_size_gb). To make the configuration say what exists, write:\n\n  size_gb = %d\n\n"+
			"or a larger value to grow it further. Until then, every plan repeats this warning.",
			name, state.ID.ValueString(), have.reported, have.applied, have.reported, have.reported))
}

const summaryResizedOutside = "Network Volume Resized Outside Terraform"

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
	return tierCostWarning(plan, replaced, false)
}

// tierCostWarning is costWarning for a plan whose tier is the data
// center's default among others it offers when defaulted (type not
// configured), which it says.
func tierCostWarning(plan volumeModel, replaced *volumeModel, defaulted bool) diag.Diagnostic {
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
	label := tier
	if defaulted {
		label = tier + ": the data center's default tier, as type is not set"
	}
	switch {
	case cost.Known:
		figure = fmt.Sprintf("(%d GB, %s, %s) costs about %s per month: %s.", size, label, where, pricing.USD(cost.USDPerMonth), cost.Formula)
	case tier != "":
		figure = fmt.Sprintf("(%d GB, %s, %s): %s.", size, label, where, cost.Formula)
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

// growthCostWarning is the plan warning for a volume that grows in place
// from reported GB, the size Runpod bills now.
func growthCostWarning(plan, state volumeModel, reported int64) diag.Diagnostic {
	from, to := int(reported), int(plan.SizeGB.ValueInt64())
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
