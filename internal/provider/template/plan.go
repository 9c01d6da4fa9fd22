package template

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

var _ resource.ResourceWithModifyPlan = (*templateResource)(nil)

// ModifyPlan warns, when the template is destroyed, naming the pods and
// endpoints that still use it (Runpod refuses that delete at apply), and
// refuses, at plan time, a create or update whose request body would be over
// Runpod's 102400-byte limit: the API would answer a bare 413 at apply. env
// is what makes a template large, so the error names it.
func (r *templateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Data.Managed(ctx, Kind.Noun, req.State)
	r.recordPlan(ctx, req, resp)
	if req.Plan.Raw.IsNull() {
		var state templateModel
		if diags := req.State.Get(ctx, &state); !diags.HasError() && r.Data != nil {
			r.warnInUse(ctx, state, &resp.Diagnostics)
		}
		return // a destroy
	}
	var plan templateModel
	if diags := req.Plan.Get(ctx, &plan); diags.HasError() {
		return
	}
	r.refuseTakenName(ctx, req, plan, resp)
	if plan.Env.IsUnknown() {
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

// refuseTakenName fails the plan of a new template, or of a rename, whose
// name another template has (safecreate.RefuseTakenNameAtPlan): Runpod's
// template names are unique in an account.
func (r *templateResource) refuseTakenName(ctx context.Context, req resource.ModifyPlanRequest, plan templateModel, resp *resource.ModifyPlanResponse) {
	if plan.Name.IsUnknown() || plan.Name.IsNull() {
		return
	}
	if !req.State.Raw.IsNull() {
		var name types.String
		if resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("name"), &name)...); name.Equal(plan.Name) {
			return
		}
	}
	if d := safecreate.RefuseTakenNameAtPlan(ctx, r.Data, req.ClientCapabilities, Kind, plan.Name.ValueString(), resp.Diagnostics); d != nil {
		resp.Diagnostics.Append(d)
	}
}

// tooLarge maps a 413 at apply to the plan-time message.
func tooLarge(err error) (diag.Diagnostic, bool) {
	if !runpod.IsRequestTooLarge(err) {
		return nil, false
	}
	summary, detail := diagnostics.RequestTooLarge("env", 0)
	return diag.NewAttributeErrorDiagnostic(path.Root("env"), summary, detail), true
}

// recordPlan tells the credential and secret resources planned after this
// template in the same run what the apply does to it (destroy, a new
// registry, a new env), so that their "templates use this" warnings leave it
// out (providerdata.TemplatePlans).
func (r *templateResource) recordPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.Data == nil {
		return
	}
	if req.State.Raw.IsNull() {
		// A create: nothing references it yet, but an endpoint of the same
		// plan may (its id is known only after apply), and endpoints take
		// serverless templates only.
		var serverless types.Bool
		if !req.Plan.Raw.IsNull() && !req.Plan.GetAttribute(ctx, path.Root("serverless"), &serverless).HasError() {
			var name types.String
			_ = req.Plan.GetAttribute(ctx, path.Root("name"), &name)
			r.Data.TemplatePlans().RecordNew(providerdata.NewTemplate{Name: name.ValueString(),
				Serverless: serverless.ValueBool(), ServerlessKnown: !serverless.IsUnknown() && !serverless.IsNull()})
		}
		return
	}
	var state templateModel
	if diags := req.State.Get(ctx, &state); diags.HasError() {
		return
	}
	id := state.ID.ValueString()
	if req.Plan.Raw.IsNull() || len(resp.RequiresReplace) > 0 {
		r.Data.TemplatePlans().Record(id, providerdata.TemplatePlan{Destroyed: true})
		return
	}
	var plan templateModel
	if diags := req.Plan.Get(ctx, &plan); diags.HasError() {
		return
	}
	rec := providerdata.TemplatePlan{RegistryChanges: !plan.RegistryAuthID.Equal(state.RegistryAuthID)}
	if !plan.Env.Equal(state.Env) && !plan.Env.IsUnknown() {
		env := map[string]string{}
		if diags := plan.Env.ElementsAs(ctx, &env, false); diags.HasError() {
			return
		}
		rec.EnvAfter = env
	}
	if !plan.Serverless.Equal(state.Serverless) && !plan.Serverless.IsUnknown() {
		serverless := plan.Serverless.ValueBool()
		rec.ServerlessAfter = &serverless
	}
	r.Data.TemplatePlans().Record(id, rec)
}
