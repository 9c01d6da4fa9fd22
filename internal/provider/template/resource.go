// Package template implements the runpod_template resource and the
// runpod_template and runpod_templates data sources (API v2 /v2/templates).
package template

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/planmodifiers"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_template"

var _ providerdata.ManagedResource = (*templateResource)(nil)

// NewResource is the runpod_template resource factory.
func NewResource() resource.Resource {
	return &templateResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}}
}

type templateResource struct {
	providerdata.ResourceBase
	identity.ByID
}

func (r *templateResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		// Above runpod/runpod's version 0: see package migrate.
		Version: migrate.SchemaVersion,
		MarkdownDescription: "A Runpod pod or serverless template: a reusable container configuration (image, command, " +
			"disks, ports, environment, registry credential) that pods, clusters and serverless endpoints are created from.\n\n" +
			"Every attribute updates in place; pods and endpoints already created from the template keep the settings they " +
			"were created with. Template names are unique in an account: a create whose name is taken fails with the " +
			"existing template's id and the `terraform import` command, and never overwrites it. A template that a pod " +
			"uses or a serverless endpoint is bound to cannot be deleted; the provider reports the refusal and changes nothing.",
		Attributes: map[string]schema.Attribute{
			"id": identity.IDAttribute("The template's id, assigned by Runpod."),
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the template, unique in the account.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"image": schema.StringAttribute{
				MarkdownDescription: "Container image reference, e.g. `runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404`. " +
					"A private image also needs `registry_auth_id`.",
				Required:   true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"args": schema.StringAttribute{
				MarkdownDescription: "Container start command as one string, as the console's \"Container start command\" " +
					"writes it (split into arguments like a shell would). Conflicts with `entrypoint` and `cmd`; when those " +
					"are set, this attribute shows the form Runpod stores them in. Leave all three unset for the image's own command.",
				Optional: true,
				Computed: true,
				Validators: []validator.String{
					stringvalidator.ConflictsWith(path.MatchRoot("entrypoint"), path.MatchRoot("cmd")),
				},
				PlanModifiers: []planmodifier.String{
					planmodifiers.DerivedString("", path.Root("entrypoint"), path.Root("cmd")),
				},
			},
			"entrypoint": schema.ListAttribute{
				MarkdownDescription: "Container ENTRYPOINT in exec form, overriding the image's. Conflicts with `args`; " +
					"when `args` is set, this shows how Runpod split it.",
				ElementType:   types.StringType,
				Optional:      true,
				Computed:      true,
				PlanModifiers: []planmodifier.List{planmodifiers.DerivedList(path.Root("args"))},
			},
			"cmd": schema.ListAttribute{
				MarkdownDescription: "Container CMD in exec form: the arguments passed to the entrypoint. Conflicts with " +
					"`args`; when `args` is set, this shows how Runpod split it.",
				ElementType:   types.StringType,
				Optional:      true,
				Computed:      true,
				Validators:    []validator.List{listvalidator.ConflictsWith(path.MatchRoot("args"))},
				PlanModifiers: []planmodifier.List{planmodifiers.DerivedList(path.Root("args"))},
			},
			"container_disk_gb": schema.Int64Attribute{
				MarkdownDescription: "Container disk in GB. It is ephemeral: wiped when the container restarts. " +
					"Runpod's default applies when unset.",
				Optional:      true,
				Computed:      true,
				Validators:    []validator.Int64{int64validator.AtLeast(1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"ports": schema.SetAttribute{
				MarkdownDescription: "Exposed ports: `\"8888/http\"` for a port reached through Runpod's HTTPS proxy, " +
					"`\"22/tcp\"` for a port mapped to a public TCP port.",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, []attr.Value{})),
				Validators:  []validator.Set{setvalidator.ValueStringsAre(validators.Port())},
			},
			"env": schema.MapAttribute{
				MarkdownDescription: "Environment variables. Do not put secret values here: they would be stored in " +
					"state and shown to anyone who can read the template. Reference a `runpod_secret` instead " +
					"(its `reference` attribute, `{{ RUNPOD_SECRET_<name> }}`).",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     mapdefault.StaticValue(types.MapValueMust(types.StringType, map[string]attr.Value{})),
			},
			"registry_auth_id": schema.StringAttribute{
				MarkdownDescription: "Id of the `runpod_registry_auth` used to pull a private image. If that credential " +
					"is deleted, Runpod clears this field, which shows as drift.",
				Optional:   true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"serverless": schema.BoolAttribute{
				MarkdownDescription: "Whether the template is for serverless workers (`true`) or pods (`false`, the default).",
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(false),
			},
			"public": schema.BoolAttribute{
				MarkdownDescription: "Whether the template is visible to every Runpod user. Defaults to `false`.",
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(false),
			},
			"category": schema.StringAttribute{
				MarkdownDescription: "Compute category: `NVIDIA` (the default), `AMD` or `CPU`.",
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString("NVIDIA"),
				Validators:          []validator.String{stringvalidator.OneOf("NVIDIA", "AMD", "CPU")},
			},
			"start_ssh": schema.BoolAttribute{
				MarkdownDescription: "Set up SSH in containers created from the template by injecting the account's " +
					"registered SSH keys as `PUBLIC_KEY`. Defaults to `true`, like templates made in the console. Direct SSH " +
					"also needs `22/tcp` in `ports`.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"start_jupyter": schema.BoolAttribute{
				MarkdownDescription: "Start JupyterLab in containers created from the template (injects a generated " +
					"`JUPYTER_PASSWORD`). Defaults to `true`, like templates made in the console; expose `8888/http` to reach it.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"allowed_cuda_versions": schema.SetAttribute{
				MarkdownDescription: "CUDA versions (`major.minor`) acceptable on the host of GPU pods created from the " +
					"template. Empty (the default) accepts any version.",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, []attr.Value{})),
				Validators:  []validator.Set{setvalidator.ValueStringsAre(validators.CudaVersion())},
			},
		},
		Blocks: map[string]schema.Block{
			// A block (`persistent_volume { ... }`), not a nested attribute,
			// so that a misspelt argument fails validate instead of being
			// dropped.
			"persistent_volume": persistentVolumeBlock(),
		},
	}
}

