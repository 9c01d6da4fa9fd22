package validators

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// blockSchema has a single block gpu and a list block cpu, each with a
// string and a number, as the pod and endpoint schemas do.
var blockSchema = schema.Schema{Blocks: map[string]schema.Block{
	"gpu": schema.SingleNestedBlock{Attributes: map[string]schema.Attribute{
		"type_id": schema.StringAttribute{Optional: true},
		"count":   schema.Int64Attribute{Optional: true},
	}},
	"cpu": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
		"type_id": schema.StringAttribute{Optional: true},
		"count":   schema.Int64Attribute{Optional: true},
	}}},
}}

var (
	objType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"type_id": tftypes.String, "count": tftypes.Number}}
	rootTyp = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"gpu": objType, "cpu": tftypes.List{ElementType: objType}}}
)

func obj(typeID any) tftypes.Value {
	var s tftypes.Value
	switch v := typeID.(type) {
	case nil:
		s = tftypes.NewValue(tftypes.String, nil)
	case string:
		s = tftypes.NewValue(tftypes.String, v)
	}
	return tftypes.NewValue(objType, map[string]tftypes.Value{"type_id": s, "count": tftypes.NewValue(tftypes.Number, nil)})
}

// config is a configuration with the given gpu object (nil: no gpu block)
// and cpu blocks.
func config(gpu *tftypes.Value, cpus ...tftypes.Value) tfsdk.Config {
	g := tftypes.NewValue(objType, nil)
	if gpu != nil {
		g = *gpu
	}
	return tfsdk.Config{Schema: blockSchema, Raw: tftypes.NewValue(rootTyp, map[string]tftypes.Value{
		"gpu": g,
		"cpu": tftypes.NewValue(tftypes.List{ElementType: objType}, cpus),
	})}
}

func ptr(v tftypes.Value) *tftypes.Value { return &v }

func TestRequiredInParent(t *testing.T) {
	ctx := context.Background()
	unknownGPU := tftypes.NewValue(objType, tftypes.UnknownValue)
	for _, tt := range []struct {
		name   string
		cfg    tfsdk.Config
		path   path.Path
		value  types.String
		detail string // "" means no error
	}{
		{"block absent", config(nil), path.Root("gpu").AtName("type_id"), types.StringNull(), ""},
		{"block unknown", config(&unknownGPU), path.Root("gpu").AtName("type_id"), types.StringNull(), ""},
		{"block present, set", config(ptr(obj("A"))), path.Root("gpu").AtName("type_id"), types.StringValue("A"), ""},
		{"block present, unknown", config(ptr(obj("A"))), path.Root("gpu").AtName("type_id"), types.StringUnknown(), ""},
		{"block present, missing", config(ptr(obj(nil))), path.Root("gpu").AtName("type_id"), types.StringNull(),
			`The argument "type_id" is required in the gpu block`},
		{"list block missing", config(nil, obj("A"), obj(nil)), path.Root("cpu").AtListIndex(1).AtName("type_id"), types.StringNull(),
			`The argument "type_id" is required in cpu block 2`},
		{"top-level attribute", config(nil), path.Root("name"), types.StringNull(), "is required"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp := &validator.StringResponse{}
			RequiredInParent().ValidateString(ctx, validator.StringRequest{Config: tt.cfg, Path: tt.path, ConfigValue: tt.value}, resp)
			if tt.detail == "" {
				if resp.Diagnostics.HasError() {
					t.Fatalf("unexpected error: %v", resp.Diagnostics)
				}
				return
			}
			if resp.Diagnostics.ErrorsCount() != 1 || !strings.Contains(resp.Diagnostics[0].Detail(), tt.detail) {
				t.Fatalf("want one error containing %q, got %v", tt.detail, resp.Diagnostics)
			}
		})
	}
	// The int64 form decides the same way.
	resp := &validator.Int64Response{}
	RequiredInParent().ValidateInt64(ctx, validator.Int64Request{Config: config(ptr(obj("A"))), Path: path.Root("gpu").AtName("count"),
		ConfigValue: types.Int64Null()}, resp)
	if resp.Diagnostics.ErrorsCount() != 1 || !strings.Contains(resp.Diagnostics[0].Detail(), `"count" is required in the gpu block`) {
		t.Fatalf("int64: want the missing count named, got %v", resp.Diagnostics)
	}
}

func TestWhenParentSet(t *testing.T) {
	ctx := context.Background()
	// LengthAtLeast(2) refuses "A": it shows whether the wrapped validator ran.
	v := WhenParentSet(stringvalidator.LengthAtLeast(2))
	for _, tt := range []struct {
		name string
		cfg  tfsdk.Config
		path path.Path
		ran  bool
	}{
		{"block absent", config(nil), path.Root("gpu").AtName("type_id"), false},
		{"block present", config(ptr(obj("A"))), path.Root("gpu").AtName("type_id"), true},
		{"list element", config(nil, obj("A")), path.Root("cpu").AtListIndex(0).AtName("type_id"), true},
		{"top-level", config(nil), path.Root("type_id"), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp := &validator.StringResponse{}
			v.ValidateString(ctx, validator.StringRequest{Config: tt.cfg, Path: tt.path, ConfigValue: types.StringValue("A")}, resp)
			if resp.Diagnostics.HasError() != tt.ran {
				t.Fatalf("wrapped validator ran = %v, want %v (%v)", resp.Diagnostics.HasError(), tt.ran, resp.Diagnostics)
			}
		})
	}
	if d := v.Description(ctx); !strings.Contains(d, "when the enclosing block is present") {
		t.Errorf("description %q does not say when it applies", d)
	}
}
