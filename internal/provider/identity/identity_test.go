package identity_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
)

var stateSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"id":   schema.StringAttribute{Computed: true},
	"name": schema.StringAttribute{Required: true},
}}

func state(t *testing.T, id any) *tfsdk.State {
	t.Helper()
	typ := stateSchema.Type().TerraformType(context.Background())
	if id == nil {
		return &tfsdk.State{Schema: stateSchema, Raw: tftypes.NewValue(typ, nil)}
	}
	idValue := tftypes.NewValue(tftypes.String, id)
	if id == "" {
		idValue = tftypes.NewValue(tftypes.String, nil)
	}
	return &tfsdk.State{Schema: stateSchema, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
		"id":   idValue,
		"name": tftypes.NewValue(tftypes.String, "n"),
	})}
}

func ident(t *testing.T, id string) *tfsdk.ResourceIdentity {
	t.Helper()
	s := identity.Schema()
	typ := s.Type().TerraformType(context.Background())
	raw := tftypes.NewValue(typ, nil)
	if id != "" {
		raw = tftypes.NewValue(typ, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id)})
	}
	return &tfsdk.ResourceIdentity{Schema: s, Raw: raw}
}

func idOf(t *testing.T, i *tfsdk.ResourceIdentity) string {
	t.Helper()
	if i.Raw.IsNull() {
		return "<null>"
	}
	var m identity.Model
	if d := i.Get(context.Background(), &m); d.HasError() {
		t.Fatal(d)
	}
	return m.ID.ValueString()
}

func TestSync(t *testing.T) {
	for _, tc := range []struct {
		name         string
		state, prior *tfsdk.State
		identityID   string
		want         string
	}{
		{name: "create sets the new id", state: state(t, "abc"), want: "abc"},
		{name: "read keeps it in step with state", state: state(t, "abc"), prior: state(t, "abc"), identityID: "abc", want: "abc"},
		{name: "removed object keeps the identity Terraform sent", state: state(t, nil), prior: state(t, "abc"), identityID: "abc", want: "abc"},
		// State written before the provider had identities, object
		// deleted outside Terraform: without the prior id the framework
		// would fail the plan with "Missing Resource Identity After Read".
		{name: "removed object of pre-identity state takes the prior id", state: state(t, nil), prior: state(t, "abc"), want: "abc"},
		{name: "no id yet leaves it unset", state: state(t, ""), want: "<null>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := ident(t, tc.identityID)
			var diags diag.Diagnostics
			identity.Sync(context.Background(), tc.state, tc.prior, id, &diags)
			if diags.HasError() {
				t.Fatal(diags)
			}
			if got := idOf(t, id); got != tc.want {
				t.Errorf("identity id = %q, want %q", got, tc.want)
			}
		})
	}
}
