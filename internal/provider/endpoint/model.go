package endpoint

import (
	"context"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

var (
	cudaPattern         = regexp.MustCompile(`^\d+\.\d+$`)
	excludedTypePattern = regexp.MustCompile(`^\s*[^-\s]`)
)

// endpointModel is an endpoint as the API describes it: everything GET
// /v2/serverless/{id} returns. The data sources use it as it is; the
// resource adds what only the configuration knows (resourceModel).
type endpointModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
	Type types.String `tfsdk:"type"`
	containerschema.Container
	GPUPools            types.List    `tfsdk:"gpu_pools"`
	GPUExcludedTypeIDs  types.Set     `tfsdk:"gpu_excluded_type_ids"`
	GPUCount            types.Int64   `tfsdk:"gpu_count"`
	AllowedCudaVersions types.Set     `tfsdk:"allowed_cuda_versions"`
	MinCudaVersion      types.String  `tfsdk:"min_cuda_version"`
	CPU                 types.List    `tfsdk:"cpu"`
	WorkersMin          types.Int64   `tfsdk:"workers_min"`
	WorkersMax          types.Int64   `tfsdk:"workers_max"`
	IdleTimeoutSeconds  types.Int64   `tfsdk:"idle_timeout_seconds"`
	ScalerType          types.String  `tfsdk:"scaler_type"`
	ScalerValue         types.Float64 `tfsdk:"scaler_value"`
	DataCenterIDs       types.Set     `tfsdk:"data_center_ids"`
	NetworkVolumeIDs    types.Set     `tfsdk:"network_volume_ids"`
	ExecutionTimeoutMs  types.Int64   `tfsdk:"execution_timeout_ms"`
	FlashBoot           types.String  `tfsdk:"flashboot"`
	RequestURLs         types.Map     `tfsdk:"request_urls"`
	CreatedAt           types.String  `tfsdk:"created_at"`
}

// resourceModel is runpod_endpoint: the API's view plus what the API does
// not return (the template it was made from, the wait).
type resourceModel struct {
	endpointModel

	TemplateID          types.String `tfsdk:"template_id"`
	WaitForReadyWorkers types.Int64  `tfsdk:"wait_for_ready_workers"`
	// NetworkVolumeDataCenterIDs is what the configuration states about
	// its volumes' data centers (checkVolumes); the API does not return it.
	NetworkVolumeDataCenterIDs types.List `tfsdk:"network_volume_data_center_ids"`
	// EstimatedCostPerHour is set by the plan (planCost) and kept.
	EstimatedCostPerHour types.Float64  `tfsdk:"estimated_cost_per_hour"`
	Timeouts             timeouts.Value `tfsdk:"timeouts"`

	// TemplateEnv is what the template put in the endpoint's env at create
	// or at the last template_id change, kept in private state. Its keys
	// stay on the endpoint, out of env in state, unless the configuration
	// sets them.
	TemplateEnv map[string]string `tfsdk:"-"`
}

type cpuModel struct {
	TypeID    types.String `tfsdk:"type_id"`
	VCPUCount types.Int64  `tfsdk:"vcpu_count"`
}

// fromAPI is the one merge of what the API holds for an endpoint into the
// resource's model, used by Create and Update (after their write), Read
// (and so import) and the list resource. prior is the plan or state it
// replaces: it keeps what the API does not return (template_id, the wait,
// the estimate, timeouts, the template's env keys) and its form where the
// API's answer means the same (see apiView).
func fromAPI(ctx context.Context, e *runpod.Endpoint, prior resourceModel) resourceModel {
	api := apiView(e, prior.endpointModel)
	if api.CPU.IsNull() {
		// No cpu blocks: Terraform's [] (see cpuBlock), not the data sources' null.
		api.CPU = types.ListValueMust(types.ObjectType{AttrTypes: cpuAttrTypes}, []attr.Value{})
	}
	withTemplateEnv(ctx, &api, prior.TemplateEnv, prior.Env)
	out := prior
	out.endpointModel = api
	return out
}

