package pod

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// presenceChanged replaces the pod when a block appears or disappears:
// the compute kind and the mount kind are fixed at create.
func presenceChanged(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.PlanValue.IsUnknown() && req.StateValue.IsNull() != req.PlanValue.IsNull()
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
