// Package cluster implements the runpod_cluster resource (Instant Clusters,
// API v2 /v2/clusters) and the runpod_cluster, runpod_clusters,
// runpod_cluster_pods and runpod_cluster_billing data sources.
package cluster

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_cluster"

// Default timeouts: members of a large cluster can take many minutes to be
// provisioned; a delete is usually immediate.
const (
	defaultCreateTimeout = 30 * time.Minute
	defaultDeleteTimeout = 10 * time.Minute
)

// A wait reads the cluster after pollInterval, then backs off, doubling the
// pause up to maxPollInterval: quick for a cluster that is nearly ready,
// gentle on the API's rate limit for one that takes many minutes.
// Variables so that tests, whose fake API advances member pods per read,
// need no real time.
var (
	pollInterval    = time.Second
	maxPollInterval = 15 * time.Second
)

var (
	_ resource.Resource                   = (*clusterResource)(nil)
	_ resource.ResourceWithConfigure      = (*clusterResource)(nil)
	_ resource.ResourceWithImportState    = (*clusterResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*clusterResource)(nil)
	_ resource.ResourceWithValidateConfig = (*clusterResource)(nil)
)

// NewResource is the runpod_cluster resource factory.
func NewResource() resource.Resource { return &clusterResource{} }

type clusterResource struct{ providerdata.ResourceBase }

func (r *clusterResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = ResourceType
}

// replaceNote ends the description of every attribute the API cannot change.
const replaceNote = " Changing it replaces the cluster (a new one is created and billed; the old one is destroyed)."

// containerNote marks the settings that a template supplies instead.
const containerNote = " Conflicts with `template_id`. Runpod does not return it, so it is kept as configured."

