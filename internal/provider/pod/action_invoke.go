package pod

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func (a *podAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var cfg actionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	client, diags := a.data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, diags := cfg.Timeouts.Invoke(ctx, a.kind.defaultTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	inv := &invocation{kind: a.kind, id: cfg.PodID.ValueString(), timeout: timeout, began: time.Now(), send: resp.SendProgress}
	resp.Diagnostics.Append(inv.run(ctx, client, a.waits)...)
}

// invocation is one run of an action on one pod.
type invocation struct {
	kind    actionKind
	id      string
	timeout time.Duration
	began   time.Time
	send    func(action.InvokeProgressEvent)

	// name is the pod's name once read.
	name string
	// reported is the last status line sent as progress, and when.
	reported   string
	reportedAt time.Time
	// sent is set once the API action has been accepted.
	sent bool
	// restart tells a restarted container from the one before.
	restart restartWatch
}

// progressEvery is how often a wait with no news still says it is waiting.
const progressEvery = 30 * time.Second

func (inv *invocation) progress(format string, args ...any) {
	if inv.send != nil {
		inv.send(action.InvokeProgressEvent{Message: fmt.Sprintf(format, args...)})
	}
}

// pod names the pod in messages: "name" (id).
func (inv *invocation) pod() string { return podRef(inv.name, inv.id) }

func (inv *invocation) elapsed() time.Duration { return time.Since(inv.began).Round(time.Second) }

// took is " after 12s", or nothing within the first second.
func (inv *invocation) took() string {
	if d := inv.elapsed(); d > 0 {
		return " after " + d.String()
	}
	return ""
}

func (inv *invocation) run(ctx context.Context, client *runpod.Client, waits poll.Backoff) diag.Diagnostics {
	var diags diag.Diagnostics
	live, err := client.GetPod(ctx, inv.id)
	if runpod.IsNotFound(err) || (err == nil && isGone(live.Status)) {
		diags.AddError("Pod Not Found",
			fmt.Sprintf("There is no pod %s in the Runpod account, so there is nothing to %s. It was terminated (pods "+
				"disappear once terminated), or the id is mistyped, or it belongs to an account the API key cannot see. "+
				"The runpod_pods data source and `terraform query` list the account's pods.", inv.id, inv.kind.verb))
		return diags
	}
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read Pod", fmt.Sprintf("reading pod %s before %s it", inv.id, inv.kind.gerund), err))
		return diags
	}
	inv.name = live.Name
	inv.restart = watchRestart(live)

	if !inv.announce(live, &diags) {
		return diags
	}
	inv.reported = inv.statusLine(live)
	inv.reportedAt = time.Now()
	p, s, err := inv.kind.send(ctx, client, live)
	if err != nil {
		diags.Append(inv.refused(live, err))
		return diags
	}
	inv.sent = s == stepSend

	last, result, err := inv.kind.wait(ctx, client, waits, p, inv.seen)
	diags.Append(inv.report(last, result, err))
	return diags
}

// announce says what the action does with a pod read as live, from its
// step: it returns false when there is nothing more to do (the pod is
// already there, or the action does not apply to it).
func (inv *invocation) announce(live *runpod.Pod, diags *diag.Diagnostics) bool {
	switch inv.kind.stepFor(live.Status) {
	case stepNone:
		if isFailed(live.Status) {
			inv.progress("Pod %s is in status ERROR: its container is not running, and Runpod offers only start and "+
				"terminate for it. Nothing to stop.", inv.pod())
		} else {
			inv.progress("Pod %s is already stopped (%s). Nothing to do.", inv.pod(), live.Status)
		}
		return false
	case stepRefuse:
		diags.AddError(inv.kind.summary,
			fmt.Sprintf("Pod %s is %s, not running: a restart restarts a running pod's container. Start it with the "+
				"%s action, or with desired_status = %q on its runpod_pod resource.", inv.pod(), live.Status, StartActionType, desiredRunning))
		return false
	case stepWait:
		if live.Status == runpod.PodStatusRunning {
			inv.progress("Pod %s is already running: not %s again.", inv.pod(), pastParticiple(inv.kind.verb))
		} else {
			inv.progress("Pod %s is already on its way up (%s): not %s again; waiting until it runs.", inv.pod(), live.Status,
				pastParticiple(inv.kind.verb))
		}
	default:
		inv.progress("%s pod %s, which is %s.", diagnostics.TitleCase(inv.kind.gerund), inv.pod(), live.Status)
	}
	return true
}

// pastParticiple of the three verbs.
func pastParticiple(verb string) string {
	if verb == "stop" {
		return "stopped"
	}
	return verb + "ed"
}

