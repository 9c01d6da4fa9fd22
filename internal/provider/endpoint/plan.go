package endpoint

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/lostcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
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
	// A template planned after this object leaves it out of its in-use warning when this plan destroys it.
	defer r.Data.TemplatePlans().RecordUserPlan(ctx, providerdata.UserEndpoint, req, resp)
	r.Data.Managed(ctx, kindNoun, req.State)
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
	if creating || computeChanged(plan, state) {
		r.checkCompute(ctx, plan, &resp.Diagnostics)
	}
	if tfvalue.Known(plan.TemplateID) && (creating || !plan.TemplateID.Equal(state.TemplateID)) {
		r.checkTemplate(ctx, plan, &resp.Diagnostics)
	}
	if creating || !plan.NetworkVolumeIDs.Equal(state.NetworkVolumeIDs) || !plan.DataCenterIDs.Equal(state.DataCenterIDs) {
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

// privateReplacing is set by the first plan call of a replacement for the
// second (the create half, planned with no prior state), which Terraform
// hands the first call's private state.
var privateReplacing = privatestate.NewKey[bool]("replacing")

// planCost sets estimated_cost_per_hour and, for a create, a replacement or
// an update that raises the always-on cost, states the cost (under a
// summary no other warning of this plan has: Terraform folds equal
// summaries into one) and counts its rise against max_hourly_spend. The
// estimate is recomputed only when what it depends on changes, so a later
// price or stock change is never a diff.
func (r *endpointResource) planCost(ctx context.Context, plan, state resourceModel, creating, replacing, createHalf bool, resp *resource.ModifyPlanResponse) {
	if !creating && !replacing && plan.WorkersMin.Equal(state.WorkersMin) && !computeChanged(plan, state) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_hour"), state.EstimatedCostPerHour)...)
		return
	}
	wp := r.workerPrice(ctx, plan)
	estimate := types.Float64Unknown()
	if v, ok := alwaysOnCost(plan, wp); ok {
		estimate = types.Float64Value(v)
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_hour"), estimate)...)
	if createHalf || (!creating && !replacing && !activeCostRises(plan, state)) {
		return
	}
	costs := r.Data.Costs()
	if d := r.costWarning(ctx, plan, state, wp, creating, replacing); d != nil {
		resp.Diagnostics.AddWarning(costs.Summary(d.Summary()), d.Detail())
	}
	rise := estimate.ValueFloat64()
	if !creating && !replacing && tfvalue.Known(state.EstimatedCostPerHour) {
		rise -= state.EstimatedCostPerHour.ValueFloat64()
	}
	object := fmt.Sprintf("endpoint %q (%d active worker(s))", plan.Name.ValueString(), plan.WorkersMin.ValueInt64())
	if d := costs.Add(ctx, object, rise, !estimate.IsUnknown()); d != nil {
		resp.Diagnostics.Append(d)
	}
}

// appliedEstimate is the estimate for an endpoint whose plan could not
// price it (compute known only at apply): priced now, or null.
func (r *endpointResource) appliedEstimate(ctx context.Context, m resourceModel) types.Float64 {
	if v, ok := alwaysOnCost(m, r.workerPrice(ctx, m)); ok {
		return types.Float64Value(v)
	}
	return types.Float64Null()
}

// alwaysOnCost is estimated_cost_per_hour: workers_min × one worker's price,
// rounded to four decimals; false when either is not known.
func alwaysOnCost(m resourceModel, wp workerCost) (float64, bool) {
	if !wp.known || !tfvalue.Known(m.WorkersMin) {
		return 0, false
	}
	return math.Round(float64(m.WorkersMin.ValueInt64())*wp.perWorker*10000) / 10000, true
}

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

// activeCostRises reports whether an update raises the always-on cost:
// more active workers, or more or other GPUs or CPUs for them.
func activeCostRises(plan, state resourceModel) bool {
	if !tfvalue.Known(plan.WorkersMin) || plan.WorkersMin.ValueInt64() == 0 {
		return false
	}
	return plan.WorkersMin.ValueInt64() > state.WorkersMin.ValueInt64() || computeChanged(plan, state)
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

// serverlessPools is what the GPU checks read from the catalog (memoized
// per provider process): the GPU types by serverless pool, with their
// serverless price and SERVERLESS stock.
func (r *endpointResource) serverlessPools(ctx context.Context) (placement.ServerlessPools, error) {
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return nil, fmt.Errorf("the catalog is not available")
	}
	gpus, err := cat.GPUTypes(ctx, placement.ServerlessGPUQuery())
	if err != nil {
		return nil, err
	}
	return placement.PoolsOf(gpus), nil
}

// cpuFlavours is what the CPU checks read from the catalog (memoized per
// provider process): every flavour with its vCPU range and serverless price.
func (r *endpointResource) cpuFlavours(ctx context.Context) ([]runpod.CPUType, diag.Diagnostics) {
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return nil, d
	}
	flavours, err := cat.CPUTypes(ctx, runpod.CPUTypeQuery{})
	if err != nil {
		return nil, diag.Diagnostics{diagnostics.APIError("Cannot Check CPU Flavours", "reading the CPU catalog to check cpu", err)}
	}
	return flavours, nil
}

