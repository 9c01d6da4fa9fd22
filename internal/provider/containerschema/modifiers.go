package containerschema

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
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
// template gave", which is known only after the create (or after a new
// template_id is applied) and then kept.
func chooseFromTemplate(ctx context.Context, plan tfsdk.Plan, state tfsdk.State, diags *diag.Diagnostics) templateChoice {
	var tid, prior types.String
	diags.Append(plan.GetAttribute(ctx, path.Root("template_id"), &tid)...)
	if !state.Raw.IsNull() {
		diags.Append(state.GetAttribute(ctx, path.Root("template_id"), &prior)...)
	}
	switch {
	case tid.IsNull():
		return useFallback
	case tid.IsUnknown() || state.Raw.IsNull() || !tid.Equal(prior):
		return useUnknown
	}
	return useState
}

// FromTemplateString plans an unconfigured string as fallback without a
// template, and as the template's value with one.
func FromTemplateString(fallback types.String) planmodifier.String {
	return fromTemplateModifier[types.String]{fallback: fallback, unknown: types.StringUnknown()}
}

// FromTemplateSet is FromTemplateString for a set of strings.
func FromTemplateSet(fallback types.Set) planmodifier.Set {
	return fromTemplateModifier[types.Set]{fallback: fallback, unknown: types.SetUnknown(types.StringType)}
}

// FromTemplateMap is FromTemplateString for a map of strings.
func FromTemplateMap(fallback types.Map) planmodifier.Map {
	return fromTemplateModifier[types.Map]{fallback: fallback, unknown: types.MapUnknown(types.StringType)}
}

// FromTemplateInt64 is FromTemplateString for a number.
func FromTemplateInt64(fallback types.Int64) planmodifier.Int64 {
	return fromTemplateModifier[types.Int64]{fallback: fallback, unknown: types.Int64Unknown()}
}

// FromTemplateObject is FromTemplateString for an object (the volume disk).
func FromTemplateObject(fallback types.Object) planmodifier.Object {
	return fromTemplateModifier[types.Object]{fallback: fallback, unknown: types.ObjectUnknown(fallback.AttributeTypes(context.Background()))}
}

type fromTemplateModifier[T attr.Value] struct{ fallback, unknown T }

func (m fromTemplateModifier[T]) Description(context.Context) string {
	return "When not configured: the template's value for a resource created from template_id, else the API's default."
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
		// An unknown fallback is an API default the provider cannot
		// predict: it is known once the object exists.
		if m.fallback.IsUnknown() && !s.Raw.IsNull() {
			v, ok := state.(T)
			return v, ok
		}
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

func (m fromTemplateModifier[T]) PlanModifyInt64(ctx context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if v, ok := m.plan(ctx, req.ConfigValue, req.StateValue, req.Plan, req.State, &resp.Diagnostics); ok {
		if s, ok := any(v).(types.Int64); ok {
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

// PowerOfTwo validates a vCPU count: a power of two, at least 2, as the
// API requires.
func PowerOfTwo() validator.Int64 { return powerOfTwoValidator{} }

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

// The settings below are those of a kind created from a template and read
// back (pods, serverless endpoints): Computed, so that left unset they show
// what the template gave, and planned by the FromTemplate modifiers with
// Runpod's empty value as what an unset setting reads without a template.

// StartCommandFromTemplate is StartCommand filled from the template.
func StartCommandFromTemplate(description string) schema.StringAttribute {
	a := StartCommand(description)
	a.Computed = true
	a.PlanModifiers = []planmodifier.String{FromTemplateString(types.StringValue("")), SameExecForm()}
	return a
}

// PortsFromTemplate is Ports filled from the template.
func PortsFromTemplate(description string) schema.SetAttribute {
	a := Ports(description)
	a.Computed = true
	a.PlanModifiers = []planmodifier.Set{FromTemplateSet(types.SetValueMust(types.StringType, []attr.Value{}))}
	return a
}

// EnvFromTemplate is Env filled from the template.
func EnvFromTemplate(description string) schema.MapAttribute {
	a := Env(description)
	a.Computed = true
	a.PlanModifiers = []planmodifier.Map{FromTemplateMap(types.MapValueMust(types.StringType, map[string]attr.Value{}))}
	return a
}

// RegistryAuthIDFromTemplate is the registry credential that pulls a private
// image, filled from the template; it updates in place.
func RegistryAuthIDFromTemplate() schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: "Id of the `runpod_registry_auth` used to pull a private image. Updates in place.",
		Optional:            true,
		Computed:            true,
		Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		PlanModifiers:       []planmodifier.String{FromTemplateString(types.StringNull())},
	}
}

// ExecForm reads args as the form Runpod stores an exec-form command in (a
// JSON object of entrypoint and cmd arrays, nothing else): ok is false for
// any other string, a command line.
func ExecForm(args string) (entrypoint, cmd []string, ok bool) {
	s := strings.TrimSpace(args)
	if !strings.HasPrefix(s, "{") {
		return nil, nil, false
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	var form struct {
		Entrypoint []string `json:"entrypoint"`
		Cmd        []string `json:"cmd"`
	}
	if dec.Decode(&form) != nil || dec.More() {
		return nil, nil, false
	}
	return form.Entrypoint, form.Cmd, true
}

// SameExecForm plans a configured start command that is the exec form of
// the one in state, written differently (another key order or spacing, as
// jsonencode writes it in generated configuration), as the state's: Runpod
// runs the same command, so there is nothing to update.
func SameExecForm() planmodifier.String { return sameExecForm{} }

type sameExecForm struct{}

func (sameExecForm) Description(context.Context) string {
	return "An exec-form command equal to the one in state, written differently, keeps the state's form."
}

func (m sameExecForm) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (sameExecForm) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !tfvalueKnown(req.ConfigValue) || !tfvalueKnown(req.StateValue) || req.ConfigValue.Equal(req.StateValue) {
		return
	}
	ce, cc, ok := ExecForm(req.ConfigValue.ValueString())
	if !ok {
		return
	}
	se, sc, ok := ExecForm(req.StateValue.ValueString())
	if ok && slices.Equal(ce, se) && slices.Equal(cc, sc) {
		resp.PlanValue = req.StateValue
	}
}

func tfvalueKnown(v types.String) bool { return !v.IsNull() && !v.IsUnknown() }
