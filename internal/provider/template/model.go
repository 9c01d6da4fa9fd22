package template

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// templateModel is a template as Terraform sees it; the resource and both
// data sources share it so that they cannot disagree about attribute names.
type templateModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
	containerschema.Container
	Entrypoint          types.List   `tfsdk:"entrypoint"`
	Cmd                 types.List   `tfsdk:"cmd"`
	PersistentVolume    types.Object `tfsdk:"persistent_volume"`
	Serverless          types.Bool   `tfsdk:"serverless"`
	Public              types.Bool   `tfsdk:"public"`
	Category            types.String `tfsdk:"category"`
	StartSSH            types.Bool   `tfsdk:"start_ssh"`
	StartJupyter        types.Bool   `tfsdk:"start_jupyter"`
	AllowedCudaVersions types.Set    `tfsdk:"allowed_cuda_versions"`
}

// fromAPI is the one conversion from the API's template to the Terraform
// model, used by Create, Read, Update, import and the data sources.
func fromAPI(ctx context.Context, t *runpod.Template) (templateModel, diag.Diagnostics) {
	var diags diag.Diagnostics
	m := templateModel{
		ID:   types.StringValue(t.ID),
		Name: types.StringValue(t.Name),
		Container: containerschema.Container{
			Image:           types.StringValue(t.Image),
			Args:            types.StringValue(t.Args),
			ContainerDiskGB: types.Int64Value(int64(t.Disk)),
			RegistryAuthID:  types.StringPointerValue(t.Registry),
		},
		Serverless:   types.BoolValue(t.Serverless),
		Public:       types.BoolValue(t.Public),
		Category:     types.StringValue(t.Category),
		StartSSH:     types.BoolValue(t.StartSSH),
		StartJupyter: types.BoolValue(t.StartJupyter),
	}
	var d diag.Diagnostics
	m.Entrypoint, d = types.ListValueFrom(ctx, types.StringType, nonNil(t.Entrypoint))
	diags.Append(d...)
	m.Cmd, d = types.ListValueFrom(ctx, types.StringType, nonNil(t.Cmd))
	diags.Append(d...)
	m.Ports, d = types.SetValueFrom(ctx, types.StringType, nonNil(t.Ports))
	diags.Append(d...)
	m.AllowedCudaVersions, d = types.SetValueFrom(ctx, types.StringType, nonNil(t.AllowedCudaVersions))
	diags.Append(d...)
	env := t.Env
	if env == nil {
		env = map[string]string{}
	}
	m.Env, d = types.MapValueFrom(ctx, types.StringType, env)
	diags.Append(d...)

	if p := t.Mounts.Persistent; p != nil {
		m.PersistentVolume, d = types.ObjectValueFrom(ctx, containerschema.PersistentVolumeAttrTypes, containerschema.PersistentVolumeModel{
			SizeGB: types.Int64Value(int64(p.Size)),
			Path:   types.StringValue(p.Path),
		})
		diags.Append(d...)
	} else {
		m.PersistentVolume = types.ObjectNull(containerschema.PersistentVolumeAttrTypes)
	}
	return m, diags
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// persistentMount reads the persistent_volume block into the API's shape.
func persistentMount(ctx context.Context, v types.Object) (*runpod.PersistentMount, diag.Diagnostics) {
	if v.IsNull() || v.IsUnknown() {
		return nil, nil
	}
	var pv containerschema.PersistentVolumeModel
	diags := v.As(ctx, &pv, tfvalue.ObjectAsOptions)
	return &runpod.PersistentMount{Size: int(pv.SizeGB.ValueInt64()), Path: pv.Path.ValueString()}, diags
}

// toCreateRequest builds the create body from the plan. Unknown values
// (attributes the API derives) are left out so that the API applies its own.
func toCreateRequest(ctx context.Context, plan templateModel) (runpod.CreateTemplateRequest, diag.Diagnostics) {
	var diags diag.Diagnostics
	req := runpod.CreateTemplateRequest{
		Name:         plan.Name.ValueString(),
		Image:        plan.Image.ValueString(),
		Args:         knownString(plan.Args),
		Disk:         knownInt(plan.ContainerDiskGB),
		Registry:     plan.RegistryAuthID.ValueStringPointer(),
		Serverless:   knownBool(plan.Serverless),
		Public:       knownBool(plan.Public),
		Category:     knownString(plan.Category),
		StartSSH:     knownBool(plan.StartSSH),
		StartJupyter: knownBool(plan.StartJupyter),
	}
	var d diag.Diagnostics
	req.Entrypoint, d = tfvalue.Strings(ctx, plan.Entrypoint)
	diags.Append(d...)
	req.Cmd, d = tfvalue.Strings(ctx, plan.Cmd)
	diags.Append(d...)
	req.Ports, d = tfvalue.Strings(ctx, plan.Ports)
	diags.Append(d...)
	req.AllowedCudaVersions, d = tfvalue.Strings(ctx, plan.AllowedCudaVersions)
	diags.Append(d...)
	if !plan.Env.IsNull() && !plan.Env.IsUnknown() {
		req.Env = map[string]string{}
		diags.Append(plan.Env.ElementsAs(ctx, &req.Env, false)...)
	}
	if pm, d := persistentMount(ctx, plan.PersistentVolume); pm != nil || d.HasError() {
		diags.Append(d...)
		req.Mounts = &runpod.TemplateMounts{Persistent: pm}
	}
	// args and entrypoint/cmd are two forms of one command: send only the form
	// the user wrote, so the API never sees two descriptions that disagree.
	if len(req.Entrypoint) == 0 && len(req.Cmd) == 0 {
		req.Entrypoint, req.Cmd = nil, nil
	} else {
		req.Args = nil
	}
	return req, diags
}

// toUpdateRequest builds a PATCH body holding only what differs between the
// prior state and the plan; clearing a list, map or the registry sends an
// explicit empty value, because an omitted field means "leave unchanged".
func toUpdateRequest(ctx context.Context, plan, state templateModel) (runpod.UpdateTemplateRequest, bool, diag.Diagnostics) {
	var diags diag.Diagnostics
	var req runpod.UpdateTemplateRequest
	changed := false
	set := func(differs bool, apply func()) {
		if differs {
			apply()
			changed = true
		}
	}
	differs := func(p, s attr.Value) bool { return !p.IsUnknown() && !p.Equal(s) }

	set(differs(plan.Name, state.Name), func() { req.Name = runpod.Set(plan.Name.ValueString()) })
	set(differs(plan.Image, state.Image), func() { req.Image = runpod.Set(plan.Image.ValueString()) })
	set(differs(plan.ContainerDiskGB, state.ContainerDiskGB), func() { req.Disk = runpod.Set(int(plan.ContainerDiskGB.ValueInt64())) })
	set(differs(plan.RegistryAuthID, state.RegistryAuthID), func() { req.Registry = runpod.Set(plan.RegistryAuthID.ValueStringPointer()) })
	set(differs(plan.Serverless, state.Serverless), func() { req.Serverless = runpod.Set(plan.Serverless.ValueBool()) })
	set(differs(plan.Public, state.Public), func() { req.Public = runpod.Set(plan.Public.ValueBool()) })
	set(differs(plan.Category, state.Category), func() { req.Category = runpod.Set(plan.Category.ValueString()) })
	set(differs(plan.StartSSH, state.StartSSH), func() { req.StartSSH = runpod.Set(plan.StartSSH.ValueBool()) })
	set(differs(plan.StartJupyter, state.StartJupyter), func() { req.StartJupyter = runpod.Set(plan.StartJupyter.ValueBool()) })

	listField := func(p, s interface {
		attr.Value
		Elements() []attr.Value
		ElementsAs(context.Context, any, bool) diag.Diagnostics
	}, dst *runpod.Optional[[]string],
	) {
		if !differs(p, s) {
			return
		}
		vals, d := tfvalue.Strings(ctx, p)
		diags.Append(d...)
		*dst = runpod.Set(vals)
		changed = true
	}
	listField(plan.Ports, state.Ports, &req.Ports)
	listField(plan.AllowedCudaVersions, state.AllowedCudaVersions, &req.AllowedCudaVersions)

	// The command: send the form the user changed. Args is derived when the
	// user writes entrypoint/cmd (and the other way round), so a derived side
	// is unknown in the plan and skipped by differs.
	set(differs(plan.Args, state.Args), func() { req.Args = runpod.Set(plan.Args.ValueString()) })
	listField(plan.Entrypoint, state.Entrypoint, &req.Entrypoint)
	listField(plan.Cmd, state.Cmd, &req.Cmd)

	if differs(plan.Env, state.Env) {
		env := map[string]string{}
		diags.Append(plan.Env.ElementsAs(ctx, &env, false)...)
		req.Env = runpod.Set(env)
		changed = true
	}
	if differs(plan.PersistentVolume, state.PersistentVolume) {
		pm, d := persistentMount(ctx, plan.PersistentVolume)
		diags.Append(d...)
		if pm != nil { // removal forces replacement (see schema); never reaches here
			req.Mounts = runpod.Set(runpod.TemplateMounts{Persistent: pm})
			changed = true
		}
	}
	return req, changed, diags
}

func knownString(v types.String) *string {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return v.ValueStringPointer()
}

func knownBool(v types.Bool) *bool {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return v.ValueBoolPointer()
}

func knownInt(v types.Int64) *int {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	n := int(v.ValueInt64())
	return &n
}