// checkCompute fails the plan on pools, excluded types or CPU flavours the
// catalog does not have, naming what it does have.
func (r *endpointResource) checkCompute(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	if ids, ok := tfvalue.StringsIfKnown(ctx, plan.GPUPools, diags); ok && len(ids) > 0 {
		if !r.checkPools(ctx, plan, ids, diags) {
			return
		}
	}
	if cpus := cpuConfigs(ctx, plan.CPU, diags); len(cpus) > 0 {
		r.checkCPUFlavours(ctx, cpus, diags)
	}
}

// checkPools checks gpu_pools (ids) and the types excluded from them. It
// returns false when the pools could not be read or are not all pools:
// the exclusions mean nothing then.
func (r *endpointResource) checkPools(ctx context.Context, plan resourceModel, ids []string, diags *diag.Diagnostics) bool {
	pools, err := r.serverlessPools(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Check GPU Pools", "reading the GPU catalog to check gpu_pools", err))
		return false
	}
	if unknown := pools.Unknown(ids); len(unknown) > 0 {
		diags.AddAttributeError(path.Root("gpu_pools"), "Unknown Serverless GPU Pool", unknownPoolsDetail(unknown, pools))
		return false
	}
	excluded, _ := tfvalue.StringsIfKnown(ctx, plan.GPUExcludedTypeIDs, diags)
	checkExclusions(ids, excluded, pools, diags)
	return true
}

// unknownPoolsDetail lists every pool with its GPU types: the usual mistake
// is a GPU type id where a pool id belongs, and the list shows which pool
// holds the type.
func unknownPoolsDetail(unknown []string, pools placement.ServerlessPools) string {
	lines := make([]string, 0, len(pools))
	for _, p := range pools.IDs() {
		lines = append(lines, fmt.Sprintf("  - %s: %s", p, strings.Join(pools.TypeIDs([]string{p}), ", ")))
	}
	return fmt.Sprintf("gpu_pools has %s, which %s not a serverless pool in Runpod's catalog. gpu_pools takes pool ids "+
		"(the catalog's `pool`), not GPU type ids. The pools are:\n%s",
		quoteList(unknown), isAre(len(unknown)), strings.Join(lines, "\n"))
}

// checkExclusions fails on gpu_excluded_type_ids that are not types of the
// pools (Runpod refuses an exclusion that would do nothing) and on
// exclusions that leave no type to place a worker on.
func checkExclusions(ids, excluded []string, pools placement.ServerlessPools, diags *diag.Diagnostics) {
	inPools := pools.TypeIDs(ids)
	var bad []string
	for _, x := range excluded {
		if !slices.Contains(inPools, strings.TrimSpace(x)) {
			bad = append(bad, x)
		}
	}
	if len(bad) > 0 {
		diags.AddAttributeError(path.Root("gpu_excluded_type_ids"), "Excluded GPU Type Not In The Pools",
			fmt.Sprintf("gpu_excluded_type_ids has %s, which %s not a GPU type in gpu_pools (%s). Runpod refuses an "+
				"exclusion that would do nothing. Types in those pools: %s.",
				quoteList(bad), isAre(len(bad)), strings.Join(ids, ", "), strings.Join(inPools, ", ")))
		return
	}
	if len(excluded) > 0 && len(excluded) >= len(inPools) {
		diags.AddAttributeError(path.Root("gpu_excluded_type_ids"), "Every GPU Type Excluded",
			"gpu_excluded_type_ids leaves out every GPU type of gpu_pools: no worker could ever be placed.")
	}
}

