package datasources

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/logmask"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Limits of the log data sources (runpod_pod_logs and
// runpod_endpoint_worker_logs, which read the same kind of stream). The API
// backfills up to 5000 lines; a data source keeps its result in state, so it
// asks for at most MaxLogTail and cuts the joined text to maxLogText bytes
// (keeping the newest lines).
const (
	DefaultLogTail = 100
	MaxLogTail     = 1000
	maxLogText     = 64 << 10
	logSourceAll   = "all"
)

var logLineAttrTypes = map[string]attr.Type{
	"time":   types.StringType,
	"source": types.StringType,
	"text":   types.StringType,
}

// Logs is the part of a log data source's model that every log data source
// has: which lines to read (source, tail, since) and the lines read. Embed
// it in the model beside the ids of what the log belongs to.
type Logs struct {
	Source types.String `tfsdk:"source"`
	Tail   types.Int64  `tfsdk:"tail"`
	Since  types.String `tfsdk:"since"`
	Lines  types.List   `tfsdk:"lines"`
	Text   types.String `tfsdk:"text"`
}

// LogAttributes returns the attributes of Logs, to add to a log data
// source's schema beside its ids.
func LogAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"source": schema.StringAttribute{
			MarkdownDescription: "Which log to read: `container` (the container's stdout and stderr), `system` (Runpod's " +
				"log of the host: image pulls, container starts and restarts) or `all` (both, interleaved). Defaults to `all`, " +
				"as the API does.",
			Optional:   true,
			Validators: []validator.String{stringvalidator.OneOf(runpod.PodLogSourceContainer, runpod.PodLogSourceSystem, logSourceAll)},
		},
		"tail": schema.Int64Attribute{
			MarkdownDescription: fmt.Sprintf("How many of the latest lines to read, 1 to %d (default %d). Ignored when "+
				"`since` is set.", MaxLogTail, DefaultLogTail),
			Optional:   true,
			Validators: []validator.Int64{int64validator.Between(1, MaxLogTail)},
		},
		"since": schema.StringAttribute{
			MarkdownDescription: "Read the lines logged at or after this RFC 3339 time (such as `2026-06-01T12:00:00Z`) " +
				"instead of the last `tail` lines.",
			Optional:   true,
			Validators: []validator.String{rfc3339Validator{}},
		},
		"lines": ListOf("The lines, oldest first.", map[string]schema.Attribute{
			"time":   String("When the line was logged (RFC 3339), or null if Runpod did not say."),
			"source": String("`container` or `system`; null if Runpod did not say."),
			"text":   String("The line."),
		}),
		"text": String(fmt.Sprintf("The lines' text joined with newlines. At most %d KiB: when longer, the "+
			"oldest lines are left out and the first line says how many.", maxLogText>>10)),
	}
}

// Query is the API query the arguments ask for: the lines since a time, or
// else the last tail (default DefaultLogTail) lines, of one source or both.
func (m Logs) Query() (runpod.PodLogQuery, diag.Diagnostics) {
	var diags diag.Diagnostics
	q := runpod.PodLogQuery{}
	if s := m.Source.ValueString(); s != logSourceAll {
		q.Source = s
	}
	if !m.Since.IsNull() && !m.Since.IsUnknown() {
		t, err := time.Parse(time.RFC3339, m.Since.ValueString())
		if err != nil { // the validator has already refused this
			diags.AddAttributeError(path.Root("since"), "Invalid Since Time", err.Error())
			return q, diags
		}
		q.Since = t
		return q, diags
	}
	tail := DefaultLogTail
	if !m.Tail.IsNull() {
		tail = int(m.Tail.ValueInt64())
	}
	q.Tail = &tail
	return q, diags
}

// WithLines returns m with the lines read for q, each line's text passed
// through mask first (hiding secret values, see package logmask).
func (m Logs) WithLines(q runpod.PodLogQuery, lines []runpod.PodLogLine, mask logmask.Masker) (Logs, diag.Diagnostics) {
	var diags diag.Diagnostics
	if q.Tail != nil && len(lines) > *q.Tail {
		// The API honours tail; this only guards the state's size.
		lines = lines[len(lines)-*q.Tail:]
	}
	objs := make([]attr.Value, 0, len(lines))
	texts := make([]string, 0, len(lines))
	for _, l := range lines {
		when := types.StringNull()
		if !l.Time.IsZero() {
			when = types.StringValue(l.Time.UTC().Format(time.RFC3339))
		}
		src := types.StringNull()
		if l.Source != "" {
			src = types.StringValue(l.Source)
		}
		text := mask.Line(l.Text)
		obj, dg := types.ObjectValue(logLineAttrTypes, map[string]attr.Value{
			"time": when, "source": src, "text": types.StringValue(text),
		})
		diags.Append(dg...)
		objs = append(objs, obj)
		texts = append(texts, text)
	}
	list, dg := types.ListValue(types.ObjectType{AttrTypes: logLineAttrTypes}, objs)
	diags.Append(dg...)
	m.Lines = list
	m.Text = types.StringValue(joinBounded(texts, maxLogText))
	return m, diags
}

// joinBounded joins lines with newlines, leaving out the oldest ones when
// the result would exceed limit bytes; the first line then says how many
// were left out. A single line longer than limit is cut to its end.
func joinBounded(lines []string, limit int) string {
	total := 0
	keep := len(lines)
	for i := len(lines) - 1; i >= 0; i-- {
		n := len(lines[i]) + 1
		if total+n > limit {
			break
		}
		total += n
		keep = i
	}
	if keep == 0 {
		return strings.Join(lines, "\n")
	}
	if keep == len(lines) {
		// Even the newest line is too long: keep its end.
		last := lines[len(lines)-1]
		cut := len(last) - limit/2
		for cut < len(last) && !utf8.RuneStart(last[cut]) {
			cut++
		}
		return fmt.Sprintf("(%d earlier lines and the start of this one left out)\n", len(lines)-1) + last[cut:]
	}
	return fmt.Sprintf("(%d earlier lines left out)\n", keep) + strings.Join(lines[keep:], "\n")
}

// rfc3339Validator refuses a string that is not an RFC 3339 date-time, the
// only form the API's since parameter takes.
type rfc3339Validator struct{}

func (rfc3339Validator) Description(context.Context) string {
	return "must be an RFC 3339 date-time, such as 2026-06-01T12:00:00Z"
}

func (v rfc3339Validator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v rfc3339Validator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := time.Parse(time.RFC3339, req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Time",
			fmt.Sprintf("Attribute %s %s; got %q.", req.Path, v.Description(ctx), req.ConfigValue.ValueString()))
	}
}

// LogMaskingNote is the paragraph of a log data source's description that
// says what WithLines masks (with logmask.ForEnv of env) and what it
// cannot; env names where the variables come from, e.g. "the pod's `env`".
func LogMaskingNote(env string) string {
	return "Where a line prints an environment variable whose value in " + env + " is a Runpod secret " +
		"(`{{ RUNPOD_SECRET_<name> }}`) as `NAME=value`, `NAME: value` or `\"NAME\": \"value\"` (an `env` dump, a " +
		"settings object logged at start), the value is replaced by `" + logmask.Mask + "` before it is stored.\n\n" +
		"~> Masking only recognises a secret printed next to its variable's name, and only the variables that " + env +
		" maps to a secret now. Anything else the container prints, a credential included, is stored in the state " +
		"like every data source result; keep `tail` small and do not read logs of containers that print credentials."
}
