package cluster

import (
	"context"
	"math"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewPodsDataSource is the runpod_cluster_pods data source factory.
func NewPodsDataSource() datasource.DataSource {
	return &datasources.Single[podsModel]{TypeName: "runpod_cluster_pods", BuildSchema: podsSchema, Fetch: readPods}
}

type podsModel struct {
	ClusterID        types.String  `tfsdk:"cluster_id"`
	Pods             []memberModel `tfsdk:"pods"`
	TotalCostPerHour types.Float64 `tfsdk:"total_cost_per_hour"`
}

// memberModel is one member pod as the cluster sees it.
type memberModel struct {
	ID           types.String  `tfsdk:"id"`
	Name         types.String  `tfsdk:"name"`
	Status       types.String  `tfsdk:"status"`
	Rank         types.Int64   `tfsdk:"rank"`
	Role         types.String  `tfsdk:"role"`
	IP           types.String  `tfsdk:"ip"`
	GPUTypeID    types.String  `tfsdk:"gpu_type_id"`
	GPUCount     types.Int64   `tfsdk:"gpu_count"`
	DataCenterID types.String  `tfsdk:"data_center_id"`
	CostPerHour  types.Float64 `tfsdk:"cost_per_hour"`
}

func podsSchema() schema.Schema {
	str := datasources.String
	return schema.Schema{
		MarkdownDescription: "Lists the member pods of an Instant Cluster, by rank, with what each costs now. Member pods " +
			"are managed through their cluster: Runpod refuses to change or delete one on its own.",
		Attributes: map[string]schema.Attribute{
			"cluster_id": datasources.RequiredID("Id of the cluster, e.g. `runpod_cluster.train.id`."),
			"pods": datasources.ListOf("The members, rank 0 (the primary) first.", map[string]schema.Attribute{
				"id":     str("The pod's id."),
				"name":   str("The pod's name."),
				"status": str("`PROVISIONING`, `STARTING`, `RUNNING`, `EXITED`, `ERROR` or `TERMINATED`."),
				"rank":   datasources.Int64("The pod's rank in the cluster, from 0; null until assigned."),
				"role": str("`SLURM_CONTROLLER`/`SLURM_COMPUTE` or `RAY_HEAD`/`RAY_WORKER` for those cluster types; " +
					"null for the others."),
				"ip":             str("The pod's address on the cluster's private network."),
				"gpu_type_id":    str("The pod's GPU type."),
				"gpu_count":      datasources.Int64("GPUs in the pod."),
				"data_center_id": str("The pod's data center."),
				"cost_per_hour":  datasources.Float64("What the pod bills now, USD per hour (0 while stopped)."),
			}),
			"total_cost_per_hour": datasources.Float64("The sum of the members' `cost_per_hour`: the cluster's rate now. " +
				"Billing records are in `runpod_cluster_billing`."),
		},
	}
}

func readPods(ctx context.Context, api datasources.Source, cfg podsModel) (podsModel, diag.Diagnostics) {
	id := cfg.ClusterID.ValueString()
	pods, err := api.Client.ListClusterPods(ctx, id)
	if err != nil {
		return cfg, diag.Diagnostics{Kind.ChildrenError(path.Root("cluster_id"), "pods", id, err)}
	}
	sort.SliceStable(pods, func(i, j int) bool { return rankKey(pods[i]) < rankKey(pods[j]) })
	out := podsModel{ClusterID: cfg.ClusterID, Pods: make([]memberModel, 0, len(pods))}
	total := 0.0
	for _, p := range pods {
		out.Pods = append(out.Pods, memberFromAPI(p))
		total += p.Cost
	}
	out.TotalCostPerHour = types.Float64Value(math.Round(total*1e6) / 1e6)
	return out, nil
}

// rankKey sorts members by rank, unranked last.
func rankKey(p runpod.Pod) int {
	if p.Cluster == nil || p.Cluster.Rank == nil {
		return math.MaxInt
	}
	return *p.Cluster.Rank
}

func memberFromAPI(p runpod.Pod) memberModel {
	m := memberModel{
		ID:           types.StringValue(p.ID),
		Name:         types.StringValue(p.Name),
		Status:       types.StringValue(p.Status),
		Rank:         types.Int64Null(),
		Role:         types.StringNull(),
		IP:           types.StringNull(),
		GPUTypeID:    types.StringNull(),
		GPUCount:     types.Int64Null(),
		DataCenterID: types.StringPointerValue(p.DataCenterID),
		CostPerHour:  types.Float64Value(p.Cost),
	}
	if c := p.Cluster; c != nil {
		if c.Rank != nil {
			m.Rank = types.Int64Value(int64(*c.Rank))
		}
		m.Role = optionalString(c.Role)
		m.IP = optionalString(c.IP)
	}
	if p.GPU != nil {
		m.GPUTypeID = types.StringValue(p.GPU.ID)
		m.GPUCount = types.Int64Value(int64(p.GPU.Count))
	}
	return m
}
