package cluster

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/billing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource                   = (*billingDataSource)(nil)
	_ datasource.DataSourceWithConfigure      = (*billingDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig = (*billingDataSource)(nil)
)

// NewBillingDataSource is the runpod_cluster_billing data source factory.
func NewBillingDataSource() datasource.DataSource { return &billingDataSource{} }

type billingDataSource struct{ providerdata.DataSourceBase }

type billingModel struct {
	billing.WindowModel
	ClusterID          types.String   `tfsdk:"cluster_id"`
	Records            []billingEntry `tfsdk:"records"`
	RecordCount        types.Int64    `tfsdk:"record_count"`
	UniqueClusterCount types.Int64    `tfsdk:"unique_cluster_count"`
	Totals             types.Object   `tfsdk:"totals"`
}

// billingEntry is one cluster's spend in one bucket.
type billingEntry struct {
	StartTime        types.String  `tfsdk:"start_time"`
	EndTime          types.String  `tfsdk:"end_time"`
	ClusterID        types.String  `tfsdk:"cluster_id"`
	TotalAmount      types.Float64 `tfsdk:"total_amount"`
	GPUAmount        types.Float64 `tfsdk:"gpu_amount"`
	DiskAmount       types.Float64 `tfsdk:"disk_amount"`
	NetworkingAmount types.Float64 `tfsdk:"networking_amount"`
}

var (
	amountsAttrTypes = map[string]attr.Type{
		"total_amount": types.Float64Type, "gpu_amount": types.Float64Type,
		"disk_amount": types.Float64Type, "networking_amount": types.Float64Type,
	}
)

func (d *billingDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_cluster_billing"
}

func (d *billingDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	amount := func(desc string) schema.Attribute {
		return schema.Float64Attribute{MarkdownDescription: desc, Computed: true}
	}
	amounts := func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"total_amount":      amount("Everything billed, USD."),
			"gpu_amount":        amount("GPU time, USD."),
			"disk_amount":       amount("Disk, USD."),
			"networking_amount": amount("Networking, USD."),
		}
	}
	record := amounts()
	record["start_time"] = schema.StringAttribute{MarkdownDescription: "Start of the bucket (RFC 3339, UTC).", Computed: true}
	record["end_time"] = schema.StringAttribute{MarkdownDescription: "End of the bucket, exclusive.", Computed: true}
	record["cluster_id"] = schema.StringAttribute{MarkdownDescription: "The cluster billed.", Computed: true}

	attrs := billing.WindowAttributes()
	resp.Schema = schema.Schema{
		MarkdownDescription: "What the account's Instant Clusters have actually cost (`GET /v2/billing/clusters`): one " +
			"record per cluster per time bucket, and the totals. This is the real spend; the `estimated_cost_per_hour` " +
			"of `runpod_cluster` is a catalog estimate, and cluster pods can bill above it. Deleted clusters keep their " +
			"history. The window defaults to the last 30 days in daily buckets; Runpod widens it to whole buckets.",
		Attributes: merge(attrs, map[string]schema.Attribute{
			"cluster_id": schema.StringAttribute{
				MarkdownDescription: "Only this cluster's records. Unset: every cluster's.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"records": schema.ListNestedAttribute{
				MarkdownDescription: "Spend per cluster per bucket, in the API's order (by bucket, then cluster). A cluster " +
					"with any spend in the window has a record for every bucket, zero amounts included.",
				Computed:     true,
				NestedObject: schema.NestedAttributeObject{Attributes: record},
			},
			"record_count":         schema.Int64Attribute{MarkdownDescription: "Number of records.", Computed: true},
			"unique_cluster_count": schema.Int64Attribute{MarkdownDescription: "Number of distinct clusters billed.", Computed: true},
			"totals": schema.SingleNestedAttribute{
				MarkdownDescription: "Sums over every record.",
				Computed:            true,
				Attributes:          amounts(),
			},
		}),
	}
}

func merge(into, from map[string]schema.Attribute) map[string]schema.Attribute {
	for k, v := range from {
		into[k] = v
	}
	return into
}

func (d *billingDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var cfg billingModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if !resp.Diagnostics.HasError() {
		cfg.Validate(&resp.Diagnostics)
	}
}

func (d *billingDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg billingModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	b, err := client.ListClusterBilling(ctx, cfg.Query(cfg.ClusterID.ValueString()))
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Cluster Billing", "reading cluster billing", err))
		return
	}
	out := cfg
	out.Records = make([]billingEntry, 0, len(b.Records))
	for _, r := range b.Records {
		out.Records = append(out.Records, billingEntry{
			StartTime:        types.StringValue(billing.FormatTime(r.StartTime)),
			EndTime:          types.StringValue(billing.FormatTime(r.EndTime)),
			ClusterID:        types.StringValue(r.ClusterID),
			TotalAmount:      types.Float64Value(r.TotalAmount),
			GPUAmount:        types.Float64Value(r.GPUAmount),
			DiskAmount:       types.Float64Value(r.DiskAmount),
			NetworkingAmount: types.Float64Value(r.NetworkingAmount),
		})
	}
	out.RecordCount = types.Int64Value(int64(b.Metadata.RecordCount))
	out.UniqueClusterCount = types.Int64Value(int64(b.Metadata.UniqueClusterCount))
	out.Resolved = billing.WindowValue(b.Metadata.Query.StartTime, b.Metadata.Query.EndTime, b.Metadata.Query.BucketSize)
	t := b.Metadata.Totals
	out.Totals = types.ObjectValueMust(amountsAttrTypes, map[string]attr.Value{
		"total_amount":      types.Float64Value(t.TotalAmount),
		"gpu_amount":        types.Float64Value(t.GPUAmount),
		"disk_amount":       types.Float64Value(t.DiskAmount),
		"networking_amount": types.Float64Value(t.NetworkingAmount),
	})
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}
