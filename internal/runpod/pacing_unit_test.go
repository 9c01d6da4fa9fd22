package runpod

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"
	"time"
)

func rateLimitResponse(status int, rateLimit, policy string) *http.Response {
	h := http.Header{}
	if rateLimit != "" {
		h.Set("RateLimit", rateLimit)
	}
	if policy != "" {
		h.Set("RateLimit-Policy", policy)
	}
	return &http.Response{StatusCode: status, Header: h}
}

// newUnitPacer is a pacer on clk whose waits move clk to the reset.
func newUnitPacer(clk *manualClock) (*pacer, *[]time.Time) {
	p := newPacer()
	p.now = clk.Now
	var waits []time.Time
	p.testHookWait = func(until time.Time) time.Duration {
		waits = append(waits, until)
		clk.advanceTo(until)
		return 0
	}
	return p, &waits
}

func mustAcquire(t *testing.T, p *pacer) paceTicket {
	t.Helper()
	tk, err := p.acquire(t.Context(), time.Hour)
	if err != nil {
		t.Fatalf("acquire: %v", err)
	}
	return tk
}

// answerUnreserved feeds p an answer to a request that did not go through
// acquire, leaving the count of requests in flight as it was.
func answerUnreserved(p *pacer, resp *http.Response, recvAt time.Time) {
	p.mu.Lock()
	p.inflight++
	p.mu.Unlock()
	p.observe(paceTicket{}, resp, recvAt)
}

func remaining(p *pacer, window string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if w := p.windows[window]; w != nil {
		return w.remaining
	}
	return -1
}

// The budget rules, one step at a time: requests reserve a unit; an answer
// lowers the budget to the server's r only if that is less, and never
// starts a new window; a reset starts from q less the requests in flight;
// an answer to a request sent before the window began changes nothing.
func TestPacerBudgetAccounting(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	p, waits := newUnitPacer(clk)
	const policy = `"m";q=10;w=60`

	probe := mustAcquire(t, p)
	if !probe.probe {
		t.Fatal("the first request is not the probe")
	}
	p.observe(probe, rateLimitResponse(200, `"m";r=9;t=60`, policy), clk.Now())
	if got := remaining(p, "m"); got != 9 {
		t.Fatalf("after the probe: %d, want 9", got)
	}

	a, b, c := mustAcquire(t, p), mustAcquire(t, p), mustAcquire(t, p)
	if got := remaining(p, "m"); got != 6 {
		t.Fatalf("after three sends: %d, want 6", got)
	}
	p.observe(a, rateLimitResponse(200, `"m";r=8;t=60`, policy), clk.Now())
	if got := remaining(p, "m"); got != 6 {
		t.Fatalf("the server's r=8 counts fewer than this process sent: %d, want 6", got)
	}
	// Rounded to whole seconds, t moves with the moment of the answer: 0.8s
	// later, t=60 still means the same window.
	clk.advance(800 * time.Millisecond)
	p.observe(b, rateLimitResponse(200, `"m";r=1;t=60`, policy), clk.Now())
	if got := remaining(p, "m"); got != 1 {
		t.Fatalf("another process spent the window: %d, want the server's 1", got)
	}
	if got := p.windows["m"].resetAt; !got.Equal(pacingStart.Add(time.Minute)) {
		t.Fatalf("reset estimate moved to %v; the earliest estimate is kept", got)
	}

	d := mustAcquire(t, p)
	if got := remaining(p, "m"); got != 0 {
		t.Fatalf("after the last unit: %d, want 0", got)
	}
	// Past the reset, an answer that reads like the next window (r=9, t=60)
	// does not start it: it cannot raise the budget.
	clk.advance(61 * time.Second)
	p.observe(c, rateLimitResponse(200, `"m";r=9;t=60`, policy), clk.Now())
	if got := remaining(p, "m"); got != 0 {
		t.Fatalf("an answer raised the budget to %d", got)
	}
	// The next request rolls the window: q 10 less d in flight, less c
	// (answered after the reset may have passed, it may have been counted
	// in the new window), less itself.
	e := mustAcquire(t, p)
	if got := remaining(p, "m"); got != 7 {
		t.Fatalf("after the reset: %d, want q 10 - 1 in flight - 1 answered late - 1 sent", got)
	}
	if got := p.windows["m"].resetAt; !got.Equal(pacingStart.Add(2 * time.Minute)) {
		t.Fatalf("rolled reset %v, want %v", got, pacingStart.Add(2*time.Minute))
	}
	// d was sent in the window before: its answer, whatever it says, changes
	// nothing.
	p.observe(d, rateLimitResponse(200, `"m";r=0;t=1`, policy), clk.Now())
	if got := remaining(p, "m"); got != 7 {
		t.Fatalf("after an answer from the window before: %d, want 7", got)
	}
	p.observe(e, nil, clk.Now())
	if len(*waits) != 0 {
		t.Fatalf("waited for %v with budget left", *waits)
	}
}

