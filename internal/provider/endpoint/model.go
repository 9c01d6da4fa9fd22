package endpoint

import (
	"context"
	"maps"
	"regexp"
	"slices"
	"sort"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
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
	// EstimatedCostPerHour is set by the plan (plannedEstimate) and kept.
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

// fromAPI is the one conversion from the API's endpoint to the Terraform
// view. prior is the plan or state it replaces (zero for data sources and
// imports): where the API's answer means the same as prior (the same pools
// in another order, [] for an unset list) prior's form is kept, so the API's
// normalisation is never drift.
func fromAPI(e *runpod.Endpoint, prior endpointModel) endpointModel {
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
