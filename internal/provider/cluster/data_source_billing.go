package cluster

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/billing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
)

// NewBillingDataSource is the runpod_cluster_billing data source factory.
func NewBillingDataSource() datasource.DataSource {
	return &datasources.Single[billingModel]{
		TypeName: "runpod_cluster_billing", BuildSchema: billingSchema, Validate: billingModel.Validate, Fetch: readBilling,
	}
}

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

func billingSchema() schema.Schema {
	amount := datasources.Float64
	amounts := func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"total_amount":      amount("Everything billed, USD."),
			"gpu_amount":        amount("GPU time, USD."),
			"disk_amount":       amount("Disk, USD."),
			"networking_amount": amount("Networking, USD."),
		}
	}
	record := billing.RecordAttributes(amounts())
	record["cluster_id"] = datasources.String("The cluster billed.")

	attrs := billing.WindowAttributes()
	return schema.Schema{
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
			"records": datasources.ListOf("Spend per cluster per bucket, in the API's order (by bucket, then cluster). "+
				"A cluster with any spend in the window has a record for every bucket, zero amounts included.", record),
			"record_count":         datasources.Int64("Number of records."),
			"unique_cluster_count": datasources.Int64("Number of distinct clusters billed."),
			"totals":               datasources.Object("Sums over every record.", amounts()),
		}),
	}
}

func merge(into, from map[string]schema.Attribute) map[string]schema.Attribute {
	for k, v := range from {
		into[k] = v
	}
	return into
}

func readBilling(ctx context.Context, api datasources.Source, cfg billingModel) (billingModel, diag.Diagnostics) {
	b, err := api.Client.ListClusterBilling(ctx, cfg.Query(cfg.ClusterID.ValueString()))
	if err != nil {
		return cfg, diag.Diagnostics{diagnostics.APIError("Cannot Read Cluster Billing", "reading cluster billing", err)}
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
	return out, nil
}