// statusLine is the pod's status as progress reports it.
func (inv *invocation) statusLine(p *runpod.Pod) string {
	if p.Status == runpod.PodStatusRunning && inv.kind.target == desiredRunning {
		if f := factsOf(p); len(f.unmapped) > 0 {
			return fmt.Sprintf("RUNNING, waiting for ports %s to be mapped", strings.Join(f.unmapped, ", "))
		}
	}
	return p.Status
}

// seen takes in one read of the pod: it feeds the restart watch, reports
// a new status (or the same one again after progressEvery) unless the wait
// ends well here, when the last message says it all, and says whether
// the wait is over and how.
func (inv *invocation) seen(p *runpod.Pod) (waitResult, bool) {
	inv.restart.observe(p)
	result, done := inv.settled(p)
	if done && result == waitDone {
		return result, done
	}
	line := inv.statusLine(p)
	if line != inv.reported || time.Since(inv.reportedAt) >= progressEvery {
		inv.reported, inv.reportedAt = line, time.Now()
		inv.progress("Pod %s: %s%s.", inv.pod(), line, inv.took())
	}
	return result, done
}

// settled reports whether the wait is over at p, and how: as for any
// move, except that a restart Runpod accepted is done only once a read
// shows its container restarted.
func (inv *invocation) settled(p *runpod.Pod) (waitResult, bool) {
	result, done := inv.kind.settled(p)
	if result == waitDone && inv.kind.api == runpod.PodActionRestart && inv.sent && !inv.restart.restarted(p) {
		return waitTimedOut, false
	}
	return result, done
}

// report turns the end of a wait into a last progress message or a
// diagnostic.
func (inv *invocation) report(last *runpod.Pod, result waitResult, err error) diag.Diagnostic {
	what := "The " + inv.kind.verb + " was accepted by Runpod"
	if !inv.sent {
		what = "The pod was already on its way"
	}
	switch {
	case isGoneErr(err):
		return disappeared(inv.pod(), "the "+inv.kind.typeName+" action", inv.kind.target,
			"a runpod_pod resource that manages it plans to create a new one.")
	case err != nil:
		return diag.NewWarningDiagnostic("Pod Not Verified",
			diagnostics.APIErrorDetail(fmt.Sprintf("reading pod %s while waiting for it", inv.id), err)+
				fmt.Sprintf("\n\n%s; only the check after it failed, so nothing was sent again. Not verified: that pod %s "+
					"reached %s (it was %s when last read). The Runpod console, or the next terraform plan of a runpod_pod "+
					"resource managing it, shows its status.", what, inv.pod(), inv.kind.target, last.Status))
	case result == waitFailed:
		return failedToStart(inv.pod(), inv.kind.verb, "")
	case result == waitTimedOut:
		summary := "Pod Not Running Yet"
		detail := fmt.Sprintf("%s, but pod %s was still %s after waiting %s (timeout %s). It keeps going on Runpod's side; "+
			"nothing was sent again. Slow image pulls are normal. Set a longer timeout in the action's config to wait longer, "+
			"or follow the pod in the Runpod console.", what, inv.pod(), inv.statusLine(last), inv.elapsed(), shortDuration(inv.timeout))
		switch {
		case inv.kind.target == desiredExited:
			summary = "Pod Not Stopped Yet"
			detail = fmt.Sprintf("%s, but pod %s was still %s after waiting %s (timeout %s). It keeps stopping on Runpod's "+
				"side; nothing was sent again. Set a longer timeout in the action's config to wait longer.",
				what, inv.pod(), last.Status, inv.elapsed(), shortDuration(inv.timeout))
		case inv.kind.api == runpod.PodActionRestart && inv.sent && reached(last, desiredRunning):
			summary = "Restart Not Confirmed"
			detail = fmt.Sprintf("%s, and pod %s is RUNNING, but nothing it reported in %s showed its container "+
				"restarting (its status, start time and uptime read as before the restart). Check the pod's uptime in the "+
				"Runpod console; nothing was sent again.", what, inv.pod(), inv.elapsed())
		}
		return diag.NewWarningDiagnostic(summary, detail)
	}
	switch inv.kind.api {
	case runpod.PodActionStop:
		inv.progress("Pod %s is stopped (%s)%s. Its %s is released and compute billing has ended; a volume disk, if it "+
			"has one, keeps billing until the pod is terminated. A runpod_pod resource that manages it with desired_status = %q "+
			"starts it again at the next apply.", inv.pod(), last.Status, inv.took(), gpuOrCPU(last), desiredRunning)
	case runpod.PodActionStart:
		inv.progress("Pod %s is RUNNING with every exposed port mapped%s, and bills while it runs. A runpod_pod "+
			"resource that manages it with desired_status = %q stops it again at the next apply.", inv.pod(), inv.took(), desiredExited)
	default:
		inv.progress("Pod %s is RUNNING again with every exposed port mapped%s.", inv.pod(), inv.took())
	}
	return nil
}

