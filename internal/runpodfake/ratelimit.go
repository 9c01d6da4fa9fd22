package runpodfake

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Rate limits. Every authenticated response carries
//
//	RateLimit:        "<name>";r=<remaining>;t=<seconds to reset>, ...
//	RateLimit-Policy: "<name>";q=<quota>;w=<window seconds>, ...
//
// with one member per window. Windows are fixed: they start at multiples of
// their length on the fake's rate-limit clock (WithRateLimitClock, default
// time.Now), like the live API's minute/hour/day windows.
//
// Without WithQuota the fake advertises the three windows of the spec,
// "minute", "hour" and "day", with quotas large enough that a test suite
// never spends them, and refuses nothing (429 is exercised with InjectFault).
//
// WithQuota(n, window) replaces them with the one window it enforces, so that
// every quota the fake advertises is one it keeps. The window is named
// "minute", "hour" or "day" when it is exactly that long, else by its length
// as Go prints it ("2s", "500ms"). Header values are whole seconds, rounded
// up: a sub-second window advertises w=1 and t=1, so a client that trusts the
// headers waits a little longer than needed, never less.
//
// A request beyond the quota gets 429 problem+json ("rate limit exceeded for
// the <name> window"), Retry-After with the whole seconds until the window
// resets (at least 1) and the RateLimit headers (r=0). It has no effect and
// does not count against the quota (INFERRED: API.md does not say whether
// refused requests count; a client that waits for Retry-After is served
// either way). RateLimited counts these refusals; the request log shows
// them with Status 429 and RateLimited set.
//
// Order in ServeHTTP: body limit (413), authentication (401), quota (429),
// injected faults, routing. The live API authenticates first (a 401 carries
// no RateLimit headers, so an unauthenticated request is not counted against
// anyone's quota: the quota is per user and the user is known only after
// authentication), and a refused request must never reach a handler. The
// quota comes before injected faults so that a fault models what happens to
// a request the API accepted: it counts against the quota like any other.

// Quotas advertised, and not enforced, without WithQuota. The spec's q
// values are examples, not promised quotas.
const (
	quotaMinute = 1000
	quotaHour   = 60000
	quotaDay    = 1000000
)

type rateWindow struct {
	name     string
	length   time.Duration
	quota    int
	enforced bool
	start    time.Time // start of the current window
	used     int       // requests counted in it
}

// rateLimiter counts requests in fixed windows. Callers hold f.logMu.
type rateLimiter struct {
	windows []rateWindow
	refused int
}

func newRateLimiter(cfg config) rateLimiter {
	if cfg.quota > 0 && cfg.quotaWindow > 0 {
		return rateLimiter{windows: []rateWindow{{
			name: windowName(cfg.quotaWindow), length: cfg.quotaWindow, quota: cfg.quota, enforced: true,
		}}}
	}
	return rateLimiter{windows: []rateWindow{
		{name: "minute", length: time.Minute, quota: quotaMinute},
		{name: "hour", length: time.Hour, quota: quotaHour},
		{name: "day", length: 24 * time.Hour, quota: quotaDay},
	}}
}

func windowName(d time.Duration) string {
	switch d {
	case time.Minute:
		return "minute"
	case time.Hour:
		return "hour"
	case 24 * time.Hour:
		return "day"
	}
	return d.String()
}

// rateDecision is the outcome of admitting one request: the headers its
// response carries and, when refused, the window that refused it.
type rateDecision struct {
	rateLimit, policy string
	refusedBy         string // window name; "" when admitted
	retryAfter        int    // seconds, when refused
}

func (d rateDecision) setHeaders(h http.Header) {
	h.Set("RateLimit", d.rateLimit)
	h.Set("RateLimit-Policy", d.policy)
}

// admit counts one request at now unless an enforced window is spent, in
// which case nothing is counted and the request is refused.
func (l *rateLimiter) admit(now time.Time) rateDecision {
	var d rateDecision
	for i := range l.windows {
		w := &l.windows[i]
		if start := now.Truncate(w.length); !w.start.Equal(start) {
			w.start, w.used = start, 0
		}
		if w.enforced && w.used >= w.quota && d.refusedBy == "" {
			d.refusedBy = w.name
			d.retryAfter = secsToReset(now, w.length)
		}
	}
	if d.refusedBy != "" {
		l.refused++
	} else {
		for i := range l.windows {
			l.windows[i].used++
		}
	}
	rl := make([]string, len(l.windows))
	pol := make([]string, len(l.windows))
	for i, w := range l.windows {
		rl[i] = fmt.Sprintf(`"%s";r=%d;t=%d`, w.name, max(w.quota-w.used, 0), secsToReset(now, w.length))
		pol[i] = fmt.Sprintf(`"%s";q=%d;w=%d`, w.name, w.quota, ceilSeconds(w.length))
	}
	d.rateLimit, d.policy = strings.Join(rl, ", "), strings.Join(pol, ", ")
	return d
}

// admit runs the rate limiter for one authenticated request.
func (f *Fake) admit() rateDecision {
	now := f.cfg.rateClock()
	f.logMu.Lock()
	defer f.logMu.Unlock()
	return f.rate.admit(now)
}

// refuseRateLimited writes the 429 for a request admit refused.
func refuseRateLimited(w http.ResponseWriter, d rateDecision) {
	d.setHeaders(w.Header())
	writeProblem(w, newProblem(http.StatusTooManyRequests,
		fmt.Sprintf("rate limit exceeded for the %s window", d.refusedBy)).
		withHeader("Retry-After", strconv.Itoa(d.retryAfter)))
}

// RateLimited returns how many requests the WithQuota quota refused.
// Injected 429 faults are not counted.
func (f *Fake) RateLimited() int {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	return f.rate.refused
}

// secsToReset is the whole seconds, rounded up, until the window containing
// now ends; it is at least 1.
func secsToReset(now time.Time, win time.Duration) int {
	next := now.Truncate(win).Add(win)
	return max(ceilSeconds(next.Sub(now)), 1)
}

func ceilSeconds(d time.Duration) int {
	return max(int((d+time.Second-1)/time.Second), 1)
}