// apiView is the API's endpoint as the data sources show it, and the part
// of the resource's model the API decides. prior is the plan or state it
// replaces (zero for data sources): where the API's answer means the same
// as prior (the same pools in another order, [] for an unset list) prior's
// form is kept, so the API's normalisation is never drift.
func apiView(e *runpod.Endpoint, prior endpointModel) endpointModel {
	m := endpointModel{
		ID:   types.StringValue(e.ID),
		Name: types.StringValue(e.Name),
		Type: types.StringValue(e.Type),
		Container: containerschema.Container{
			Image:           types.StringValue(e.Image),
			Args:            types.StringValue(e.Args),
			ContainerDiskGB: types.Int64Value(int64(e.Disk)),
			Ports:           stringSet(e.Ports),
			RegistryAuthID:  types.StringPointerValue(e.Registry),
		},
		GPUPools:            types.ListNull(types.StringType),
		GPUExcludedTypeIDs:  types.SetNull(types.StringType),
		GPUCount:            types.Int64Null(),
		AllowedCudaVersions: types.SetNull(types.StringType),
		MinCudaVersion:      types.StringNull(),
		CPU:                 types.ListNull(types.ObjectType{AttrTypes: cpuAttrTypes}),
		WorkersMin:          types.Int64Value(int64(e.Workers.Min)),
		WorkersMax:          types.Int64Value(int64(e.Workers.Max)),
		IdleTimeoutSeconds:  types.Int64Null(),
		ScalerType:          types.StringValue(e.Scaling.Type),
		ScalerValue:         types.Float64Null(),
		DataCenterIDs:       setOrNull(e.DataCenterIDs, prior.DataCenterIDs),
		NetworkVolumeIDs:    setOrNull(e.NetworkVolumes, prior.NetworkVolumeIDs),
		ExecutionTimeoutMs:  types.Int64Value(int64(e.Timeout)),
		FlashBoot:           types.StringValue(e.FlashBoot),
		RequestURLs:         stringMap(e.RequestURLs),
		CreatedAt:           types.StringValue(e.CreatedAt.UTC().Format(time.RFC3339)),
	}
	if e.Workers.IdleTimeout != nil {
		m.IdleTimeoutSeconds = types.Int64Value(int64(*e.Workers.IdleTimeout))
	}
	switch {
	case e.Scaling.QueueDelay != nil:
		m.ScalerValue = types.Float64Value(*e.Scaling.QueueDelay)
	case e.Scaling.RequestCount != nil:
		m.ScalerValue = types.Float64Value(float64(*e.Scaling.RequestCount))
	}
	if g := e.GPU; g != nil {
		m.GPUPools = keepOrder(g.Pools, prior.GPUPools)
		m.GPUExcludedTypeIDs = setOrNull(g.ExcludedTypes, prior.GPUExcludedTypeIDs)
		count := g.Count
		if count == 0 {
			count = defaultGPUCount
		}
		m.GPUCount = types.Int64Value(int64(count))
		m.AllowedCudaVersions = setOrNull(g.AllowedCudaVersions, prior.AllowedCudaVersions)
		m.MinCudaVersion = types.StringPointerValue(g.MinCudaVersion)
	}
	if len(e.CPU) > 0 {
		elems := make([]attr.Value, len(e.CPU))
		for i, c := range e.CPU {
			elems[i] = types.ObjectValueMust(cpuAttrTypes, map[string]attr.Value{
				"type_id": types.StringValue(c.ID), "vcpu_count": types.Int64Value(int64(c.VCPUCount)),
			})
		}
		m.CPU = types.ListValueMust(types.ObjectType{AttrTypes: cpuAttrTypes}, elems)
	}
	env := maps.Clone(e.Env)
	if env == nil {
		env = map[string]string{}
	}
	m.Env = stringMap(env)
	return m
}