func (r *clusterResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A Runpod Instant Cluster: `pod_count` identical GPU pods in one data center, joined by a " +
			"private network, for multi-node training and inference.\n\n" +
			"~> A cluster bills every GPU in it, at the catalog's Secure Cloud price or more, from creation until it is " +
			"destroyed. Every plan that creates or replaces a cluster carries a warning with the hourly figure " +
			"(`estimated_cost_per_hour`); the real spend is in the `runpod_cluster_billing` data source.\n\n" +
			"Only `name` updates in place. Runpod cannot change anything else of a cluster, so every other argument forces " +
			"a replacement. At plan time the provider checks the GPU type, its per-pod maximum and its stock for clusters " +
			"(product `CLUSTER`) in the requested data centers, and fails with the nearest configurations that have stock. " +
			"A cluster resized outside Terraform (\"Scale cluster\" in the console) is never destroyed to restore the " +
			"configured size unless asked (`-replace`): the plan warns and the apply refuses, while destroy still works. " +
			"Create waits until every member pod is `RUNNING`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "The cluster's id, assigned by Runpod.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the cluster; member pods are named after it. Names need not be unique. " +
					"The only argument that updates in place.",
				Required:   true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"type": schema.StringAttribute{
				MarkdownDescription: "Cluster type: `TRAINING`, `APPLICATION`, `SLURM` (members get Slurm controller and " +
					"compute roles) or `RAY` (Ray head and workers)." + replaceNote,
				Required: true,
				Validators: []validator.String{stringvalidator.OneOf(
					runpod.ClusterTypeTraining, runpod.ClusterTypeApplication, runpod.ClusterTypeSlurm, runpod.ClusterTypeRay)},
			},
			"gpu_type_id": schema.StringAttribute{
				MarkdownDescription: "GPU type of every member, a catalog id such as `NVIDIA H100 80GB HBM3` (the " +
					"`runpod_gpu_types` data source lists them; use `product = \"CLUSTER\"` for cluster stock). The plan fails " +
					"when it has no cluster stock where asked, listing what does." + replaceNote,
				Required:   true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"gpu_count_per_pod": schema.Int64Attribute{
				MarkdownDescription: "GPUs in each member pod, from 1 to the GPU type's maximum per machine on Secure Cloud " +
					"(`max_count.secure` in the `runpod_gpu_type` data source, checked at plan time)." + replaceNote,
				Required:   true,
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"pod_count": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Number of member pods, %d to %d. The cluster has pod_count × "+
					"gpu_count_per_pod GPUs, all billed.", minPods, maxPods) + replaceNote + " A cluster resized outside " +
					"Terraform is not replaced to restore this size: the plan warns with the choice between adopting its new size " +
					"and rebuilding it (`-replace`), and applying without a choice fails and changes nothing.",
				Required:   true,
				Validators: []validator.Int64{int64validator.Between(minPods, maxPods)},
			},
			"data_center_ids": schema.ListAttribute{
				MarkdownDescription: "Data centers the cluster may be created in, most preferred first; a cluster always " +
					"sits in one data center (`data_center_id`). Unset lets Runpod choose. With `network_volume`, the volume's " +
					"data center must be in this list. Runpod does not return it, so it is kept as configured." + replaceNote,
				ElementType: types.StringType,
				Optional:    true,
				Validators: []validator.List{
					listvalidator.SizeAtLeast(1),
					listvalidator.UniqueValues(),
					listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1)),
				},
			},
			"template_id": schema.StringAttribute{
				MarkdownDescription: "Id of a pod template (`runpod_template`, not serverless) every member is created from. " +
					"It is the only way to run a **private image** on a cluster: the template carries the registry credential " +
					"(`registry_auth_id`). Excludes the inline container settings (`image`, `args`, `entrypoint`, `cmd`, " +
					"`container_disk_gb`, `env`, `ports`) and the mounts." + replaceNote,
				Optional:   true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"image": schema.StringAttribute{
				MarkdownDescription: "Container image of every member, e.g. `runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404`. " +
					"Required unless `template_id` is set. Must be public: a cluster takes no registry credential, so a private " +
					"image goes in a template." + containerNote + replaceNote,
				Optional:   true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"args": schema.StringAttribute{
				MarkdownDescription: "Container start command as one string. Conflicts with `entrypoint` and `cmd`." +
					containerNote + replaceNote,
				Optional: true,
				Validators: []validator.String{
					stringvalidator.ConflictsWith(path.MatchRoot("entrypoint"), path.MatchRoot("cmd")),
				},
			},
			"entrypoint": schema.ListAttribute{
				MarkdownDescription: "Container ENTRYPOINT in exec form, overriding the image's." + containerNote + replaceNote,
				ElementType:         types.StringType,
				Optional:            true,
			},
			"cmd": schema.ListAttribute{
				MarkdownDescription: "Container CMD in exec form: the arguments passed to the entrypoint." + containerNote + replaceNote,
				ElementType:         types.StringType,
				Optional:            true,
			},
			"container_disk_gb": schema.Int64Attribute{
				MarkdownDescription: "Container disk of each member in GB, wiped when the container restarts; Runpod's default " +
					"applies when unset." + containerNote + replaceNote,
				Optional:   true,
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"env": schema.MapAttribute{
				MarkdownDescription: "Environment variables of every member. Do not put secret values here (they would be in " +
					"state); reference a `runpod_secret` instead." + containerNote + replaceNote,
				ElementType: types.StringType,
				Optional:    true,
			},
			"ports": schema.SetAttribute{
				MarkdownDescription: "Exposed ports: `\"8888/http\"` through Runpod's HTTPS proxy, `\"22/tcp\"` on a public " +
					"TCP port (needed for `primary_ssh_endpoint`)." + containerNote + replaceNote,
				ElementType: types.StringType,
				Optional:    true,
				Validators:  []validator.Set{setvalidator.ValueStringsAre(validators.Port())},
			},
			"persistent_volume": schema.SingleNestedAttribute{
				MarkdownDescription: "A host-local volume on every member (the API's `mounts.persistent`). It does not " +
					"survive the cluster; keep checkpoints on a `network_volume`. Conflicts with `network_volume` and " +
					"`template_id`." + replaceNote,
				Optional: true,
				Attributes: map[string]schema.Attribute{
					"size_gb": schema.Int64Attribute{
						MarkdownDescription: "Size in GB, at least 10.",
						Required:            true,
						Validators:          []validator.Int64{int64validator.AtLeast(10)},
					},
					"path": schema.StringAttribute{
						MarkdownDescription: "Mount path inside the containers, e.g. `/workspace`.",
						Required:            true,
						Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
					},
				},
				Validators: []validator.Object{objectvalidator.ConflictsWith(path.MatchRoot("network_volume"))},
			},
			"network_volume": schema.SingleNestedAttribute{
				MarkdownDescription: "A `runpod_network_volume` mounted on every member (the API's `mounts.network`), for " +
					"datasets and checkpoints that outlive the cluster. The cluster is created in the volume's data center, " +
					"which must be in `data_center_ids` when that is set. Conflicts with `persistent_volume` and " +
					"`template_id`." + replaceNote,
				Optional: true,
				Attributes: map[string]schema.Attribute{
					"volume_id": schema.StringAttribute{
						MarkdownDescription: "The network volume's id.",
						Required:            true,
						Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
					},
					"path": schema.StringAttribute{
						MarkdownDescription: "Mount path inside the containers, e.g. `/workspace`. There is no default.",
						Required:            true,
						Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
					},
				},
			},
			"start_ssh": schema.BoolAttribute{
				MarkdownDescription: "Inject the account's SSH keys as `PUBLIC_KEY` so that members accept SSH. Unset leaves " +
					"it to Runpod's default (off) or the template's setting. Runpod does not return it." + replaceNote,
				Optional: true,
			},
			"start_jupyter": schema.BoolAttribute{
				MarkdownDescription: "Start JupyterLab on the members (injects a generated `JUPYTER_PASSWORD`). Unset leaves " +
					"it to Runpod's default (off) or the template's setting. Runpod does not return it." + replaceNote,
				Optional: true,
			},
			"registry_auth_id": schema.StringAttribute{
				MarkdownDescription: "Not supported: Runpod's cluster API takes no registry credential, and setting this is " +
					"an error. To run a private image, create a `runpod_template` with `image` and `registry_auth_id` and set " +
					"`template_id` to it.",
				Optional:   true,
				Validators: []validator.String{noRegistryOnClusters{}},
			},
			"data_center_id": schema.StringAttribute{
				MarkdownDescription: "The data center the cluster was placed in.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"pods_by_status": schema.MapAttribute{
				MarkdownDescription: "How many member pods are in each status (`PROVISIONING`, `STARTING`, `RUNNING`, " +
					"`EXITED`, `ERROR`), as of the last read; statuses without pods are absent. The " +
					"`runpod_cluster_pods` data source lists the members.",
				ElementType: types.Int64Type,
				Computed:    true,
			},
			"primary_pod_id": schema.StringAttribute{
				MarkdownDescription: "Id of the rank-0 member pod (the Slurm controller or Ray head for those types).",
				Computed:            true,
			},
			"primary_ssh_endpoint": schema.StringAttribute{
				MarkdownDescription: "`host:port` of the primary pod's public SSH port, once it runs with `22/tcp` exposed; " +
					"null otherwise.",
				Computed: true,
			},
			"network_cidr": schema.StringAttribute{
				MarkdownDescription: "Address range of the members' private network.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"created_at": schema.StringAttribute{
				MarkdownDescription: "When the cluster was created (RFC 3339, UTC); billing starts then.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"estimated_cost_per_hour": schema.Float64Attribute{
				MarkdownDescription: "USD per hour at the catalog's Secure Cloud GPU price, as the plan that created the " +
					"cluster (or accepted its size) computed it: pod_count × gpu_count_per_pod × price per GPU-hour. Cluster " +
					"pods can bill above pod prices; the `runpod_cluster_billing` data source has the real spend.",
				Computed: true,
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Delete: true}),
		},
	}
}

