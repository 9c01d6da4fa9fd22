package endpoint

import (
	"context"
	"math"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// createRequest builds the POST body from the plan. Unknown (computed)
// attributes are left out so the API's or the template's values apply.
func createRequest(ctx context.Context, plan resourceModel) (runpod.CreateEndpointRequest, diag.Diagnostics) {
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

// updateRequest builds the PATCH body: only what the plan changes, with the
// pieces the API needs together sent together (pools with their exclusions,
// both CUDA fields, the whole scaling and workers objects, the whole env).
func updateRequest(ctx context.Context, plan, state resourceModel) (runpod.UpdateEndpointRequest, bool, diag.Diagnostics) {
	var diags diag.Diagnostics
	var req runpod.UpdateEndpointRequest
	changed := false
	set := func() { changed = true }
	if !plan.Name.Equal(state.Name) {
		req.Name = runpod.Set(plan.Name.ValueString())
		set()
	}
	if tfvalue.Known(plan.TemplateID) && !plan.TemplateID.Equal(state.TemplateID) {
		req.TemplateID = runpod.Set(plan.TemplateID.ValueString())
		set()
	}
	// A new template's container settings apply unless the body states
	// them, so every configured (known) one is sent with it.
	newTemplate := !req.TemplateID.IsZero()
	if tfvalue.Known(plan.Image) && (newTemplate || !plan.Image.Equal(state.Image)) {
		req.Image = runpod.Set(plan.Image.ValueString())
		set()
	}
	if tfvalue.Known(plan.Args) && (newTemplate || !plan.Args.Equal(state.Args)) {
		req.Args = runpod.Set(plan.Args.ValueString())
		set()
	}
	if tfvalue.Known(plan.ContainerDiskGB) && (newTemplate || !plan.ContainerDiskGB.Equal(state.ContainerDiskGB)) {
		req.Disk = runpod.Set(int(plan.ContainerDiskGB.ValueInt64()))
		set()
	}
	if tfvalue.Known(plan.Ports) && (newTemplate || !plan.Ports.Equal(state.Ports)) {
		ports, _ := tfvalue.StringsIfKnown(ctx, plan.Ports, &diags)
		req.Ports = runpod.Set(ports)
		set()
	}
	if tfvalue.Known(plan.Env) && (newTemplate || !plan.Env.Equal(state.Env)) {
		env := map[string]string{}
		diags.Append(plan.Env.ElementsAs(ctx, &env, false)...)
		// PATCH env replaces the whole map. A new template brings its own
		// keys (merged under these by Runpod); otherwise the old template's
		// keys stay, with the values it gave.
		if !newTemplate {
			for k, v := range plan.TemplateEnv {
				if _, owned := env[k]; !owned {
					env[k] = v
				}
			}
		}
		req.Env = runpod.Set(env)
		set()
	}
	if (newTemplate && tfvalue.Known(plan.RegistryAuthID)) || (!plan.RegistryAuthID.IsUnknown() && !plan.RegistryAuthID.Equal(state.RegistryAuthID)) {
		req.Registry = runpod.Set(plan.RegistryAuthID.ValueStringPointer())
		set()
	}
	if g, ok := gpuUpdate(ctx, plan, state, &diags); ok {
		req.GPU = runpod.Set(g)
		set()
	}
	if tfvalue.Known(plan.CPU) && !plan.CPU.Equal(state.CPU) {
		req.CPU = runpod.Set(cpuConfigs(ctx, plan.CPU, &diags))
		set()
	}
	if !plan.WorkersMin.Equal(state.WorkersMin) || !plan.WorkersMax.Equal(state.WorkersMax) ||
		(tfvalue.Known(plan.IdleTimeoutSeconds) && !plan.IdleTimeoutSeconds.Equal(state.IdleTimeoutSeconds)) {
		req.Workers = runpod.Set(*workers(plan.endpointModel))
		set()
	}
	if !plan.ScalerType.Equal(state.ScalerType) || !plan.ScalerValue.Equal(state.ScalerValue) {
		req.Scaling = runpod.Set(scaling(plan.endpointModel))
		set()
	}
	if !plan.DataCenterIDs.Equal(state.DataCenterIDs) {
		dcs, _ := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, &diags)
		req.DataCenterIDs = runpod.Set(dcs)
		set()
	}
	if !plan.NetworkVolumeIDs.Equal(state.NetworkVolumeIDs) {
		vols, _ := tfvalue.StringsIfKnown(ctx, plan.NetworkVolumeIDs, &diags)
		req.NetworkVolumes = runpod.Set(vols)
		set()
	}
	if tfvalue.Known(plan.ExecutionTimeoutMs) && !plan.ExecutionTimeoutMs.Equal(state.ExecutionTimeoutMs) {
		req.Timeout = runpod.Set(int(plan.ExecutionTimeoutMs.ValueInt64()))
		set()
	}
	if tfvalue.Known(plan.FlashBoot) && !plan.FlashBoot.Equal(state.FlashBoot) {
		req.FlashBoot = runpod.Set(plan.FlashBoot.ValueString())
		set()
	}
	return req, changed, diags
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
