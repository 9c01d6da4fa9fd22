package writeonly

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The warning must carry no attribute path: with one, Terraform prints the
// attribute's source line, which is the secret literal.
func TestPreferWriteOnly_warnsWithoutAttributePath(t *testing.T) {
	s := schema.Schema{Attributes: map[string]schema.Attribute{
		"value":    schema.StringAttribute{Optional: true, Sensitive: true},
		"value_wo": schema.StringAttribute{Optional: true, WriteOnly: true, Sensitive: true},
	}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"value": tftypes.String, "value_wo": tftypes.String}}
	cfg := func(v tftypes.Value) tfsdk.Config {
		return tfsdk.Config{Schema: s, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
			"value": v, "value_wo": tftypes.NewValue(tftypes.String, nil),
		})}
	}
	v := PreferWriteOnly("value", "value_wo", "value_wo_version")
	for _, tc := range []struct {
		name      string
		value     tftypes.Value
		writeOnly bool
		want      int
	}{
		{"set, client supports write-only", tftypes.NewValue(tftypes.String, "canary"), true, 1},
		{"set, old client", tftypes.NewValue(tftypes.String, "canary"), false, 0},
		{"unset", tftypes.NewValue(tftypes.String, nil), true, 0},
		{"unknown", tftypes.NewValue(tftypes.String, tftypes.UnknownValue), true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := resource.ValidateConfigRequest{Config: cfg(tc.value)}
			req.ClientCapabilities.WriteOnlyAttributesAllowed = tc.writeOnly
			var resp resource.ValidateConfigResponse
			v.ValidateResource(context.Background(), req, &resp)
			if len(resp.Diagnostics) != tc.want {
				t.Fatalf("got %d diagnostics, want %d: %v", len(resp.Diagnostics), tc.want, resp.Diagnostics)
			}
			for _, d := range resp.Diagnostics {
				if p, ok := d.(diag.DiagnosticWithPath); ok {
					t.Fatalf("diagnostic has a path %v", p.Path())
				}
				if strings.Contains(d.Detail(), "canary") {
					t.Fatalf("diagnostic quotes the value: %s", d.Detail())
				}
			}
		})
	}
}