// checkCPUFlavours fails on cpu blocks whose flavour the catalog does not
// have, or whose vcpu_count the flavour does not offer.
func (r *endpointResource) checkCPUFlavours(ctx context.Context, cpus []runpod.EndpointCPURequest, diags *diag.Diagnostics) {
	flavours, d := r.cpuFlavours(ctx)
	if diags.Append(d...); d.HasError() {
		return
	}
	for i, c := range cpus {
		at := path.Root("cpu").AtListIndex(i)
		f := placement.FindCPU(flavours, c.ID)
		switch {
		case f == nil:
			diags.AddAttributeError(at.AtName("type_id"), "Unknown CPU Flavour",
				fmt.Sprintf("cpu[%d].type_id %q is not a CPU flavour in Runpod's catalog. Flavours: %s.", i, c.ID,
					strings.Join(placement.CPUTypeIDs(flavours), ", ")))
		case !placement.ServerlessVCPUsFit(*f, c.VCPUCount):
			diags.AddAttributeError(at.AtName("vcpu_count"), "vCPU Count Out Of Range",
				fmt.Sprintf("cpu[%d].vcpu_count %d is outside what flavour %s offers (%d-%d).", i, c.VCPUCount, c.ID,
					f.VCPU.Min, f.VCPU.Max))
		}
	}
}

// checkTemplate fails the plan on a template_id that is not a serverless
// template: Runpod refuses pod templates for endpoints.
func (r *endpointResource) checkTemplate(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	id := plan.TemplateID.ValueString()
	t, err := r.Data.Reads().Template(ctx, id)
	switch {
	case runpod.IsNotFound(err):
		diags.AddAttributeError(path.Root("template_id"), "Template Not Found",
			fmt.Sprintf("template_id %q is not a template of this account nor a public one.", id))
	case err != nil:
		diags.Append(diagnostics.APIError("Cannot Check Template", fmt.Sprintf("reading template %s", id), err))
	case !t.Serverless:
		diags.AddAttributeError(path.Root("template_id"), "Not A Serverless Template",
			fmt.Sprintf("template_id %q (%s) is a pod template; endpoints take serverless templates only "+
				"(runpod_template with serverless = true). Runpod refuses a pod template here.", id, t.Name))
	}
}

// checkVolumes fails the plan on network volumes the endpoint cannot use:
// unknown ones, two in one data center, or one outside data_center_ids.
func (r *endpointResource) checkVolumes(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	ids, ok := tfvalue.StringsIfKnown(ctx, plan.NetworkVolumeIDs, diags)
	if !ok || len(ids) == 0 {
		return
	}
	dcs, dcsKnown := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, diags)
	byDC := map[string]string{}
	for _, id := range ids {
		v, err := r.Data.Reads().NetworkVolume(ctx, id)
		switch {
		case runpod.IsNotFound(err):
			diags.AddAttributeError(path.Root("network_volume_ids"), "Network Volume Not Found",
				fmt.Sprintf("network volume %q does not exist in this account.", id))
			continue
		case err != nil:
			diags.Append(diagnostics.APIError("Cannot Check Network Volume", fmt.Sprintf("reading network volume %s", id), err))
			return
		}
		if other, dup := byDC[v.DataCenter]; dup {
			diags.AddAttributeError(path.Root("network_volume_ids"), "Two Network Volumes In One Data Center",
				fmt.Sprintf("network volumes %s and %s are both in %s. An endpoint mounts one volume per data center "+
					"(at /runpod-volume); keep one of them.", other, id, v.DataCenter))
		}
		byDC[v.DataCenter] = id
		if dcsKnown && len(dcs) > 0 && !slices.Contains(dcs, v.DataCenter) {
			diags.AddAttributeError(path.Root("network_volume_ids"), "Network Volume Outside The Endpoint's Data Centers",
				fmt.Sprintf("network volume %q (%s) is in %s, which is not in data_center_ids (%s). Workers run only where "+
					"their volume is: add %s to data_center_ids, or use a volume in one of them.",
					v.Name, id, v.DataCenter, strings.Join(dcs, ", "), v.DataCenter))
		}
	}
}