// persistentVolumeBlock is the template's volume disk: size and path update
// in place, and removing it replaces the template.
func persistentVolumeBlock() schema.SingleNestedBlock {
	v := containerschema.PersistentVolumeBlock(containerschema.Mount{
		Description: "A host-local persistent volume for pods created from the template (the API's " +
			"`mounts.persistent`). It lives on the pod's host machine and does not survive a host failure; for data " +
			"you cannot recreate use a `runpod_network_volume`. Its size and path update in place; the API cannot " +
			"remove it from a template, so removing this block replaces the template.",
		SourceDescription: "Size in GB, at least 10.",
		PathDescription:   "Mount path inside the container, e.g. `/workspace`.",
	})
	v.PlanModifiers = []planmodifier.Object{
		objectplanmodifier.RequiresReplaceIf(persistentVolumeRemoved,
			"Removing the persistent volume replaces the template, because the API cannot remove it.",
			"Removing the persistent volume replaces the template, because the API cannot remove it."),
	}
	return v
}

// persistentVolumeRemoved forces replacement only when the block goes away.
func persistentVolumeRemoved(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && req.PlanValue.IsNull()
}

func (r *templateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[templateModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	name := plan.Name.ValueString()

	// Read before write: never create over a template this state does not own.
	if !names.NameIsFree(ctx, client, name, &resp.Diagnostics) {
		return
	}

	body, diags := toCreateRequest(ctx, plan)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	created, err := client.CreateTemplate(ctx, body)
	created, err, lookupErr := names.AfterAmbiguousCreate(ctx, client, name, created, err, &resp.Diagnostics)
	if d, ok := tooLarge(err); ok {
		resp.Diagnostics.Append(d)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Template Not Created", fmt.Sprintf("creating template %q", name), err))
		if lookupErr != nil {
			// Unknown whether it exists: keep the name (no id) so that the
			// next run resolves it by name instead of meeting its own orphan.
			resp.Diagnostics.Append(diagnostics.PendingCreate("template", name, lookupErr))
			resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), "")...)
			resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), name)...)
		}
		return
	}
	tflog.Info(ctx, "created template", map[string]any{"id": created.ID})

	// Save the id first so that a failing read-back cannot orphan the template.
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), created.ID)...)
	r.readInto(ctx, client, created.ID, afterWrite{verb: "Created", answer: created}, &resp.State, &resp.Diagnostics)
}