// withTemplateEnv hides the template's env keys that the configuration does
// not set, when it sets env at all (a known prior env): they stay on the
// endpoint but are the template's, not drift.
func withTemplateEnv(ctx context.Context, m *endpointModel, templateEnv map[string]string, prior types.Map) {
	if len(templateEnv) == 0 || !tfvalue.Known(prior) {
		return
	}
	own := map[string]string{}
	_ = prior.ElementsAs(ctx, &own, false)
	env := map[string]string{}
	_ = m.Env.ElementsAs(ctx, &env, false)
	for k := range templateEnv {
		if _, set := own[k]; !set {
			delete(env, k)
		}
	}
	m.Env = stringMap(env)
}

func stringSet(vals []string) types.Set {
	elems := make([]attr.Value, len(vals))
	for i, v := range vals {
		elems[i] = types.StringValue(v)
	}
	return types.SetValueMust(types.StringType, elems)
}

func stringMap(vals map[string]string) types.Map {
	elems := make(map[string]attr.Value, len(vals))
	for k, v := range vals {
		elems[k] = types.StringValue(v)
	}
	return types.MapValueMust(types.StringType, elems)
}

// setOrNull is vals as a set, or null when the API answers an empty list
// for what prior left unset (null or unknown): [] is the API's "not set".
func setOrNull(vals []string, prior types.Set) types.Set {
	if len(vals) == 0 && !tfvalue.Known(prior) {
		return types.SetNull(types.StringType)
	}
	return stringSet(vals)
}

// keepOrder is the pools in prior's order when they are the same pools:
// the API places on any listed pool with capacity and may answer in another
// order, which is not a change the user made.
func keepOrder(pools []string, prior types.List) types.List {
	out := pools
	if tfvalue.Known(prior) {
		var was []string
		for _, v := range prior.Elements() {
			if s, ok := v.(types.String); ok {
				was = append(was, s.ValueString())
			}
		}
		if sameElements(was, pools) {
			out = was
		}
	}
	elems := make([]attr.Value, len(out))
	for i, v := range out {
		elems[i] = types.StringValue(v)
	}
	return types.ListValueMust(types.StringType, elems)
}

func sameElements(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	sort.Strings(x)
	sort.Strings(y)
	return slices.Equal(x, y)
}

// templateEnvOf works out what a template put in an endpoint's env: the
// env after the write without the keys the body set (body keys win and are
// the configuration's).
func templateEnvOf(after map[string]string, body map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range after {
		if _, own := body[k]; !own {
			out[k] = v
		}
	}
	return out
}