// workerCost is what one worker of an endpoint costs per hour, from the
// catalog: for GPU endpoints at the first pool of gpu_pools with serverless
// stock (Runpod places a worker on the first listed pool with capacity),
// for CPU endpoints at the first flavour. low and high are the range over
// every pool or flavour, shown as context; priced says the range has a
// price in it.
type workerCost struct {
	known            bool
	perWorker        float64
	priced           bool
	low, high        float64
	chosen, describe string
	stock            []string
}

// widen takes the price p of one pool or flavour into the range.
func (wc *workerCost) widen(p float64) {
	if !wc.priced || p < wc.low {
		wc.low = p
	}
	if !wc.priced || p > wc.high {
		wc.high = p
	}
	wc.priced = true
}

// workerPrice prices one worker of plan's compute; known is false when the
// compute or the catalog is not known.
func (r *endpointResource) workerPrice(ctx context.Context, plan resourceModel) workerCost {
	var diags diag.Diagnostics
	if ids, ok := tfvalue.StringsIfKnown(ctx, plan.GPUPools, &diags); ok && len(ids) > 0 {
		if !tfvalue.Known(plan.GPUCount) && !plan.GPUCount.IsNull() {
			return workerCost{}
		}
		pools, err := r.serverlessPools(ctx)
		if err != nil {
			return workerCost{}
		}
		return gpuWorkerCost(ids, plan.GPUCount.ValueInt64(), pools)
	}
	cpus := cpuConfigs(ctx, plan.CPU, &diags)
	if len(cpus) == 0 {
		return workerCost{}
	}
	flavours, d := r.cpuFlavours(ctx)
	if d.HasError() {
		return workerCost{}
	}
	return cpuWorkerCost(cpus, flavours)
}

// gpuWorkerCost prices a worker of gpuCount GPUs (0 means 1) at the first
// pool of ids with serverless stock, listing every pool's stock and price
// in priority order.
func gpuWorkerCost(ids []string, gpuCount int64, pools placement.ServerlessPools) workerCost {
	var wc workerCost
	count := float64(gpuCount)
	if count == 0 {
		count = 1
	}
	for i, id := range ids {
		price, level := pools.PriceAndStock(id)
		if price > 0 {
			wc.widen(price * count)
			if placement.HasStock(level) && !wc.known {
				wc.perWorker, wc.known = price*count, true
				wc.chosen = fmt.Sprintf("%s, the first pool in gpu_pools with serverless stock", id)
			}
		}
		wc.stock = append(wc.stock, fmt.Sprintf("%d. %s: %s serverless stock, $%.2f/h per GPU", i+1, id, strings.ToLower(level), price))
	}
	if !wc.known && wc.priced {
		// No pool has stock now: workers wait (THROTTLED) and start in
		// the first pool that gets capacity; state the first pool.
		price, _ := pools.PriceAndStock(ids[0])
		wc.perWorker, wc.known = price*count, price > 0
		wc.chosen = fmt.Sprintf("%s, the first pool in gpu_pools; no listed pool has serverless stock now", ids[0])
	}
	wc.describe = fmt.Sprintf("%d GPU(s) per worker", int(count))
	return wc
}

// cpuWorkerCost prices a worker at the first cpu block whose flavour the
// catalog prices for serverless (vCPUs × the price per vCPU).
func cpuWorkerCost(cpus []runpod.EndpointCPURequest, flavours []runpod.CPUType) workerCost {
	var wc workerCost
	for i, c := range cpus {
		f := placement.FindCPU(flavours, c.ID)
		if f == nil || f.Price.ServerlessPerVCPU == nil {
			continue
		}
		p := *f.Price.ServerlessPerVCPU * float64(c.VCPUCount)
		wc.widen(p)
		if wc.known {
			continue
		}
		wc.perWorker, wc.known = p, true
		wc.chosen = fmt.Sprintf("%s×%d, the first cpu flavour", c.ID, c.VCPUCount)
		if i > 0 {
			wc.chosen = fmt.Sprintf("%s×%d, the first cpu flavour the catalog prices", c.ID, c.VCPUCount)
		}
	}
	wc.describe = cpuText(cpus)
	return wc
}

