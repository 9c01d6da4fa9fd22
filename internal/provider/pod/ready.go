package pod

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// Readiness from the boot log: RUNNING with mapped ports says the container
// started, not that the app in it listens. With ready_when, create, start
// and replacement also wait for a boot-log line that says so.

// readyWhenModel is the ready_when attribute.
type readyWhenModel struct {
	LogLine types.String `tfsdk:"log_line"`
	Source  types.String `tfsdk:"source"`
}

var readyWhenAttrTypes = map[string]attr.Type{
	"log_line": types.StringType,
	"source":   types.StringType,
}

const (
	readySourceContainer = "container"
	readySourceSystem    = "system"
	readySourceAll       = "all"

	// readyLogTail is how many past lines the first log read asks for, so a
	// line printed before the wait began (a fast app) is still seen.
	readyLogTail = 1000
	// readyQuoteLines is how many of the last lines a warning quotes.
	readyQuoteLines = 10
	// crashLoopRestarts is how many container restarts in the system log
	// end the wait early: one restart can be a deliberate exit, two in one
	// boot wait are a loop.
	crashLoopRestarts = 2
	// readyLogIdle bounds each log read: the live stream stays open after
	// its backfill, so a read ends when no line arrives for this long.
	readyLogIdle = 2 * time.Second
)

// restartLine is a system-log line saying the container exited and is being
// restarted. Image pulls are not restarts, even when they back off or are
// retried ("Back-off pulling image ..."): pullLine excludes them.
var (
	restartLine = regexp.MustCompile(`(?i)(exited with code|restarting|back-?off|crash)`)
	pullLine    = regexp.MustCompile(`(?i)pull`)
)

// isRestart reports whether a system-log line is evidence of a container
// restart: a container exit or restart, never an image pull.
func isRestart(text string) bool {
	return restartLine.MatchString(text) && !pullLine.MatchString(text)
}

// readyWhenBlock is a block (`ready_when { ... }`), so that a misspelt
// argument fails validate instead of being dropped.
func readyWhenBlock() schema.SingleNestedBlock {
	return schema.SingleNestedBlock{
		MarkdownDescription: "Wait, after the pod runs with its ports mapped, until its boot log prints a line that " +
			"says the app is up, such as `listening on 0.0.0.0:8000`. Create, start (`desired_status` back to " +
			"`RUNNING`) and replacement wait within their timeouts; a wait that runs out is a warning quoting the last " +
			"log lines and the pod's status, and the pod stays in state, untainted. A crash loop (the container " +
			"restarting, seen in the system log) ends the wait early with that evidence. Readiness means only that " +
			"the app logged the line: proxy URLs and SSH commands are what Runpod reports either way.",
		Attributes: map[string]schema.Attribute{
			"log_line": schema.StringAttribute{
				MarkdownDescription: "Required in the block. Regular expression (Go RE2 syntax) a log line must match, e.g. " +
					"`Jupyter Server .* is running at` for JupyterLab, or `listening on .*:8000` for an HTTP server on port 8000.",
				Optional:   true,
				Validators: []validator.String{validators.RequiredInParent(), stringvalidator.LengthAtLeast(1), validators.Regex()},
			},
			"source": schema.StringAttribute{
				MarkdownDescription: "Which log to read: `container` (the app's output, the default), `system` (Runpod's " +
					"lines about the pod) or `all`.",
				Optional:   true,
				Computed:   true,
				Default:    stringdefault.StaticString(readySourceContainer),
				Validators: []validator.String{stringvalidator.OneOf(readySourceContainer, readySourceSystem, readySourceAll)},
			},
		},
	}
}

// readyWhen returns the configured readiness check, or false without one.
func readyWhen(ctx context.Context, m podModel, diags *diag.Diagnostics) (readyWhenModel, bool) {
	var rw readyWhenModel
	if !tfvalue.Known(m.ReadyWhen) {
		return rw, false
	}
	diags.Append(m.ReadyWhen.As(ctx, &rw, tfvalue.ObjectAsOptions)...)
	return rw, !diags.HasError() && tfvalue.Known(rw.LogLine)
}

// readyOutcome is how a readiness wait ended.
type readyOutcome int

const (
	readyMet readyOutcome = iota
	readyTimedOut
	readyCrashLoop
	readyStopped // the pod left RUNNING
)

// readyResult is the end of a readiness wait and its evidence.
type readyResult struct {
	outcome  readyOutcome
	matched  string   // the line that met the pattern
	last     []string // the last lines read, oldest first
	restarts []string // system lines showing restarts
	status   string   // the pod's last status
	// waited is how long the wait ran before it ended.
	waited time.Duration
}

// waitReady reads the pod's boot log, paced by waits, until a line matches
// rw.LogLine, the container crash-loops, the pod leaves RUNNING, or ctx
// ends. Each read resumes after the last event seen; the pod's status is
// read beside it, since the log alone cannot show a stopped pod.
func waitReady(ctx context.Context, client *runpod.Client, waits poll.Backoff, podID string, rw readyWhenModel) (readyResult, error) {
	pattern, err := regexp.Compile(rw.LogLine.ValueString())
	if err != nil {
		return readyResult{}, err // validated at plan time
	}
	w := newReadyWatch(pattern, rw.Source.ValueString())
	started := time.Now()
	ended := func() readyResult { w.res.waited = time.Since(started); return w.res }

	if done, err := w.check(ctx, client, podID); done || err != nil {
		return ended(), err
	}
	err = poll.After(ctx, waits, func(ctx context.Context, attempt int) (bool, error) {
		tflog.Debug(ctx, "waiting for the pod's ready log line", map[string]any{"id": podID, "attempt": attempt})
		return w.check(ctx, client, podID)
	})
	if err != nil && ctx.Err() != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
		return ended(), nil // timed out: res says what was seen
	}
	return ended(), err
}