// The API's pod count bounds (API.md section 6).
const (
	minPods = 2
	maxPods = 250
)

func (r *clusterResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var plan resourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, diags := toCreateRequest(ctx, plan)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, diags := plan.Timeouts.Create(ctx, defaultCreateTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	what := describeCreate(body)

	// The POST is sent once: the client never retries it, and neither does
	// the provider, because a second attempt could create a second cluster.
	if d := refuseRecentTwin(ctx, client, r.Data, body); d != nil {
		resp.Diagnostics.Append(d)
		return
	}
	started := time.Now()
	created, err := client.CreateCluster(ctx, body)
	switch {
	case errors.Is(err, runpod.ErrAmbiguous):
		adopted, d := ambiguousCreate(ctx, client, body, started, err)
		resp.Diagnostics.Append(d)
		if adopted == nil {
			return
		}
		created = adopted
	case runpod.IsCapacity(err):
		resp.Diagnostics.Append(r.capacityError(ctx, plan, body, err))
		return
	case err != nil:
		resp.Diagnostics.Append(diagnostics.APIError("Cluster Not Created", "creating "+what, err))
		return
	}
	ownClusters.Store(ownCluster{r.Data, created.ID}, true)
	tflog.Info(ctx, "created cluster", map[string]any{"id": created.ID, "data_center": created.DataCenterID})

	// Save the cluster at once, so that nothing below can orphan it: from
	// here on every problem is a warning, never an error that would taint
	// the resource and have the next apply create a second cluster.
	state := plan
	state.refresh(created)
	if state.EstimatedCostPerHour.IsUnknown() {
		state.EstimatedCostPerHour = r.estimate(ctx, state)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(privateAppliedPodCount.Set(ctx, resp.Private, plan.PodCount.ValueInt64())...)
	if resp.Diagnostics.HasError() {
		return
	}

	waitCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	last, err := waitForMembers(waitCtx, client, created.ID, exposesSSH(ctx, client, body))
	if last != nil {
		state.refresh(last)
		resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	}
	if err != nil {
		resp.Diagnostics.Append(notReadyWarning(state, last, timeout, err))
	}
}

// exposesSSH reports whether the members expose 22/tcp (from the body, or
// the template's ports), so that the create also waits for the primary's
// SSH endpoint. A template that cannot be read counts as no.
func exposesSSH(ctx context.Context, client *runpod.Client, body runpod.CreateClusterRequest) bool {
	ports := body.Ports
	if body.TemplateID != "" {
		t, err := client.GetTemplate(ctx, body.TemplateID)
		if err != nil {
			tflog.Debug(ctx, "cannot read the cluster's template for its ports", map[string]any{"error": err.Error()})
			return false
		}
		ports = t.Ports
	}
	return slices.Contains(ports, "22/tcp")
}

// describeCreate reads "cluster \"train\" (2 pods × 8 NVIDIA H100 80GB HBM3)".
func describeCreate(body runpod.CreateClusterRequest) string {
	return fmt.Sprintf("cluster %q (%d pods × %d %s)", body.Name, body.Compute.PodCount, body.Compute.GPUCountPerPod, body.Compute.GPUTypeID)
}

func (r *clusterResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var state resourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	c, err := client.GetCluster(ctx, id)
	if runpod.IsNotFound(err) {
		// Deleted outside Terraform: drop it so the plan shows a create.
		tflog.Debug(ctx, "cluster not found; removing from state", map[string]any{"id": id})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Cluster", fmt.Sprintf("reading cluster %s", id), err))
		return
	}
	state.refresh(c)
	if state.EstimatedCostPerHour.IsNull() {
		// Imported: estimate once, from the size the API reports.
		state.EstimatedCostPerHour = r.estimate(ctx, state)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *clusterResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var plan, state resourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	if !plan.PodCount.Equal(state.PodCount) {
		// The only pod_count change planned in place: a cluster resized
		// outside Terraform whose configuration still says the applied size
		// (the plan warned; see scaledDetail). Refuse before sending anything.
		applied, _, diags := privateAppliedPodCount.Get(ctx, req.Private)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.AddAttributeError(path.Root("pod_count"), summaryScaled,
			r.scaledDetail(ctx, plan, state, applied)+"\n\nNothing was changed.")
		return
	}
	// Only the name is sent: everything else reaching Update was planned as
	// a change of record (a size adopted from the console, settings written
	// down after an import), which the API has nothing to do for.
	if !plan.Name.Equal(state.Name) {
		if _, err := client.RenameCluster(ctx, id, plan.Name.ValueString()); err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Cluster Not Renamed",
				fmt.Sprintf("renaming cluster %s to %q", id, plan.Name.ValueString()), err))
			return
		}
	}
	resp.Diagnostics.Append(privateAppliedPodCount.Set(ctx, resp.Private, plan.PodCount.ValueInt64())...)
	resp.Diagnostics.Append(privateImported.Remove(ctx, resp.Private)...)
	resp.Diagnostics.Append(privateReplacing.Remove(ctx, resp.Private)...)

	c, err := client.GetCluster(ctx, id)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Cluster Back", fmt.Sprintf("reading cluster %s after renaming it", id), err))
		return
	}
	plan.refresh(c)
	if plan.EstimatedCostPerHour.IsUnknown() {
		plan.EstimatedCostPerHour = r.estimate(ctx, plan)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *clusterResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, diags := r.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var state resourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, name := state.ID.ValueString(), state.Name.ValueString()
	timeout, diags := state.Timeouts.Delete(ctx, defaultDeleteTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := client.DeleteCluster(ctx, id)
	switch {
	case runpod.IsNotFound(err):
		tflog.Debug(ctx, "cluster already gone", map[string]any{"id": id})
		return
	case err != nil:
		resp.Diagnostics.Append(diagnostics.APIError("Cluster Not Deleted",
			fmt.Sprintf("deleting cluster %q (%s); it keeps billing until it is deleted", name, id), err))
		return
	}
	// Confirm: a delete is done only when a read says the cluster is gone.
	waitCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := waitForGone(waitCtx, client, id); err != nil {
		if apiErr := (*runpod.APIError)(nil); errors.As(err, &apiErr) {
			resp.Diagnostics.Append(diagnostics.APIError("Cannot Confirm Cluster Deletion",
				fmt.Sprintf("reading cluster %s after deleting it", id), err))
			return
		}
		resp.Diagnostics.AddError("Cluster Still Exists",
			fmt.Sprintf("The API accepted the delete of cluster %q (%s), but it could still be read after %s (%s), and its "+
				"pods bill until it is gone. Run destroy again; if it persists, check the Runpod console.", name, id, timeout, err))
	}
}

// ImportState takes a cluster id. The settings Runpod does not return
// (container, mounts, start flags, preferred data centers) cannot be read;
// the private flag lets the next plan write them down from the
// configuration instead of replacing the imported cluster.
func (r *clusterResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
	resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateImported, true)...)
}

