// Package template implements the runpod_template resource and the
// runpod_template and runpod_templates data sources (API v2 /v2/templates).
package template

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_template"

var _ providerdata.ManagedResource = (*templateResource)(nil)

// NewResource is the runpod_template resource factory.
func NewResource() resource.Resource {
	r := &templateResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}}
	r.Upgradable = migrate.Upgradable{
		Movable:       migrate.Movable{SourceTypes: []string{ResourceType}},
		OwnAttributes: OwnAttributes, Of: r,
	}
	return r
}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its container disk and registry credential (null when unset)), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"container_disk_gb", "registry_auth_id"}

type templateResource struct {
	providerdata.ResourceBase
	identity.ByID
	migrate.Upgradable
}

func (r *templateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[templateModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	name := plan.Name.ValueString()
	body, diags := toCreateRequest(ctx, plan)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.Template]{
		Name:    name,
		Send:    func(ctx context.Context) (*runpod.Template, error) { return client.CreateTemplate(ctx, body) },
		Refused: func(_ context.Context, err error) (diag.Diagnostic, bool) { return tooLarge(err) },
		Pending: func() diag.Diagnostics {
			diags := resp.State.SetAttribute(ctx, path.Root("id"), "")
			return append(diags, resp.State.SetAttribute(ctx, path.Root("name"), name)...)
		},
	}, &resp.State, &resp.Diagnostics)
	if created != nil {
		r.readInto(ctx, client, created.ID, kinds.Written[runpod.Template]{Verb: "Created", Answer: created}, &resp.State, &resp.Diagnostics)
	}
}

func (r *templateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	r.Data.Managed(ctx, Kind.Noun, req.State)
	client, prior, ok := providerdata.Begin[templateModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	pendingcreate.Refresh(ctx, Kind, client, r.Data, prior.ID.ValueString(), prior.Name.ValueString(),
		func(t *runpod.Template, _ bool) diag.Diagnostics {
			m, diags := fromAPI(ctx, t)
			return append(diags, resp.State.Set(ctx, m)...)
		}, resp)
}

func (r *templateResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[templateModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	id := state.ID.ValueString()

	// A rename must not take another template's name.
	if !plan.Name.Equal(state.Name) {
		name := plan.Name.ValueString()
		if existing, err := Kind.Find(ctx, client, name); err != nil && !errors.Is(err, kinds.ErrNotFound) {
			resp.Diagnostics.Append(diagnostics.APIError("Cannot Check Template Name",
				fmt.Sprintf("listing templates to check that the name %q is free", name), err))
			return
		} else if existing != nil && existing.ID != id {
			resp.Diagnostics.AddAttributeError(path.Root("name"), "Template Name Already Taken",
				fmt.Sprintf("Another template in the account (id %s) is already named %q. Choose a different name.", existing.ID, name))
			return
		}
	}

	body, changed, diags := toUpdateRequest(ctx, plan, state)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var written kinds.Written[runpod.Template]
	if changed {
		updated, err := client.UpdateTemplate(ctx, id, body)
		if d, ok := tooLarge(err); ok {
			resp.Diagnostics.Append(d)
			return
		}
		if err != nil {
			resp.Diagnostics.Append(diagnostics.UpdateError("Template Not Updated", fmt.Sprintf("updating template %s", id), err))
			return
		}
		written = kinds.Written[runpod.Template]{Verb: "Updated", Answer: updated}
	}
	r.readInto(ctx, client, id, written, &resp.State, &resp.Diagnostics)
}

func (r *templateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[templateModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(pendingcreate.Delete(ctx, Kind, client, r.Data.Reads(), state.ID.ValueString(), state.Name.ValueString(),
		func(ctx context.Context, id string) string {
			name := state.Name.ValueString()
			return inUseRemedy(ctx, client, id, name) + "\n\n" + removedWayOut(name)
		})...)
}

// readInto reads the template back after a write (kinds.Kind.ReadBack)
// and stores what Runpod holds.
func (r *templateResource) readInto(ctx context.Context, client *runpod.Client, id string, written kinds.Written[runpod.Template], state *tfsdk.State, diags *diag.Diagnostics) {
	t := Kind.ReadBack(ctx, client, id, written, diags)
	if t == nil {
		return
	}
	m, d := fromAPI(ctx, t)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	diags.Append(state.Set(ctx, m)...)
}
