package cluster

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource                     = (*clusterDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*clusterDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*clusterDataSource)(nil)
)

// NewDataSource is the runpod_cluster data source factory.
func NewDataSource() datasource.DataSource { return &clusterDataSource{} }

type clusterDataSource struct{ providerdata.DataSourceBase }

func (d *clusterDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_cluster"
}

// dataSourceAttributes describes what the API returns of a cluster, all
// computed; the lookup keys are overridden by the caller.
func dataSourceAttributes() map[string]schema.Attribute {
	str := func(desc string) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
	}
	num := func(desc string) schema.Attribute {
		return schema.Int64Attribute{MarkdownDescription: desc, Computed: true}
	}
	return map[string]schema.Attribute{
		"id":                str("The cluster's id."),
		"name":              str("The cluster's name."),
		"type":              str("`TRAINING`, `APPLICATION`, `SLURM` or `RAY`."),
		"gpu_type_id":       str("GPU type of every member."),
		"gpu_count_per_pod": num("GPUs in each member pod."),
		"pod_count":         num("Number of member pods the cluster has now (it changes when the cluster is scaled in the console)."),
		"template_id":       str("Id of the template the members were created from, if any."),
		"data_center_id":    str("The data center the cluster is in; null until its first pod is placed."),
		"pods_by_status": schema.MapAttribute{
			MarkdownDescription: "How many member pods are in each status; statuses without pods are absent.",
			ElementType:         types.Int64Type,
			Computed:            true,
		},
		"primary_pod_id":       str("Id of the rank-0 member pod."),
		"primary_ssh_endpoint": str("`host:port` of the primary pod's public SSH port, or null."),
		"network_cidr":         str("Address range of the members' private network."),
		"created_at":           str("When the cluster was created (RFC 3339, UTC)."),
	}
}

func (d *clusterDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := dataSourceAttributes()
	attrs["id"] = schema.StringAttribute{
		MarkdownDescription: "Id of the cluster to read. Exactly one of `id` and `name` must be set.",
		Optional:            true,
		Computed:            true,
	}
	attrs["name"] = schema.StringAttribute{
		MarkdownDescription: "Name of the cluster to read. Cluster names need not be unique: reading by a name that several " +
			"clusters share is an error listing their ids. Exactly one of `id` and `name` must be set.",
		Optional: true,
		Computed: true,
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads one Instant Cluster of the account, by id or by a name no other cluster has. " +
			"`runpod_cluster_pods` lists its members and `runpod_cluster_billing` what it has cost.",
		Attributes: attrs,
	}
}

func (d *clusterDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
	}
}

func (d *clusterDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg clusterModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	if id := cfg.ID.ValueString(); id != "" {
		c, err := client.GetCluster(ctx, id)
		if runpod.IsNotFound(err) {
			resp.Diagnostics.AddAttributeError(path.Root("id"), "Cluster Not Found",
				fmt.Sprintf("No cluster with id %q exists or is visible to this API key.", id))
			return
		}
		if err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Cluster", fmt.Sprintf("reading cluster %s", id), err))
			return
		}
		resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(c))...)
		return
	}

	name := cfg.Name.ValueString()
	all, err := client.ListClusters(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Clusters", "listing clusters", err))
		return
	}
	var matches []runpod.Cluster
	for _, c := range all {
		if c.Name == name {
			matches = append(matches, c)
		}
	}
	switch len(matches) {
	case 0:
		resp.Diagnostics.AddAttributeError(path.Root("name"), "Cluster Not Found",
			fmt.Sprintf("The account has no cluster named %q.", name))
	case 1:
		resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(&matches[0]))...)
	default:
		sort.Slice(matches, func(i, j int) bool { return matches[i].ID < matches[j].ID })
		list := make([]string, len(matches))
		for i, c := range matches {
			list[i] = fmt.Sprintf("  - %s (%d pods × %d %s in %s)", c.ID, c.Compute.PodCount, c.Compute.GPUCountPerPod,
				c.Compute.GPUTypeID, orDash(c.DataCenterID))
		}
		resp.Diagnostics.AddAttributeError(path.Root("name"), "Cluster Name Is Ambiguous",
			fmt.Sprintf("%d clusters are named %q, so the name does not say which one to read:\n%s\n\n"+
				"Read it by id instead, or list them all with the runpod_clusters data source.",
				len(matches), name, strings.Join(list, "\n")))
	}
}
