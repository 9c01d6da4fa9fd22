// Package poll is the one way the provider waits for Runpod to reach a
// state: a pod starting or stopping, a cluster's members running, an object
// gone after its delete. A wait reads, pauses, and reads again, pausing
// longer each time up to a cap, so that a quick change is seen quickly and a
// slow one (a 20-minute image pull) costs a read every few seconds rather
// than hundreds; it ends as soon as its context does.
package poll

import (
	"context"
	"time"
)

// Backoff paces a wait: the first pause is Initial, each next one Factor
// times the last (2 when Factor is not above 1), never longer than Max nor
// shorter than Initial.
type Backoff struct {
	Initial, Max time.Duration
	Factor       float64
}

// next is the pause after one of length d.
func (b Backoff) next(d time.Duration) time.Duration {
	factor := b.Factor
	if factor <= 1 {
		factor = 2
	}
	return min(time.Duration(float64(d)*factor), max(b.Max, b.Initial))
}

// Condition reads once and reports whether the wait is over. attempt counts
// calls from 1. A non-nil error ends the wait with that error, whatever
// done says.
type Condition func(ctx context.Context, attempt int) (done bool, err error)

// Until calls cond now and again after each pause until it reports done
// (nil) or an error (that error), or ctx ends during a pause (ctx.Err()).
func Until(ctx context.Context, b Backoff, cond Condition) error {
	return run(ctx, b, cond, false, timerPause)
}

// After is Until with a pause before the first call too: for a wait that
// starts from a state the caller has just read.
func After(ctx context.Context, b Backoff, cond Condition) error {
	return run(ctx, b, cond, true, timerPause)
}

// pauseFunc waits d, or returns ctx's error if ctx ends first.
type pauseFunc func(ctx context.Context, d time.Duration) error

func run(ctx context.Context, b Backoff, cond Condition, pauseFirst bool, pause pauseFunc) error {
	delay := b.Initial
	if pauseFirst {
		if err := pause(ctx, delay); err != nil {
			return err
		}
		delay = b.next(delay)
	}
	for attempt := 1; ; attempt++ {
		done, err := cond(ctx, attempt)
		switch {
		case err != nil:
			return err
		case done:
			return nil
		}
		if err := pause(ctx, delay); err != nil {
			return err
		}
		delay = b.next(delay)
	}
}

// timerPause waits on a timer and the context, never sleeping past the
// context's end.
func timerPause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
