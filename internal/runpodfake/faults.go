package runpodfake

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Fault makes the next Count authenticated requests that match Method and
// Path misbehave, to test retries, timeouts and ambiguous failures.
//
// Without AfterHandler the fault strikes before the operation runs, so the
// request has no effect: Latency delays it (if the client gives up meanwhile,
// nothing happens at all), then Drop closes the connection with no response,
// or Status answers with a problem+json of that status (429 adds Retry-After).
// A Fault with only Latency just slows the request down.
//
// With AfterHandler the operation runs first and takes effect, then Latency
// delays the response and Drop or Status replaces it: the client sees a
// failure although the object was created, changed or deleted. That is the
// ambiguous failure the provider must resolve by reading back.
//
// Faults apply after the 413 and 401 checks and are consumed in the order
// they were injected. Note that Go's http.Transport transparently retries a
// dropped idempotent request (GET) on a reused connection.
type Fault struct {
	Method       string        // "" matches any method
	Path         string        // exact path (decoded, e.g. with spaces), a prefix ending in "*", or "" for any
	Count        int           // how many matching requests to affect; 0 means 1
	Status       int           // respond with this status (problem+json)
	RetryAfter   int           // seconds, sent as Retry-After with Status 429 (0 sends 1)
	Latency      time.Duration // delay before handling (or before responding, with AfterHandler)
	Drop         bool          // close the connection without a response
	AfterHandler bool          // apply the operation first, then fail or drop the response
	// Then are faults armed when this one strikes (each time), after those
	// already armed: faults that combine, such as a create whose reply is
	// lost followed by a failing look-up, whatever requests came before.
	Then []Fault
}

type faultState struct {
	Fault
	left int
}

// InjectFault arms a fault; see Fault.
func (f *Fake) InjectFault(fault Fault) {
	n := fault.Count
	if n <= 0 {
		n = 1
	}
	f.logMu.Lock()
	defer f.logMu.Unlock()
	f.faults = append(f.faults, &faultState{Fault: fault, left: n})
}

// takeFault consumes one use of the first armed fault matching r.
func (f *Fake) takeFault(r *http.Request) *Fault {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	for i, fs := range f.faults {
		if !matchRequest(fs.Method, fs.Path, r.Method, r.URL.Path) {
			continue
		}
		fs.left--
		if fs.left <= 0 {
			f.faults = append(f.faults[:i], f.faults[i+1:]...)
		}
		for _, then := range fs.Then {
			f.faults = append(f.faults, &faultState{Fault: then, left: max(then.Count, 1)})
		}
		out := fs.Fault
		return &out
	}
	return nil
}

func (fault *Fault) problem() *problem {
	p := newProblem(fault.Status, "injected fault")
	if p.Title == "" {
		p.Title = "Error"
	}
	if fault.Status == http.StatusTooManyRequests {
		p.Detail = "rate limit exceeded for the minute window"
		ra := fault.RetryAfter
		if ra <= 0 {
			ra = 1
		}
		p.withHeader("Retry-After", strconv.Itoa(ra))
	}
	return p
}

// matchRequest applies the Method/Path matching used by faults and
// CountRequests: "" matches any method or path; a pattern ending in "*" is
// a prefix.
func matchRequest(methodPattern, pathPattern, method, path string) bool {
	if methodPattern != "" && !strings.EqualFold(methodPattern, method) {
		return false
	}
	if pathPattern == "" {
		return true
	}
	if prefix, ok := strings.CutSuffix(pathPattern, "*"); ok {
		return strings.HasPrefix(path, prefix)
	}
	return pathPattern == path
}

// Request is one request the fake received, as logged.
type Request struct {
	Method   string
	Path     string // decoded path, e.g. /v2/catalog/gpus/NVIDIA GeForce RTX 4090
	RawQuery string
	Header   http.Header
	Body     []byte
	Status   int // status sent; 0 when the connection was dropped or the client gave up first
	// RateLimited is set when the WithQuota quota refused the request (Status
	// 429); an injected 429 fault leaves it false.
	RateLimited bool
}

func (f *Fake) logRequest(r *http.Request, body []byte) int {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	f.requests = append(f.requests, Request{
		Method:   r.Method,
		Path:     r.URL.Path,
		RawQuery: r.URL.RawQuery,
		Header:   r.Header.Clone(),
		Body:     append([]byte(nil), body...),
	})
	return len(f.requests) - 1
}

func (f *Fake) setStatus(idx, status int) {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	if idx < len(f.requests) {
		f.requests[idx].Status = status
	}
}

func (f *Fake) markRateLimited(idx int) {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	if idx < len(f.requests) {
		f.requests[idx].RateLimited = true
	}
}

// Requests returns a copy of every request received, in arrival order.
func (f *Fake) Requests() []Request {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	out := make([]Request, len(f.requests))
	for i, r := range f.requests {
		r.Header = r.Header.Clone()
		r.Body = append([]byte(nil), r.Body...)
		out[i] = r
	}
	return out
}

// CountRequests counts logged requests matching method ("" = any) and a path
// pattern (exact, or a prefix ending in "*"), e.g. to assert that a create
// was sent exactly once.
func (f *Fake) CountRequests(method, pathPattern string) int {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	n := 0
	for _, r := range f.requests {
		if matchRequest(method, pathPattern, r.Method, r.Path) {
			n++
		}
	}
	return n
}

// ResetRequests empties the request log (not the faults or the state).
func (f *Fake) ResetRequests() {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	f.requests = nil
}