// toCreateRequest builds the POST body from the plan. Unknown (computed)
// attributes are left out so the API's or the template's values apply.
func toCreateRequest(ctx context.Context, plan resourceModel) (runpod.CreateEndpointRequest, diag.Diagnostics) {
	var diags diag.Diagnostics
	body := runpod.CreateEndpointRequest{
		Name:       plan.Name.ValueString(),
		Type:       plan.Type.ValueString(),
		Scaling:    scaling(plan.endpointModel),
		TemplateID: plan.TemplateID.ValueString(),
		Image:      knownString(plan.Image),
		FlashBoot:  knownString(plan.FlashBoot),
		Workers:    workers(plan.endpointModel),
	}
	if tfvalue.Known(plan.Args) && plan.Args.ValueString() != "" {
		body.Args = plan.Args.ValueStringPointer()
	}
	if tfvalue.Known(plan.ContainerDiskGB) {
		d := int(plan.ContainerDiskGB.ValueInt64())
		body.Disk = &d
	}
	if tfvalue.Known(plan.Ports) && len(plan.Ports.Elements()) > 0 {
		body.Ports, _ = tfvalue.StringsIfKnown(ctx, plan.Ports, &diags)
	}
	if tfvalue.Known(plan.Env) && len(plan.Env.Elements()) > 0 {
		diags.Append(plan.Env.ElementsAs(ctx, &body.Env, false)...)
	}
	if tfvalue.Known(plan.RegistryAuthID) {
		body.Registry = plan.RegistryAuthID.ValueStringPointer()
	}
	if tfvalue.Known(plan.ExecutionTimeoutMs) {
		t := int(plan.ExecutionTimeoutMs.ValueInt64())
		body.Timeout = &t
	}
	body.DataCenterIDs, _ = tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, &diags)
	body.NetworkVolumes, _ = tfvalue.StringsIfKnown(ctx, plan.NetworkVolumeIDs, &diags)
	if tfvalue.Known(plan.GPUPools) {
		g := &runpod.CreateEndpointGPU{}
		g.Pools, _ = tfvalue.StringsIfKnown(ctx, plan.GPUPools, &diags)
		g.ExcludedTypes, _ = tfvalue.StringsIfKnown(ctx, plan.GPUExcludedTypeIDs, &diags)
		if tfvalue.Known(plan.GPUCount) {
			n := int(plan.GPUCount.ValueInt64())
			g.Count = &n
		}
		g.AllowedCudaVersions, _ = tfvalue.StringsIfKnown(ctx, plan.AllowedCudaVersions, &diags)
		g.MinCudaVersion = plan.MinCudaVersion.ValueString()
		body.GPU = g
	}
	body.CPU = cpuConfigs(ctx, plan.CPU, &diags)
	return body, diags
}

// toUpdateRequest builds the PATCH body: only what the plan changes, with the
// pieces the API needs together sent together (pools with their exclusions,
// both CUDA fields, the whole scaling and workers objects, the whole env).
// changed is false when there is nothing to send.
func toUpdateRequest(ctx context.Context, plan, state resourceModel) (runpod.UpdateEndpointRequest, bool, diag.Diagnostics) {
	var diags diag.Diagnostics
	var req runpod.UpdateEndpointRequest
	changed := updateNameAndTemplate(&req, plan, state)
	changed = updateContainer(ctx, &req, plan, state, &diags) || changed
	changed = updateCompute(ctx, &req, plan, state, &diags) || changed
	changed = updateScaling(&req, plan, state) || changed
	changed = updateLocations(ctx, &req, plan, state, &diags) || changed
	changed = updateExecution(&req, plan, state) || changed
	return req, changed, diags
}

// updateNameAndTemplate sets a new name and a newly configured template_id
// (an unknown one is the template's own, not a change).
func updateNameAndTemplate(req *runpod.UpdateEndpointRequest, plan, state resourceModel) bool {
	changed := false
	if !plan.Name.Equal(state.Name) {
		req.Name = runpod.Set(plan.Name.ValueString())
		changed = true
	}
	if tfvalue.Known(plan.TemplateID) && !plan.TemplateID.Equal(state.TemplateID) {
		req.TemplateID = runpod.Set(plan.TemplateID.ValueString())
		changed = true
	}
	return changed
}

// updateContainer sets the container settings that change. A new
// template's container settings apply unless the body states them, so
// with a template_id in req every configured (known) one is sent with it.
func updateContainer(ctx context.Context, req *runpod.UpdateEndpointRequest, plan, state resourceModel, diags *diag.Diagnostics) bool {
	newTemplate := !req.TemplateID.IsZero()
	send := func(planned, was attr.Value) bool {
		return tfvalue.Known(planned) && (newTemplate || !planned.Equal(was))
	}
	changed := false
	if send(plan.Image, state.Image) {
		req.Image = runpod.Set(plan.Image.ValueString())
		changed = true
	}
	if send(plan.Args, state.Args) {
		req.Args = runpod.Set(plan.Args.ValueString())
		changed = true
	}
	if send(plan.ContainerDiskGB, state.ContainerDiskGB) {
		req.Disk = runpod.Set(int(plan.ContainerDiskGB.ValueInt64()))
		changed = true
	}
	if send(plan.Ports, state.Ports) {
		ports, _ := tfvalue.StringsIfKnown(ctx, plan.Ports, diags)
		req.Ports = runpod.Set(ports)
		changed = true
	}
	if send(plan.Env, state.Env) {
		req.Env = runpod.Set(envUpdate(ctx, plan, newTemplate, diags))
		changed = true
	}
	if (newTemplate && tfvalue.Known(plan.RegistryAuthID)) || (!plan.RegistryAuthID.IsUnknown() && !plan.RegistryAuthID.Equal(state.RegistryAuthID)) {
		req.Registry = runpod.Set(plan.RegistryAuthID.ValueStringPointer())
		changed = true
	}
	return changed
}

