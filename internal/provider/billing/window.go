// Package billing holds the spend data sources (GET /v2/billing and the
// per-kind billing routes under it) and the window arguments they
// share with runpod_cluster_billing.
package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// BucketSizes are the API's bucket lengths; day is the default.
var BucketSizes = []string{runpod.BucketHour, runpod.BucketDay, runpod.BucketWeek, runpod.BucketMonth, runpod.BucketYear}

// WindowAttrTypes is the type of the computed `window` attribute.
var WindowAttrTypes = map[string]attr.Type{
	"start_time": types.StringType, "end_time": types.StringType, "bucket_size": types.StringType,
}

// WindowAttributes are the window arguments every billing data source takes
// (start_time, end_time, last_n, bucket_size) and the resolved `window`
// it reports.
func WindowAttributes() map[string]schema.Attribute {
	timeValidators := []validator.String{RFC3339{}, stringvalidator.ConflictsWith(path.MatchRoot("last_n"))}
	return map[string]schema.Attribute{
		"start_time": schema.StringAttribute{
			MarkdownDescription: "Start of the window (RFC 3339, e.g. `2026-01-01T00:00:00Z`), rounded down to its bucket. " +
				"Defaults to 30 days ago. Conflicts with `last_n`.",
			Optional:   true,
			Validators: timeValidators,
		},
		"end_time": schema.StringAttribute{
			MarkdownDescription: "End of the window, exclusive (RFC 3339), rounded up to its bucket. Defaults to now. " +
				"Must be after `start_time`. Conflicts with `last_n`.",
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
			Validators:          []validator.String{stringvalidator.OneOf(BucketSizes...)},
		},
		"window": datasources.Object("The window Runpod answered for, after rounding to whole buckets.", map[string]schema.Attribute{
			"start_time":  datasources.String("Start (RFC 3339, UTC)."),
			"end_time":    datasources.String("End, exclusive."),
			"bucket_size": datasources.String("Bucket length."),
		}),
	}
}

// RecordAttributes are attrs with the bucket of a billing record, its
// start_time and end_time.
func RecordAttributes(attrs map[string]schema.Attribute) map[string]schema.Attribute {
	attrs["start_time"] = datasources.String("Start of the bucket (RFC 3339, UTC).")
	attrs["end_time"] = datasources.String("End of the bucket, exclusive.")
	return attrs
}

// WindowModel is what WindowAttributes describe, as the model of every
// billing data source embeds it.
type WindowModel struct {
	StartTime  types.String `tfsdk:"start_time"`
	EndTime    types.String `tfsdk:"end_time"`
	LastN      types.Int64  `tfsdk:"last_n"`
	BucketSize types.String `tfsdk:"bucket_size"`
	// Resolved is `window`, set from the API's answer by WindowValue.
	Resolved types.Object `tfsdk:"window"`
}

// Validate refuses a window that does not start before it ends, at
// validate time, so no request the API would refuse is sent. (The attribute
// validators cover formats, the bucket size and last_n with a time.)
func (w WindowModel) Validate(diags *diag.Diagnostics) {
	start, end := w.StartTime, w.EndTime
	if !tfvalue.Known(start) || !tfvalue.Known(end) {
		return
	}
	s, err1 := time.Parse(time.RFC3339, start.ValueString())
	e, err2 := time.Parse(time.RFC3339, end.ValueString())
	if err1 == nil && err2 == nil && !s.Before(e) {
		diags.AddAttributeError(path.Root("end_time"), "Empty Billing Window",
			fmt.Sprintf("end_time (%s) must be after start_time (%s).", end.ValueString(), start.ValueString()))
	}
}

// Query builds the API query from the validated window arguments, for the
// objects with id ("" for all).
func (w WindowModel) Query(id string) runpod.BillingQuery {
	q := runpod.BillingQuery{BucketSize: w.BucketSize.ValueString(), LastN: int(w.LastN.ValueInt64()), ID: id}
	// The validators have checked the format.
	if tfvalue.Known(w.StartTime) {
		q.StartTime, _ = time.Parse(time.RFC3339, w.StartTime.ValueString())
	}
	if tfvalue.Known(w.EndTime) {
		q.EndTime, _ = time.Parse(time.RFC3339, w.EndTime.ValueString())
	}
	return q
}

// WindowValue is the `window` attribute for a resolved window.
func WindowValue(start, end time.Time, bucketSize string) types.Object {
	return types.ObjectValueMust(WindowAttrTypes, map[string]attr.Value{
		"start_time":  types.StringValue(FormatTime(start)),
		"end_time":    types.StringValue(FormatTime(end)),
		"bucket_size": types.StringValue(bucketSize),
	})
}

// FormatTime is how billing times appear in state: RFC 3339 in UTC.
func FormatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// RFC3339 validates a timestamp as the billing API takes it.
type RFC3339 struct{}

// Description implements validator.String.
func (RFC3339) Description(context.Context) string {
	return "must be an RFC 3339 timestamp, e.g. 2026-01-01T00:00:00Z"
}

// MarkdownDescription implements validator.String.
func (v RFC3339) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

// ValidateString implements validator.String.
func (v RFC3339) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !tfvalue.Known(req.ConfigValue) {
		return
	}
	if _, err := time.Parse(time.RFC3339, req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Timestamp",
			fmt.Sprintf("%q is not a valid timestamp: it %s.", req.ConfigValue.ValueString(), v.Description(ctx)))
	}
}
