// Package networkvolume implements the runpod_network_volume resource and the
// runpod_network_volume and runpod_network_volumes data sources (API v2
// /v2/network-volumes).
package networkvolume

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
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
const ResourceType = "runpod_network_volume"

var _ providerdata.ManagedResource = (*volumeResource)(nil)

// NewResource is the runpod_network_volume resource factory.
func NewResource() resource.Resource {
	r := &volumeResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}}
	r.Upgradable = migrate.Upgradable{
		Movable:       migrate.Movable{SourceTypes: []string{ResourceType}},
		OwnAttributes: OwnAttributes, Of: r,
	}
	return r
}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its size in GB (runpod/runpod writes size)), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"size_gb"}

type volumeResource struct {
	providerdata.ResourceBase
	identity.ByID
	migrate.Upgradable
}

// mountingNotes explains how compute reaches a volume; it is shared by the
// resource and data source descriptions.
const mountingNotes = "A network volume attaches only to **Secure Cloud** compute in **the same data center**, and only " +
	"when the pod or cluster is created. A pod mounts it at the path its `network_volume` block gives (the API's " +
	"`mounts.network[0].path`; there is no default path, so choose one such as `/workspace`); serverless workers always " +
	"see it at `/runpod-volume`. Several pods and endpoints can share one volume; writing to the same files from several " +
	"of them at once can corrupt data."

