package pod

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// templateChoice is what an unconfigured attribute that a template can
// fill is planned as.
type templateChoice int

const (
	useFallback templateChoice = iota // no template: the API's default
	useUnknown                        // a new pod from a template: the template decides
	useState                          // an existing pod from a template: what it has
)

// chooseFromTemplate decides for an attribute left out of the
// configuration. Without template_id the attribute means "the default"
// (so removing ports or env clears them); with one it means "whatever the
// template gave", which is known only after the create and then kept.
func chooseFromTemplate(ctx context.Context, plan tfsdk.Plan, state tfsdk.State, diags *diag.Diagnostics) templateChoice {
	var tid types.String
	diags.Append(plan.GetAttribute(ctx, path.Root("template_id"), &tid)...)
	switch {
	case tid.IsNull():
		return useFallback
	case tid.IsUnknown() || state.Raw.IsNull():
		return useUnknown
	}
	return useState
}

// fromTemplateString plans an unconfigured string as fallback without a
// template, and as the template's value with one.
func fromTemplateString(fallback types.String) planmodifier.String {
	return fromTemplateModifier[types.String]{fallback: fallback, unknown: types.StringUnknown()}
}

// fromTemplateSet is fromTemplateString for a set of strings.
func fromTemplateSet(fallback types.Set) planmodifier.Set {
	return fromTemplateModifier[types.Set]{fallback: fallback, unknown: types.SetUnknown(types.StringType)}
}

// fromTemplateMap is fromTemplateString for a map of strings.
func fromTemplateMap(fallback types.Map) planmodifier.Map {
	return fromTemplateModifier[types.Map]{fallback: fallback, unknown: types.MapUnknown(types.StringType)}
}

// fromTemplateObject is fromTemplateString for an object (the volume disk).
func fromTemplateObject(fallback types.Object) planmodifier.Object {
	return fromTemplateModifier[types.Object]{fallback: fallback, unknown: types.ObjectUnknown(fallback.AttributeTypes(context.Background()))}
}

type fromTemplateModifier[T attr.Value] struct{ fallback, unknown T }

func (m fromTemplateModifier[T]) Description(context.Context) string {
	return "When not configured: the template's value for a pod created from template_id, else the API's default."
}

func (m fromTemplateModifier[T]) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m fromTemplateModifier[T]) plan(ctx context.Context, config, state attr.Value, p tfsdk.Plan, s tfsdk.State, diags *diag.Diagnostics) (T, bool) {
	var zero T
	if p.Raw.IsNull() || !config.IsNull() {
		return zero, false
	}
	switch chooseFromTemplate(ctx, p, s, diags) {
	case useFallback:
		return m.fallback, true
	case useUnknown:
		return m.unknown, true
	}
	v, ok := state.(T)
	return v, ok
}

func (m fromTemplateModifier[T]) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if v, ok := m.plan(ctx, req.ConfigValue, req.StateValue, req.Plan, req.State, &resp.Diagnostics); ok {
		if s, ok := any(v).(types.String); ok {
			resp.PlanValue = s
		}
	}
}

func (m fromTemplateModifier[T]) PlanModifySet(ctx context.Context, req planmodifier.SetRequest, resp *planmodifier.SetResponse) {
	if v, ok := m.plan(ctx, req.ConfigValue, req.StateValue, req.Plan, req.State, &resp.Diagnostics); ok {
		if s, ok := any(v).(types.Set); ok {
			resp.PlanValue = s
		}
	}
}

func (m fromTemplateModifier[T]) PlanModifyMap(ctx context.Context, req planmodifier.MapRequest, resp *planmodifier.MapResponse) {
	if v, ok := m.plan(ctx, req.ConfigValue, req.StateValue, req.Plan, req.State, &resp.Diagnostics); ok {
		if s, ok := any(v).(types.Map); ok {
			resp.PlanValue = s
		}
	}
}

func (m fromTemplateModifier[T]) PlanModifyObject(ctx context.Context, req planmodifier.ObjectRequest, resp *planmodifier.ObjectResponse) {
	if v, ok := m.plan(ctx, req.ConfigValue, req.StateValue, req.Plan, req.State, &resp.Diagnostics); ok {
		if s, ok := any(v).(types.Object); ok {
			resp.PlanValue = s
		}
	}
}

// presenceChanged replaces the pod when a block appears or disappears:
// the compute kind and the mount kind are fixed at create.
func presenceChanged(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.PlanValue.IsUnknown() && req.StateValue.IsNull() != req.PlanValue.IsNull()
}

// powerOfTwo validates a vCPU count: a power of two, at least 2, as the
// API requires.
func powerOfTwo() validator.Int64 { return powerOfTwoValidator{} }

type powerOfTwoValidator struct{}

func (powerOfTwoValidator) Description(context.Context) string {
	return "must be a power of two, at least 2 (2, 4, 8, 16, ...)"
}

func (v powerOfTwoValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v powerOfTwoValidator) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	n := req.ConfigValue.ValueInt64()
	if n < 2 || n&(n-1) != 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid vCPU Count",
			fmt.Sprintf("vcpu_count %d is not allowed: it %s.", n, v.Description(ctx)))
	}
}

// keepChosenGPUType keeps the GPU type the plan chose from gpu.type_ids
// while it is still in the list, so that stock changes and reordering
// never replace the pod. Without a state, or when the chosen type left the
// list, the value stays unknown: RequiresReplace (after it) replaces the
// pod and ModifyPlan picks again.
type keepChosenGPUType struct{}

func (keepChosenGPUType) Description(context.Context) string {
	return "Keeps the GPU type chosen from gpu.type_ids while it is still in the list."
}

func (m keepChosenGPUType) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (keepChosenGPUType) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() || req.StateValue.IsNull() || req.StateValue.IsUnknown() {
		return
	}
	var ids types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, req.Path.ParentPath().AtName("type_ids"), &ids)...)
	if ids.IsNull() || ids.IsUnknown() {
		return
	}
	for _, v := range ids.Elements() {
		if s, ok := v.(types.String); ok && s.Equal(req.StateValue) {
			resp.PlanValue = req.StateValue
			return
		}
	}
}