// An answer to a request sent before the current window began may describe
// the window before (t rounded up from just before its reset, r spent): it
// changes nothing, else the pacer would start the next window a second
// early and think this one spent. An answer to a request of this window
// that estimates an earlier reset refines the estimate.
func TestPacerTrustsOnlyAnswersOfThisWindow(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	p, waits := newUnitPacer(clk)
	at := func(ms int) time.Time { return pacingStart.Add(time.Duration(ms) * time.Millisecond) }
	resetAt := func() time.Time { return p.windows["w"].resetAt }
	const policy = `"w";q=30;w=2`

	// Served at 0, received at 0.3s: the window resets at 2.3s at the latest.
	probe := mustAcquire(t, p)
	p.observe(probe, rateLimitResponse(200, `"w";r=29;t=2`, policy), at(300))
	clk.advanceTo(at(1500))
	late := mustAcquire(t, p) // sent in the first window
	clk.advanceTo(at(2300))
	fresh := mustAcquire(t, p) // the first window's reset passed: rolled to the next
	if !resetAt().Equal(at(4300)) || remaining(p, "w") != 28 {
		t.Fatalf("rolled to %v with %d, want 4.3s with 30 - 1 in flight - 1 sent", resetAt(), remaining(p, "w"))
	}

	// Served at 1.99s (t=1, r=0), received at 2.35s.
	p.observe(late, rateLimitResponse(200, `"w";r=0;t=1`, policy), at(2350))
	if !resetAt().Equal(at(4300)) || remaining(p, "w") != 28 {
		t.Fatalf("a late answer from the window before changed the budget to %d until %v", remaining(p, "w"), resetAt())
	}
	// Served at 2.32s (t=2), received at 2.35s: 4.35s is later; kept 4.3s.
	p.observe(fresh, rateLimitResponse(200, `"w";r=28;t=2`, policy), at(2350))
	if !resetAt().Equal(at(4300)) {
		t.Fatalf("reset moved to %v", resetAt())
	}
	// Served at 3.2s (t=1), received at 3.25s: 4.25s, earlier, is kept.
	clk.advanceTo(at(3200))
	a := mustAcquire(t, p)
	p.observe(a, rateLimitResponse(200, `"w";r=27;t=1`, policy), at(3250))
	if !resetAt().Equal(at(4250)) || remaining(p, "w") != 27 {
		t.Fatalf("%d until %v, want 27 until 4.25s", remaining(p, "w"), resetAt())
	}
	// And sent at 3.2s with 1s (rounded up) left, the reset is after 3.2s:
	// a tighter bound than the probe's 1s, rolled on to 3s.
	if got := p.windows["w"].resetLow; !got.Equal(at(3200)) {
		t.Fatalf("earliest reset %v, want 3.2s", got)
	}
	if len(*waits) != 0 {
		t.Fatalf("waited for %v", *waits)
	}
}