func (r *templateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, prior, ok := providerdata.Begin[templateModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	names.Refresh(ctx, client, r.Data.Reads(), prior.ID.ValueString(), prior.Name.ValueString(),
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
		if existing, err := findByName(ctx, client, name); err != nil && !errors.Is(err, pendingcreate.ErrNotFound) {
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
	var written afterWrite
	if changed {
		updated, err := client.UpdateTemplate(ctx, id, body)
		if d, ok := tooLarge(err); ok {
			resp.Diagnostics.Append(d)
			return
		}
		if err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Template Not Updated", fmt.Sprintf("updating template %s", id), err))
			return
		}
		written = afterWrite{verb: "Updated", answer: updated}
	}
	r.readInto(ctx, client, id, written, &resp.State, &resp.Diagnostics)
}

func (r *templateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[templateModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(names.Delete(ctx, client, state.ID.ValueString(), state.Name.ValueString(),
		func(ctx context.Context, id string) string {
			name := state.Name.ValueString()
			return inUseRemedy(ctx, client, id, name) + "\n\n" + removedWayOut(name)
		})...)
}

// afterWrite is what a successful write answered, kept in case the read
// that follows it fails; a zero afterWrite means nothing was written.
type afterWrite struct {
	verb   string // "Created" or "Updated"
	answer *runpod.Template
}

// readInto reads the template back after a write and stores what the API
// returned, so state is never what was sent but what is there. When the read
// fails after a write that succeeded, the write's own answer is stored with a
// warning instead of an error: an error would make Terraform taint (and on
// the next apply replace) a template that exists and is fine.
func (r *templateResource) readInto(ctx context.Context, client *runpod.Client, id string, written afterWrite, state *tfsdk.State, diags *diag.Diagnostics) {
	t, err := client.GetTemplate(ctx, id)
	if err != nil && written.answer != nil && !runpod.IsNotFound(err) {
		tflog.Warn(ctx, "template read-back failed after a successful write; keeping the write's answer", map[string]any{"id": id})
		diags.Append(diagnostics.NotReadBack("template", written.verb, written.answer.Name, id, err))
		t, err = written.answer, nil
	}
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read Template Back", fmt.Sprintf("reading template %s after writing it", id), err))
		return
	}
	m, d := fromAPI(ctx, t)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	diags.Append(state.Set(ctx, m)...)
}

// names finds templates by name, which is unique in an account.
var names = pendingcreate.Kind[runpod.Template]{
	Noun:         "template",
	ResourceType: ResourceType,
	Find:         findByName,
	Get:          (*runpod.Client).GetTemplate,
	Remove:       (*runpod.Client).DeleteTemplate,
	ID:           func(t *runpod.Template) string { return t.ID },
	Read:         (*providerdata.Reads).Template,
}

// findByName returns the account's template with exactly this name, or
// pendingcreate.ErrNotFound. The API has no name filter, so it lists them all.
func findByName(ctx context.Context, client *runpod.Client, name string) (*runpod.Template, error) {
	all, err := client.ListTemplates(ctx)
	return pendingcreate.Named(all, err, name, func(t *runpod.Template) string { return t.Name })
}
