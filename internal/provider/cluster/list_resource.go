package cluster

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// statusOrder ranks member statuses for a cluster's status, least ready
// first: a cluster is RUNNING only when every member is, otherwise it is
// what its least ready member is.
var statusOrder = []string{
	runpod.PodStatusError, runpod.PodStatusExited, runpod.PodStatusProvisioning, runpod.PodStatusStarting,
	runpod.PodStatusRunning,
}

// clusterStatus sums up a cluster's members in one status (statusOrder):
// PROVISIONING while it has no members yet.
func clusterStatus(c *runpod.Cluster) string {
	for _, s := range statusOrder {
		if c.Pods.ByStatus[s] > 0 {
			return s
		}
	}
	return runpod.PodStatusProvisioning
}

// listedCluster is a cluster as the list resource finds it, with the
// catalog's display name of its GPU type for the result's display name.
type listedCluster struct {
	runpod.Cluster
	gpuName string
}

// listFilter is the runpod_cluster list block's config.
type listFilter struct {
	datasources.NameFilter
	Status types.String `tfsdk:"status"`
}

// Matches implements listresources.Filter.
func (f listFilter) Matches(c *listedCluster) bool {
	return f.Status.ValueString() == "" || clusterStatus(&c.Cluster) == f.Status.ValueString()
}

// clusterList is the runpod_cluster list resource.
type clusterList = listresources.List[listedCluster, listFilter, resourceModel]

// NewListResource is the runpod_cluster list resource factory.
func NewListResource() list.ListResource {
	l := &clusterList{
		Kind: kinds.Wrap(Kind, func(c *listedCluster) *runpod.Cluster { return &c.Cluster }),
		Description: "Finds the account's Instant Clusters for `terraform query`, by name and status. Each result is " +
			"named `NAME (ID, PODS pods × COUNTx GPU in DATA_CENTER, STATUS)`. A cluster's status sums up its member " +
			"pods: `RUNNING` when every member runs, otherwise the status of its least ready member (`ERROR`, then " +
			"`EXITED`, `PROVISIONING`, `STARTING`), with the count per status when they differ.\n\n" +
			"With `include_resource`, each result is the cluster as an import reads it, plus the container settings " +
			"(`image`, `args`, `container_disk_gb`, `env`, `ports`, the volume) read from its primary member pod for a " +
			"cluster not made from a template: Runpod does not return them on the cluster, and a cluster needs an " +
			"image or a template. The generated configuration then plans the import with the one in-place update " +
			"that records these settings in state (see `runpod_cluster`). The start flags and `data_center_ids` are " +
			"not returned anywhere and stay unset; the `PUBLIC_KEY` and `JUPYTER_PASSWORD` that the start flags " +
			"inject are left out of `env`.",
		Filters: func() map[string]schema.Attribute {
			statuses := slices.Clone(statusOrder)
			slices.Reverse(statuses)
			return map[string]schema.Attribute{
				"status": schema.StringAttribute{
					MarkdownDescription: "Only clusters in this status (see above): `" + strings.Join(statuses, "`, `") + "`.",
					Optional:            true,
					Validators:          []validator.String{stringvalidator.OneOf(statuses...)},
				},
			}
		},
		DisplayName: displayName,
	}
	l.Fetch = func(client *runpod.Client, ctx context.Context) ([]listedCluster, error) {
		return fetchClusters(ctx, l, client)
	}
	l.Convert = func(ctx context.Context, c *listedCluster) (resourceModel, diag.Diagnostics) {
		return listedModel(ctx, l, c)
	}
	return l
}

// fetchClusters lists the clusters with their GPU's display name. The
// catalog only makes names shorter: when it cannot be read, results show the
// GPU type id instead.
func fetchClusters(ctx context.Context, l *clusterList, client *runpod.Client) ([]listedCluster, error) {
	clusters, err := client.ListClusters(ctx)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	if cat, d := l.Data.Catalog(); len(clusters) > 0 && !d.HasError() {
		gpus, err := cat.GPUTypes(ctx, runpod.GPUTypeQuery{})
		if err != nil {
			tflog.Debug(ctx, "GPU catalog unreadable; cluster results show GPU type ids", map[string]any{"error": err.Error()})
		}
		for i := range gpus {
			names[gpus[i].ID] = gpus[i].Name
		}
	}
	out := make([]listedCluster, len(clusters))
	for i := range clusters {
		out[i] = listedCluster{Cluster: clusters[i], gpuName: names[clusters[i].Compute.GPUTypeID]}
	}
	return out, nil
}

// displayName reads "train (abc123, 2 pods × 8x H100 SXM in US-TX-3,
// RUNNING)", or "…, EXITED: RUNNING 1, EXITED 1)" when the members differ;
// "in …" is left out until the cluster has a data center.
func displayName(c *listedCluster) string {
	gpu := c.gpuName
	if gpu == "" {
		gpu = c.Compute.GPUTypeID
	}
	compute := fmt.Sprintf("%d pods × %dx %s", c.Compute.PodCount, c.Compute.GPUCountPerPod, gpu)
	if c.DataCenterID != "" {
		compute += " in " + c.DataCenterID
	}
	status := clusterStatus(&c.Cluster)
	if n := c.Pods.ByStatus[status]; n > 0 && n < c.Pods.Total {
		status += ": " + formatCounts(c.Pods.ByStatus)
	}
	return fmt.Sprintf("%s (%s, %s, %s)", c.Name, c.ID, compute, status)
}

