package billing

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// NewDataSource is the runpod_billing data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Single[model]{TypeName: "runpod_billing", BuildSchema: dataSourceSchema, Validate: model.validate, Fetch: read}
}

type model struct {
	WindowModel
	Kind            types.String             `tfsdk:"kind"`
	ResourceID      types.String             `tfsdk:"resource_id"`
	Records         []recordModel            `tfsdk:"records"`
	RecordCount     types.Int64              `tfsdk:"record_count"`
	UniqueCount     types.Int64              `tfsdk:"unique_count"`
	TotalAmount     types.Float64            `tfsdk:"total_amount"`
	Totals          map[string]types.Float64 `tfsdk:"totals"`
	TotalByResource map[string]types.Float64 `tfsdk:"total_by_resource"`
}

type recordModel struct {
	StartTime   types.String             `tfsdk:"start_time"`
	EndTime     types.String             `tfsdk:"end_time"`
	ResourceID  types.String             `tfsdk:"resource_id"`
	TotalAmount types.Float64            `tfsdk:"total_amount"`
	Amounts     map[string]types.Float64 `tfsdk:"amounts"`
}

func kindNames() []string {
	out := make([]string, len(runpod.BillingKinds))
	for i, k := range runpod.BillingKinds {
		out[i] = string(k)
	}
	return out
}

const amountsDoc = "Keys are the API's amount names in snake case, by `kind`: " +
	"`pods`: `gpu_amount`, `cpu_amount`, `disk_amount`; " +
	"`serverless`: `gpu_amount`, `cpu_amount`, `disk_amount`, `fee_amount`; " +
	"`network_volumes`: `standard_amount`, `high_performance_amount`; " +
	"`clusters`: `gpu_amount`, `disk_amount`, `networking_amount`; " +
	"`public_endpoints`: none beyond the total; " +
	"`all`: `pod_gpu_amount`, `pod_cpu_amount`, `pod_disk_amount`, `serverless_gpu_amount`, `serverless_cpu_amount`, " +
	"`serverless_disk_amount`, `serverless_fee_amount`, `storage_standard_amount`, `storage_high_performance_amount`, " +
	"`endpoint_amount`, `cluster_gpu_amount`, `cluster_disk_amount`, `cluster_networking_amount`."

