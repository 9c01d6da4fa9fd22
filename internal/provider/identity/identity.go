// Package identity gives the provider's resources their resource identity
// (Terraform 1.12+): the object's Runpod id, the one value that names it in an
// account. Identity is what `import { identity = { id = "…" } }` and the
// import blocks that `terraform query` prints refer to.
//
// A resource embeds ByID, which supplies the identity schema and an
// ImportState that takes either form, and calls Sync once at the end of
// Create, Read and Update so the identity always follows the id in state.
package identity

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Attribute is the name of the one identity attribute and of the state
// attribute it mirrors.
const Attribute = "id"

// Model is the identity as Go reads it.
type Model struct {
	ID types.String `tfsdk:"id"`
}

// Schema is the identity schema of every resource of the provider.
func Schema() identityschema.Schema {
	return identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			Attribute: identityschema.StringAttribute{
				RequiredForImport: true,
				Description:       "The object's id, assigned by Runpod.",
			},
		},
	}
}

// ByID is embedded by a resource whose identity is its Runpod id.
type ByID struct{}

// IdentitySchema implements resource.ResourceWithIdentity.
func (ByID) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = Schema()
}

// ImportState implements resource.ResourceWithImportState for both forms:
// `terraform import ADDR ID` (and import blocks with `id`) and import blocks
// with `identity = { id = … }`. The Read that follows fills in the rest and
// reports an id that does not exist.
func (ByID) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughWithIdentity(ctx, path.Root(Attribute), path.Root(Attribute), req, resp)
}

// Sync sets identity to the id held in state. When state was removed (the
// object is gone) it keeps the identity Terraform sent, or, for state written
// before the provider had identities, takes the id from prior: the framework
// refuses a Read that leaves the identity empty, and without this a plan
// after an out-of-band delete would fail instead of proposing to recreate.
// Call it deferred (state and prior are pointers so the deferred call sees
// the final state); prior is nil for Create. Nothing is set while the id is unknown or empty
// (a create that failed before Runpod assigned one).
func Sync(ctx context.Context, state, prior *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if identity == nil {
		return
	}
	id := idOf(ctx, state, diags)
	if id == "" && prior != nil {
		var current Model
		if d := identity.Get(ctx, &current); !d.HasError() && current.ID.ValueString() != "" {
			return
		}
		id = idOf(ctx, prior, diags)
	}
	if id == "" {
		return
	}
	diags.Append(identity.Set(ctx, Model{ID: types.StringValue(id)})...)
}

// idOf is the known, non-empty id in s, or "".
func idOf(ctx context.Context, s *tfsdk.State, diags *diag.Diagnostics) string {
	if s == nil || s.Raw.IsNull() || !s.Raw.IsKnown() {
		return ""
	}
	var id types.String
	diags.Append(s.GetAttribute(ctx, path.Root(Attribute), &id)...)
	return id.ValueString()
}

// IDAttribute is a resource's "id": assigned by the API at create (or, for
// SSH keys, derived from the key), never changed afterwards, so a plan keeps
// the state's value instead of showing it as known after apply.
func IDAttribute(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Computed:            true,
		PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}
