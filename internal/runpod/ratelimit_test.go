package runpod

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// recordWaits makes the client sleep no real time while recording the waits
// it computed, so minutes of Retry-After run in milliseconds.
func recordWaits(c *Client) *[]time.Duration {
	var waits []time.Duration
	c.testHookSleep = func(wait time.Duration) time.Duration {
		waits = append(waits, wait)
		return 0
	}
	return &waits
}

func sum(ds []time.Duration) time.Duration {
	var total time.Duration
	for _, d := range ds {
		total += d
	}
	return total
}

// With the quota spent, a read must outlast the rate-limit window however many
// 429s that takes: ten 429s asking for 30s each are far
// beyond max_retries = 2, but within the time budget, and the read succeeds.
func TestRateLimitRetriesFollowRetryAfterNotACount(t *testing.T) {
	for _, method := range []string{http.MethodGet, http.MethodDelete, http.MethodPost} {
		t.Run(method, func(t *testing.T) {
			c, fake := newFakeClient(t, func(cfg *Config) {
				cfg.MaxRetries = 2
				cfg.RateLimitWaitMax = 10 * time.Minute
			})
			waits := recordWaits(c)
			tpl, err := c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "rl", Image: "img"})
			if err != nil {
				t.Fatal(err)
			}
			fake.InjectFault(runpodfake.Fault{Method: method, Path: "/v2/templates*", Count: 10,
				Status: http.StatusTooManyRequests, RetryAfter: 30})
			fake.ResetRequests()

			switch method {
			case http.MethodGet:
				_, err = c.GetTemplate(t.Context(), tpl.ID)
			case http.MethodDelete:
				err = c.DeleteTemplate(t.Context(), tpl.ID)
			case http.MethodPost:
				_, err = c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "rl2", Image: "img"})
			}
			if err != nil {
				t.Fatalf("%s after ten 429s: %v", method, err)
			}
			if n := len(fake.Requests()); n != 11 {
				t.Errorf("%d requests, want 11 (ten 429s, then success)", n)
			}
			if len(*waits) != 10 || sum(*waits) != 300*time.Second {
				t.Errorf("waits %v, want ten of 30s from Retry-After", *waits)
			}
		})
	}
}

// Retry-After is waited in full even above retry_wait_max: retrying earlier
// only earns another 429.
func TestRateLimitWaitsTheWholeRetryAfter(t *testing.T) {
	c, fake := newFakeClient(t) // RetryWaitMax 5ms
	waits := recordWaits(c)
	fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Status: http.StatusTooManyRequests, RetryAfter: 45})
	if _, err := c.ListTemplates(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(*waits) != 1 || (*waits)[0] != 45*time.Second {
		t.Errorf("waits %v, want [45s]", *waits)
	}
}

// The budget ends the retries: once the next Retry-After would take the
// waits past it, the API's 429 (with its Retry-After) is returned at once.
func TestRateLimitBudgetExhausted(t *testing.T) {
	c, fake := newFakeClient(t, func(cfg *Config) { cfg.RateLimitWaitMax = 3 * time.Minute })
	waits := recordWaits(c)
	fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Count: 100, Status: http.StatusTooManyRequests, RetryAfter: 60})
	_, err := c.ListTemplates(t.Context())
	var apiErr *APIError
	if !IsRateLimited(err) || !errors.As(err, &apiErr) || apiErr.RetryAfter != time.Minute {
		t.Fatalf("err = %v, want the 429 with Retry-After 60s", err)
	}
	if n := fake.CountRequests("GET", "/v2/templates"); n != 4 {
		t.Errorf("%d requests, want 4 (three 60s waits fit a 3m budget)", n)
	}
	if sum(*waits) != 3*time.Minute {
		t.Errorf("waited %v, want 3m", sum(*waits))
	}
}

// A Retry-After that ends after the operation's deadline is not slept
// into: the user gets the 429, not "context deadline exceeded".
func TestRateLimitStopsAtTheContextDeadline(t *testing.T) {
	c, fake := newFakeClient(t)
	waits := recordWaits(c)
	fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Count: 5, Status: http.StatusTooManyRequests, RetryAfter: 3600})
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	_, err := c.ListTemplates(ctx)
	if !IsRateLimited(err) || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the API's 429", err)
	}
	if len(*waits) != 0 || fake.CountRequests("GET", "/v2/templates") != 1 {
		t.Errorf("waits %v after %d requests, want none after 1", *waits, fake.CountRequests("GET", "/v2/templates"))
	}
}

