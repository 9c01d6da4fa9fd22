package cluster

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewDataSource is the runpod_cluster data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Lookup[runpod.Cluster, clusterModel]{
		Kind:        Kind,
		TypeName:    "runpod_cluster",
		BuildSchema: dataSourceSchema,
		Describe: func(c *runpod.Cluster) string {
			return fmt.Sprintf("%s (%d pods × %d %s in %s)", c.ID, c.Compute.PodCount, c.Compute.GPUCountPerPod,
				c.Compute.GPUTypeID, orDash(c.DataCenterID))
		},
		Convert: datasources.Converter(viewFromAPI),
	}
}

// dataSourceAttributes describes what the API returns of a cluster, all
// computed; the lookup keys are overridden by the caller.
func dataSourceAttributes() map[string]schema.Attribute {
	str, num := datasources.String, datasources.Int64
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

func dataSourceSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads one Instant Cluster of the account, by id or by a name no other cluster has. " +
			"`runpod_cluster_pods` lists its members and `runpod_cluster_billing` what it has cost.",
		Attributes: datasources.WithSharedNameLookupKeys(dataSourceAttributes(), Kind.Noun),
	}
}
