package endpoint

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// privateTemplateUnknown marks an endpoint adopted by import: Runpod keeps
// no link to the template an endpoint was made from, so its template_id
// was never known. The first apply records the configured one instead of
// applying it (a new release that replaces every worker), then removes the
// mark; from then on a template_id change applies the template, as for any
// endpoint.
var privateTemplateUnknown = privatestate.NewKey[bool]("template_id_unknown")

const summaryTemplateRecorded = "Endpoint Template Recorded From Configuration"

// recordsImportedTemplate reports whether this plan records the configured
// template_id of an imported endpoint rather than applying it: the mark is
// there, state has no template_id and the configuration sets one.
func recordsImportedTemplate(ctx context.Context, private privatestate.Store, plan, state resourceModel, diags *diag.Diagnostics) bool {
	if !tfvalue.Known(plan.TemplateID) || !state.TemplateID.IsNull() {
		return false
	}
	marked, d := privatestate.IsSet(ctx, private, privateTemplateUnknown)
	diags.Append(d...)
	return marked
}

// planImportedTemplate plans the first apply after an import that sets
// template_id: Runpod is not asked to apply the template, so the settings
// the template would fill stay what the endpoint has, not "known after
// apply". When recording template_id is all the plan does, every attribute
// the configuration leaves unset keeps its state value, and the update
// writes template_id into state and sends nothing.
func (r *endpointResource) planImportedTemplate(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var plan, state resourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !recordsImportedTemplate(ctx, req.Private, plan, state, &resp.Diagnostics) {
		return
	}
	if pinned, ok := onlyTemplateRecorded(req.Config.Raw, resp.Plan.Raw, req.State.Raw); ok {
		resp.Plan.Raw = pinned
	}
	resp.Diagnostics.AddWarning(summaryTemplateRecorded,
		fmt.Sprintf("Endpoint %q (%s) was imported, and Runpod keeps no link to the template an endpoint was made from. "+
			"This plan writes template_id %q into state as configured, without applying the template: no new release, "+
			"the workers keep running. From then on, changing template_id applies the new template in place. If the "+
			"endpoint was not made from this template, change template_id after this apply to apply it.",
			state.Name.ValueString(), state.ID.ValueString(), plan.TemplateID.ValueString()))
}

// onlyTemplateRecorded returns plan with each attribute that config leaves
// unset and plan has unknown (what the template or the read-back would
// fill) set back to its state value, and whether that plan differs from
// state only in template_id.
func onlyTemplateRecorded(config, plan, state tftypes.Value) (tftypes.Value, bool) {
	var cfg, pl, st map[string]tftypes.Value
	if config.As(&cfg) != nil || plan.As(&pl) != nil || state.As(&st) != nil {
		return plan, false
	}
	out := make(map[string]tftypes.Value, len(pl))
	for name, v := range pl {
		out[name] = v
		if c, ok := cfg[name]; ok && c.IsNull() && !v.IsFullyKnown() {
			out[name] = st[name]
		}
	}
	for name, v := range out {
		if name != "template_id" && !v.Equal(st[name]) {
			return plan, false
		}
	}
	return tftypes.NewValue(plan.Type(), out), true
}

// recordImportedTemplate is Update's part: the configured template_id of
// an imported endpoint goes into state as it is, and is not sent. The env
// keys the endpoint has beyond the configured env are the template's (see
// resourceModel.TemplateEnv). It returns state as the request is built
// from, with template_id recorded.
func recordImportedTemplate(ctx context.Context, private privatestate.Store, resp *resource.UpdateResponse, plan *resourceModel, state resourceModel) resourceModel {
	if !recordsImportedTemplate(ctx, private, *plan, state, &resp.Diagnostics) {
		return state
	}
	state.TemplateID = plan.TemplateID
	if tfvalue.Known(plan.Env) && tfvalue.Known(state.Env) {
		own, have := map[string]string{}, map[string]string{}
		resp.Diagnostics.Append(plan.Env.ElementsAs(ctx, &own, false)...)
		resp.Diagnostics.Append(state.Env.ElementsAs(ctx, &have, false)...)
		templateEnv := map[string]string{}
		for k, v := range have {
			if _, set := own[k]; !set {
				templateEnv[k] = v
			}
		}
		if len(templateEnv) > 0 {
			plan.TemplateEnv = templateEnv
			resp.Diagnostics.Append(privateTemplateEnv.Set(ctx, resp.Private, templateEnv)...)
			// Those keys stay on the endpoint: the request compares the
			// configured env with what the endpoint has without them.
			kept := map[string]string{}
			for k, v := range have {
				if _, tmpl := templateEnv[k]; !tmpl {
					kept[k] = v
				}
			}
			state.Env = stringMap(kept)
		}
	}
	return state
}

// endImportedTemplate removes the import mark after an update that
// succeeded: whatever template_id state holds now was configured.
func endImportedTemplate(ctx context.Context, resp *resource.UpdateResponse) {
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(privateTemplateUnknown.Remove(ctx, resp.Private)...)
	}
}
