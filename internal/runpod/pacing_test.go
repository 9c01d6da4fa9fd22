package runpod

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// manualClock is the time of a paced client and of the fake it talks to:
// it moves only when the client would sleep, so windows pass in no time.
type manualClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// advanceTo moves the clock to t unless it is there already, so that waiters
// for the same reset do not add up.
func (c *manualClock) advanceTo(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.t) {
		c.t = t
	}
}

func (c *manualClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// 12:00:00 starts a window of 2s, a minute and an hour alike.
var pacingStart = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// pacingWaits records what a paced client waited for.
type pacingWaits struct {
	mu         sync.Mutex
	resets     []time.Time     // pacing waits, until a window's reset
	retryAfter []time.Duration // 429 retry waits
}

func (w *pacingWaits) pacing() []time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Time(nil), w.resets...)
}

// usePacingClock makes c (and the fake behind it, if it was started with
// WithRateLimitClock(clk.Now)) run on clk: a pacing wait moves the clock to
// the reset, a Retry-After wait moves it on by that long; neither sleeps.
func usePacingClock(c *Client, clk *manualClock) *pacingWaits {
	w := &pacingWaits{}
	c.pacer.now = clk.Now
	c.pacer.testHookWait = func(until time.Time) time.Duration {
		w.mu.Lock()
		w.resets = append(w.resets, until)
		w.mu.Unlock()
		clk.advanceTo(until)
		return 0
	}
	c.testHookSleep = func(wait time.Duration) time.Duration {
		w.mu.Lock()
		w.retryAfter = append(w.retryAfter, wait)
		w.mu.Unlock()
		clk.advance(wait)
		return 0
	}
	return w
}

// newQuotaFake starts a fake enforcing quota requests per window on clk.
func newQuotaFake(t *testing.T, clk *manualClock, quota int, window time.Duration) *runpodfake.Fake {
	t.Helper()
	return runpodfake.NewTestServer(t, runpodfake.WithQuota(quota, window), runpodfake.WithRateLimitClock(clk.Now))
}

// newPacedClient is a client of fake that runs on clk.
func newPacedClient(t *testing.T, fake *runpodfake.Fake, clk *manualClock, mods ...func(*Config)) (*Client, *pacingWaits) {
	t.Helper()
	cfg := Config{
		APIKey:       runpodfake.DefaultAPIKey,
		BaseURL:      fake.URL(),
		RetryWaitMin: time.Millisecond,
		RetryWaitMax: 5 * time.Millisecond,
	}
	for _, m := range mods {
		m(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c, usePacingClock(c, clk)
}

// parallel runs fn n times at once and returns the errors.
func parallel(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = fn(i)
		}()
	}
	wg.Wait()
	return errs
}

func noErrors(t *testing.T, errs []error) {
	t.Helper()
	for i, err := range errs {
		if err != nil {
			t.Errorf("request %d: %v", i, err)
		}
	}
}

// Twenty parallel reads against a quota of five per window all succeed
// without one 429: pacing holds them back until the windows reset.
func TestPacingParallelReadsMeetNoRateLimit(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	fake := newQuotaFake(t, clk, 5, 2*time.Second)
	c, waits := newPacedClient(t, fake, clk)

	noErrors(t, parallel(20, func(int) error {
		_, err := c.ListTemplates(t.Context())
		return err
	}))
	if n := fake.RateLimited(); n != 0 {
		t.Errorf("the fake refused %d requests, want none", n)
	}
	if n := fake.CountRequests("GET", "/v2/templates"); n != 20 {
		t.Errorf("%d GETs reached the fake, want 20", n)
	}
	// Five per window: the twenty took at least four windows.
	if elapsed := clk.Now().Sub(pacingStart); elapsed < 6*time.Second {
		t.Errorf("the clock moved %v, want at least three windows of 2s", elapsed)
	}
	if len(waits.pacing()) == 0 {
		t.Error("pacing never waited")
	}
}

// A fresh client (a new Terraform command) whose window another client has
// spent learns it from one request: it meets one 429, not a burst of them.
func TestPacingFreshClientAfterAnotherSpentTheWindow(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	fake := newQuotaFake(t, clk, 5, 2*time.Second)
	earlier, _ := newPacedClient(t, fake, clk)
	for range 5 {
		if _, err := earlier.ListTemplates(t.Context()); err != nil {
			t.Fatal(err)
		}
	}

	fresh, _ := newPacedClient(t, fake, clk)
	noErrors(t, parallel(10, func(int) error {
		_, err := fresh.ListTemplates(t.Context())
		return err
	}))
	if n := fake.RateLimited(); n != 1 {
		t.Errorf("the fake refused %d requests, want exactly one (the first, which learns the budget)", n)
	}
}

// Pacing delays writes and never repeats them: each create is sent once.
func TestPacingSendsEveryCreateOnce(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	fake := newQuotaFake(t, clk, 2, 2*time.Second)
	c, waits := newPacedClient(t, fake, clk)
	if _, err := c.ListTemplates(t.Context()); err != nil {
		t.Fatal(err)
	}
	noErrors(t, parallel(6, func(i int) error {
		_, err := c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: fmt.Sprintf("paced-%d", i), Image: "img"})
		return err
	}))
	if n := fake.CountRequests("POST", "/v2/templates"); n != 6 {
		t.Errorf("%d POSTs, want 6 (one per create)", n)
	}
	if n := fake.RateLimited(); n != 0 {
		t.Errorf("the fake refused %d requests, want none", n)
	}
	tpls, err := c.ListTemplates(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]int{}
	for _, tpl := range tpls {
		names[tpl.Name]++
	}
	for i := range 6 {
		if n := names[fmt.Sprintf("paced-%d", i)]; n != 1 {
			t.Errorf("template paced-%d exists %d times", i, n)
		}
	}
	if len(waits.pacing()) == 0 {
		t.Error("pacing never waited")
	}
}