// A request sent just before the estimated reset may land in the next
// window and be answered before that window begins for the pacer: it is
// in flight no more, yet the next window's budget must count it.
func TestPacerCountsAnswersAroundTheReset(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	p, _ := newUnitPacer(clk)
	at := func(ms int) time.Time { return pacingStart.Add(time.Duration(ms) * time.Millisecond) }
	const policy = `"w";q=3;w=2`

	// Served at 0 (t=2), received at 50ms: the reset is in (1s, 2.05s].
	probe := mustAcquire(t, p)
	p.observe(probe, rateLimitResponse(200, `"w";r=2;t=2`, policy), at(50))
	clk.advanceTo(at(1900))
	x := mustAcquire(t, p)
	// Served at 2.01s, in the server's next window (t=2, r=2), received at
	// 2.04s, before the pacer's estimate of the reset.
	p.observe(x, rateLimitResponse(200, `"w";r=2;t=2`, policy), at(2040))
	clk.advanceTo(at(2050))
	mustAcquire(t, p)
	if got := remaining(p, "w"); got != 1 {
		t.Fatalf("after the reset: %d, want q 3 - 1 answered around the reset - 1 sent", got)
	}
}

// A spent window is waited out; of several spent windows, the one that
// resets last.
func TestPacerWaitsForTheLastSpentWindow(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	p, waits := newUnitPacer(clk)
	probe := mustAcquire(t, p)
	p.observe(probe, rateLimitResponse(200, `"minute";r=0;t=30, "hour";r=0;t=1800, "day";r=100;t=40000`,
		`"minute";q=60;w=60, "hour";q=3000;w=3600, "day";q=50000;w=86400`), clk.Now())
	mustAcquire(t, p)
	if want := []time.Time{pacingStart.Add(30 * time.Minute)}; !reflect.DeepEqual(*waits, want) {
		t.Fatalf("waits %v, want %v", *waits, want)
	}
	if got := remaining(p, "hour"); got != 2999 {
		t.Fatalf("hour after its reset: %d, want 3000 - 1", got)
	}
	if got := remaining(p, "day"); got != 99 {
		t.Fatalf("day: %d, want 99", got)
	}
}

