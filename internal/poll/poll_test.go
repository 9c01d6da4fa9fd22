package poll

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// recordPauses stands in for the timer: it records each pause and returns
// at once, so the tests take no wall time and assert no timing.
func recordPauses(pauses *[]time.Duration) pauseFunc {
	return func(ctx context.Context, d time.Duration) error {
		*pauses = append(*pauses, d)
		return ctx.Err()
	}
}

// doneAfter is a condition that reports done on call n, counting calls.
func doneAfter(n int, calls *int) Condition {
	return func(_ context.Context, attempt int) (bool, error) {
		*calls++
		if attempt != *calls {
			return false, errors.New("attempt does not count calls from 1")
		}
		return *calls == n, nil
	}
}

func TestImmediateDone(t *testing.T) {
	var pauses []time.Duration
	calls := 0
	if err := run(context.Background(), Backoff{Initial: time.Hour}, doneAfter(1, &calls), false, recordPauses(&pauses)); err != nil {
		t.Fatal(err)
	}
	if calls != 1 || len(pauses) != 0 {
		t.Errorf("%d calls, pauses %v; want 1 call and no pause", calls, pauses)
	}
}

func TestErrorStops(t *testing.T) {
	boom := errors.New("boom")
	var pauses []time.Duration
	calls := 0
	err := run(context.Background(), Backoff{Initial: time.Hour}, func(context.Context, int) (bool, error) {
		calls++
		if calls == 3 {
			return true, boom // the error wins over done
		}
		return false, nil
	}, false, recordPauses(&pauses))
	if !errors.Is(err, boom) || calls != 3 || len(pauses) != 2 {
		t.Errorf("err %v after %d calls and %d pauses; want boom after 3 and 2", err, calls, len(pauses))
	}
}

func TestBackoffGrowsUpToTheCap(t *testing.T) {
	ms := time.Millisecond
	for _, tt := range []struct {
		b    Backoff
		want []time.Duration
	}{
		{Backoff{Initial: 1 * ms, Max: 4 * ms}, []time.Duration{1 * ms, 2 * ms, 4 * ms, 4 * ms, 4 * ms}},
		{Backoff{Initial: 1 * ms, Max: 20 * ms, Factor: 3}, []time.Duration{1 * ms, 3 * ms, 9 * ms, 20 * ms, 20 * ms}},
		// A cap below the first pause never shortens it.
		{Backoff{Initial: 5 * ms, Max: 2 * ms}, []time.Duration{5 * ms, 5 * ms, 5 * ms, 5 * ms, 5 * ms}},
	} {
		var pauses []time.Duration
		calls := 0
		if err := run(context.Background(), tt.b, doneAfter(6, &calls), false, recordPauses(&pauses)); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(pauses, tt.want) {
			t.Errorf("%+v: pauses %v, want %v", tt.b, pauses, tt.want)
		}
	}
}

func TestAfterPausesFirst(t *testing.T) {
	var pauses []time.Duration
	calls := 0
	if err := run(context.Background(), Backoff{Initial: time.Millisecond, Max: time.Second}, doneAfter(2, &calls), true, recordPauses(&pauses)); err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{time.Millisecond, 2 * time.Millisecond}; calls != 2 || !slices.Equal(pauses, want) {
		t.Errorf("%d calls, pauses %v; want 2 calls after pauses %v", calls, pauses, want)
	}
}

// The real timer: a context that ends during an hour-long pause ends the
// wait with the context's error instead of the hour.
func TestContextEndsThePause(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	err := Until(ctx, Backoff{Initial: time.Hour, Max: time.Hour}, func(context.Context, int) (bool, error) {
		calls++
		cancel()
		return false, nil
	})
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Errorf("err %v after %d calls; want context.Canceled after 1", err, calls)
	}
	if err := After(ctx, Backoff{Initial: time.Hour}, doneAfter(1, new(int))); !errors.Is(err, context.Canceled) {
		t.Errorf("After on an ended context: %v", err)
	}
}
