package cluster

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource              = (*podsDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*podsDataSource)(nil)
)

// NewPodsDataSource is the runpod_cluster_pods data source factory.
func NewPodsDataSource() datasource.DataSource { return &podsDataSource{} }

type podsDataSource struct{ providerdata.DataSourceBase }

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

func (d *podsDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_cluster_pods"
}

func (d *podsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the member pods of an Instant Cluster, by rank, with what each costs now. Member pods " +
			"are managed through their cluster: Runpod refuses to change or delete one on its own.",
		Attributes: map[string]schema.Attribute{
			"cluster_id": schema.StringAttribute{
				MarkdownDescription: "Id of the cluster, e.g. `runpod_cluster.train.id`.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"pods": schema.ListNestedAttribute{
				MarkdownDescription: "The members, rank 0 (the primary) first.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":     str("The pod's id."),
					"name":   str("The pod's name."),
					"status": str("`PROVISIONING`, `STARTING`, `RUNNING`, `EXITED`, `ERROR` or `TERMINATED`."),
					"rank": schema.Int64Attribute{
						MarkdownDescription: "The pod's rank in the cluster, from 0; null until assigned.",
						Computed:            true,
					},
					"role": str("`SLURM_CONTROLLER`/`SLURM_COMPUTE` or `RAY_HEAD`/`RAY_WORKER` for those cluster types; " +
						"null for the others."),
					"ip":          str("The pod's address on the cluster's private network."),
					"gpu_type_id": str("The pod's GPU type."),
					"gpu_count": schema.Int64Attribute{
						MarkdownDescription: "GPUs in the pod.",
						Computed:            true,
					},
					"data_center_id": str("The pod's data center."),
					"cost_per_hour": schema.Float64Attribute{
						MarkdownDescription: "What the pod bills now, USD per hour (0 while stopped).",
						Computed:            true,
					},
				}},
			},
			"total_cost_per_hour": schema.Float64Attribute{
				MarkdownDescription: "The sum of the members' `cost_per_hour`: the cluster's rate now. Billing records are " +
					"in `runpod_cluster_billing`.",
				Computed: true,
			},
		},
	}
}

func (d *podsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg podsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := cfg.ClusterID.ValueString()
	pods, err := client.ListClusterPods(ctx, id)
	if runpod.IsNotFound(err) {
		resp.Diagnostics.Append(datasources.NotFound(path.Root("cluster_id"), apiKind.Noun, id))
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Cluster Pods", fmt.Sprintf("listing the pods of cluster %s", id), err))
		return
	}
	sort.SliceStable(pods, func(i, j int) bool { return rankKey(pods[i]) < rankKey(pods[j]) })
	out := podsModel{ClusterID: cfg.ClusterID, Pods: make([]memberModel, 0, len(pods))}
	total := 0.0
	for _, p := range pods {
		out.Pods = append(out.Pods, memberFromAPI(p))
		total += p.Cost
	}
	out.TotalCostPerHour = types.Float64Value(math.Round(total*1e6) / 1e6)
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
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
