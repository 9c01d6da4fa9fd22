package pod

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// A pod's lifecycle, in one place: which of Runpod's statuses count as up,
// stopped or gone, the three moves between them (stop, start, restart),
// what each move does from each status, and the one wait for a move to
// land. The resource's create and desired_status and the three actions all
// go through it; each keeps only its own reporting.

// Desired states the configuration can ask for.
const (
	desiredRunning = runpod.PodStatusRunning
	desiredExited  = runpod.PodStatusExited
)

// isStartingUp reports whether a pod is on its way up (PROVISIONING,
// STARTING).
func isStartingUp(status string) bool {
	return status == runpod.PodStatusProvisioning || status == runpod.PodStatusStarting
}

// isUp reports whether a pod runs or is on its way up: what desired_status
// reads as "RUNNING", and the statuses Runpod allows a stop in.
func isUp(status string) bool {
	return isStartingUp(status) || status == runpod.PodStatusRunning
}

// isStopped reports whether a pod is not running and not gone: EXITED, or
// ERROR (its container failed). Runpod offers only start and terminate
// for either.
func isStopped(status string) bool {
	return status == runpod.PodStatusExited || isFailed(status)
}

// isFailed reports whether a pod's container failed (ERROR).
func isFailed(status string) bool { return status == runpod.PodStatusError }

// isGone reports whether a pod is terminated: gone, as a 404 is.
func isGone(status string) bool { return status == runpod.PodStatusTerminated }

// desiredFromStatus maps a live status onto what desired_status can say:
// a pod on its way up or up is RUNNING; stopped, failed or gone is EXITED
// (so a configuration that wants it RUNNING plans a start).
func desiredFromStatus(status string) string {
	if isStopped(status) || isGone(status) {
		return desiredExited
	}
	return desiredRunning
}

// move is one operation on a pod's lifecycle: the API action it sends, the
// desired status it takes the pod to, and how messages name it.
type move struct {
	// api is the PodAction sent to POST /v2/pods/{id}/action.
	api string
	// target is the desired_status the move takes a pod to.
	target string
	// verb and gerund name the operation in messages ("stop", "stopping").
	verb, gerund string
	// summary names a refused or failed move ("Pod Not Stopped").
	summary string
}

var (
	stopMove    = move{api: runpod.PodActionStop, target: desiredExited, verb: "stop", gerund: "stopping", summary: "Pod Not Stopped"}
	startMove   = move{api: runpod.PodActionStart, target: desiredRunning, verb: "start", gerund: "starting", summary: "Pod Not Started"}
	restartMove = move{api: runpod.PodActionRestart, target: desiredRunning, verb: "restart", gerund: "restarting", summary: "Pod Not Restarted"}
)

// moveTo is the move that takes a pod to desired_status target: a stop for
// "EXITED", a start for "RUNNING".
func moveTo(target string) move {
	if target == desiredExited {
		return stopMove
	}
	return startMove
}

// step is what a move does with a pod, decided from the status read just
// before.
type step int

const (
	// stepSend: send the API action, then wait for the target.
	stepSend step = iota
	// stepWait: send nothing, the pod is already on its way; wait for it.
	stepWait
	// stepNone: the pod is already where the move takes it.
	stepNone
	// stepRefuse: the move does not apply to a pod in this status.
	stepRefuse
)

// stepFor decides what m does with a pod in status. It follows the API's
// table of valid actions per status (POST /v2/pods/{id}/action):
// stop for a pod that is up, start for one that is stopped, restart for
// one that runs. A request the API would refuse for the status alone is
// never sent.
func (m move) stepFor(status string) step {
	switch m.api {
	case runpod.PodActionStop:
		if isUp(status) {
			return stepSend
		}
		return stepNone
	case runpod.PodActionStart:
		if isUp(status) {
			return stepWait
		}
		return stepSend
	default: // restart
		switch {
		case isStartingUp(status):
			return stepWait
		case status == runpod.PodStatusRunning:
			return stepSend
		}
		return stepRefuse
	}
}

// send begins m on a pod read as live: when its status calls for it
// (stepFor), it sends m's API action once, never repeated (the API may
// have acted on a request whose reply was lost), and returns the pod as
// the API answered. Otherwise it returns live unchanged. The step says
// which; an error is the API's refusal, and there is nothing to wait for.
func (m move) send(ctx context.Context, client *runpod.Client, live *runpod.Pod) (*runpod.Pod, step, error) {
	s := m.stepFor(live.Status)
	if s != stepSend {
		return live, s, nil
	}
	p, err := client.PodAction(ctx, live.ID, m.api)
	if err != nil {
		return live, s, err
	}
	return p, s, nil
}

