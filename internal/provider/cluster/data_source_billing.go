package cluster

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
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
	ClusterID          types.String   `tfsdk:"cluster_id"`
	StartTime          types.String   `tfsdk:"start_time"`
	EndTime            types.String   `tfsdk:"end_time"`
	LastN              types.Int64    `tfsdk:"last_n"`
	BucketSize         types.String   `tfsdk:"bucket_size"`
	Window             types.Object   `tfsdk:"window"`
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
	windowAttrTypes = map[string]attr.Type{
		"start_time": types.StringType, "end_time": types.StringType, "bucket_size": types.StringType,
	}
	amountsAttrTypes = map[string]attr.Type{
		"total_amount": types.Float64Type, "gpu_amount": types.Float64Type,
		"disk_amount": types.Float64Type, "networking_amount": types.Float64Type,
	}
)

var bucketSizes = []string{runpod.BucketHour, runpod.BucketDay, runpod.BucketWeek, runpod.BucketMonth, runpod.BucketYear}

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
	timeValidators := []validator.String{rfc3339{}, stringvalidator.ConflictsWith(path.MatchRoot("last_n"))}

	resp.Schema = schema.Schema{
		MarkdownDescription: "What the account's Instant Clusters have actually cost (`GET /v2/billing/clusters`): one " +
			"record per cluster per time bucket, and the totals. This is the real spend; the `estimated_cost_per_hour` " +
			"of `runpod_cluster` is a catalog estimate, and cluster pods can bill above it. Deleted clusters keep their " +
			"history. The window defaults to the last 30 days in daily buckets; Runpod widens it to whole buckets.",
		Attributes: map[string]schema.Attribute{
			"cluster_id": schema.StringAttribute{
				MarkdownDescription: "Only this cluster's records. Unset: every cluster's.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"start_time": schema.StringAttribute{
				MarkdownDescription: "Start of the window (RFC 3339, e.g. `2026-01-01T00:00:00Z`), rounded down to its bucket. " +
					"Defaults to 30 days ago. Conflicts with `last_n`.",
				Optional:   true,
				Validators: timeValidators,
			},
			"end_time": schema.StringAttribute{
				MarkdownDescription: "End of the window, exclusive (RFC 3339), rounded up to its bucket. Defaults to now. " +
					"Conflicts with `last_n`.",
				Optional:   true,
				Validators: timeValidators,
			},
			"last_n": schema.Int64Attribute{
				MarkdownDescription: "Instead of a start and end: the last N buckets, ending with the current one.",
				Optional:            true,
				Validators:          []validator.Int64{int64validator.AtLeast(1)},
			},
			"bucket_size": schema.StringAttribute{
				MarkdownDescription: "Bucket length: `hour`, `day` (the default), `week`, `month` or `year`.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.OneOf(bucketSizes...)},
			},
			"window": schema.SingleNestedAttribute{
				MarkdownDescription: "The window Runpod answered for, after rounding to whole buckets.",
				Computed:            true,
				Attributes: map[string]schema.Attribute{
					"start_time":  schema.StringAttribute{MarkdownDescription: "Start (RFC 3339, UTC).", Computed: true},
					"end_time":    schema.StringAttribute{MarkdownDescription: "End, exclusive.", Computed: true},
					"bucket_size": schema.StringAttribute{MarkdownDescription: "Bucket length.", Computed: true},
				},
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
		},
	}
}

func (d *billingDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var cfg billingModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || !tfvalue.Known(cfg.StartTime) || !tfvalue.Known(cfg.EndTime) {
		return
	}
	start, err1 := time.Parse(time.RFC3339, cfg.StartTime.ValueString())
	end, err2 := time.Parse(time.RFC3339, cfg.EndTime.ValueString())
	if err1 == nil && err2 == nil && !start.Before(end) {
		resp.Diagnostics.AddAttributeError(path.Root("end_time"), "Empty Billing Window",
			fmt.Sprintf("end_time (%s) must be after start_time (%s).", cfg.EndTime.ValueString(), cfg.StartTime.ValueString()))
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
	q := runpod.BillingQuery{
		BucketSize: cfg.BucketSize.ValueString(),
		LastN:      int(cfg.LastN.ValueInt64()),
		ID:         cfg.ClusterID.ValueString(),
	}
	// The validators have checked the format.
	if tfvalue.Known(cfg.StartTime) {
		q.StartTime, _ = time.Parse(time.RFC3339, cfg.StartTime.ValueString())
	}
	if tfvalue.Known(cfg.EndTime) {
		q.EndTime, _ = time.Parse(time.RFC3339, cfg.EndTime.ValueString())
	}
	b, err := client.ListClusterBilling(ctx, q)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Cluster Billing", "reading cluster billing", err))
		return
	}
	out := cfg
	out.Records = make([]billingEntry, 0, len(b.Records))
	for _, r := range b.Records {
		out.Records = append(out.Records, billingEntry{
			StartTime:        types.StringValue(formatTime(r.StartTime)),
			EndTime:          types.StringValue(formatTime(r.EndTime)),
			ClusterID:        types.StringValue(r.ClusterID),
			TotalAmount:      types.Float64Value(r.TotalAmount),
			GPUAmount:        types.Float64Value(r.GPUAmount),
			DiskAmount:       types.Float64Value(r.DiskAmount),
			NetworkingAmount: types.Float64Value(r.NetworkingAmount),
		})
	}
	out.RecordCount = types.Int64Value(int64(b.Metadata.RecordCount))
	out.UniqueClusterCount = types.Int64Value(int64(b.Metadata.UniqueClusterCount))
	out.Window = types.ObjectValueMust(windowAttrTypes, map[string]attr.Value{
		"start_time":  types.StringValue(formatTime(b.Metadata.Query.StartTime)),
		"end_time":    types.StringValue(formatTime(b.Metadata.Query.EndTime)),
		"bucket_size": types.StringValue(b.Metadata.Query.BucketSize),
	})
	t := b.Metadata.Totals
	out.Totals = types.ObjectValueMust(amountsAttrTypes, map[string]attr.Value{
		"total_amount":      types.Float64Value(t.TotalAmount),
		"gpu_amount":        types.Float64Value(t.GPUAmount),
		"disk_amount":       types.Float64Value(t.DiskAmount),
		"networking_amount": types.Float64Value(t.NetworkingAmount),
	})
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// rfc3339 validates a timestamp as the billing API takes it.
type rfc3339 struct{}

func (rfc3339) Description(context.Context) string {
	return "must be an RFC 3339 timestamp, e.g. 2026-01-01T00:00:00Z"
}

func (v rfc3339) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v rfc3339) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !tfvalue.Known(req.ConfigValue) {
		return
	}
	if _, err := time.Parse(time.RFC3339, req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Timestamp",
			fmt.Sprintf("%q is not a valid timestamp: it %s.", req.ConfigValue.ValueString(), v.Description(ctx)))
	}
}
