package cluster

import (
	"context"
	"sort"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// clusterModel is a cluster as the API describes it: everything GET
// /v2/clusters/{id} returns. The runpod_cluster and runpod_clusters data
// sources use it as it is; the resource adds what only the configuration
// knows (resourceModel).
type clusterModel struct {
	ID                 types.String `tfsdk:"id"`
	Name               types.String `tfsdk:"name"`
	Type               types.String `tfsdk:"type"`
	GPUTypeID          types.String `tfsdk:"gpu_type_id"`
	GPUCountPerPod     types.Int64  `tfsdk:"gpu_count_per_pod"`
	PodCount           types.Int64  `tfsdk:"pod_count"`
	TemplateID         types.String `tfsdk:"template_id"`
	DataCenterID       types.String `tfsdk:"data_center_id"`
	PodsByStatus       types.Map    `tfsdk:"pods_by_status"`
	PrimaryPodID       types.String `tfsdk:"primary_pod_id"`
	PrimarySSHEndpoint types.String `tfsdk:"primary_ssh_endpoint"`
	NetworkCIDR        types.String `tfsdk:"network_cidr"`
	CreatedAt          types.String `tfsdk:"created_at"`
}

// resourceModel is runpod_cluster: the API's view plus the create-time
// settings the API never returns (container, mounts, start flags, preferred
// data centers), which are kept from the configuration, and the plan's cost
// estimate.
type resourceModel struct {
	// clusterModel is what the API returns; the framework reads an
	// embedded struct's fields as the outer model's own.
	clusterModel

	// GPUTypeIDs is the preference list the plan chose GPUTypeID from
	// (null when gpu_type_id is configured).
	GPUTypeIDs    types.List `tfsdk:"gpu_type_ids"`
	DataCenterIDs types.List `tfsdk:"data_center_ids"`
	containerschema.Container
	Entrypoint       types.List   `tfsdk:"entrypoint"`
	Cmd              types.List   `tfsdk:"cmd"`
	PersistentVolume types.Object `tfsdk:"persistent_volume"`
	NetworkVolume    types.Object `tfsdk:"network_volume"`
	StartSSH         types.Bool   `tfsdk:"start_ssh"`
	StartJupyter     types.Bool   `tfsdk:"start_jupyter"`

	// ReportedPodCount is Runpod's pod count; the embedded PodCount is the
	// size Terraform created or accepted (see refresh).
	ReportedPodCount types.Int64 `tfsdk:"reported_pod_count"`
	// PrimarySSHDirect is the primary pod's ssh_direct (setPrimarySSHDirect).
	PrimarySSHDirect types.String `tfsdk:"primary_ssh_direct"`

	EstimatedCostPerHour types.Float64  `tfsdk:"estimated_cost_per_hour"`
	Timeouts             timeouts.Value `tfsdk:"timeouts"`
}

// viewFromAPI is the one conversion from the API's cluster to the Terraform
// view: the data sources' model, and the resource's through fromAPI.
func viewFromAPI(c *runpod.Cluster) clusterModel {
	byStatus := map[string]attr.Value{}
	for status, n := range c.Pods.ByStatus {
		byStatus[status] = types.Int64Value(int64(n))
	}
	m := clusterModel{
		ID:                 types.StringValue(c.ID),
		Name:               types.StringValue(c.Name),
		Type:               types.StringValue(c.Type),
		GPUTypeID:          types.StringValue(c.Compute.GPUTypeID),
		GPUCountPerPod:     types.Int64Value(int64(c.Compute.GPUCountPerPod)),
		PodCount:           types.Int64Value(int64(c.Compute.PodCount)),
		TemplateID:         optionalString(c.Template),
		DataCenterID:       optionalString(c.DataCenterID),
		PodsByStatus:       types.MapValueMust(types.Int64Type, byStatus),
		PrimaryPodID:       types.StringNull(),
		PrimarySSHEndpoint: types.StringNull(),
		NetworkCIDR:        types.StringNull(),
		CreatedAt:          types.StringValue(c.CreatedAt.UTC().Format(time.RFC3339)),
	}
	if c.Primary != nil {
		m.PrimaryPodID = optionalString(c.Primary.PodID)
		m.PrimarySSHEndpoint = optionalString(c.Primary.SSHEndpoint)
	}
	if c.Network != nil {
		m.NetworkCIDR = optionalString(c.Network.CIDR)
	}
	return m
}

// fromAPI is prior with every attribute the API returns set from c; the
// configuration-only ones are kept. A template link the API no longer reports is
// kept: a cluster cannot change template, so a missing link is not a
// change worth replacing a running cluster for.
//
// Runpod's pod count goes to reported_pod_count; pod_count keeps the size
// Terraform created or accepted, and takes Runpod's only when it has none
// (an import). A cluster resized in the console therefore shows as the two
// differing, which the plan explains (see planChange), instead of as a
// pod_count the configuration would change back.
func fromAPI(_ context.Context, c *runpod.Cluster, prior resourceModel) resourceModel {
	m := prior
	template, pods := m.TemplateID, m.PodCount
	m.clusterModel = viewFromAPI(c)
	m.ReportedPodCount = m.PodCount
	if tfvalue.Known(pods) {
		m.PodCount = pods
	}
	if m.TemplateID.IsNull() && !template.IsUnknown() {
		m.TemplateID = template
	}
	if m.PrimarySSHDirect.IsUnknown() {
		m.PrimarySSHDirect = types.StringNull()
	}
	return m
}

// setPrimarySSHDirect sets primary_ssh_direct from c's primary pod: its
// ssh_direct, as the runpod_pod resource and data sources read it
// (pod.SSHDirect), which needs a read of the pod. The cluster itself gives
// only host:port, and only once the primary's 22/tcp is mapped; before that
// it is null, and no pod is read. A primary gone since the cluster read
// (404) has none. On any other error the value is left as it was.
func (m *resourceModel) setPrimarySSHDirect(ctx context.Context, client *runpod.Client, c *runpod.Cluster) error {
	if c.Primary == nil || c.Primary.PodID == "" || c.Primary.SSHEndpoint == "" {
		m.PrimarySSHDirect = types.StringNull()
		return nil
	}
	p, err := client.GetPod(ctx, c.Primary.PodID)
	switch {
	case runpod.IsNotFound(err):
		m.PrimarySSHDirect = types.StringNull()
	case err != nil:
		return err
	default:
		m.PrimarySSHDirect = pod.SSHDirect(p)
	}
	return nil
}

func optionalString(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

// toCreateRequest builds POST /v2/clusters from the plan. Unset optional
// settings are left out so that the API's (or the template's) defaults
// apply; the start flags are sent only when configured, because an explicit
// false would override a template that enables them.
func toCreateRequest(ctx context.Context, plan resourceModel) (runpod.CreateClusterRequest, diag.Diagnostics) {
	var diags diag.Diagnostics
	req := runpod.CreateClusterRequest{
		Name: plan.Name.ValueString(),
		Type: plan.Type.ValueString(),
		Compute: runpod.ClusterCompute{
			GPUTypeID:      plan.GPUTypeID.ValueString(),
			GPUCountPerPod: int(plan.GPUCountPerPod.ValueInt64()),
			PodCount:       int(plan.PodCount.ValueInt64()),
		},
		Image:        plan.Image.ValueString(),
		TemplateID:   plan.TemplateID.ValueString(),
		StartSSH:     plan.StartSSH.ValueBoolPointer(),
		StartJupyter: plan.StartJupyter.ValueBoolPointer(),
		Args:         plan.Args.ValueStringPointer(),
	}
	var d diag.Diagnostics
	req.DataCenterIDs, d = tfvalue.Strings(ctx, plan.DataCenterIDs)
	diags.Append(d...)
	req.Entrypoint, d = tfvalue.Strings(ctx, plan.Entrypoint)
	diags.Append(d...)
	req.Cmd, d = tfvalue.Strings(ctx, plan.Cmd)
	diags.Append(d...)
	req.Ports, d = tfvalue.Strings(ctx, plan.Ports)
	diags.Append(d...)
	sort.Strings(req.Ports)
	if !plan.ContainerDiskGB.IsNull() {
		disk := int(plan.ContainerDiskGB.ValueInt64())
		req.Disk = &disk
	}
	if !plan.Env.IsNull() {
		req.Env = map[string]string{}
		diags.Append(plan.Env.ElementsAs(ctx, &req.Env, false)...)
	}
	if !plan.PersistentVolume.IsNull() {
		var pv containerschema.PersistentVolumeModel
		diags.Append(plan.PersistentVolume.As(ctx, &pv, tfvalue.ObjectAsOptions)...)
		req.Mounts = &runpod.Mounts{Persistent: &runpod.PersistentMount{Size: int(pv.SizeGB.ValueInt64()), Path: pv.Path.ValueString()}}
	}
	if !plan.NetworkVolume.IsNull() {
		var nv containerschema.NetworkVolumeModel
		diags.Append(plan.NetworkVolume.As(ctx, &nv, tfvalue.ObjectAsOptions)...)
		req.Mounts = &runpod.Mounts{Network: []runpod.NetworkMount{{VolumeID: nv.VolumeID.ValueString(), Path: nv.Path.ValueString()}}}
	}
	return req, diags
}

// networkVolumeID is the configured network volume's id, "" when there is
// none or it is not known yet.
func networkVolumeID(ctx context.Context, v types.Object) (string, diag.Diagnostics) {
	if v.IsNull() || v.IsUnknown() {
		return "", nil
	}
	var nv containerschema.NetworkVolumeModel
	diags := v.As(ctx, &nv, tfvalue.ObjectAsOptions)
	if nv.VolumeID.IsUnknown() {
		return "", diags
	}
	return nv.VolumeID.ValueString(), diags
}