// Without a policy a window cannot be renewed locally: after its reset one
// request goes and the others wait for its answer.
func TestPacerWithoutPolicyProbesAfterAReset(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	p, _ := newUnitPacer(clk)
	probe := mustAcquire(t, p)
	p.observe(probe, rateLimitResponse(200, `"minute";r=5;t=60`, ""), clk.Now())
	if tk := mustAcquire(t, p); tk.probe {
		t.Fatal("a probe with budget known")
	}
	clk.advance(time.Minute)
	probe = mustAcquire(t, p)
	if !probe.probe {
		t.Fatal("no probe after a reset without a policy")
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := p.acquire(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Fatalf("a second request went while the probe was out: %v", err)
	}
	// The probe's r, less the request of the window before still in flight.
	p.observe(probe, rateLimitResponse(200, `"minute";r=5;t=60`, ""), clk.Now())
	if got := remaining(p, "minute"); got != 4 {
		t.Fatalf("budget %d, want r 5 - 1 in flight", got)
	}
}

// Answers without headers: from the API (2xx, 4xx) they turn pacing off; a
// 401, a 413 or a gateway's 5xx says nothing. Headers turn it back on.
func TestPacerAnswersWithoutHeaders(t *testing.T) {
	clk := &manualClock{t: pacingStart}
	p, waits := newUnitPacer(clk)
	const spent, policy = `"minute";r=0;t=60`, `"minute";q=5;w=60`

	probe := mustAcquire(t, p)
	p.observe(probe, rateLimitResponse(http.StatusBadGateway, "", ""), clk.Now())
	probe = mustAcquire(t, p)
	if !probe.probe {
		t.Fatal("a 502 without headers ended the probing")
	}
	p.observe(probe, rateLimitResponse(200, spent, policy), clk.Now())
	for _, status := range []int{http.StatusUnauthorized, http.StatusRequestEntityTooLarge, http.StatusServiceUnavailable} {
		answerUnreserved(p, rateLimitResponse(status, "", ""), clk.Now())
		if p.mode != paceOn {
			t.Fatalf("a %d without headers changed the mode to %v", status, p.mode)
		}
	}
	answerUnreserved(p, rateLimitResponse(http.StatusNotFound, "", ""), clk.Now())
	var sent []paceTicket
	for range 10 {
		sent = append(sent, mustAcquire(t, p))
	}
	if len(*waits) != 0 {
		t.Fatalf("waited %v with pacing off", *waits)
	}
	for _, tk := range sent {
		p.observe(tk, nil, clk.Now()) // no response: nothing learnt
	}
	answerUnreserved(p, rateLimitResponse(200, spent, policy), clk.Now())
	mustAcquire(t, p)
	if len(*waits) != 1 {
		t.Fatalf("waits %v after headers came back, want one", *waits)
	}
}

func TestParseRateLimit(t *testing.T) {
	cases := []struct {
		name   string
		values []string
		want   []rateLimitState
	}{
		{"spec example", []string{`"minute";r=0;t=12, "hour";r=2800;t=1812, "day";r=49500;t=45012`},
			[]rateLimitState{{"minute", 0, 12}, {"hour", 2800, 1812}, {"day", 49500, 45012}}},
		{"tokens, tabs, unknown parameters", []string{"minute;t=5;r=3;pk=:YWJj:;b;c=?0;d=-1.5;e=\"x\\\"y\"\t,\tday;r=1;t=2"},
			[]rateLimitState{{"minute", 3, 5}, {"day", 1, 2}}},
		{"split over two lines", []string{`"minute";r=1;t=2`, `"hour";r=3;t=4`},
			[]rateLimitState{{"minute", 1, 2}, {"hour", 3, 4}}},
		{"missing", nil, nil},
		{"empty", []string{""}, nil},
		{"no t", []string{`"minute";r=1`}, nil},
		{"negative", []string{`"minute";r=-1;t=5`}, nil},
		{"decimal", []string{`"minute";r=1.5;t=5`}, nil},
		{"boolean", []string{`"minute";r;t=5`}, nil},
		{"too long", []string{`"minute";r=1234567890123456;t=5`}, nil},
		{"trailing comma", []string{`"minute";r=1;t=5,`}, nil},
		{"inner list", []string{`("minute");r=1;t=5`}, nil},
		{"unterminated string", []string{`"minute;r=1;t=5`}, nil},
		{"bad key", []string{`"minute";R=1;t=5`}, nil},
		{"junk between members", []string{`"minute";r=1;t=5 "hour";r=1;t=5`}, nil},
		{"old draft", []string{`limit=100, remaining=50, reset=5`}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tc.values {
				h.Add("RateLimit", v)
			}
			got, ok := parseRateLimit(h)
			if ok != (tc.want != nil) || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("parseRateLimit(%q) = %v, %v; want %v", tc.values, got, ok, tc.want)
			}
		})
	}
}

func TestParseRateLimitPolicy(t *testing.T) {
	h := http.Header{}
	h.Set("RateLimit-Policy", `"minute";q=60;w=60, "hour";q=3000;w=3600;extra="x", "broken";q=0;w=60, "day";w=86400`)
	want := map[string]rateLimitPolicy{"minute": {60, 60}, "hour": {3000, 3600}}
	if got := parseRateLimitPolicy(h); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	h.Set("RateLimit-Policy", `"minute";q=60;w=60,`)
	if got := parseRateLimitPolicy(h); len(got) != 0 {
		t.Fatalf("malformed policy read as %v", got)
	}
}
