package writeonly

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func config(wo tftypes.Value) tfsdk.Config {
	s := schema.Schema{Attributes: map[string]schema.Attribute{
		"value_wo": schema.StringAttribute{Optional: true, WriteOnly: true, Sensitive: true},
	}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"value_wo": tftypes.String}}
	return tfsdk.Config{Schema: s, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{"value_wo": wo})}
}

func TestValue(t *testing.T) {
	ctx := context.Background()
	null := tftypes.NewValue(tftypes.String, nil)

	got, diags := Value(ctx, config(null), types.StringValue("plain"), "value", "value_wo", "S")
	if diags.HasError() || got != "plain" {
		t.Fatalf("plain: got %q, %v", got, diags)
	}

	got, diags = Value(ctx, config(tftypes.NewValue(tftypes.String, "from-config")), types.StringNull(), "value", "value_wo", "S")
	if diags.HasError() || got != "from-config" {
		t.Fatalf("write-only: got %q, %v", got, diags)
	}

	_, diags = Value(ctx, config(null), types.StringNull(), "value", "value_wo", "Secret Value Not Known")
	if !diags.HasError() || diags[0].Summary() != "Secret Value Not Known" ||
		!strings.Contains(diags[0].Detail(), "Neither value nor value_wo") {
		t.Fatalf("neither: %v", diags)
	}
}
