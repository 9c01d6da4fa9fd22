package networkvolume

import (
	"context"
	"math"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// volumeModel is a network volume as Terraform sees it; the resource and both
// data sources share it so that they cannot disagree about attribute names.
type volumeModel struct {
	ID           types.String `tfsdk:"id"`
	Name         types.String `tfsdk:"name"`
	SizeGB       types.Int64  `tfsdk:"size_gb"`
	DataCenterID types.String `tfsdk:"data_center_id"`
	Type         types.String `tfsdk:"type"`
}

// resourceModel is the resource's model: the shared one plus the
// configuration-only arguments, which the API never returns.
type resourceModel struct {
	volumeModel
	AllowDuplicate types.Bool `tfsdk:"allow_duplicate"`
	// ReportedSizeGB is the size Runpod reports, while SizeGB (in state)
	// is the size_gb of the last apply (or Runpod's size at import): a
	// volume grown outside Terraform changes this one, not size_gb, so
	// that an unchanged configuration plans no shrink (see sizes).
	ReportedSizeGB types.Int64 `tfsdk:"reported_size_gb"`
	// EstimatedCostPerMonth follows from reported_size_gb and type
	// (monthlyEstimate): what Runpod bills.
	EstimatedCostPerMonth types.Float64 `tfsdk:"estimated_cost_per_month"`
}

// sizes are an existing volume's two sizes, from its state.
type sizes struct {
	// applied is size_gb at the last apply, or Runpod's size when the
	// volume was imported (then there was no configured value yet).
	applied int64
	// reported is the size Runpod reported at the last refresh.
	reported int64
}

// sizesOf reads the sizes from a state. A state written before
// reported_size_gb existed (and not refreshed since) has only size_gb,
// which was then Runpod's size; a state without size_gb has only
// Runpod's.
func sizesOf(m resourceModel) sizes {
	s := sizes{applied: m.SizeGB.ValueInt64(), reported: m.ReportedSizeGB.ValueInt64()}
	if !tfvalue.Known(m.ReportedSizeGB) {
		s.reported = s.applied
	}
	if !tfvalue.Known(m.SizeGB) {
		s.applied = s.reported
	}
	return s
}

// viewFromAPI is the one conversion from the API's volume to the Terraform
// view: the data sources' model, and the resource's through fromAPI.
func viewFromAPI(v *runpod.NetworkVolume) volumeModel {
	return volumeModel{
		ID:           types.StringValue(v.ID),
		Name:         types.StringValue(v.Name),
		SizeGB:       types.Int64Value(int64(v.Size)),
		DataCenterID: types.StringValue(v.DataCenter),
		Type:         types.StringValue(v.Type),
	}
}

// toCreateRequest builds the create body from the plan. An unknown type
// (not configured, and the data center offers several tiers) is left out so
// that the API picks the data center's primary tier.
func toCreateRequest(plan volumeModel) runpod.CreateNetworkVolumeRequest {
	req := runpod.CreateNetworkVolumeRequest{
		Name:       plan.Name.ValueString(),
		Size:       int(plan.SizeGB.ValueInt64()),
		DataCenter: plan.DataCenterID.ValueString(),
	}
	if !plan.Type.IsNull() && !plan.Type.IsUnknown() {
		req.Type = plan.Type.ValueStringPointer()
	}
	return req
}

// toUpdateRequest builds a PATCH body with only what differs between state
// and plan (name and size are the only fields the API can change); changed
// is false when there is nothing to send, since the API refuses an empty body.
// The size is sent only when it is above the size Runpod reports: a
// size_gb raised to a size the volume already has (grown outside
// Terraform) is recorded in state without a request.
func toUpdateRequest(plan, state resourceModel) (req runpod.UpdateNetworkVolumeRequest, changed bool) {
	if !plan.Name.Equal(state.Name) {
		req.Name = runpod.Set(plan.Name.ValueString())
		changed = true
	}
	if plan.SizeGB.ValueInt64() > sizesOf(state).reported {
		req.Size = runpod.Set(int(plan.SizeGB.ValueInt64()))
		changed = true
	}
	return req, changed
}

// monthlyEstimate is what a volume of size GB (the size Runpod bills:
// reported_size_gb) and tier costs per month at Runpod's published storage
// rates, rounded to the cent: unknown while the size or tier is, and null
// for a tier Runpod publishes no rate for (HIGH_PERFORMANCE). It depends on
// nothing read at plan time, so it changes only with the volume's size
// (growth by Terraform or outside it) or type.
func monthlyEstimate(size types.Int64, tier types.String) types.Float64 {
	if !tfvalue.Known(size) || !tfvalue.Known(tier) {
		return types.Float64Unknown()
	}
	cost := pricing.NetworkVolumeMonthly(int(size.ValueInt64()), tier.ValueString())
	if !cost.Known {
		return types.Float64Null()
	}
	return types.Float64Value(math.Round(cost.USDPerMonth*100) / 100)
}

// fromAPI is the resource model of a volume read from the API, carrying
// the configuration-only arguments from prior (the plan or prior state),
// with the monthly estimate for what the API holds. Runpod's size goes to
// reported_size_gb; size_gb keeps prior's (the value configured at the last
// apply), so that a volume grown outside Terraform is drift in
// reported_size_gb and never a planned shrink. Without one in prior
// (import, query) size_gb is Runpod's.
func fromAPI(_ context.Context, api *runpod.NetworkVolume, prior resourceModel) resourceModel {
	v, m := viewFromAPI(api), prior
	reported := v.SizeGB
	if tfvalue.Known(m.SizeGB) {
		v.SizeGB = m.SizeGB
	}
	return resourceModel{volumeModel: v, AllowDuplicate: m.AllowDuplicate, ReportedSizeGB: reported,
		EstimatedCostPerMonth: monthlyEstimate(reported, v.Type)}
}