// listedModel is the cluster as an import reads it (importedModel), plus,
// for a cluster not made from a template, the container settings of its
// primary member, so that the generated configuration has the image a
// cluster needs and records the settings the cluster was made with.
func listedModel(ctx context.Context, l *clusterList, c *listedCluster) (resourceModel, diag.Diagnostics) {
	m, diags := importedModel(ctx, &clusterResource{ResourceBase: l.ResourceBase}, &c.Cluster)
	if diags.HasError() {
		return m, diags
	}
	client, d := l.Data.Client()
	diags.Append(d...)
	if d.HasError() {
		return m, diags
	}
	diags.Append(m.setContainerFromMembers(ctx, client, &c.Cluster)...)
	return m, diags
}

// setContainerFromMembers sets, for a cluster not made from a template, the
// container settings from its primary member: Runpod does not return them
// on the cluster. An import reads them this way too, so that a configuration
// generated from a list result plans to the import alone. A cluster whose
// members cannot be read keeps them null, with a warning.
func (m *resourceModel) setContainerFromMembers(ctx context.Context, client *runpod.Client, c *runpod.Cluster) diag.Diagnostics {
	var diags diag.Diagnostics
	if c.Template != "" {
		return diags
	}
	members, err := client.ListClusterPods(ctx, c.ID)
	if err != nil || len(members) == 0 {
		detail := "it has no member pods"
		if err != nil {
			detail = diagnostics.APIErrorDetail(fmt.Sprintf("listing the member pods of cluster %s", c.ID), err)
		}
		diags.AddWarning("Cluster Container Settings Not Read",
			fmt.Sprintf("Runpod does not return the container settings of cluster %q (%s) on the cluster, and they could "+
				"not be read from its member pods: %s. The result (and configuration generated from it) has no image; set "+
				"image (and the other container settings) as the cluster was created before planning an import.",
				c.Name, c.ID, detail))
		return diags
	}
	primary := primaryMember(c, members)
	diags.Append(m.setContainerFrom(ctx, primary)...)
	if c.Primary != nil && c.Primary.SSHEndpoint != "" && primary.ID == c.Primary.PodID {
		m.PrimarySSHDirect = pod.SSHDirect(primary)
	}
	return diags
}

// primaryMember is the rank-0 member, or the first one.
func primaryMember(c *runpod.Cluster, members []runpod.Pod) *runpod.Pod {
	for i := range members {
		if c.Primary != nil && members[i].ID == c.Primary.PodID {
			return &members[i]
		}
	}
	return &members[0]
}

// injectedEnvKeys are the env keys the start flags add to every member
// (the account's SSH keys, a generated JupyterLab password): never
// configuration, and the password is a secret.
var injectedEnvKeys = []string{"PUBLIC_KEY", "JUPYTER_PASSWORD"}

// setContainerFrom sets the inline container settings and the volume from a
// member pod: what the cluster was created with, as the members got it.
func (m *resourceModel) setContainerFrom(ctx context.Context, p *runpod.Pod) diag.Diagnostics {
	var diags, d diag.Diagnostics
	m.Image = types.StringValue(p.Image)
	if p.Args != "" {
		m.Args = types.StringValue(p.Args)
	}
	m.ContainerDiskGB = types.Int64Value(int64(p.Disk))
	if len(p.Ports) > 0 {
		ports := slices.Clone(p.Ports)
		slices.Sort(ports)
		m.Ports, d = types.SetValueFrom(ctx, types.StringType, ports)
		diags.Append(d...)
	}
	env := map[string]string{}
	for k, v := range p.Env {
		if !slices.Contains(injectedEnvKeys, k) {
			env[k] = v
		}
	}
	if len(env) > 0 {
		m.Env, d = types.MapValueFrom(ctx, types.StringType, env)
		diags.Append(d...)
	}
	if pm := p.Mounts.Persistent; pm != nil {
		m.PersistentVolume, d = types.ObjectValueFrom(ctx, m.PersistentVolume.AttributeTypes(ctx),
			containerschema.PersistentVolumeModel{SizeGB: types.Int64Value(int64(pm.Size)), Path: types.StringValue(pm.Path)})
		diags.Append(d...)
	}
	if len(p.Mounts.Network) > 0 {
		nm := p.Mounts.Network[0]
		m.NetworkVolume, d = types.ObjectValueFrom(ctx, m.NetworkVolume.AttributeTypes(ctx),
			containerschema.NetworkVolumeModel{VolumeID: types.StringValue(nm.VolumeID), Path: types.StringValue(nm.Path)})
		diags.Append(d...)
	}
	return diags
}

// importedModel is the cluster as an import reads it: the Read that
// follows ImportState refreshes a state that holds only the id and
// estimates the cost once.
func importedModel(ctx context.Context, r *clusterResource, c *runpod.Cluster) (resourceModel, diag.Diagnostics) {
	m, diags := listresources.ImportedModel[resourceModel](ctx, r, c.ID)
	if diags.HasError() {
		return m, diags
	}
	m = fromAPI(ctx, c, m)
	m.EstimatedCostPerHour = r.estimate(ctx, m)
	return m, diags
}
