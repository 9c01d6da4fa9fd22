package providerdata

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

type beginModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

var beginSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"id":   schema.StringAttribute{Computed: true},
	"name": schema.StringAttribute{Required: true},
}}

// beginState is a state (or plan) holding id and name; a nil name makes a
// value the model cannot hold, for the decode-failure case.
func beginState(id string, name any) tfsdk.State {
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "name": tftypes.String}}
	vals := map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id), "name": tftypes.NewValue(tftypes.String, name)}
	if name == nil {
		typ.AttributeTypes["name"] = tftypes.Number
		vals["name"] = tftypes.NewValue(tftypes.Number, 1)
	}
	return tfsdk.State{Schema: beginSchema, Raw: tftypes.NewValue(typ, vals)}
}

func testData(t *testing.T) *Data {
	t.Helper()
	client, err := runpod.New(runpod.Config{APIKey: "k", BaseURL: "http://127.0.0.1:1", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return NewData(client)
}

func TestBeginDecodesTheModelWithTheClient(t *testing.T) {
	ctx := context.Background()
	data := testData(t)
	var diags diag.Diagnostics
	client, m, ok := Begin[beginModel](ctx, data, beginState("abc", "web"), &diags)
	if !ok || diags.HasError() || client == nil {
		t.Fatalf("ok=%v client=%v diags=%v", ok, client, diags)
	}
	if m.ID.ValueString() != "abc" || m.Name.ValueString() != "web" {
		t.Fatalf("model = %+v", m)
	}
	client, id, ok := BeginID(ctx, data, beginState("abc", "web"), &diags)
	if !ok || client == nil || id != "abc" {
		t.Fatalf("BeginID: ok=%v id=%q diags=%v", ok, id, diags)
	}
}

func TestBeginStopsWithoutAConfiguredProvider(t *testing.T) {
	for name, data := range map[string]*Data{
		"not configured":    nil,
		"configure refused": Unavailable("Missing API Key", "set api_key"),
	} {
		t.Run(name, func(t *testing.T) {
			var diags diag.Diagnostics
			if _, _, ok := Begin[beginModel](context.Background(), data, beginState("abc", "web"), &diags); ok {
				t.Fatal("Begin went on without a client")
			}
			if diags.ErrorsCount() != 1 {
				t.Fatalf("want the one configuration error, got %v", diags)
			}
			if name == "configure refused" && diags[0].Summary() != "Missing API Key" {
				t.Fatalf("summary = %q", diags[0].Summary())
			}
		})
	}
}

func TestBeginReportsAModelThatDoesNotDecode(t *testing.T) {
	var diags diag.Diagnostics
	if _, _, ok := Begin[beginModel](context.Background(), testData(t), beginState("abc", nil), &diags); ok || !diags.HasError() {
		t.Fatalf("ok=%v diags=%v", ok, diags)
	}
}

func TestBeginUpdateReadsPlanAndState(t *testing.T) {
	planned := beginState("abc", "new")
	req := resource.UpdateRequest{
		Plan:  tfsdk.Plan(planned),
		State: beginState("abc", "old"),
	}
	var diags diag.Diagnostics
	client, plan, state, ok := BeginUpdate[beginModel](context.Background(), testData(t), req, &diags)
	if !ok || client == nil {
		t.Fatalf("ok=%v diags=%v", ok, diags)
	}
	if plan.Name.ValueString() != "new" || state.Name.ValueString() != "old" {
		t.Fatalf("plan=%+v state=%+v", plan, state)
	}

	req.State = beginState("abc", nil)
	diags = nil
	if _, _, _, ok := BeginUpdate[beginModel](context.Background(), testData(t), req, &diags); ok || !diags.HasError() {
		t.Fatalf("a state that does not decode: ok=%v diags=%v", ok, diags)
	}
}

func TestStopRefresh(t *testing.T) {
	cases := map[string]struct {
		err         error
		deleted     bool
		wantStop    bool
		wantRemoved bool
		wantError   string
	}{
		"read":                   {},
		"404":                    {err: &runpod.APIError{StatusCode: 404}, wantStop: true, wantRemoved: true},
		"deleted but still read": {deleted: true, wantStop: true, wantRemoved: true},
		"outage":                 {err: &runpod.APIError{StatusCode: 503}, wantStop: true, wantError: "Cannot Read Network Volume"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			resp := &resource.ReadResponse{State: beginState("abc", "web")}
			stop := StopRefresh(context.Background(), "network volume", "abc", tc.err, tc.deleted, resp)
			if stop != tc.wantStop || resp.State.Raw.IsNull() != tc.wantRemoved {
				t.Fatalf("stop=%v removed=%v", stop, resp.State.Raw.IsNull())
			}
			if got := ""; tc.wantError != "" || resp.Diagnostics.HasError() {
				if resp.Diagnostics.HasError() {
					got = resp.Diagnostics[0].Summary()
				}
				if got != tc.wantError {
					t.Fatalf("error %q, want %q", got, tc.wantError)
				}
			}
		})
	}
}
