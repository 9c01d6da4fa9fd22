package planmodifiers

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The test schema mirrors the template's command: args (string) and cmd
// (list), each derived from the other.
var testSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"args": schema.StringAttribute{Optional: true, Computed: true},
	"cmd":  schema.ListAttribute{Optional: true, Computed: true, ElementType: types.StringType},
}}

var objType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
	"args": tftypes.String,
	"cmd":  tftypes.List{ElementType: tftypes.String},
}}

func obj(args, cmd tftypes.Value) tftypes.Value {
	return tftypes.NewValue(objType, map[string]tftypes.Value{"args": args, "cmd": cmd})
}

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

var (
	nullStr     = tftypes.NewValue(tftypes.String, nil)
	unknownStr  = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	nullList    = tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, nil)
	unknownList = tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, tftypes.UnknownValue)
)

func list(items ...string) tftypes.Value {
	vals := make([]tftypes.Value, len(items))
	for i, s := range items {
		vals[i] = str(s)
	}
	return tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, vals)
}

// planArgs runs DerivedString on "args" (derived from "cmd") for the given
// config, prior state (nil on create) and proposed plan.
func planArgs(t *testing.T, config, state, plan tftypes.Value) types.String {
	t.Helper()
	ctx := context.Background()
	req := planmodifier.StringRequest{
		Path:   path.Root("args"),
		Config: tfsdk.Config{Schema: testSchema, Raw: config},
		Plan:   tfsdk.Plan{Schema: testSchema, Raw: plan},
		State:  tfsdk.State{Schema: testSchema, Raw: state},
	}
	var cv, pv, sv types.String
	req.Config.GetAttribute(ctx, path.Root("args"), &cv)
	req.Plan.GetAttribute(ctx, path.Root("args"), &pv)
	if !state.IsNull() {
		req.State.GetAttribute(ctx, path.Root("args"), &sv)
	} else {
		sv = types.StringNull()
	}
	req.ConfigValue, req.PlanValue, req.StateValue = cv, pv, sv
	resp := &planmodifier.StringResponse{PlanValue: pv}
	DerivedString("", path.Root("cmd")).PlanModifyString(ctx, req, resp)
	if resp.Diagnostics.HasError() {
		t.Fatalf("diagnostics: %v", resp.Diagnostics)
	}
	return resp.PlanValue
}

func TestDerivedString(t *testing.T) {
	nullState := tftypes.NewValue(objType, nil)
	cases := []struct {
		name                string
		config, state, plan tftypes.Value
		want                types.String
	}{
		{
			name:   "configured value is kept",
			config: obj(str("run"), nullList), state: nullState, plan: obj(str("run"), unknownList),
			want: types.StringValue("run"),
		},
		{
			name:   "nothing configured on create plans the fallback",
			config: obj(nullStr, nullList), state: nullState, plan: obj(unknownStr, unknownList),
			want: types.StringValue(""),
		},
		{
			name:   "nothing configured on update clears a derived value",
			config: obj(nullStr, nullList), state: obj(str(`{"cmd":["a"]}`), list("a")), plan: obj(unknownStr, unknownList),
			want: types.StringValue(""),
		},
		{
			name:   "source configured on create is unknown",
			config: obj(nullStr, list("a")), state: nullState, plan: obj(unknownStr, list("a")),
			want: types.StringUnknown(),
		},
		{
			name:   "unchanged source keeps the prior derived value",
			config: obj(nullStr, list("a")), state: obj(str(`{"cmd":["a"]}`), list("a")), plan: obj(unknownStr, list("a")),
			want: types.StringValue(`{"cmd":["a"]}`),
		},
		{
			name:   "changed source makes it unknown",
			config: obj(nullStr, list("b")), state: obj(str(`{"cmd":["a"]}`), list("a")), plan: obj(unknownStr, list("b")),
			want: types.StringUnknown(),
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := planArgs(t, tc.config, tc.state, tc.plan); !got.Equal(tc.want) {
				t.Fatalf("planned %s, want %s", got, tc.want)
			}
		})
	}
}

func TestDerivedListFallbackIsEmptyList(t *testing.T) {
	ctx := context.Background()
	config := obj(nullStr, nullList)
	plan := obj(unknownStr, unknownList)
	req := planmodifier.ListRequest{
		Path:        path.Root("cmd"),
		Config:      tfsdk.Config{Schema: testSchema, Raw: config},
		Plan:        tfsdk.Plan{Schema: testSchema, Raw: plan},
		State:       tfsdk.State{Schema: testSchema, Raw: tftypes.NewValue(objType, nil)},
		ConfigValue: types.ListNull(types.StringType),
		PlanValue:   types.ListUnknown(types.StringType),
		StateValue:  types.ListNull(types.StringType),
	}
	resp := &planmodifier.ListResponse{PlanValue: req.PlanValue}
	DerivedList(path.Root("args")).PlanModifyList(ctx, req, resp)
	if resp.PlanValue.IsNull() || resp.PlanValue.IsUnknown() || len(resp.PlanValue.Elements()) != 0 {
		t.Fatalf("planned %s, want an empty list", resp.PlanValue)
	}
}
