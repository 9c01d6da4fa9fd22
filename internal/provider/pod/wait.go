package pod

import (
	"context"
	"errors"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

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

// reached reports whether p is where target wants it: RUNNING with every
// exposed port mapped, or stopped (EXITED, or ERROR, which is not running
// either).
func reached(p *runpod.Pod, target string) bool {
	if target == desiredExited {
		return p.Status == runpod.PodStatusExited || p.Status == runpod.PodStatusError
	}
	return factsOf(p).ready()
}

// waitFor reads the pod, paced by waits, until it reaches target, fails, or ctx ends. It
// starts from last, the pod as the previous call returned it, and returns
// the last pod read. A read error other than the context's ends the wait
// with that error; a pod that disappears gives a runpod.IsNotFound error.
func waitFor(ctx context.Context, client *runpod.Client, waits poll.Backoff, last *runpod.Pod, target string) (*runpod.Pod, waitResult, error) {
	result, settled := settledAt(last, target)
	if settled {
		return last, result, nil
	}
	err := poll.After(ctx, waits, func(ctx context.Context, attempt int) (bool, error) {
		p, err := client.GetPod(ctx, last.ID)
		if err != nil {
			return false, err
		}
		last = p
		tflog.Debug(ctx, "waiting for pod", map[string]any{"id": p.ID, "status": p.Status, "target": target, "attempt": attempt})
		result, settled = settledAt(p, target)
		return settled, nil
	})
	switch {
	case err == nil:
		return last, result, nil
	case ctx.Err() != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)):
		return last, waitTimedOut, nil
	}
	return last, waitTimedOut, err
}

// settledAt reports whether a wait for target ends at p, and how.
func settledAt(p *runpod.Pod, target string) (waitResult, bool) {
	switch {
	case reached(p, target):
		return waitDone, true
	case target == desiredRunning && p.Status == runpod.PodStatusError:
		return waitFailed, true
	}
	return waitTimedOut, false
}
