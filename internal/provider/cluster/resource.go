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

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_cluster"

// Default timeouts: members of a large cluster can take many minutes to be
// provisioned; a delete is usually immediate.
const (
	defaultCreateTimeout = 30 * time.Minute
	defaultDeleteTimeout = 10 * time.Minute
)

// defaultWaits paces every wait on a cluster outside tests: it reads the
// cluster after a second, then backs off, doubling the pause up to 15 s:
// quick for a cluster that is nearly ready, gentle on the API's rate limit
// for one that takes many minutes. The resource holds its pacing
// (clusterResource.waits) so that tests, whose fake API advances member
// pods per read, build it with shorter pauses.
var defaultWaits = poll.Backoff{Initial: time.Second, Max: 15 * time.Second}

var (
	_ providerdata.ManagedResource        = (*clusterResource)(nil)
	_ resource.ResourceWithValidateConfig = (*clusterResource)(nil)
)

// NewResource is the runpod_cluster resource factory.
func NewResource() resource.Resource {
	r := &clusterResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}, waits: defaultWaits}
	r.Upgradable = migrate.Upgradable{
		Movable:       migrate.Movable{SourceTypes: []string{ResourceType}, Mark: migrate.FlagMark(privateImported)},
		OwnAttributes: OwnAttributes, Of: r,
	}
	return r
}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its cost estimate, primary pod and pods by status), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"estimated_cost_per_hour", "primary_pod_id", "primary_ssh_endpoint", "pods_by_status"}

type clusterResource struct {
	providerdata.ResourceBase
	identity.ByID
	migrate.Upgradable
	waits poll.Backoff
}

func (r *clusterResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
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
	// A twin of an earlier apply's orphan was refused at plan (refuseOrphan).
	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.Cluster]{
		Like: lookalike(body), Action: "creating " + what,
		Send: func(ctx context.Context) (*runpod.Cluster, error) { return client.CreateCluster(ctx, body) },
		Refused: func(ctx context.Context, err error) (diag.Diagnostic, bool) {
			if runpod.IsCapacity(err) {
				return r.capacityError(ctx, plan, body, err), true
			}
			return nil, false
		},
		Record: func(p safecreate.Pending) diag.Diagnostics {
			return pendingcreate.Save(ctx, &resp.State, plan, resp.Private, p)
		},
	}, &resp.State, &resp.Diagnostics)
	if created == nil {
		return
	}

	// Save the cluster at once, so that nothing below can orphan it: from
	// here on every problem is a warning, never an error that would taint
	// the resource and have the next apply create a second cluster.
	state := plan
	state = fromAPI(ctx, created, state)
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
	last, err := waitForMembers(waitCtx, client, r.waits, created.ID, exposesSSH(ctx, client, body))
	if last != nil {
		state = fromAPI(ctx, last, state)
		if perr := state.setPrimarySSHDirect(ctx, client, last); perr != nil {
			// Filled by the next refresh; the create succeeded.
			tflog.Debug(ctx, "cannot read the cluster's primary pod for its SSH command", map[string]any{"error": perr.Error()})
		}
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
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, state, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	r.Data.Managed(ctx, Kind.Noun, req.State)
	if migrate.Adopted(state.Name) {
		// Taken from Runpod's provider's state (or imported): its
		// create-time settings are recorded from the configuration.
		resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateImported, true)...)
	}
	id := state.ID.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed.
		pendingcreate.Settle(ctx, Kind, r.Data, pendingLike(ctx, state), false, pendingcreate.Cost(state.EstimatedCostPerHour, "hour"), req, resp)
		return
	}
	c, err := Kind.SharedGet(r.Data.Reads(), ctx, id)
	if providerdata.StopRefresh(ctx, "cluster", id, err, false, resp) {
		return
	}
	// The read that follows an import (its state holds only the id) reads
	// the container settings from the members too, as a list result does.
	importRead := state.Name.IsNull()
	priorReported := state.ReportedPodCount
	// A state written before reported_pod_count existed may hold Runpod's
	// count in pod_count; the size Terraform applied is in private state.
	if applied, ok, diags := privateAppliedPodCount.Get(ctx, req.Private); ok && !diags.HasError() {
		state.PodCount = types.Int64Value(applied)
	}
	state = fromAPI(ctx, c, state)
	if perr := state.setPrimarySSHDirect(ctx, client, c); perr != nil {
		resp.Diagnostics.AddAttributeWarning(path.Root("primary_ssh_direct"), "Cluster's Primary Pod Not Read",
			diagnostics.APIErrorDetail(fmt.Sprintf("reading primary pod %s of cluster %s for its SSH command", c.Primary.PodID, id), perr)+
				"\n\nprimary_ssh_direct keeps its value from the previous read; the cluster itself was read.")
	}
	if importRead {
		resp.Diagnostics.Append(state.setContainerFromMembers(ctx, client, c)...)
	}
	state.EstimatedCostPerHour = r.refreshEstimate(ctx, state, priorReported)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

