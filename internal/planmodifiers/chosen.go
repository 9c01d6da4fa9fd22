package planmodifiers

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// KeepChosen keeps a value the plan chose from a preference list (the
// sibling list attribute named list): a pod's gpu.type_id chosen from
// gpu.type_ids, a cluster's gpu_type_id from gpu_type_ids. While the chosen
// value is still in the list, reordering or extending the list and stock
// moving never change it (and so never replace the resource). Without a
// state, or when the chosen value left the list, the plan value stays as
// the framework made it (unknown): a RequiresReplace after it, or the
// resource's own ModifyPlan, replaces and chooses again. A configured value
// is left alone.
func KeepChosen(list string) planmodifier.String { return keepChosen{list: list} }

type keepChosen struct{ list string }

func (m keepChosen) Description(context.Context) string {
	return fmt.Sprintf("Keeps the value chosen from %s while it is still in the list.", m.list)
}

func (m keepChosen) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m keepChosen) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() || req.StateValue.IsNull() || req.StateValue.IsUnknown() {
		return
	}
	var ids types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, req.Path.ParentPath().AtName(m.list), &ids)...)
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
