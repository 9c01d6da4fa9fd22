package migrate_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
)

var testSchema = schema.Schema{
	Version: migrate.SchemaVersion,
	Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"name":  schema.StringAttribute{Required: true},
		"ports": schema.SetAttribute{ElementType: types.StringType, Optional: true},
		"cost":  schema.Float64Attribute{Computed: true},
	},
}

// own marks testSchema's own state: Terraform writes cost, null or not.
var own = []string{"cost"}

type model struct {
	ID    types.String  `tfsdk:"id"`
	Name  types.String  `tfsdk:"name"`
	Ports types.Set     `tfsdk:"ports"`
	Cost  types.Float64 `tfsdk:"cost"`
}

func upgrade(t *testing.T, raw string) (model, resource.UpgradeStateResponse) {
	t.Helper()
	return upgradeMarked(t, own, raw)
}

func upgradeMarked(t *testing.T, own []string, raw string) (model, resource.UpgradeStateResponse) {
	t.Helper()
	ctx := context.Background()
	resp := resource.UpgradeStateResponse{State: tfsdk.State{Schema: testSchema}}
	migrate.Upgraders(testSchema, own)[0].StateUpgrader(ctx, resource.UpgradeStateRequest{RawState: &tfprotov6.RawState{JSON: []byte(raw)}}, &resp)
	var m model
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(resp.State.Get(ctx, &m)...)
	}
	return m, resp
}

// This provider's own version-0 state is kept as it is, even when it lacks
// an attribute added since (ports).
func TestUpgraders_keepsOwnState(t *testing.T) {
	m, resp := upgrade(t, `{"id":"p1","name":"dev","cost":null}`)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	if m.ID.ValueString() != "p1" || m.Name.ValueString() != "dev" || !m.Ports.IsNull() {
		t.Errorf("own state changed: %+v", m)
	}
}

// runpod/runpod's state (here a 1.x pod: unknown attributes, and ports as
// a string where this schema has a set) keeps only its id: no name, so the
// resource's Read knows it was adopted.
func TestUpgraders_takesOnlyTheIDOfAnotherProvidersState(t *testing.T) {
	m, resp := upgrade(t, `{"id":"p1","name":"dev","image_name":"busybox","ports":"8888/http,22/tcp","volume_key":"secret"}`)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	if m.ID.ValueString() != "p1" || !m.Name.IsNull() || !m.Ports.IsNull() {
		t.Errorf("upgraded state = %+v, want only the id", m)
	}
	if !migrate.Adopted(m.Name) {
		t.Error("the upgraded state does not read as adopted")
	}
}

// runpod/runpod 2.0's state can hold only attributes this schema also has
// (a 2.0 cluster does): without the attributes every state of this provider
// holds it is still the other provider's, and keeps only its id.
func TestUpgraders_takesOnlyTheIDOfAForeignStateInThisSchemasShape(t *testing.T) {
	m, resp := upgrade(t, `{"id":"p1","name":"dev","ports":["22/tcp"]}`)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	if m.ID.ValueString() != "p1" || !m.Name.IsNull() || !m.Ports.IsNull() {
		t.Errorf("upgraded state = %+v, want only the id", m)
	}
}

// A state with this provider's marks but an attribute this schema lacks is
// not this provider's either.
func TestUpgraders_takesOnlyTheIDOfAStateWithUnknownAttributes(t *testing.T) {
	m, resp := upgrade(t, `{"id":"p1","name":"dev","cost":0.5,"image_name":"busybox"}`)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	if m.ID.ValueString() != "p1" || !m.Name.IsNull() || !m.Cost.IsNull() {
		t.Errorf("upgraded state = %+v, want only the id", m)
	}
}

// A kind that names no marks, or one its schema lacks, is a bug reported as
// such rather than a guess.
func TestUpgraders_refuseMarksOutsideTheSchema(t *testing.T) {
	for _, marks := range [][]string{nil, {"estimated_cost"}} {
		if _, resp := upgradeMarked(t, marks, `{"id":"p1","name":"dev","cost":null}`); !resp.Diagnostics.HasError() {
			t.Errorf("marks %q were accepted", marks)
		}
	}
}

func TestUpgraders_refusesAStateWithoutID(t *testing.T) {
	if _, resp := upgrade(t, `{"name":"dev","image_name":"busybox"}`); !resp.Diagnostics.HasError() {
		t.Error("a foreign state without an id was upgraded")
	}
}

// move runs the movers of a registry credential on a source state.
func move(t *testing.T, provider, typeName, raw string) (model, resource.MoveStateResponse) {
	t.Helper()
	ctx := context.Background()
	resp := resource.MoveStateResponse{TargetState: tfsdk.State{Schema: testSchema, Raw: tftypes.NewValue(testSchema.Type().TerraformType(ctx), nil)}}
	migrate.Movers([]string{"runpod_container_registry_auth", "runpod_registry"}, nil)[0].StateMover(ctx, resource.MoveStateRequest{
		SourceProviderAddress: provider, SourceTypeName: typeName,
		SourceRawState: &tfprotov6.RawState{JSON: []byte(raw)},
	}, &resp)
	var m model
	if !resp.Diagnostics.HasError() && !resp.TargetState.Raw.IsNull() {
		resp.Diagnostics.Append(resp.TargetState.Get(ctx, &m)...)
	}
	return m, resp
}

// A moved block from runpod/runpod (or from this provider after
// replace-provider) takes the id and nothing else: not the password.
func TestMovers_takeOnlyTheID(t *testing.T) {
	for _, provider := range []string{"registry.terraform.io/runpod/runpod", "registry.opentofu.org/runpod/runpod", "registry.terraform.io/runpod-tf/runpod"} {
		m, resp := move(t, provider, "runpod_container_registry_auth", `{"id":"r1","name":"ghcr","username":"bot","password":"hunter2"}`)
		if resp.Diagnostics.HasError() {
			t.Fatalf("%s: %v", provider, resp.Diagnostics)
		}
		if m.ID.ValueString() != "r1" || !m.Name.IsNull() {
			t.Errorf("%s: moved state = %+v, want only the id", provider, m)
		}
	}
}

// Other providers and other types are not taken: the state stays unset, so
// the framework reports that no mover matched.
func TestMovers_leaveOtherSourcesAlone(t *testing.T) {
	for _, c := range []struct{ provider, typeName string }{
		{"registry.terraform.io/hashicorp/aws", "runpod_container_registry_auth"},
		{"registry.terraform.io/runpod/runpod", "runpod_pod"},
	} {
		_, resp := move(t, c.provider, c.typeName, `{"id":"r1"}`)
		if resp.Diagnostics.HasError() || !resp.TargetState.Raw.IsNull() {
			t.Errorf("%s %s was taken: %v", c.provider, c.typeName, resp.Diagnostics)
		}
	}
}

func TestMovers_refuseAStateWithoutID(t *testing.T) {
	if _, resp := move(t, "registry.terraform.io/runpod/runpod", "runpod_registry", `{"name":"ghcr"}`); !resp.Diagnostics.HasError() {
		t.Error("a state without an id was moved")
	}
}
