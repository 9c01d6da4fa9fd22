// Package networkvolume implements the runpod_network_volume resource and the
// runpod_network_volume and runpod_network_volumes data sources (API v2
// /v2/network-volumes).
package networkvolume

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_network_volume"

var (
	_ resource.Resource                = (*volumeResource)(nil)
	_ resource.ResourceWithConfigure   = (*volumeResource)(nil)
	_ resource.ResourceWithImportState = (*volumeResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*volumeResource)(nil)
)

// NewResource is the runpod_network_volume resource factory.
func NewResource() resource.Resource { return &volumeResource{} }

type volumeResource struct{ providerdata.ResourceBase }

func (r *volumeResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = ResourceType
}

// mountingNotes explains how compute reaches a volume; it is shared by the
// resource and data source descriptions.
const mountingNotes = "A network volume attaches only to **Secure Cloud** compute in **the same data center**, and only " +
	"when the pod or cluster is created. A pod mounts it at the path its `mounts` setting gives (the API's " +
	"`mounts.network[0].path`; there is no default path, so choose one such as `/workspace`); serverless workers always " +
	"see it at `/runpod-volume`. Several pods and endpoints can share one volume; writing to the same files from several " +
	"of them at once can corrupt data."

func (r *volumeResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A Runpod network volume: persistent storage in one data center that outlives the pods and " +
			"serverless workers using it, for model weights, datasets and checkpoints.\n\n" +
			mountingNotes + "\n\n" +
			"~> A network volume bills for its full size, hourly, from creation until it is deleted, whatever pods do: " +
			"about $0.07 per GB per month for the first 1000 GB and $0.05 beyond (STANDARD tier); HIGH_PERFORMANCE costs " +
			"more. Every plan that creates or grows a volume carries a warning with the figure.\n\n" +
			"`name` and `size_gb` update in place. `size_gb` can only grow: a smaller value is a plan error, never a " +
			"replacement, because replacing the volume would delete its data. Changing `data_center_id` or `type` replaces " +
			"the volume (a new, empty one). At plan time the data center is checked against the live catalog: it must exist " +
			"and offer network storage of the tier. A volume that a pod still mounts cannot be deleted; the provider reports " +
			"the refusal with the pod and changes nothing.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "The volume's id, assigned by Runpod. Pods and endpoints reference the volume by it.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the volume. Names need not be unique. Updates in place.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"size_gb": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Size in GB, from %d to %d. Grows in place; it can never shrink (a smaller "+
					"value fails the plan and says the current size). Billing is for the full size, used or not.",
					runpod.MinNetworkVolumeSizeGB, runpod.MaxNetworkVolumeSizeGB),
				Required: true,
				Validators: []validator.Int64{
					int64validator.Between(runpod.MinNetworkVolumeSizeGB, runpod.MaxNetworkVolumeSizeGB),
				},
			},
			"data_center_id": schema.StringAttribute{
				MarkdownDescription: "Data center to create the volume in, e.g. `EU-RO-1`. It must offer network storage " +
					"(non-empty `network_volume_types` in the `runpod_data_centers` data source), and it decides where the " +
					"compute using the volume can run. Changing it replaces the volume.",
				Required:      true,
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"type": schema.StringAttribute{
				MarkdownDescription: "Storage tier: `STANDARD` or `HIGH_PERFORMANCE`. Defaults to the data center's " +
					"primary tier (known at plan time when the data center offers only one). Changing it replaces the volume.",
				Optional: true,
				Computed: true,
				Validators: []validator.String{
					stringvalidator.OneOf(runpod.VolumeTypeStandard, runpod.VolumeTypeHighPerformance),
				},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplace(),
				},
			},
		},
	}
}

func (r *volumeResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var plan volumeModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body := toCreateRequest(plan)

	created, err := client.CreateNetworkVolume(ctx, body)
	if errors.Is(err, runpod.ErrAmbiguous) {
		// Names are not unique, so a volume found by name could be someone
		// else's: report what may exist instead of adopting or re-sending.
		resp.Diagnostics.Append(ambiguousCreate(ctx, client, body, err))
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Network Volume Not Created",
			fmt.Sprintf("creating network volume %q (%d GB in %s)", body.Name, body.Size, body.DataCenter), err))
		return
	}
	tflog.Info(ctx, "created network volume", map[string]any{"id": created.ID, "data_center": created.DataCenter})

	// Save the id first so that a failing read-back cannot orphan the volume.
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), created.ID)...)
	r.readInto(ctx, client, created.ID, &resp.State, &resp.Diagnostics)
}