func dataSourceSchema() schema.Schema {
	attrs := WindowAttributes()
	attrs["kind"] = schema.StringAttribute{
		MarkdownDescription: "What to read: `all` (the whole account, one record per bucket, `GET /v2/billing`), `pods`, " +
			"`serverless` (your serverless endpoints), `public_endpoints` (Runpod's managed model APIs, not your " +
			"endpoints), `network_volumes` or `clusters`.",
		Required:   true,
		Validators: []validator.String{stringvalidator.OneOf(kindNames()...)},
	}
	attrs["resource_id"] = schema.StringAttribute{
		MarkdownDescription: "Only this pod's, endpoint's, network volume's or cluster's records (the kind's id filter). " +
			"Not accepted for `all` and `public_endpoints`, which carry no ids. An id with no spend gives no records.",
		Optional:   true,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	amounts := func(desc string) schema.Attribute {
		return schema.MapAttribute{MarkdownDescription: desc + " " + amountsDoc, Computed: true, ElementType: types.Float64Type}
	}
	attrs["records"] = datasources.ListOf("Spend per bucket (and per resource, for kinds with ids), in the API's order: "+
		"by bucket, then resource. A resource with any spend in the window has a record for every bucket, zero amounts "+
		"included; expect gaps otherwise.", RecordAttributes(map[string]schema.Attribute{
		"resource_id":  datasources.String("The resource billed; null for `all` and `public_endpoints`."),
		"total_amount": datasources.Float64("Everything billed in the bucket, USD."),
		"amounts":      amounts("The components of `total_amount`, USD."),
	}))
	attrs["record_count"] = datasources.Int64("Number of records.")
	attrs["unique_count"] = datasources.Int64("Number of distinct resources billed; null for `all` and `public_endpoints`.")
	attrs["total_amount"] = datasources.Float64("Everything billed in the window, USD.")
	attrs["totals"] = amounts("The components of `total_amount` over the window, USD.")
	attrs["total_by_resource"] = schema.MapAttribute{
		MarkdownDescription: "Total USD per resource id over the window (the sum of its records' `total_amount`); empty for " +
			"`all` and `public_endpoints`.",
		Computed:    true,
		ElementType: types.Float64Type,
	}
	return schema.Schema{
		MarkdownDescription: "What the account has actually spent, in USD, from Runpod's billing (`GET /v2/billing` and " +
			"its per-kind routes), in time buckets, with totals. One data source covers every kind: the window arguments, " +
			"their checks and the output are the same, and only the amount components differ (they are in `amounts` " +
			"maps). The window defaults to the last 30 days in daily buckets; Runpod widens it to whole UTC buckets. " +
			"Billing runs every few minutes, so the newest bucket lags and changes; a closed, past window gives a steady " +
			"plan, while the defaults and `last_n` move on every run. Deleted resources keep their history. " +
			"`runpod_cluster_billing` reads cluster spend with fixed attributes.",
		Attributes: attrs,
	}
}

// validate checks the window, and that resource_id is only set for a kind
// with ids.
func (cfg model) validate(diags *diag.Diagnostics) {
	cfg.Validate(diags)
	if tfvalue.Known(cfg.Kind) && !cfg.ResourceID.IsNull() && runpod.BillingFilter(runpod.BillingKind(cfg.Kind.ValueString())) == "" {
		diags.AddAttributeError(path.Root("resource_id"), "No Id Filter for This Kind",
			fmt.Sprintf("kind = %q has no per-resource records, so resource_id cannot filter it. Remove resource_id, or use "+
				"kind = \"pods\", \"serverless\", \"network_volumes\" or \"clusters\".", cfg.Kind.ValueString()))
	}
}

func read(ctx context.Context, api datasources.Source, cfg model) (model, diag.Diagnostics) {
	kind := runpod.BillingKind(cfg.Kind.ValueString())
	b, err := api.Client.ListBilling(ctx, kind, cfg.Query(cfg.ResourceID.ValueString()))
	if err != nil {
		return cfg, diag.Diagnostics{diagnostics.APIError("Cannot Read Billing", fmt.Sprintf("reading %s billing", kind), err)}
	}
	hasIDs := runpod.BillingFilter(kind) != ""
	out := cfg
	out.Records = make([]recordModel, 0, len(b.Records))
	out.TotalByResource = map[string]types.Float64{}
	byResource := map[string]float64{}
	for _, r := range b.Records {
		total, parts := split(r.Amounts)
		rec := recordModel{
			StartTime:   types.StringValue(FormatTime(r.StartTime)),
			EndTime:     types.StringValue(FormatTime(r.EndTime)),
			ResourceID:  types.StringNull(),
			TotalAmount: types.Float64Value(total),
			Amounts:     parts,
		}
		if hasIDs {
			rec.ResourceID = types.StringValue(r.ID)
			byResource[r.ID] += total
		}
		out.Records = append(out.Records, rec)
	}
	ids := make([]string, 0, len(byResource))
	for id := range byResource {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		out.TotalByResource[id] = types.Float64Value(roundUSD(byResource[id]))
	}
	out.RecordCount = types.Int64Value(int64(b.RecordCount))
	out.UniqueCount = types.Int64Null()
	if b.UniqueCount != nil {
		out.UniqueCount = types.Int64Value(int64(*b.UniqueCount))
	}
	total, parts := split(b.Totals)
	out.TotalAmount, out.Totals = types.Float64Value(total), parts
	out.Resolved = WindowValue(b.Window.StartTime, b.Window.EndTime, b.Window.BucketSize)
	return out, nil
}

// split separates totalAmount from the components, renaming those to snake
// case.
func split(amounts map[string]float64) (float64, map[string]types.Float64) {
	parts := map[string]types.Float64{}
	for name, v := range amounts {
		if name != "totalAmount" {
			parts[snake(name)] = types.Float64Value(v)
		}
	}
	return amounts["totalAmount"], parts
}

// snake turns an API field name (podGpuAmount) into an attribute-style key
// (pod_gpu_amount).
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// roundUSD drops float noise from sums of amounts the API gives to 1e-6.
func roundUSD(x float64) float64 { return math.Round(x*1e6) / 1e6 }