func (r *volumeResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		// Above runpod/runpod's version 0: see package migrate.
		Version: migrate.SchemaVersion,
		MarkdownDescription: "A Runpod network volume: persistent storage in one data center that outlives the pods and " +
			"serverless workers using it, for model weights, datasets and checkpoints.\n\n" +
			mountingNotes + "\n\n" +
			"~> A network volume bills for its full size, hourly, from creation until it is deleted, whatever pods do: " +
			"about $0.07 per GB per month for the first 1000 GB and $0.05 beyond (STANDARD tier); HIGH_PERFORMANCE costs " +
			"more. Every plan that creates or grows a volume carries a warning with the figure.\n\n" +
			"`name` and `size_gb` update in place. `size_gb` can only grow: lowering it is a plan error, never a replacement, " +
			"because replacing the volume would delete its data. A volume grown outside Terraform (in the Runpod console) " +
			"shows in `reported_size_gb` and in a plan warning naming the `size_gb` line to write; the plan proposes no " +
			"shrink and `terraform destroy` and `-replace` still work. Changing `data_center_id` or `type` replaces " +
			"the volume (a new, empty one). At plan time the data center is checked against the live catalog: it must exist " +
			"and offer network storage of the tier. Before deleting or replacing a volume the provider lists the pods (cluster " +
			"members included) that mount it and refuses, naming them, whatever the API would allow. After a lost create " +
			"reply the provider names the volume that appeared, with an import block, but does not take it into state " +
			"(another writer may have created it at the same time), and a later create is refused while an identical " +
			"volume it did not create exists (see `allow_duplicate`).",
		Attributes: map[string]schema.Attribute{
			"id": identity.IDAttribute("The volume's id, assigned by Runpod. Pods and endpoints reference the volume by it."),
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the volume. Names need not be unique. Updates in place.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"size_gb": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Size in GB, from %d to %d. Grows in place; it can never shrink: a value "+
					"below the one last applied (or, after an import, below the volume's size) fails the plan, naming the "+
					"smallest value allowed. In state it is the value last applied; Runpod's size is `reported_size_gb`, which "+
					"differs when the volume was grown outside Terraform. Billing is for the full size, used or not.",
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
			"allow_duplicate": schema.BoolAttribute{
				MarkdownDescription: "Create the volume even when the account already has a volume with the same name, size, " +
					"data center and tier that this configuration does not manage. Off by default: such a volume is most likely the " +
					"volume of an earlier apply whose create reply was lost (a dropped connection or a 5xx after Runpod " +
					"created it), so the create is refused with its id and an import block instead of billing twice. Runpod " +
					"does not return when a volume was created, so unlike pods and clusters there is no time window: set " +
					"this when you really want several identical volumes with one name. Only read at create.",
				Optional: true,
			},
			"reported_size_gb": schema.Int64Attribute{
				MarkdownDescription: "The volume's size in GB as Runpod reports it, which is what Runpod bills. It equals " +
					"`size_gb` unless the volume was grown outside Terraform (in the Runpod console): then `terraform plan " +
					"-refresh-only` shows it changed (and `plan -json` reports the drift), every plan warns with the " +
					"`size_gb = ...` line to write into the configuration, and no change to the size is proposed. A plan that " +
					"grows the volume shows the size it will have.",
				Computed: true,
			},
			"estimated_cost_per_month": schema.Float64Attribute{
				MarkdownDescription: "What the volume costs per month, in USD, at Runpod's published STANDARD storage " +
					"rates for its full size as Runpod bills it (`reported_size_gb`; the first 1000 GB at $0.07 per " +
					"GB-month, the rest at $0.05). It is known in the plan that creates, grows or replaces the volume " +
					"(`terraform show -json` of a saved plan has it, for policy checks and budgets) and changes only with the " +
					"volume's size (grown by Terraform or outside it) or `type`. Null for `HIGH_PERFORMANCE`, for which " +
					"Runpod publishes no rate; known after apply when the tier is (a data center offering both tiers and no " +
					"`type` configured). Storage is not counted against the provider's `max_hourly_spend`.",
				Computed: true,
			},
			"type": schema.StringAttribute{
				MarkdownDescription: "Storage tier: `STANDARD` or `HIGH_PERFORMANCE`. Defaults to the data center's " +
					"primary tier, the first the catalog lists for it (`runpod_data_center`'s `network_volume_types`): the plan " +
					"shows it and prices it, and the create asks for it. Changing it replaces the volume.",
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
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	body := toCreateRequest(plan.volumeModel)

	// A twin of an earlier apply's orphan was refused at plan (refuseOrphan).
	what := fmt.Sprintf("creating network volume %q (%d GB in %s)", body.Name, body.Size, body.DataCenter)
	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.NetworkVolume]{
		Like: lookalike(body), Action: what,
		Send: func(ctx context.Context) (*runpod.NetworkVolume, error) { return client.CreateNetworkVolume(ctx, body) },
		Record: func(p safecreate.Pending) diag.Diagnostics {
			return pendingcreate.Save(ctx, &resp.State, plan, resp.Private, p)
		},
	}, &resp.State, &resp.Diagnostics)
	if created == nil {
		return
	}

	// Save what the create returned first, so that a failing read-back can
	// neither orphan the volume nor taint it: a tainted volume would be
	// deleted, with its data, by the next apply.
	resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(ctx, created, plan))...)
	resp.Diagnostics.Append(privateReplacing.Remove(ctx, resp.Private)...)
	if resp.Diagnostics.HasError() {
		return
	}
	readInto(ctx, client, created.ID, kinds.Written[runpod.NetworkVolume]{Verb: "Created", Answer: created}, plan,
		&resp.State, &resp.Diagnostics)
}

func (r *volumeResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	_, prior, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	r.Data.Managed(ctx, Kind.Noun, req.State)
	id := prior.ID.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed.
		pendingcreate.Settle(ctx, Kind, r.Data, pendingLike(prior), prior.AllowDuplicate.ValueBool(),
			pendingcreate.Cost(prior.EstimatedCostPerMonth, "month"), req, resp)
		return
	}
	v, err := Kind.SharedGet(r.Data.Reads(), ctx, id)
	if providerdata.StopRefresh(ctx, "network volume", id, err, false, resp) {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(ctx, v, prior))...)
}