// defaultWaits paces the polling of a pod that is starting, stopping or
// being terminated outside tests: the first read comes a second after the
// last answer and the pause doubles up to 15 s, so that a quick start is
// seen quickly and a 20-minute image pull costs a read every few seconds,
// not hundreds. The resource holds its pacing (podResource.waits) so that
// tests, whose fake advances a pod per read, build it with shorter pauses.
var defaultWaits = poll.Backoff{Initial: 1 * time.Second, Max: 15 * time.Second}

// Default timeouts. Pulling a large image is normal and can take many
// minutes, so create and update wait long; running out is a warning, not a
// failure (see waitTimedOut).
const (
	defaultCreateTimeout = 20 * time.Minute
	defaultUpdateTimeout = 20 * time.Minute
	defaultDeleteTimeout = 10 * time.Minute
)

// waitResult is how a wait ended.
type waitResult int

const (
	// waitDone: the pod reached the target.
	waitDone waitResult = iota
	// waitTimedOut: the timeout ran out (or Terraform was interrupted)
	// first; the pod is still on its way.
	waitTimedOut
	// waitFailed: the pod went to ERROR on its way to RUNNING.
	waitFailed
)

// errPodGone ends a wait on a pod read as TERMINATED, which is gone as a
// 404 is.
var errPodGone = errors.New("pod terminated")

// isGoneErr reports whether a wait ended because the pod is gone: a 404,
// or a read saying TERMINATED.
func isGoneErr(err error) bool { return runpod.IsNotFound(err) || errors.Is(err, errPodGone) }

// reached reports whether p is where target wants it: RUNNING with every
// exposed port mapped, or stopped (EXITED, or ERROR, which is not running
// either).
func reached(p *runpod.Pod, target string) bool {
	if target == desiredExited {
		return isStopped(p.Status)
	}
	return factsOf(p).ready()
}

// settled reports whether a wait for m ends at p, and how: the pod reached
// m's target, or it failed on its way up.
func (m move) settled(p *runpod.Pod) (waitResult, bool) {
	switch {
	case reached(p, m.target):
		return waitDone, true
	case m.target == desiredRunning && isFailed(p.Status):
		return waitFailed, true
	}
	return waitTimedOut, false
}

// wait reads the pod, paced by waits, until settled says the wait is over
// or ctx ends. It starts from last, the pod as the previous call returned
// it, and returns the last pod read. settled sees every read, last
// included, so a caller can report progress from it. A read error other
// than the context's ends the wait with that error; a pod that disappears
// gives an error isGoneErr recognises.
func (m move) wait(ctx context.Context, client *runpod.Client, waits poll.Backoff, last *runpod.Pod,
	settled func(*runpod.Pod) (waitResult, bool),
) (*runpod.Pod, waitResult, error) {
	result, done := settled(last)
	if done {
		return last, result, nil
	}
	err := poll.After(ctx, waits, func(ctx context.Context, attempt int) (bool, error) {
		p, err := client.GetPod(ctx, last.ID)
		if err != nil {
			return false, err
		}
		if isGone(p.Status) {
			return false, errPodGone
		}
		last = p
		tflog.Debug(ctx, "waiting for pod", map[string]any{"id": p.ID, "status": p.Status, "move": m.api, "target": m.target, "attempt": attempt})
		result, done = settled(p)
		return done, nil
	})
	switch {
	case err == nil:
		return last, result, nil
	case ctx.Err() != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)):
		return last, waitTimedOut, nil
	}
	return last, waitTimedOut, err
}

// The messages of a move that went wrong while waiting, said alike by the
// resource and the actions; each caller adds what it did with the pod.

// failedToStart is the error of a pod that went to ERROR instead of
// RUNNING. after names the move that sent it ("" for a create); kept says
// what became of the pod.
func failedToStart(pod, after, kept string) diag.Diagnostic {
	if after != "" {
		after = " after the " + after
	}
	return diag.NewErrorDiagnostic("Pod Failed to Start",
		fmt.Sprintf("Pod %s went to status ERROR instead of RUNNING%s.%s Check the pod's logs in the Runpod console (or the "+
			"runpod_pod_logs data source) for the container's error, such as an image that cannot be pulled or a command "+
			"that exits.", pod, after, kept))
}

// disappeared is the error of a pod terminated while waiter (the provider,
// an action) waited for it to reach target; kept says what became of it
// in Terraform.
func disappeared(pod, waiter, target, kept string) diag.Diagnostic {
	return diag.NewErrorDiagnostic("Pod Disappeared",
		fmt.Sprintf("Pod %s was terminated (out of band, or by the host) while %s waited for it to reach %s. It no longer "+
			"exists or bills; %s", pod, waiter, target, kept))
}

// podRef names a pod in messages: "name" (id).
func podRef(name, id string) string { return fmt.Sprintf("%q (%s)", name, id) }