// envUpdate is the env a PATCH sends: PATCH env replaces the whole map. A
// new template brings its own keys (merged under these by Runpod);
// otherwise the old template's keys stay, with the values it gave.
func envUpdate(ctx context.Context, plan resourceModel, newTemplate bool, diags *diag.Diagnostics) map[string]string {
	env := map[string]string{}
	diags.Append(plan.Env.ElementsAs(ctx, &env, false)...)
	if newTemplate {
		return env
	}
	for k, v := range plan.TemplateEnv {
		if _, owned := env[k]; !owned {
			env[k] = v
		}
	}
	return env
}

// updateCompute sets the GPU settings (gpuUpdate) or the cpu blocks when
// they change.
func updateCompute(ctx context.Context, req *runpod.UpdateEndpointRequest, plan, state resourceModel, diags *diag.Diagnostics) bool {
	changed := false
	if g, ok := gpuUpdate(ctx, plan, state, diags); ok {
		req.GPU = runpod.Set(g)
		changed = true
	}
	if tfvalue.Known(plan.CPU) && !plan.CPU.Equal(state.CPU) {
		req.CPU = runpod.Set(cpuConfigs(ctx, plan.CPU, diags))
		changed = true
	}
	return changed
}

// updateScaling sends the whole workers object when any of its settings
// changes, and the whole scaling object likewise: the API replaces each.
func updateScaling(req *runpod.UpdateEndpointRequest, plan, state resourceModel) bool {
	changed := false
	if !plan.WorkersMin.Equal(state.WorkersMin) || !plan.WorkersMax.Equal(state.WorkersMax) ||
		(tfvalue.Known(plan.IdleTimeoutSeconds) && !plan.IdleTimeoutSeconds.Equal(state.IdleTimeoutSeconds)) {
		req.Workers = runpod.Set(*workers(plan.endpointModel))
		changed = true
	}
	if !plan.ScalerType.Equal(state.ScalerType) || !plan.ScalerValue.Equal(state.ScalerValue) {
		req.Scaling = runpod.Set(scaling(plan.endpointModel))
		changed = true
	}
	return changed
}

// updateLocations sets the data centers and network volumes when they
// change; an empty list clears them.
func updateLocations(ctx context.Context, req *runpod.UpdateEndpointRequest, plan, state resourceModel, diags *diag.Diagnostics) bool {
	changed := false
	if !plan.DataCenterIDs.Equal(state.DataCenterIDs) {
		dcs, _ := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, diags)
		req.DataCenterIDs = runpod.Set(dcs)
		changed = true
	}
	if !plan.NetworkVolumeIDs.Equal(state.NetworkVolumeIDs) {
		vols, _ := tfvalue.StringsIfKnown(ctx, plan.NetworkVolumeIDs, diags)
		req.NetworkVolumes = runpod.Set(vols)
		changed = true
	}
	return changed
}