// readyWatch is the state of one readiness wait between log reads: where
// the next read resumes, and what has been seen so far.
type readyWatch struct {
	pattern *regexp.Regexp
	// source is the log the pattern is matched on. Both logs are read
	// whatever it is: the system log holds the crash-loop evidence.
	source string
	query  runpod.PodLogQuery
	res    readyResult
}

// newReadyWatch starts a wait whose first read backfills readyLogTail
// lines, so that a line printed before the wait began (a fast app) is
// still seen.
func newReadyWatch(pattern *regexp.Regexp, source string) *readyWatch {
	tail := readyLogTail
	return &readyWatch{
		pattern: pattern,
		source:  source,
		query:   runpod.PodLogQuery{Idle: readyLogIdle, Tail: &tail},
		res:     readyResult{outcome: readyTimedOut, status: runpod.PodStatusRunning},
	}
}

// check reads the log lines since the last read, then the pod's status,
// and says whether the wait is over (res says how).
func (w *readyWatch) check(ctx context.Context, client *runpod.Client, podID string) (bool, error) {
	lines, err := client.GetPodLogs(ctx, podID, w.query)
	if err != nil {
		return false, err
	}
	for _, l := range lines {
		if w.take(l) {
			return true, nil
		}
	}
	p, err := client.GetPod(ctx, podID)
	if err != nil {
		return false, err
	}
	w.res.status = p.Status
	if p.Status != runpod.PodStatusRunning {
		w.res.outcome = readyStopped
		return true, nil
	}
	return false, nil
}

// take records one log line and says whether it ends the wait: it matches
// the pattern in its source, or it is the restart that makes a crash loop.
func (w *readyWatch) take(l runpod.PodLogLine) bool {
	w.query.LastEventID, w.query.Tail = l.ID, nil
	text := strings.TrimRight(l.Text, "\r\n")
	w.res.last = append(w.res.last, fmt.Sprintf("[%s] %s", l.Source, text))
	if len(w.res.last) > readyQuoteLines {
		w.res.last = w.res.last[len(w.res.last)-readyQuoteLines:]
	}
	if (w.source == readySourceAll || l.Source == w.source) && w.pattern.MatchString(text) {
		w.res.outcome, w.res.matched = readyMet, text
		return true
	}
	if l.Source == readySourceSystem && isRestart(text) {
		w.res.restarts = append(w.res.restarts, text)
		if len(w.res.restarts) >= crashLoopRestarts {
			w.res.outcome = readyCrashLoop
			return true
		}
	}
	return false
}

// reportReady turns the end of a readiness wait into diagnostics. None is
// an error: the pod runs and is saved in state either way, and tainting it
// would make the next apply replace a pod that may only be slow.
func reportReady(name, id string, rw readyWhenModel, timeout time.Duration, timeoutAttr string, res readyResult, err error, diags *diag.Diagnostics) {
	quote := func() string {
		if len(res.last) == 0 {
			return "The log had no lines yet."
		}
		return fmt.Sprintf("Last log lines:\n  %s", strings.Join(res.last, "\n  "))
	}
	pattern := rw.LogLine.ValueString()
	switch {
	case err != nil:
		diags.AddWarning("Pod Readiness Not Checked",
			fmt.Sprintf("Pod %q (%s) runs, but reading its boot log to wait for a line matching %q failed: %v\n\n"+
				"The pod is saved in state and is not tainted. The runpod_pod_logs data source shows its log.", name, id, pattern, err))
	case res.outcome == readyMet:
		return
	case res.outcome == readyCrashLoop:
		diags.AddWarning("Pod Container Is Crash-Looping",
			fmt.Sprintf("Pod %q (%s) runs, but its container keeps restarting and never logged a line matching %q. "+
				"%d container restarts seen in the system log in %s of waiting (image pulls not counted):\n  %s\n\n%s\n\n"+
				"The pod is saved in state and is not tainted; it keeps billing while it runs. Fix the image or its command, "+
				"or stop the pod (desired_status = \"EXITED\").",
				name, id, pattern, len(res.restarts), res.waited.Round(time.Second), strings.Join(res.restarts, "\n  "), quote()))
	case res.outcome == readyStopped:
		diags.AddWarning("Pod Stopped Before It Was Ready",
			fmt.Sprintf("Pod %q (%s) left RUNNING (status %s) before its log printed a line matching %q.\n\n%s\n\n"+
				"The pod is saved in state as last read; the next plan shows its status.", name, id, res.status, pattern, quote()))
	default:
		diags.AddWarning("Pod Not Ready Yet",
			fmt.Sprintf("Pod %q (%s) runs (status %s), but its log printed no line matching %q within %s (%s).\n\n%s\n\n"+
				"The pod is saved in state and is not tainted: the next plan creates nothing. Raise %s in the timeouts "+
				"block to wait longer. The pod bills from now on, whether its app is ready or not.",
				name, id, res.status, pattern, timeout, timeoutAttr, quote(), timeoutAttr))
	}
}

// awaitReady runs the readiness wait a pod that reached RUNNING owes its
// configuration, if it has one.
func (r *podResource) awaitReady(ctx context.Context, client *runpod.Client, m podModel, id string, timeout time.Duration, timeoutAttr string, diags *diag.Diagnostics) {
	rw, ok := readyWhen(ctx, m, diags)
	if !ok {
		return
	}
	res, err := waitReady(ctx, client, r.waits, id, rw)
	if res.outcome == readyMet {
		tflog.Info(ctx, "pod ready: its log printed the configured line", map[string]any{"id": id})
	}
	reportReady(m.Name.ValueString(), id, rw, timeout, timeoutAttr, res, err, diags)
}