// ambiguousCreate explains a create that failed in transit: the volume may
// exist and bill. It lists the account's volumes that look like it.
func ambiguousCreate(ctx context.Context, client *runpod.Client, body runpod.CreateNetworkVolumeRequest, createErr error) diag.Diagnostic {
	detail := diagnostics.APIErrorDetail(fmt.Sprintf("creating network volume %q (%d GB in %s)", body.Name, body.Size, body.DataCenter), createErr)
	all, err := client.ListNetworkVolumes(ctx)
	if err != nil {
		detail += fmt.Sprintf("\n\nListing the account's volumes to look for it failed too (%s). Check the Runpod console "+
			"for a volume named %q in %s before applying again: it would bill until deleted.", err, body.Name, body.DataCenter)
		return diag.NewErrorDiagnostic("Network Volume May Have Been Created", detail)
	}
	var candidates []string
	for _, v := range all {
		if v.Name == body.Name && v.DataCenter == body.DataCenter && v.Size == body.Size {
			candidates = append(candidates, v.ID)
		}
	}
	if len(candidates) == 0 {
		detail += fmt.Sprintf("\n\nNo volume named %q of %d GB is in %s now, so it was most likely not created; applying again is safe.",
			body.Name, body.Size, body.DataCenter)
	} else {
		detail += fmt.Sprintf("\n\nVolume names are not unique, so the provider cannot tell whether it created one of these "+
			"existing volumes named %q in %s: %s. If one is the volume this apply created, import it instead of applying again "+
			"(which would create another):\n\n  terraform import %s.NAME %s\n\nOtherwise delete it in the Runpod console.",
			body.Name, body.DataCenter, strings.Join(candidates, ", "), ResourceType, candidates[len(candidates)-1])
	}
	return diag.NewErrorDiagnostic("Network Volume May Have Been Created", detail)
}

func (r *volumeResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var id string
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	if resp.Diagnostics.HasError() {
		return
	}
	v, err := client.GetNetworkVolume(ctx, id)
	if runpod.IsNotFound(err) {
		// Deleted outside Terraform: drop it so the plan shows a create.
		tflog.Debug(ctx, "network volume not found; removing from state", map[string]any{"id": id})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Network Volume", fmt.Sprintf("reading network volume %s", id), err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(v))...)
}

func (r *volumeResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var plan, state volumeModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	if body, changed := toUpdateRequest(plan, state); changed {
		if _, err := client.UpdateNetworkVolume(ctx, id, body); err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Network Volume Not Updated", fmt.Sprintf("updating network volume %s", id), err))
			return
		}
	}
	r.readInto(ctx, client, id, &resp.State, &resp.Diagnostics)
}

func (r *volumeResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var state volumeModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	resp.Diagnostics.Append(deletion.Run(ctx, deletion.Request{
		Kind: "network volume", Name: state.Name.ValueString(), ID: id,
		Delete: func(ctx context.Context) error { return client.DeleteNetworkVolume(ctx, id) },
		Read:   func(ctx context.Context) error { _, err := client.GetNetworkVolume(ctx, id); return err },
		InUseRemedy: func(context.Context) string {
			return "Terminate the pods that mount it (and detach it from any serverless endpoint), then destroy again. " +
				"The provider does not detach the volume or delete pods for you; the volume and its data are unchanged."
		},
		StillExistsNote: "It bills until it is gone.",
	})...)
}

func (r *volumeResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}

// readInto reads the volume back after a write and stores what the API
// returned, so state is never what was sent but what is there.
func (r *volumeResource) readInto(ctx context.Context, client *runpod.Client, id string, state *tfsdk.State, diags *diag.Diagnostics) {
	v, err := client.GetNetworkVolume(ctx, id)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read Network Volume Back", fmt.Sprintf("reading network volume %s after writing it", id), err))
		return
	}
	diags.Append(state.Set(ctx, fromAPI(v))...)
}