// updateExecution sets the execution timeout and flashboot when they are
// configured and change.
func updateExecution(req *runpod.UpdateEndpointRequest, plan, state resourceModel) bool {
	changed := false
	if tfvalue.Known(plan.ExecutionTimeoutMs) && !plan.ExecutionTimeoutMs.Equal(state.ExecutionTimeoutMs) {
		req.Timeout = runpod.Set(int(plan.ExecutionTimeoutMs.ValueInt64()))
		changed = true
	}
	if tfvalue.Known(plan.FlashBoot) && !plan.FlashBoot.Equal(state.FlashBoot) {
		req.FlashBoot = runpod.Set(plan.FlashBoot.ValueString())
		changed = true
	}
	return changed
}

// gpuUpdate is the gpu object of a PATCH, when the GPU settings change.
// Pools replace the selection and clear the exclusions unless restated, so
// both always go together; both CUDA fields go together, an empty value
// clearing one.
func gpuUpdate(ctx context.Context, plan, state resourceModel, diags *diag.Diagnostics) (runpod.UpdateEndpointGPU, bool) {
	var g runpod.UpdateEndpointGPU
	if !tfvalue.Known(plan.GPUPools) {
		return g, false
	}
	changed := false
	if !plan.GPUPools.Equal(state.GPUPools) || !plan.GPUExcludedTypeIDs.Equal(state.GPUExcludedTypeIDs) {
		g.Pools, _ = tfvalue.StringsIfKnown(ctx, plan.GPUPools, diags)
		excluded, _ := tfvalue.StringsIfKnown(ctx, plan.GPUExcludedTypeIDs, diags)
		g.ExcludedTypes = runpod.Set(excluded)
		changed = true
	}
	if tfvalue.Known(plan.GPUCount) && !plan.GPUCount.Equal(state.GPUCount) {
		n := int(plan.GPUCount.ValueInt64())
		g.Count = &n
		changed = true
	}
	if !plan.AllowedCudaVersions.Equal(state.AllowedCudaVersions) || !plan.MinCudaVersion.Equal(state.MinCudaVersion) {
		cuda, _ := tfvalue.StringsIfKnown(ctx, plan.AllowedCudaVersions, diags)
		g.AllowedCudaVersions = runpod.Set(cuda)
		g.MinCudaVersion = runpod.Set(plan.MinCudaVersion.ValueString())
		changed = true
	}
	return g, changed
}

func scaling(m endpointModel) runpod.EndpointScaling {
	s := runpod.EndpointScaling{Type: m.ScalerType.ValueString()}
	v := m.ScalerValue.ValueFloat64()
	if s.Type == runpod.ScalerRequestCount {
		n := int(math.Round(v))
		s.RequestCount = &n
	} else {
		s.QueueDelay = &v
	}
	return s
}

func workers(m endpointModel) *runpod.WorkersRequest {
	w := &runpod.WorkersRequest{}
	if tfvalue.Known(m.WorkersMin) {
		n := int(m.WorkersMin.ValueInt64())
		w.Min = &n
	}
	if tfvalue.Known(m.WorkersMax) {
		n := int(m.WorkersMax.ValueInt64())
		w.Max = &n
	}
	if tfvalue.Known(m.IdleTimeoutSeconds) {
		n := int(m.IdleTimeoutSeconds.ValueInt64())
		w.IdleTimeout = &n
	}
	return w
}

func cpuConfigs(ctx context.Context, l types.List, diags *diag.Diagnostics) []runpod.EndpointCPURequest {
	if !tfvalue.Known(l) {
		return nil
	}
	var items []cpuModel
	diags.Append(l.ElementsAs(ctx, &items, false)...)
	out := make([]runpod.EndpointCPURequest, len(items))
	for i, c := range items {
		out[i] = runpod.EndpointCPURequest{ID: c.TypeID.ValueString(), VCPUCount: int(c.VCPUCount.ValueInt64())}
	}
	return out
}

func knownString(v types.String) string {
	if tfvalue.Known(v) {
		return v.ValueString()
	}
	return ""
}