// costSummary names the endpoint and its always-on cost, so that each
// endpoint's cost warning has its own summary.
func costSummary(plan resourceModel, wp workerCost) string {
	name := plan.Name.ValueString()
	switch {
	case !tfvalue.Known(plan.WorkersMin) || !wp.known:
		return fmt.Sprintf("%s: %q", summaryCost, name)
	case plan.WorkersMin.ValueInt64() == 0:
		return fmt.Sprintf("%s: %q, $0.00/h while idle", summaryCost, name)
	}
	return fmt.Sprintf("%s: %q at $%.2f/h always on", summaryCost, name, float64(plan.WorkersMin.ValueInt64())*wp.perWorker)
}

// summaryCost begins the summary of every endpoint cost warning.
const summaryCost = "Serverless Endpoint Cost"

// costWarning states what the endpoint will bill, from the catalog's
// serverless prices and stock: active workers around the clock, flex
// workers only while they run, at the price of the pool (or flavour) a
// worker will get, with the range over the others as context.
func (r *endpointResource) costWarning(ctx context.Context, plan, state resourceModel, wp workerCost, creating, replacing bool) diag.Diagnostic {
	if plan.GPUPools.IsNull() && len(cpuConfigs(ctx, plan.CPU, &diag.Diagnostics{})) == 0 {
		return nil
	}
	active := plan.WorkersMin.ValueInt64()
	most := plan.WorkersMax.ValueInt64()
	idle := "its idle timeout"
	if tfvalue.Known(plan.IdleTimeoutSeconds) {
		idle = fmt.Sprintf("the %d s idle timeout", plan.IdleTimeoutSeconds.ValueInt64())
	}
	rate := "an hourly price the catalog does not list"
	if wp.known {
		rate = fmt.Sprintf("$%.2f/h per worker (%s)", wp.perWorker, wp.chosen)
	}
	var b strings.Builder
	name := plan.Name.ValueString()
	switch {
	case creating:
		fmt.Fprintf(&b, "Creating endpoint %q (%s). ", name, wp.describe)
	case replacing:
		fmt.Fprintf(&b, "Replacing endpoint %q (%s): the new endpoint gets a new id and request URLs. ", name, wp.describe)
	default:
		fmt.Fprintf(&b, "Updating endpoint %q raises its always-on cost (%s). ", name, wp.describe)
	}
	if active > 0 {
		fmt.Fprintf(&b, "Active workers bill around the clock from now on: workers_min %d × %s", active, rate)
		if wp.known {
			total := float64(active) * wp.perWorker
			fmt.Fprintf(&b, " = $%.2f/h (about $%.0f a month)", total, total*730)
		}
		b.WriteString(". ")
	} else {
		b.WriteString("No active workers (workers_min 0): nothing bills while the endpoint is idle. ")
	}
	if most > active {
		fmt.Fprintf(&b, "Up to %d flex worker(s) bill only while they run jobs, per second, at %s, plus %s after each job.", most-active, rate, idle)
	}
	if wp.known && wp.high != wp.low {
		fmt.Fprintf(&b, " Across the listed compute a worker costs $%.2f-$%.2f/h; it runs elsewhere than stated only "+
			"when stock moves.", wp.low, wp.high)
	}
	b.WriteString(" Prices are Runpod's list prices from the catalog; discounts and the container disk are not included.")
	if len(wp.stock) > 0 {
		b.WriteString("\n\nGPU pools in priority order:\n  " + strings.Join(wp.stock, "\n  "))
	}
	if !creating && !replacing {
		fmt.Fprintf(&b, "\n\nBefore: workers_min %d.", state.WorkersMin.ValueInt64())
	}
	return diag.NewWarningDiagnostic(costSummary(plan, wp), b.String())
}

func quoteList(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// refuseOrphan is the endpoints' duplicate guard, run when a create is
// planned (see providerdata.UnmanagedLookalikes for why at plan), on the
// planned type and compute.
func (r *endpointResource) refuseOrphan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if resp.Diagnostics.HasError() {
		return
	}
	var plan resourceModel
	if resp.Diagnostics.Append(resp.Plan.Get(ctx, &plan)...); resp.Diagnostics.HasError() || !tfvalue.Known(plan.Name) {
		return
	}
	body, d := toCreateRequest(ctx, plan)
	if d := lostcreate.RefuseTwinAtPlan(ctx, r.Data, req.ClientCapabilities, lostCreateKind(nil, body), !d.HasError(),
		(*providerdata.Reads).Endpoints, plan.Name.ValueString()); d != nil {
		resp.Diagnostics.Append(d)
	}
}