// A wait for the reset ends with the context, and the request is not sent.
func TestPacingWaitEndsWithTheContext(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	fake := newQuotaFake(t, clk, 1, time.Minute)
	c, _ := newPacedClient(t, fake, clk)
	if _, err := c.ListTemplates(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var waited []time.Time
	c.pacer.testHookWait = func(until time.Time) time.Duration {
		waited = append(waited, until)
		cancel()
		return time.Hour // only the context can end this wait
	}
	_, err := c.ListTemplates(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(waited) != 1 || !waited[0].Equal(pacingStart.Add(time.Minute)) {
		t.Errorf("waited for %v, want the reset at %v", waited, pacingStart.Add(time.Minute))
	}
	if n := fake.CountRequests("GET", "/v2/templates"); n != 1 {
		t.Errorf("%d GETs, want 1 (the cancelled one never sent)", n)
	}
}

// While the first request learns the budget, the others wait for it, and
// that wait ends with their context too.
func TestPacingProbeWaitEndsWithTheContext(t *testing.T) {
	p := newPacer()
	probe, err := p.acquire(t.Context(), time.Hour)
	if err != nil || !probe.probe {
		t.Fatalf("first acquire = %+v, %v; want the probe", probe, err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := p.acquire(ctx, time.Hour)
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the waiting acquire ignored its context")
	}
}

// A reset after the context's deadline, or beyond RateLimitWaitMax, is not
// waited for: the request goes and the API's 429 is the error, at once.
func TestPacingDoesNotWaitPastTheDeadlineOrBudget(t *testing.T) {
	for _, tc := range []struct {
		name    string
		waitMax time.Duration
		timeout time.Duration
	}{
		{"deadline", 2 * time.Hour, 10 * time.Minute},
		{"budget", 5 * time.Minute, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := &manualClock{t: pacingStart}
			fake := newQuotaFake(t, clk, 1, time.Hour)
			c, waits := newPacedClient(t, fake, clk, func(cfg *Config) { cfg.RateLimitWaitMax = tc.waitMax })
			if _, err := c.ListTemplates(t.Context()); err != nil {
				t.Fatal(err)
			}
			ctx := t.Context()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			_, err := c.ListTemplates(ctx)
			var apiErr *APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusTooManyRequests || apiErr.RetryAfter != time.Hour {
				t.Fatalf("err = %v, want the API's 429 with Retry-After 1h", err)
			}
			if len(waits.pacing()) != 0 {
				t.Errorf("pacing waited for %v", waits.pacing())
			}
			if n := fake.RateLimited(); n != 1 {
				t.Errorf("%d refusals, want 1", n)
			}
		})
	}
}

// Without usable rate-limit headers the client never waits; with them it
// waits for the reset of a spent window.
func TestPacingNeedsReadableHeaders(t *testing.T) {
	for _, tc := range []struct {
		name, rateLimit string
		wantWait        bool
	}{
		{"spent", `"minute";r=0;t=60`, true},
		{"spent, token name and unknown parameters", `minute;r=0;t=60;x=1.5;y="z";flag`, true},
		{"missing", "", false},
		{"no reset", `"minute";r=0`, false},
		{"not a number", `"minute";r=zero;t=60`, false},
		{"negative", `"minute";r=-1;t=60`, false},
		{"not a structured list", `minute=0`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := &manualClock{t: pacingStart}
			var mu sync.Mutex
			served := 0
			c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
				mu.Lock()
				served++
				first := served == 1
				mu.Unlock()
				switch {
				case !first:
					w.Header().Set("RateLimit", `"minute";r=5;t=60`)
				case tc.rateLimit != "":
					w.Header().Set("RateLimit", tc.rateLimit)
				}
				w.Header().Set("RateLimit-Policy", `"minute";q=6;w=60`)
				writeJSON(t, w, http.StatusOK, map[string]any{"templates": []any{}})
			})
			waits := usePacingClock(c, clk)
			for range 2 {
				if _, err := c.ListTemplates(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			got := waits.pacing()
			switch {
			case tc.wantWait && (len(got) != 1 || !got[0].Equal(pacingStart.Add(time.Minute))):
				t.Errorf("waits %v, want one until %v", got, pacingStart.Add(time.Minute))
			case !tc.wantWait && len(got) != 0:
				t.Errorf("waits %v, want none", got)
			}
		})
	}
}

// Pacing waits are logged at debug with the wait, the window and what
// remains.
func TestPacingLogsItsWaits(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	fake := newQuotaFake(t, clk, 1, 2*time.Second)
	c, _ := newPacedClient(t, fake, clk)
	var buf bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &buf)
	for range 2 {
		if _, err := c.ListTemplates(ctx); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := tflogtest.MultilineJSONDecode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var found map[string]any
	for _, e := range entries {
		if e["@message"] == "Pacing Runpod API request: rate-limit window spent, waiting for its reset" {
			found = e
		}
	}
	if found == nil {
		t.Fatalf("no pacing log entry:\n%s", buf.String())
	}
	want := map[string]any{"@level": "debug", "wait": "2s", "window": "2s", "remaining": float64(0), "quota": float64(1), "path": "/v2/templates"}
	for k, v := range want {
		if found[k] != v {
			t.Errorf("field %s = %v, want %v (entry %v)", k, found[k], v, found)
		}
	}
}