// estimate is the hourly figure for the model's size at the catalog price,
// or null when the catalog cannot say (it is informational, never a reason
// to fail an apply).
func (r *clusterResource) estimate(ctx context.Context, m resourceModel) types.Float64 {
	res, err := r.check(ctx, m)
	if err != nil || res == nil || res.GPU == nil || !res.Price.Known {
		tflog.Debug(ctx, "no cost estimate for the cluster", map[string]any{"error": fmt.Sprint(err)})
		return types.Float64Null()
	}
	return types.Float64Value(res.Price.PerHour)
}

// notReadyWarning says the create ended before every member ran. It is a
// warning: the cluster exists and is in state, so the next apply will not
// create another; the next refresh shows its members' progress.
func notReadyWarning(m resourceModel, last *runpod.Cluster, timeout time.Duration, err error) diag.Diagnostic {
	running, total, counts := 0, int(m.PodCount.ValueInt64()), "unknown"
	if last != nil {
		running = last.Pods.ByStatus[runpod.PodStatusRunning]
		total = last.Compute.PodCount
		counts = formatCounts(last.Pods.ByStatus)
	}
	why := fmt.Sprintf("after waiting %s (the create timeout)", timeout)
	switch {
	case errors.Is(err, errMembersStuck):
		why = "because some members stopped or failed and will not start on their own"
	case errors.Is(err, context.Canceled):
		why = "because the apply was interrupted"
	case !errors.Is(err, context.DeadlineExceeded):
		why = fmt.Sprintf("because reading it failed (%s)", err)
	}
	status := fmt.Sprintf("only %d of its %d member pods are RUNNING", running, total)
	switch {
	case last == nil:
		// Not one read succeeded: nothing about the members is known.
		status = fmt.Sprintf("the provider could not verify that its %d member pods start", total)
	case running == total:
		status = fmt.Sprintf("while all %d member pods are RUNNING, the primary pod's SSH port (22/tcp) is not mapped yet", total)
	}
	return diag.NewWarningDiagnostic("Cluster Created but Not Ready",
		fmt.Sprintf("Cluster %q (%s) was created and is billing, but %s %s. "+
			"Pods by status: %s.\n\nIt is saved in state and will not be created again. The next plan or refresh shows its "+
			"pods_by_status; the runpod_cluster_pods data source lists each member. To wait longer on creates, raise "+
			"timeouts.create; to give it up, destroy it.", m.Name.ValueString(), m.ID.ValueString(), status, why, counts))
}