// refused explains an action the API refused. The request is never sent
// again: a refusal stands until something changes.
func (inv *invocation) refused(live *runpod.Pod, err error) diag.Diagnostic {
	detail := diagnostics.APIErrorDetail(fmt.Sprintf("%s pod %s", inv.kind.gerund, inv.pod()), err)
	var apiErr *runpod.APIError
	locked := live.Locked || (errors.As(err, &apiErr) && strings.Contains(strings.ToLower(apiErr.Detail), "locked"))
	switch {
	case runpod.IsNotFound(err):
		detail += fmt.Sprintf("\n\nPod %s was terminated between the provider's read and the %s request: there is nothing "+
			"to %s.", inv.pod(), inv.kind.verb, inv.kind.verb)
	case runpod.IsConflict(err) && live.Cluster != nil:
		detail += fmt.Sprintf("\n\nPod %s belongs to instant cluster %s. Runpod manages a cluster's pods through the "+
			"cluster and refuses to stop, start or restart them one by one; they run until the cluster is deleted "+
			"(destroying its runpod_cluster resource).", inv.pod(), live.Cluster.ID)
	case runpod.IsConflict(err) && locked:
		detail += fmt.Sprintf("\n\nPod %s is locked, and Runpod refuses to %s a locked pod: the lock guards long jobs "+
			"against exactly this. Unlock it first (locked = false on its runpod_pod resource, then apply; or in the "+
			"Runpod console) and invoke the action again. The action does not unlock pods.", inv.pod(), inv.kind.verb)
	case runpod.IsConflict(err):
		detail += fmt.Sprintf("\n\nRunpod allows %s only for a pod in some statuses (stop: RUNNING, PROVISIONING, "+
			"STARTING; start: EXITED, ERROR; restart: RUNNING). Pod %s was %s when read just before, so its status changed "+
			"meanwhile. Check it in the Runpod console and invoke the action again if it is still needed.",
			inv.kind.verb, inv.pod(), live.Status)
	case inv.kind.api == runpod.PodActionStart && runpod.IsCapacity(err):
		detail += fmt.Sprintf("\n\nA stopped pod resumes on the machine it was created on, and that machine's %s was taken "+
			"while pod %s was stopped. The pod stays stopped and keeps its volume disk. Invoke the action again later, or "+
			"replace the pod to place it anew (terraform apply -replace=runpod_pod.NAME when Terraform manages it), which "+
			"loses what is on its volume disk.", computeOf(live), inv.pod())
	case errors.Is(err, runpod.ErrAmbiguous):
		detail += fmt.Sprintf("\n\nCheck pod %s's status in the Runpod console (or with terraform plan, when a runpod_pod "+
			"resource manages it) before invoking the action again.", inv.pod())
	}
	return diag.NewErrorDiagnostic(inv.kind.summary, detail)
}

// gpuOrCPU says which a pod runs on.
func gpuOrCPU(p *runpod.Pod) string {
	if p.CPU != nil {
		return "CPU"
	}
	return "GPU"
}

// computeOf names what a pod runs on, for messages: "1x NVIDIA GeForce RTX
// 4090 in EU-RO-1".
func computeOf(p *runpod.Pod) string {
	what := "compute"
	switch {
	case p.GPU != nil:
		what = fmt.Sprintf("GPU (%dx %s)", p.GPU.Count, p.GPU.ID)
	case p.CPU != nil:
		what = fmt.Sprintf("CPU (%s, %d vCPUs)", p.CPU.ID, p.CPU.VCPUCount)
	}
	if p.DataCenterID != nil {
		what += " in " + *p.DataCenterID
	}
	return what
}

// restartWatch tells whether a pod's container restarted since the watch
// began. Runpod does not say so directly; any of these shows it: a status
// other than RUNNING seen since, a later start time, or a shorter uptime.
type restartWatch struct {
	startedAt *time.Time
	uptime    int
	sawDown   bool
}

func watchRestart(p *runpod.Pod) restartWatch {
	w := restartWatch{startedAt: p.StartedAt}
	if p.Runtime != nil {
		w.uptime = p.Runtime.Uptime
	}
	return w
}

func (w *restartWatch) observe(p *runpod.Pod) {
	if p.Status != runpod.PodStatusRunning {
		w.sawDown = true
	}
}

func (w *restartWatch) restarted(p *runpod.Pod) bool {
	switch {
	case w.sawDown:
		return true
	case p.StartedAt != nil && w.startedAt != nil && p.StartedAt.After(*w.startedAt):
		return true
	case p.StartedAt != nil && w.startedAt == nil:
		return true
	}
	return p.Runtime != nil && w.uptime > 0 && p.Runtime.Uptime < w.uptime
}
