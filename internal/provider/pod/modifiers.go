package pod

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
)

// presenceChanged replaces the pod when a block appears or disappears:
// the compute kind and the mount kind are fixed at create.
func presenceChanged(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.PlanValue.IsUnknown() && req.StateValue.IsNull() != req.PlanValue.IsNull()
}