// 5xx retries keep their count, and 429s do not use it up.
func TestServerErrorRetriesKeepTheirCount(t *testing.T) {
	c, fake := newFakeClient(t, func(cfg *Config) { cfg.MaxRetries = 2 })
	recordWaits(c)
	fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Count: 10, Status: http.StatusBadGateway})
	_, err := c.ListTemplates(t.Context())
	if !hasStatus(err, http.StatusBadGateway) {
		t.Fatalf("err = %v, want the 502", err)
	}
	if n := fake.CountRequests("GET", "/v2/templates"); n != 3 {
		t.Errorf("%d requests, want 3 (max_retries = 2)", n)
	}

	c2, fake2 := newFakeClient(t, func(cfg *Config) { cfg.MaxRetries = 2 })
	recordWaits(c2)
	fake2.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Count: 5, Status: http.StatusTooManyRequests})
	fake2.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Count: 2, Status: http.StatusServiceUnavailable})
	if _, err := c2.ListTemplates(t.Context()); err != nil {
		t.Fatalf("five 429s and two 503s with max_retries = 2: %v", err)
	}
	if n := fake2.CountRequests("GET", "/v2/templates"); n != 8 {
		t.Errorf("%d requests, want 8", n)
	}
}

// A negative MaxRetries (the provider's max_retries = 0) disables every
// retry, 429 included.
func TestNoRetriesMeansNoRateLimitRetriesEither(t *testing.T) {
	c, fake := newFakeClient(t, func(cfg *Config) { cfg.MaxRetries = -1 })
	recordWaits(c)
	fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Status: http.StatusTooManyRequests})
	if _, err := c.ListTemplates(t.Context()); !IsRateLimited(err) {
		t.Fatalf("err = %v, want 429", err)
	}
	if n := fake.CountRequests("GET", "/v2/templates"); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestRateLimitBackoff(t *testing.T) {
	h := http.Header{}
	h.Set("Retry-After", "0")
	if got := rateLimitBackoff(time.Second, 30*time.Second, 0, &http.Response{StatusCode: 429, Header: h}, nil); got != time.Second {
		t.Errorf("Retry-After 0 -> %v, want the 1s floor", got)
	}
	h.Set("Retry-After", "120")
	if got := rateLimitBackoff(time.Second, 30*time.Second, 0, &http.Response{StatusCode: 429, Header: h}, nil); got != 120*time.Second {
		t.Errorf("Retry-After 120 -> %v, want 120s in full", got)
	}
	if got := rateLimitBackoff(time.Second, 30*time.Second, 0, &http.Response{StatusCode: 429, Header: http.Header{}}, nil); got < time.Second || got > 30*time.Second {
		t.Errorf("no Retry-After -> %v, want a backoff within [1s, 30s]", got)
	}
}

// A 429's Retry-After is waited in full plus a random extra of up to half of
// it, drawn anew for each refusal, so that processes refused in the same
// window come back spread out, not together at its reset.
func TestRateLimitRetryAfterIsJittered(t *testing.T) {
	var mu sync.Mutex
	refuse := true
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if refuse {
			w.Header().Set("Retry-After", "2")
			writeProblem(t, w, http.StatusTooManyRequests, "rate limit exceeded for the minute window")
			refuse = false
			return
		}
		refuse = true
		writeJSON(t, w, http.StatusOK, map[string]any{"templates": []any{}})
	}, func(cfg *Config) { cfg.RetryWaitMax = 5 * time.Millisecond })
	c.retryJitter = retryAfterJitter // as New sets it; the test helper turns it off
	waits := recordWaits(c)
	for range 20 {
		if _, err := c.ListTemplates(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	distinct := map[time.Duration]bool{}
	for _, w := range *waits {
		if w < 2*time.Second || w > 3*time.Second {
			t.Errorf("waited %v after Retry-After 2, want within [2s, 3s]", w)
		}
		distinct[w] = true
	}
	if len(*waits) != 20 || len(distinct) < 10 {
		t.Errorf("waits %v: want 20, spread out (at least 10 different)", *waits)
	}
}
