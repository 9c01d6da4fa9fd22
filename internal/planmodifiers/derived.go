// Package planmodifiers holds the provider's custom plan modifiers: small,
// named behaviours that the framework's built-ins do not cover.
package planmodifiers

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// derivedDecision is what a derived attribute's plan should be.
type derivedDecision int

const (
	derivedKeepPlan    derivedDecision = iota // configured, or nothing to do
	derivedUseState                           // the API will return what it returned before
	derivedUnknown                            // the API will compute a new value
	derivedUseFallback                        // nothing configured: clear to the fallback
)

// decideDerived implements DerivedString and DerivedList. An attribute that is
// one of several representations of the same API field (a template's args
// string and its entrypoint/cmd arrays) is computed by the API from whichever
// representation the user configured. When the user configured none, the
// attribute is planned as its fallback ("" or []), which clears it; this is
// what makes removing a command from the configuration really remove it.
func decideDerived(ctx context.Context, config tfsdk.Config, state tfsdk.State, plan tfsdk.Plan,
	configValue, stateValue attr.Value, sources []path.Path,
) (derivedDecision, error) {
	if !configValue.IsNull() {
		return derivedKeepPlan, nil
	}
	anyConfigured, anyChanged := false, false
	for _, p := range sources {
		var cv, pv, sv attr.Value
		if d := config.GetAttribute(ctx, p, &cv); d.HasError() {
			return 0, fmt.Errorf("reading %s from config", p)
		}
		if cv.IsNull() {
			continue
		}
		anyConfigured = true
		if cv.IsUnknown() || state.Raw.IsNull() {
			anyChanged = true
			continue
		}
		if d := plan.GetAttribute(ctx, p, &pv); d.HasError() {
			return 0, fmt.Errorf("reading %s from plan", p)
		}
		if d := state.GetAttribute(ctx, p, &sv); d.HasError() {
			return 0, fmt.Errorf("reading %s from state", p)
		}
		if !pv.Equal(sv) {
			anyChanged = true
		}
	}
	switch {
	case !anyConfigured:
		return derivedUseFallback, nil
	case anyChanged || stateValue.IsNull():
		return derivedUnknown, nil
	default:
		return derivedUseState, nil
	}
}

// DerivedString plans a string attribute that the API derives from other
// attributes (sources) when it is not configured itself: unchanged sources
// keep the prior value, changed ones make it unknown, and no configured
// source plans fallback.
func DerivedString(fallback string, sources ...path.Path) planmodifier.String {
	return derivedString{fallback: fallback, sources: sources}
}

type derivedString struct {
	fallback string
	sources  []path.Path
}

func (m derivedString) Description(context.Context) string {
	return fmt.Sprintf("When not configured, derived by the API from %v; %q when none of them is configured.", m.sources, m.fallback)
}

func (m derivedString) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m derivedString) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.Plan.Raw.IsNull() { // destroy
		return
	}
	d, err := decideDerived(ctx, req.Config, req.State, req.Plan, req.ConfigValue, req.StateValue, m.sources)
	if err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Plan Modifier Error", err.Error())
		return
	}
	switch d {
	case derivedUseState:
		resp.PlanValue = req.StateValue
	case derivedUnknown:
		resp.PlanValue = types.StringUnknown()
	case derivedUseFallback:
		resp.PlanValue = types.StringValue(m.fallback)
	}
}

// DerivedList is DerivedString for a list; the fallback is an empty list.
func DerivedList(sources ...path.Path) planmodifier.List {
	return derivedList{sources: sources}
}

type derivedList struct{ sources []path.Path }

func (m derivedList) Description(context.Context) string {
	return fmt.Sprintf("When not configured, derived by the API from %v; empty when none of them is configured.", m.sources)
}

func (m derivedList) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m derivedList) PlanModifyList(ctx context.Context, req planmodifier.ListRequest, resp *planmodifier.ListResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	d, err := decideDerived(ctx, req.Config, req.State, req.Plan, req.ConfigValue, req.StateValue, m.sources)
	if err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Plan Modifier Error", err.Error())
		return
	}
	elemType := req.PlanValue.ElementType(ctx)
	switch d {
	case derivedUseState:
		resp.PlanValue = req.StateValue
	case derivedUnknown:
		resp.PlanValue = types.ListUnknown(elemType)
	case derivedUseFallback:
		resp.PlanValue = basetypes.NewListValueMust(elemType, []attr.Value{})
	}
}
