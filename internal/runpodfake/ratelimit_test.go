package runpodfake

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The 31st request in a 30-per-2s window is refused with 429, Retry-After and
// the RateLimit headers, has no effect and is counted; the next window
// serves again.
func TestQuotaRefusesBeyondTheWindow(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: clockStart} // 12:00:00, the start of a 2s window
	f, c := newTestClient(t, WithQuota(30, 2*time.Second), WithRateLimitClock(clk.Now))

	first := c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
	mustEqual(t, "RateLimit", first.header.Get("RateLimit"), `"2s";r=29;t=2`)
	mustEqual(t, "RateLimit-Policy", first.header.Get("RateLimit-Policy"), `"2s";q=30;w=2`)
	for range 28 {
		c.do("GET", "/v2/nowhere", nil).wantStatus(t, http.StatusNotFound) // errors count too
	}
	clk.advance(1500 * time.Millisecond)
	c.createTemplate(map[string]any{"name": "thirtieth", "image": "img"})

	r := c.do("POST", "/v2/templates", map[string]any{"name": "refused", "image": "img"})
	r.wantProblem(t, http.StatusTooManyRequests, "rate limit exceeded for the 2s window")
	mustEqual(t, "Retry-After", r.header.Get("Retry-After"), "1") // 0.5s left, rounded up
	mustEqual(t, "RateLimit on the 429", r.header.Get("RateLimit"), `"2s";r=0;t=1`)
	mustEqual(t, "RateLimit-Policy on the 429", r.header.Get("RateLimit-Policy"), `"2s";q=30;w=2`)
	mustEqual(t, "refused", f.RateLimited(), 1)

	// A 401 is answered before the quota: not refused, not counted, no headers.
	c.key = "wrong"
	if r := c.do("GET", "/v2/templates", nil); r.status != http.StatusUnauthorized || r.header.Get("RateLimit") != "" {
		t.Fatalf("401 under a spent quota: %d %v", r.status, r.header)
	}
	c.key = DefaultAPIKey
	mustEqual(t, "refused after the 401", f.RateLimited(), 1)

	clk.advance(500 * time.Millisecond) // the next window
	var list struct{ Templates []Template }
	next := c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
	mustEqual(t, "RateLimit in the next window", next.header.Get("RateLimit"), `"2s";r=29;t=2`)
	next.decode(t, &list)
	var names []string
	for _, tpl := range list.Templates {
		names = append(names, tpl.Name)
	}
	mustEqual(t, "templates", names, []string{"thirtieth"})

	reqs := f.Requests()
	refused := reqs[30]
	if refused.Method != "POST" || refused.Status != http.StatusTooManyRequests || !refused.RateLimited {
		t.Fatalf("logged refusal = %s %s %d RateLimited=%v", refused.Method, refused.Path, refused.Status, refused.RateLimited)
	}
	for i, req := range reqs {
		if i != 30 && req.RateLimited {
			t.Fatalf("request %d (%s %s -> %d) marked rate limited", i, req.Method, req.Path, req.Status)
		}
	}
}

// A request that arrives at the very start of a spent window's last second
// still waits at least a second, and one refused while the window has two
// seconds left is told 2.
func TestQuotaRetryAfterRoundsUp(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: clockStart}
	_, c := newTestClient(t, WithQuota(1, 2*time.Second), WithRateLimitClock(clk.Now))
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
	r := c.do("GET", "/v2/templates", nil)
	r.wantProblem(t, http.StatusTooManyRequests, "2s window")
	mustEqual(t, "Retry-After", r.header.Get("Retry-After"), "2")
	clk.advance(1999 * time.Millisecond)
	r = c.do("GET", "/v2/templates", nil)
	r.wantProblem(t, http.StatusTooManyRequests, "")
	mustEqual(t, "Retry-After 1ms before the reset", r.header.Get("Retry-After"), "1")
}

// Windows of a minute, an hour or a day take the spec's names; a
// sub-second window is advertised in whole seconds, rounded up.
func TestQuotaWindowNames(t *testing.T) {
	t.Parallel()
	cases := []struct {
		window     time.Duration
		rl, policy string
	}{
		{time.Minute, `"minute";r=4;t=60`, `"minute";q=5;w=60`},
		{time.Hour, `"hour";r=4;t=3600`, `"hour";q=5;w=3600`},
		{24 * time.Hour, `"day";r=4;t=86400`, `"day";q=5;w=86400`},
		{300 * time.Millisecond, `"300ms";r=4;t=1`, `"300ms";q=5;w=1`},
	}
	for _, tc := range cases {
		// Midnight UTC starts a window of every one of these lengths.
		clk := &testClock{t: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)}
		_, c := newTestClient(t, WithQuota(5, tc.window), WithRateLimitClock(clk.Now))
		r := c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
		mustEqual(t, tc.window.String()+" RateLimit", r.header.Get("RateLimit"), tc.rl)
		mustEqual(t, tc.window.String()+" RateLimit-Policy", r.header.Get("RateLimit-Policy"), tc.policy)
	}
}

// An injected 429 is not a quota refusal, and a request an injected fault
// answers still counts against the quota (the API accepted it).
func TestQuotaAndInjectedFaults(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: clockStart}
	f, c := newTestClient(t, WithQuota(3, time.Minute), WithRateLimitClock(clk.Now))
	f.InjectFault(Fault{Path: "/v2/templates", Status: http.StatusTooManyRequests, RetryAfter: 9})
	r := c.do("GET", "/v2/templates", nil)
	r.wantProblem(t, http.StatusTooManyRequests, "")
	mustEqual(t, "RateLimit of the injected 429", r.header.Get("RateLimit"), `"minute";r=2;t=60`)
	mustEqual(t, "Retry-After of the injected 429", r.header.Get("Retry-After"), "9")
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
	f.InjectFault(Fault{Path: "/v2/templates", Status: http.StatusBadGateway, AfterHandler: true})
	r = c.do("POST", "/v2/templates", map[string]any{"name": "a", "image": "b"})
	r.wantProblem(t, http.StatusBadGateway, "")
	mustEqual(t, "RateLimit of the replaced response", r.header.Get("RateLimit"), `"minute";r=0;t=60`)
	c.do("GET", "/v2/templates", nil).wantProblem(t, http.StatusTooManyRequests, "minute window")
	mustEqual(t, "refused", f.RateLimited(), 1)
	if reqs := f.Requests(); reqs[0].RateLimited || !reqs[3].RateLimited {
		t.Fatalf("RateLimited marks: %v, %v", reqs[0].RateLimited, reqs[3].RateLimited)
	}
}

// WithLatency delays every request, and a client that gives up during the
// delay has sent nothing.
func TestLatency(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t, WithLatency(30*time.Millisecond))
	start := time.Now()
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
	if time.Since(start) < 30*time.Millisecond {
		t.Fatal("latency not applied")
	}

	slow := New(WithLatency(time.Hour))
	handled := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() { handled <- struct{}{} }()
		slow.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v2/templates", strings.NewReader(`{"name":"slow","image":"b"}`))
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json")
	if _, err := http.DefaultClient.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
	select {
	case <-handled: // the handler gave up with the client, not after an hour
	case <-time.After(10 * time.Second):
		t.Fatal("the fake never finished the abandoned request")
	}
	if _, ok := findTemplateByName(slow, "slow"); ok {
		t.Fatal("abandoned request took effect")
	}
	mustEqual(t, "abandoned request status", slow.Requests()[0].Status, 0)
	mustEqual(t, "requests through the fast fake", len(f.Requests()), 1)
}