// refreshEstimate is estimated_cost_per_hour after a read: the figure of
// the pods that run, which bill whatever the configuration says. It is
// estimated from the size the API reports when there is none yet (an
// import, a state moved from runpod/runpod), and again while that size is
// not the one Terraform applied (a console scale) or when it changed since
// the last read; otherwise the figure stays as the plan that created the
// cluster or accepted its size computed it. So a plan that writes down a
// size set in the console keeps the figure the refresh stated (nothing new
// bills), and a cost policy sees no rise. When the catalog cannot say, the
// figure stays as it was.
func (r *clusterResource) refreshEstimate(ctx context.Context, m resourceModel, priorReported types.Int64) types.Float64 {
	resized := tfvalue.Known(m.ReportedPodCount) &&
		(!m.ReportedPodCount.Equal(m.PodCount) || (tfvalue.Known(priorReported) && !m.ReportedPodCount.Equal(priorReported)))
	if !m.EstimatedCostPerHour.IsNull() && !resized {
		return m.EstimatedCostPerHour
	}
	running := m
	if tfvalue.Known(m.ReportedPodCount) {
		running.PodCount = m.ReportedPodCount
	}
	if e := r.estimate(ctx, running); !e.IsNull() {
		return e
	}
	return m.EstimatedCostPerHour
}

func (r *clusterResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[resourceModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	id := state.ID.ValueString()
	// Only the name is sent: everything else reaching Update was planned as
	// a change of record (a size adopted from the console, settings written
	// down after an import), which the API has nothing to do for.
	if !plan.Name.Equal(state.Name) {
		if _, err := client.RenameCluster(ctx, id, plan.Name.ValueString()); err != nil {
			resp.Diagnostics.Append(diagnostics.UpdateError("Cluster Not Renamed",
				fmt.Sprintf("renaming cluster %s to %q", id, plan.Name.ValueString()), err))
			return
		}
	}
	resp.Diagnostics.Append(privateAppliedPodCount.Set(ctx, resp.Private, plan.PodCount.ValueInt64())...)
	resp.Diagnostics.Append(privateImported.Remove(ctx, resp.Private)...)
	resp.Diagnostics.Append(privateReplacing.Remove(ctx, resp.Private)...)

	// The plan kept what Runpod reports (the pod counts, the primary and its
	// SSH endpoints) from the last read (UseStateForUnknown), because no
	// in-place change touches the cluster but a rename: the state says what
	// the plan showed, and the next refresh reads them anew. Only the
	// estimate can be left to compute (planChange).
	if plan.EstimatedCostPerHour.IsUnknown() {
		plan.EstimatedCostPerHour = r.estimate(ctx, plan)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *clusterResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	id, name := state.ID.ValueString(), state.Name.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed: what it
		// may have made is named, never deleted.
		pendingcreate.DeleteAmong(ctx, Kind, r.Data, pendingLike(ctx, state), req.Private, &resp.Diagnostics)
		return
	}
	timeout, diags := state.Timeouts.Delete(ctx, defaultDeleteTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	del := Kind.Deletion(client, nil, id, name)
	del.Refused = func(err error) diag.Diagnostic {
		return diagnostics.APIError("Cluster Not Deleted",
			fmt.Sprintf("deleting cluster %q (%s); it keeps billing until it is deleted", name, id), err)
	}
	// Confirm: a delete is done only when a read says the cluster is gone.
	del.Wait = &deletion.Wait{
		Timeout: timeout,
		Backoff: r.waits,
		StillExists: func(timeout time.Duration, err error) diag.Diagnostic {
			return diag.NewErrorDiagnostic("Cluster Still Exists",
				fmt.Sprintf("The API accepted the delete of cluster %q (%s), but it could still be read after %s (still readable "+
					"when the wait ended: %s), and its pods bill until it is gone. Run destroy again; if it persists, check "+
					"the Runpod console.", name, id, timeout, err))
		},
	}
	resp.Diagnostics.Append(deletion.Run(ctx, del)...)
}

// ImportState takes a cluster id. The settings Runpod does not return
// (container, mounts, start flags, preferred data centers) cannot be read;
// the private flag lets the next plan write them down from the
// configuration instead of replacing the imported cluster.
func (r *clusterResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	r.ByID.ImportState(ctx, req, resp)
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
