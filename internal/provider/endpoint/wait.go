package endpoint

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

// unhealthyReads is how many reads in a row with every worker UNHEALTHY end
// the wait early: the workers fail their health checks, and waiting longer
// only bills them.
const unhealthyReads = 3

var errUnhealthy = errors.New("every worker keeps failing its health checks")

// readyCount is how many workers serve the endpoint's current release:
// idle or running a job, and not stale.
func readyCount(l *runpod.EndpointWorkerList) int {
	n := 0
	for _, w := range l.Workers {
		if (w.Status == runpod.WorkerIdle || w.Status == runpod.WorkerRunning) && !w.IsStale {
			n++
		}
	}
	return n
}

// waitForWorkers reads the workers, paced by waits, until want of them are
// ready, ctx ends, or every worker stays unhealthy for unhealthyReads reads.
// THROTTLED workers (waiting on capacity) keep the wait going. It returns
// the last list read (nil if none succeeded) with the reason it stopped
// early, if it did.
func waitForWorkers(ctx context.Context, client *runpod.Client, waits poll.Backoff, id string, want int) (*runpod.EndpointWorkerList, error) {
	var last *runpod.EndpointWorkerList
	unhealthy := 0
	err := poll.Until(ctx, waits, func(ctx context.Context, attempt int) (bool, error) {
		l, err := client.ListEndpointWorkers(ctx, id)
		switch {
		case ctx.Err() != nil:
			return false, ctx.Err()
		case err != nil:
			return false, err
		}
		last = l
		tflog.Debug(ctx, "waiting for endpoint workers", map[string]any{"id": id, "attempt": attempt, "workers": summaryText(l.Summary)})
		if readyCount(l) >= want {
			return true, nil
		}
		if l.Summary.Total > 0 && l.Summary.Unhealthy == l.Summary.Total {
			unhealthy++
		} else {
			unhealthy = 0
		}
		if unhealthy >= unhealthyReads {
			return false, errUnhealthy
		}
		return false, nil
	})
	return last, err
}

// summaryText reads "1 idle, 1 initializing, 0 running, …" for messages.
func summaryText(s runpod.WorkerSummary) string {
	return fmt.Sprintf("%d idle, %d running, %d initializing, %d throttled, %d unhealthy (%d in all)",
		s.Idle, s.Running, s.Initializing, s.Throttled, s.Unhealthy, s.Total)
}

// waitIfAsked waits for wait_for_ready_workers, if set, after a create or
// update. Every way it ends short is a warning: the endpoint exists and is
// in state, and tainting it would replace it with a new id and URLs.
func (r *endpointResource) waitIfAsked(ctx context.Context, client *runpod.Client, id string, plan resourceModel, timeout time.Duration, diags *diag.Diagnostics) {
	want := int(plan.WaitForReadyWorkers.ValueInt64())
	if want <= 0 {
		return
	}
	waitCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	last, err := waitForWorkers(waitCtx, client, r.waits, id, want)
	if err == nil {
		return
	}
	seen := "no worker list could be read"
	if last != nil {
		seen = summaryText(last.Summary)
		if n := readyCount(last); n > 0 {
			seen += fmt.Sprintf("; %d ready on the current release", n)
		}
	}
	var why string
	switch {
	case errors.Is(err, errUnhealthy):
		why = fmt.Sprintf("every worker failed its health checks in %d reads in a row, so the wait ended early", unhealthyReads)
	case errors.Is(err, context.DeadlineExceeded):
		why = fmt.Sprintf("the wait ran out after %s", timeout)
	default:
		why = "reading the workers failed: " + err.Error()
	}
	diags.AddWarning("Endpoint Workers Not Ready",
		fmt.Sprintf("Endpoint %q (%s) was written, but %d ready worker(s) were asked for (wait_for_ready_workers) and %s. "+
			"Workers when the wait ended: %s.\n\n"+
			"The endpoint is in state and is not replaced by the next apply. THROTTLED workers wait for GPU capacity "+
			"in the allowed pools and data centers; UNHEALTHY ones fail their health checks (see the worker logs in "+
			"the Runpod console). Active workers (workers_min) bill while they run, ready or not.",
			plan.Name.ValueString(), id, want, why, seen))
}
