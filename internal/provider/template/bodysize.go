package template

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var _ resource.ResourceWithModifyPlan = (*templateResource)(nil)

// ModifyPlan refuses, at plan time, a create or update whose request body
// would be over Runpod's 102400-byte limit: the API would answer a bare 413
// at apply. env is what makes a template large, so the error names it.
func (r *templateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // a destroy
	}
	var plan templateModel
	if diags := req.Plan.Get(ctx, &plan); diags.HasError() || plan.Env.IsUnknown() {
		return // env known only at apply: the API's 413 is mapped to the same message
	}
	var body any
	if req.State.Raw.IsNull() {
		b, diags := toCreateRequest(ctx, plan)
		if diags.HasError() {
			return
		}
		body = b
	} else {
		var state templateModel
		if diags := req.State.Get(ctx, &state); diags.HasError() {
			return
		}
		b, changed, diags := toUpdateRequest(ctx, plan, state)
		if diags.HasError() || !changed {
			return
		}
		body = b
	}
	size, err := runpod.BodySize(body)
	if err != nil || size <= runpod.MaxRequestBodyBytes {
		return
	}
	summary, detail := diagnostics.RequestTooLarge("env", size)
	resp.Diagnostics.AddAttributeError(path.Root("env"), summary, detail)
}

// tooLarge maps a 413 at apply to the plan-time message.
func tooLarge(err error) (diag.Diagnostic, bool) {
	if !runpod.IsRequestTooLarge(err) {
		return nil, false
	}
	summary, detail := diagnostics.RequestTooLarge("env", 0)
	return diag.NewAttributeErrorDiagnostic(path.Root("env"), summary, detail), true
}
