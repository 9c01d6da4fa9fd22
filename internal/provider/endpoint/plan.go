package endpoint

import (
	"context"
	"fmt"
	"math"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// familyChanged replaces the endpoint when it moves between GPU and CPU:
// the API fixes the compute family at create.
func familyChanged(ctx context.Context, req planmodifier.ListRequest, resp *listplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.State.Raw.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	resp.RequiresReplace = listSet(req.StateValue) != listSet(req.PlanValue)
}

// listSet reports whether gpu_pools or cpu is set: gpu_pools is null when
// unset, while cpu, a list of blocks, is empty.
func listSet(l types.List) bool { return !l.IsNull() && (l.IsUnknown() || len(l.Elements()) > 0) }

func (r *endpointResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg resourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(validateConfig(cfg)...)
}

// validateConfig holds the API's rules that one configuration can break on
// its own, so that they fail at validate rather than at apply.
func validateConfig(cfg resourceModel) diag.Diagnostics {
	var diags diag.Diagnostics
	typ, scaler := cfg.Type.ValueString(), cfg.ScalerType.ValueString()
	if tfvalue.Known(cfg.Type) && tfvalue.Known(cfg.ScalerType) && typ == runpod.EndpointTypeLoadBalancer && scaler == runpod.ScalerQueueDelay {
		diags.AddAttributeError(path.Root("scaler_type"), "Scaler Not Allowed For Load-Balancing Endpoints",
			"scaler_type QUEUE_DELAY scales on the time jobs wait in Runpod's queue, and a LOAD_BALANCER endpoint has no "+
				"queue. Use scaler_type = \"REQUEST_COUNT\" with scaler_value = requests per worker.")
	}
	if tfvalue.Known(cfg.ScalerType) && tfvalue.Known(cfg.ScalerValue) && scaler == runpod.ScalerRequestCount {
		if v := cfg.ScalerValue.ValueFloat64(); v < 1 || v != math.Trunc(v) {
			diags.AddAttributeError(path.Root("scaler_value"), "Invalid Scaler Value",
				fmt.Sprintf("scaler_value %g is not allowed with REQUEST_COUNT: it is a whole number of requests per worker, at least 1.", v))
		}
	}
	if tfvalue.Known(cfg.Type) && tfvalue.Known(cfg.ScalerType) && typ == runpod.EndpointTypeQueue && scaler == runpod.ScalerRequestCount &&
		!cfg.IdleTimeoutSeconds.IsNull() {
		diags.AddAttributeError(path.Root("idle_timeout_seconds"), "Idle Timeout Not Used With REQUEST_COUNT",
			"A QUEUE endpoint that scales on REQUEST_COUNT has no idle timeout: Runpod refuses one. Remove "+
				"idle_timeout_seconds, or scale on QUEUE_DELAY.")
	}
	if !cfg.GPUPools.IsUnknown() && !cfg.CPU.IsUnknown() && listSet(cfg.GPUPools) == listSet(cfg.CPU) {
		diags.AddAttributeError(path.Root("gpu_pools"), "Invalid Attribute Combination",
			"Exactly one of gpu_pools (GPU workers) and cpu blocks (CPU workers) must be set.")
	}
	if cfg.Image.IsNull() && cfg.TemplateID.IsNull() {
		diags.AddAttributeError(path.Root("image"), "Missing Container Image",
			"An endpoint needs a container image: set image, or template_id to a serverless template that has one.")
	}
	most, mostKnown := int64(defaultWorkersMax), !cfg.WorkersMax.IsUnknown()
	if tfvalue.Known(cfg.WorkersMax) {
		most = cfg.WorkersMax.ValueInt64()
	}
	if tfvalue.Known(cfg.WorkersMin) && mostKnown && cfg.WorkersMin.ValueInt64() > most {
		diags.AddAttributeError(path.Root("workers_min"), "workers_min Above workers_max",
			fmt.Sprintf("workers_min is %d but workers_max is %d: the active workers are part of the most workers the "+
				"endpoint may have. Raise workers_max to at least %d, or lower workers_min.",
				cfg.WorkersMin.ValueInt64(), most, cfg.WorkersMin.ValueInt64()))
	}
	if tfvalue.Known(cfg.WaitForReadyWorkers) && mostKnown && cfg.WaitForReadyWorkers.ValueInt64() > most {
		diags.AddAttributeError(path.Root("wait_for_ready_workers"), "Cannot Wait For More Workers Than workers_max",
			fmt.Sprintf("wait_for_ready_workers is %d but workers_max is %d: that many workers can never be ready.",
				cfg.WaitForReadyWorkers.ValueInt64(), most))
	}
	if tfvalue.Known(cfg.WaitForReadyWorkers) && !cfg.WorkersMin.IsUnknown() && cfg.WaitForReadyWorkers.ValueInt64() > cfg.WorkersMin.ValueInt64() {
		diags.AddAttributeWarning(path.Root("wait_for_ready_workers"), "Wait Needs Jobs To Start Flex Workers",
			fmt.Sprintf("wait_for_ready_workers (%d) is above workers_min (%d). Runpod starts workers beyond workers_min only "+
				"for jobs, so without jobs the wait runs until timeouts and ends with a warning.",
				cfg.WaitForReadyWorkers.ValueInt64(), cfg.WorkersMin.ValueInt64()))
	}
	return diags
}

func (r *endpointResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	ctx = providerdata.PlanContext(ctx, req.ClientCapabilities)
	// A template planned after this object leaves it out of its in-use warning when this plan destroys it.
	defer r.Data.TemplatePlans().RecordUserPlan(ctx, providerdata.UserEndpoint, req, resp)
	r.Data.Managed(ctx, Kind.Noun, req.State)
	if req.Plan.Raw.IsNull() {
		return // destroy
	}
	var plan, state resourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	creating := req.State.Raw.IsNull()
	if !creating {
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if !creating && state.ID.ValueString() == "" {
		// A create whose reply was lost and whose look-up failed.
		if r.Data != nil {
			pendingcreate.Plan(ctx, Kind, r.Data, pendingLike(ctx, state), false,
				pendingcreate.Cost(state.EstimatedCostPerHour, "hour"), req, resp)
		}
		return
	}
	before := plan
	planDefaults(&plan, state, creating)
	if !plan.GPUCount.Equal(before.GPUCount) || !plan.IdleTimeoutSeconds.Equal(before.IdleTimeoutSeconds) {
		resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
	}
	r.planImportedTemplate(ctx, req, resp)

	if !creating {
		r.explainLoweredMax(ctx, req, plan, state, resp)
	}
	if r.Data == nil {
		return // not configured yet (validate), or unknown provider settings
	}
	if _, d := r.Data.Client(); d.HasError() {
		return
	}
	if creating {
		defer r.refuseOrphan(ctx, req, resp)
	}
	checkBodySize(ctx, plan, state, creating, &resp.Diagnostics)
	if creating || computeChanged(plan, state) {
		r.checkCompute(ctx, plan, &resp.Diagnostics)
	}
	if tfvalue.Known(plan.TemplateID) && (creating || !plan.TemplateID.Equal(state.TemplateID)) {
		r.checkTemplate(ctx, plan, &resp.Diagnostics)
	}
	if plan.TemplateID.IsUnknown() {
		r.warnNewPodTemplates(plan, &resp.Diagnostics)
	}
	if creating || !plan.NetworkVolumeIDs.Equal(state.NetworkVolumeIDs) || !plan.DataCenterIDs.Equal(state.DataCenterIDs) ||
		!plan.NetworkVolumeDataCenterIDs.Equal(state.NetworkVolumeDataCenterIDs) {
		r.checkVolumes(ctx, plan, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	// A replacement's warnings must come from this (its first) plan call:
	// Terraform keeps only the first call's warnings for a replacement, so
	// the first call marks the plan for the create half, which then states
	// no cost and adds nothing to the spend limit.
	replacing := !creating && (!plan.Type.Equal(state.Type) || plan.GPUPools.IsNull() != state.GPUPools.IsNull())
	createHalf := false
	if creating {
		var d diag.Diagnostics
		_, createHalf, d = privateReplacing.Get(ctx, req.Private)
		resp.Diagnostics.Append(d...)
		if createHalf {
			resp.Diagnostics.Append(privateReplacing.Remove(ctx, resp.Private)...)
		}
	}
	if replacing {
		resp.Diagnostics.Append(privateReplacing.Set(ctx, resp.Private, true)...)
	}
	r.planCost(ctx, plan, state, creating, replacing, createHalf, resp)
}

// checkBodySize refuses, at plan time, a create or update body over
// Runpod's request limit (runpod.MaxRequestBodyBytes), which the API would
// refuse at apply with a bare 413, as pods and templates do. Values not
// known yet are left out of the body, so a body already over the limit
// surely is. It names env, the one attribute that can make an endpoint's
// body large, when env is known.
func checkBodySize(ctx context.Context, plan, state resourceModel, creating bool, diags *diag.Diagnostics) {
	var body any
	var d diag.Diagnostics
	if creating {
		body, d = toCreateRequest(ctx, plan)
	} else {
		var changed bool
		body, changed, d = toUpdateRequest(ctx, plan, state)
		if !changed {
			return
		}
	}
	if d.HasError() {
		return
	}
	size, err := runpod.BodySize(body)
	if err != nil || size <= runpod.MaxRequestBodyBytes {
		return
	}
	if tfvalue.Known(plan.Env) {
		summary, detail := diagnostics.RequestTooLarge("env", size)
		diags.AddAttributeError(path.Root("env"), summary, detail)
		return
	}
	summary, detail := diagnostics.RequestTooLarge("the endpoint's settings", size)
	diags.AddError(summary, detail)
}

// privateReplacing is set by the first plan call of a replacement for the
// second (the create half, planned with no prior state), which Terraform
// hands the first call's private state.
var privateReplacing = privatestate.NewKey[bool]("replacing")

// planDefaults fills the computed values the API's defaults decide, so that
// the plan shows them instead of "known after apply" and leaving an
// attribute out of the configuration sets the default again.
func planDefaults(plan *resourceModel, state resourceModel, creating bool) {
	gpu := !plan.GPUPools.IsNull()
	if plan.GPUCount.IsUnknown() || (gpu && plan.GPUCount.IsNull()) {
		if gpu {
			plan.GPUCount = types.Int64Value(defaultGPUCount)
		} else {
			plan.GPUCount = types.Int64Null()
		}
	}
	if plan.IdleTimeoutSeconds.IsUnknown() {
		noIdle := plan.Type.ValueString() == runpod.EndpointTypeQueue && plan.ScalerType.ValueString() == runpod.ScalerRequestCount
		switch {
		case noIdle:
			plan.IdleTimeoutSeconds = types.Int64Null()
		case !creating && tfvalue.Known(state.IdleTimeoutSeconds) && plan.ScalerType.Equal(state.ScalerType):
			plan.IdleTimeoutSeconds = state.IdleTimeoutSeconds
		default:
			plan.IdleTimeoutSeconds = types.Int64Value(defaultIdleTimeoutSeconds)
		}
	}
}

// computeChanged reports whether the plan changes what the catalog checks
// look at: the pools, exclusions and GPU count, or the CPU flavours.
func computeChanged(plan, state resourceModel) bool {
	return !plan.GPUPools.Equal(state.GPUPools) || !plan.GPUExcludedTypeIDs.Equal(state.GPUExcludedTypeIDs) ||
		!plan.GPUCount.Equal(state.GPUCount) || !plan.CPU.Equal(state.CPU) || !plan.DataCenterIDs.Equal(state.DataCenterIDs)
}

// explainLoweredMax warns when the plan raises workers_max back after a
// refresh found Runpod had lowered it (privateLoweredMax): the diff is
// Runpod's doing, and the user should know why before undoing it.
func (r *endpointResource) explainLoweredMax(ctx context.Context, req resource.ModifyPlanRequest, plan, state resourceModel, resp *resource.ModifyPlanResponse) {
	was, ok, d := privateLoweredMax.Get(ctx, req.Private)
	resp.Diagnostics.Append(d...)
	if !ok || !tfvalue.Known(plan.WorkersMax) || plan.WorkersMax.Equal(state.WorkersMax) {
		return
	}
	now := state.WorkersMax.ValueInt64()
	resp.Diagnostics.AddAttributeWarning(path.Root("workers_max"), "Runpod Lowered workers_max",
		fmt.Sprintf("Endpoint %q (%s) had workers_max %d; Runpod now reports %d, and this plan sets %d.\n\n"+
			"Runpod lowers workers_max by itself: to 2 after an endpoint sits idle for 3 days, to 0 after 7, and after "+
			"workers keep failing (unhealthy). It was not changed by this configuration. If the endpoint was idle, "+
			"applying is safe. If its workers were failing, fix the image or its settings first (see the worker logs "+
			"in the Runpod console): otherwise new workers will fail, and bill, again.",
			plan.Name.ValueString(), plan.ID.ValueString(), was, now, plan.WorkersMax.ValueInt64()))
}

// pendingLike is the lookalike of the endpoint that a pending create (m,
// its state) asked for.
func pendingLike(ctx context.Context, m resourceModel) safecreate.Lookalike[runpod.Endpoint] {
	body, d := toCreateRequest(ctx, m)
	like := lookalike(body).ShapeKnown(!d.HasError())
	like.Name = m.Name.ValueString()
	return like
}

// refuseOrphan is the endpoints' duplicate guard, run when a create is
// planned (see providerdata.UnmanagedLookalikes for why at plan), on the
// planned type and compute.
func (r *endpointResource) refuseOrphan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	safecreate.GuardPlan(ctx, r.Data, req, resp, Kind, func(plan resourceModel) (safecreate.Lookalike[runpod.Endpoint], bool) {
		body, d := toCreateRequest(ctx, plan)
		return lookalike(body).ShapeKnown(!d.HasError()), tfvalue.Known(plan.Name)
	})
}

// cudaFromTemplate plans allowed_cuda_versions left out of the
// configuration. Runpod seeds a GPU endpoint's CUDA versions from the
// template at create, unless the body sets a floor (API.md §11: the
// template is expanded once), so a create from a template plans it unknown.
// A PATCH, even one with a new template_id, leaves the versions as they
// are, so an existing endpoint from a template keeps what it has. Without a
// template, unset means any version (null).
type cudaFromTemplate struct{}

func (cudaFromTemplate) Description(context.Context) string {
	return "When not configured: the template's CUDA versions at create from template_id, then what the endpoint has; " +
		"without a template, any version."
}

func (m cudaFromTemplate) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (cudaFromTemplate) PlanModifySet(ctx context.Context, req planmodifier.SetRequest, resp *planmodifier.SetResponse) {
	if req.Plan.Raw.IsNull() || !req.ConfigValue.IsNull() {
		return
	}
	var tid, minCuda types.String
	var pools types.List
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("template_id"), &tid)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("min_cuda_version"), &minCuda)...)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("gpu_pools"), &pools)...)
	if resp.Diagnostics.HasError() {
		return
	}
	switch {
	case tid.IsNull() || pools.IsNull() || tfvalue.Known(minCuda):
		resp.PlanValue = types.SetNull(types.StringType)
	case req.State.Raw.IsNull():
		resp.PlanValue = types.SetUnknown(types.StringType)
	default:
		resp.PlanValue = req.StateValue
	}
}