func (r *volumeResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[resourceModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	id := state.ID.ValueString()
	// The plan refuses a shrink (see ModifyPlan); this stops one that got
	// here anyway, before anything is sent.
	if d := checkNoShrink(plan.volumeModel, state); d != nil {
		resp.Diagnostics.Append(d)
		return
	}
	// The PATCH's answer is kept for a read-back that fails: Runpod took
	// the change (a grow cannot be undone), so state must say so.
	var written kinds.Written[runpod.NetworkVolume]
	if body, changed := toUpdateRequest(plan, state); changed {
		updated, err := client.UpdateNetworkVolume(ctx, id, body)
		if err != nil {
			resp.Diagnostics.Append(diagnostics.UpdateError("Network Volume Not Updated", fmt.Sprintf("updating network volume %s", id), err))
			return
		}
		written = kinds.Written[runpod.NetworkVolume]{Verb: "Updated", Answer: updated}
	}
	readInto(ctx, client, id, written, plan, &resp.State, &resp.Diagnostics)
}

func (r *volumeResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	id := state.ID.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed: what it
		// may have made is named, never deleted.
		pendingcreate.DeleteAmong(ctx, Kind, r.Data, pendingLike(state), req.Private, &resp.Diagnostics)
		return
	}
	// Runpod's REST docs list no in-use refusal for a volume delete, so the
	// provider does not count on one: it looks for pods (cluster members
	// included) that mount the volume and refuses itself. A replacement
	// deletes through here too, so it is refused the same way.
	if d := mountedBy(ctx, r.Data.Reads(), state.volumeModel); d != nil {
		resp.Diagnostics.Append(d)
		return
	}
	del := Kind.Deletion(client, r.Data.Reads(), id, state.Name.ValueString())
	del.InUseRemedy = func(context.Context) string {
		return "Terminate the pods that mount it (and detach it from any serverless endpoint), then destroy again. " +
			"The provider does not detach the volume or delete pods for you; the volume and its data are unchanged."
	}
	del.StillExistsNote = "It bills until it is gone."
	resp.Diagnostics.Append(deletion.Run(ctx, del)...)
}

// mountedBy returns the error refusing to delete a volume that pods mount,
// naming them, or nil when none does. A failed look-up refuses too: the
// provider cannot tell that deleting is safe. The pods come from a list
// sent after the check began, shared with this process's other volume
// deletes (providerdata's fresh lists).
func mountedBy(ctx context.Context, reads *providerdata.Reads, state volumeModel) diag.Diagnostic {
	id, name := state.ID.ValueString(), state.Name.ValueString()
	pods, err := providerdata.Fresh(ctx, reads, runpod.Pods)
	if err != nil {
		return diagnostics.APIError("Cannot Check Network Volume Users",
			fmt.Sprintf("listing pods to check that none mounts network volume %q (%s) before deleting it; nothing was "+
				"deleted, run the command again", name, id), err)
	}
	var users []string
	for _, p := range pods {
		for _, m := range p.Mounts.Network {
			if m.VolumeID != id {
				continue
			}
			what := fmt.Sprintf("pod %q (%s, %s, mounted at %s)", p.Name, p.ID, p.Status, m.Path)
			if p.Cluster != nil {
				what = fmt.Sprintf("member %s of cluster %s (%s, mounted at %s)", p.ID, p.Cluster.ID, p.Status, m.Path)
			}
			users = append(users, what)
		}
	}
	if len(users) == 0 {
		return nil
	}
	return diag.NewErrorDiagnostic("Network Volume Is In Use",
		fmt.Sprintf("Network volume %q (%s) is mounted by %d pod(s):\n  - %s\n\nThe provider does not delete a volume "+
			"that pods mount, whatever the API would allow: the pods would lose their storage and its data. Terminate "+
			"them (destroy their runpod_pod or runpod_cluster, or remove them in the Runpod console), then run this "+
			"again. Nothing was deleted; the volume and its data are unchanged.", name, id, len(users),
			strings.Join(users, "\n  - ")))
}

// readInto reads the volume back after a write (kinds.Kind.ReadBack) and
// stores what the API returned, so state is never what was sent but what
// is there.
func readInto(ctx context.Context, client *runpod.Client, id string, written kinds.Written[runpod.NetworkVolume], plan resourceModel,
	state *tfsdk.State, diags *diag.Diagnostics,
) {
	if v := Kind.ReadBack(ctx, client, id, written, diags); v != nil {
		diags.Append(state.Set(ctx, fromAPI(ctx, v, plan))...)
	}
}
