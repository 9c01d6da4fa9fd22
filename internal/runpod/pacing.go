package runpod

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Pacing keeps a Client under Runpod's rate limit instead of sending
// requests into 429s. Every response's RateLimit header says, per window,
// how many requests remain and when the window resets (RateLimit-Policy adds
// each window's quota and length); the pacer keeps one budget per Client,
// shared by every request the provider process sends, and holds a request
// back while any window's budget is spent, until that window resets.
//
// The server's count lags behind this process: requests in flight have left
// but are not yet counted in the r of the responses coming back. So the
// pacer keeps its own count. Each request sent reserves one unit of every
// window; a response can only lower the budget, to the server's r if that
// is less (another process may share the key); when a window's reset passes,
// the new budget is its quota q less the requests still in flight (they may
// land in the new window) and less those answered so close to the reset that
// the server may have counted them in the new window. A response to a
// request sent before the current window began is not trusted: it may
// describe the window before.
//
// Reset times are estimated as the arrival of a response plus its t, which
// the server rounds up to whole seconds: never early, and refined by later
// responses of the same window. Those rounded t are also why a response never
// starts a new window by itself: its estimate can be a second off, and
// taking a response of the current window for one of the next would forget
// the requests answered meanwhile.
//
// The budget may be shared: the rate limit is per account, and other
// processes (other Terraform runs, in CI or a drift job) spend it too. A
// process that spends all it reads at once, as if alone, meets 429s at every
// reset, when every process starts a new window with the whole quota. So a
// window is shared once answers show someone else's requests in it (twice an
// r below what this process's own requests would leave), and then the whole
// next window too; so is the next window after one where this process's
// share was well below whole. In a shared window the pacer spreads this
// process's part of what remains over the time left: its share of the
// requests the server counted in the window (from the latest answer: this
// process's requests of the window up to the answered one, over quota - r)
// times the r of that answer, less the requests this process sent since.
// Its next request goes that part-th of the way from its latest one to the
// reset; a part of one unit or less waits for the reset. Whatever the
// shares, the account's requests together then spend what remains evenly
// until the reset, later answers steering each share and each r, with no
// talking between processes. The first request of a window goes at once.
//
// A process alone never sees another's requests and sends as fast as its
// budget allows, as before. A fresh process whose first answer shows
// someone else's requests in the window (an earlier command's, or a
// concurrent one's: it cannot tell) spreads what remains of that window as
// if its share were whole, which costs a process alone nothing it could
// have used (it still sends all of it by the reset) and keeps processes
// started together from spending it at once; its share leaves out the
// requests counted before its probe.
//
// While the budget is unknown (before the first response of the process, or
// after a reset of a window whose quota or length the policy did not give),
// one request goes and the others wait for its answer, whose r less the
// requests in flight is then the budget. So a fresh process (each Terraform
// command is one) does not send a burst into a window that an earlier
// command spent.
//
// A response with no rate-limit headers (a rate-limit-exempt caller), or
// with headers this client cannot read, turns pacing off until a response
// brings headers again. Answers that may not come from the API itself (401,
// which carries no headers by contract, 413, 5xx from a gateway) without
// headers change nothing.
//
// A wait that would pass the context's deadline or the RateLimitWaitMax
// budget is not taken: the request is sent and the API's own 429 with its
// Retry-After decides, through the same retry path (and its clear error) as
// without pacing. Pacing only delays requests; it never sends one twice.
//
// The pacer sits in the http.Client's transport, so that every attempt is
// paced, retries after a 429 or a 5xx included.

// pacer is the per-Client rate-limit budget.
type pacer struct {
	now func() time.Time // time.Now; tests make time pass without sleeping
	// testHookWait, when set, is called instead of sleeping until a window
	// resets; it returns how long to sleep for real (tests: none, after
	// moving their clock to until).
	testHookWait func(until time.Time) time.Duration

	mu       sync.Mutex
	mode     paceMode
	windows  map[string]*paceWindow
	inflight int           // requests sent through the pacer and not yet answered
	probing  bool          // the one request sent while nothing is known
	changed  chan struct{} // closed and replaced when a response arrives
}

type paceMode int

const (
	paceUnknown paceMode = iota // no response yet: one request at a time
	paceOn                      // windows known: budget per window
	paceOff                     // no usable headers: never wait
)

type paceWindow struct {
	name    string
	quota   int           // q of the policy; 0 when unknown
	length  time.Duration // w of the policy; 0 when unknown
	resetAt time.Time     // estimate, never before the server's reset
	// resetLow is never after the server's reset: with resetAt it brackets
	// the moment the next window begins.
	resetLow  time.Time
	remaining int  // requests this process may still send before resetAt
	lapsed    bool // reset passed, and quota or length is unknown
	// late counts requests answered after resetLow and sent before
	// resetAt: the server may have counted them in the next window,
	// though they are in flight no more when it begins.
	late int
	// foreign counts the answers of this window that showed requests of
	// someone else; foreignBefore: the window before was shared. Two such
	// answers, or a shared window before, make the window shared: this
	// process's part of its remaining budget is spread over the time left.
	foreign       int
	foreignBefore bool
	// suspect: the answer that made the budget known (the probe's) showed
	// requests of someone else in this window, an earlier command's or a
	// concurrent one's; until the window resets it is shared, this
	// process's share taken as whole until answers tell.
	suspect bool
	// base is the requests the server had counted in the window before
	// the probe, which are not this process's: its share leaves them out.
	base int
	// sent counts this process's requests since the window began, and
	// lastSend is when the latest went. share is this process's part of
	// the requests the server counted in the window (1 alone), from the
	// latest answer, which left lastR of the window's budget when this
	// process had sent lastSeq: its part of what remains is
	// share×lastR less what it sent since.
	sent, lastSeq, lastR int
	lastSend             time.Time
	share                float64
}

func (w *paceWindow) shared() bool { return w.suspect || w.foreign >= 2 || w.foreignBefore }

func newPacer() *pacer {
	return &pacer{now: time.Now, windows: map[string]*paceWindow{}, changed: make(chan struct{})}
}

// pacingTransport paces every request through the Client's pacer.
type pacingTransport struct {
	base    http.RoundTripper
	pacer   *pacer
	waitMax time.Duration // the longest wait for a reset (Config.RateLimitWaitMax)
	// attemptTimeout bounds each attempt once it is sent (Config.RequestTimeout).
	attemptTimeout time.Duration
}

// pacedHTTPClient returns a copy of hc whose transport paces through p,
// waiting at most waitMax for a window to reset.
func pacedHTTPClient(hc *http.Client, p *pacer, waitMax, attemptTimeout time.Duration) *http.Client {
	paced := *hc
	base := hc.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	paced.Transport = &pacingTransport{base: base, pacer: p, waitMax: waitMax, attemptTimeout: attemptTimeout}
	return &paced
}

// RoundTrip waits for the pacer, then sends req with its own deadline
// (attemptTimeout, which a pacing wait does not eat into) that lasts until
// the answer's body is closed.
func (t *pacingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	tk, err := t.pacer.acquire(req.Context(), t.waitMax)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeoutCause(req.Context(), t.attemptTimeout, &RequestTimeoutError{Timeout: t.attemptTimeout})
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	t.pacer.observe(tk, resp, t.pacer.now())
	if err != nil {
		timedOut := timeoutCause(ctx, req.Context())
		cancel()
		if timedOut != nil {
			return nil, timedOut
		}
		return nil, err
	}
	resp.Body = &cancelOnClose{ReadCloser: resp.Body, ctx: ctx, parent: req.Context(), cancel: cancel}
	return resp, nil
}

// RequestTimeoutError is an attempt that got no complete answer within the
// request timeout (Config.RequestTimeout).
type RequestTimeoutError struct{ Timeout time.Duration }

func (e *RequestTimeoutError) Error() string {
	return fmt.Sprintf("no complete answer within the request timeout of %s", e.Timeout)
}

// IsRequestTimeout reports an attempt that outlasted the request timeout.
func IsRequestTimeout(err error) bool {
	var te *RequestTimeoutError
	return errors.As(err, &te)
}

// timeoutCause is the attempt's RequestTimeoutError when its own deadline
// ended it, and nil when the caller's context did (or nothing did).
func timeoutCause(attempt, caller context.Context) error {
	var te *RequestTimeoutError
	if cause := context.Cause(attempt); caller.Err() == nil && errors.As(cause, &te) {
		return te
	}
	return nil
}

// cancelOnClose ends an attempt's deadline when its body is closed, and
// turns a read cut short by that deadline into RequestTimeoutError.
type cancelOnClose struct {
	io.ReadCloser
	ctx    context.Context
	parent context.Context
	cancel context.CancelFunc
}

func (b *cancelOnClose) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && err != io.EOF {
		if timedOut := timeoutCause(b.ctx, b.parent); timedOut != nil {
			return n, timedOut
		}
	}
	return n, err
}

func (b *cancelOnClose) Close() error {
	defer b.cancel()
	return b.ReadCloser.Close()
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the
// underlying transport.
func (t *pacingTransport) CloseIdleConnections() {
	if ci, ok := t.base.(interface{ CloseIdleConnections() }); ok {
		ci.CloseIdleConnections()
	}
}

// paceTicket is one request let through: whether it is the probe, and when
// it was sent (by the pacer's clock).
type paceTicket struct {
	probe  bool
	sentAt time.Time
	seq    map[string]int // per window: this request's number among the process's in it
}

// acquire returns when the request may be sent, having reserved its unit of
// every window, or with ctx's error.
func (p *pacer) acquire(ctx context.Context, waitMax time.Duration) (paceTicket, error) {
	loggedProbeWait := false
	for {
		p.mu.Lock()
		now := p.now()
		p.roll(now)
		changed := p.changed
		switch {
		case p.mode == paceOff:
			p.inflight++
			p.mu.Unlock()
			return paceTicket{sentAt: now}, nil
		case p.mode == paceUnknown || p.anyLapsed():
			if !p.probing {
				p.probing = true
				p.inflight++
				p.mu.Unlock()
				return paceTicket{probe: true, sentAt: now}, nil
			}
			p.mu.Unlock()
			if !loggedProbeWait {
				tflog.Debug(ctx, "Pacing Runpod API request: waiting for a response to tell the rate-limit budget")
				loggedProbeWait = true
			}
			select {
			case <-changed:
				continue
			case <-ctx.Done():
				return paceTicket{}, ctx.Err()
			}
		}

		spent := p.spentWindow()
		spread := false
		if spent == nil {
			if spent = p.spreadWindow(now); spent == nil {
				tk := paceTicket{sentAt: now, seq: make(map[string]int, len(p.windows))}
				for name, w := range p.windows {
					w.remaining--
					w.sent++
					w.lastSend = now
					tk.seq[name] = w.sent
				}
				p.inflight++
				p.mu.Unlock()
				return tk, nil
			}
			spread = true
		}
		until := spent.resetAt
		if spread {
			until = spent.nextAt()
		}
		wait := until.Sub(now)
		fields := map[string]any{
			"wait": wait.String(), "window": spent.name, "remaining": spent.remaining,
			"quota": spent.quota, "in_flight": p.inflight,
		}
		deadline, hasDeadline := ctx.Deadline()
		if wait > waitMax || (hasDeadline && time.Until(deadline) < wait) {
			// Waiting would outlast the budget or the operation: let the
			// API's 429 and its Retry-After speak instead.
			p.inflight++
			p.mu.Unlock()
			tflog.Debug(ctx, "Runpod API rate limit spent for longer than the wait allowed; sending the request anyway", fields)
			return paceTicket{sentAt: now}, nil
		}
		p.mu.Unlock()
		if spread {
			tflog.Debug(ctx, "Pacing Runpod API request: rate-limit window shared, spreading what remains over the time left", fields)
		} else {
			tflog.Debug(ctx, "Pacing Runpod API request: rate-limit window spent, waiting for its reset", fields)
		}
		if err := p.sleepUntil(ctx, until, wait, changed); err != nil {
			return paceTicket{}, err
		}
	}
}

// sleepUntil waits until the window resets, a response changes the budget,
// or ctx ends.
func (p *pacer) sleepUntil(ctx context.Context, until time.Time, wait time.Duration, changed <-chan struct{}) error {
	if p.testHookWait != nil {
		wait = p.testHookWait(until)
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-changed:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// roll starts the next window of every window whose reset has passed.
// Callers hold p.mu.
func (p *pacer) roll(now time.Time) {
	for _, w := range p.windows {
		if w.lapsed || w.resetAt.After(now) {
			continue
		}
		if w.quota <= 0 || w.length <= 0 {
			w.lapsed = true
			continue
		}
		steps := 0
		for !w.resetAt.After(now) {
			w.resetAt = w.resetAt.Add(w.length)
			w.resetLow = w.resetLow.Add(w.length)
			steps++
		}
		// Requests still in flight may land in the new window, and so may
		// those answered around the reset.
		late := w.late
		if steps > 1 {
			late = 0 // they landed in a window that is over too
		}
		w.remaining = max(w.quota-p.inflight-late, 0)
		w.late = 0
		// Shared if answers showed someone else's requests: twice below
		// this process's own count, or its share well below whole (a few
		// of its own requests, sent around the reset, may be counted in
		// the server's window and not in its own), or, when suspected from
		// the probe, any requests but its own since.
		w.foreignBefore = (w.foreign >= 2 || w.share < 0.75 || w.suspect && w.share < 1) && steps == 1
		w.foreign, w.suspect, w.base = 0, false, 0
		w.sent, w.lastSeq, w.lastR, w.lastSend = 0, 0, w.remaining, time.Time{}
	}
}

func (p *pacer) anyLapsed() bool {
	for _, w := range p.windows {
		if w.lapsed {
			return true
		}
	}
	return false
}

// spentWindow is the spent window that resets last (waiting for it waits
// for every spent one), or nil. Callers hold p.mu.
func (p *pacer) spentWindow() *paceWindow {
	var spent *paceWindow
	for _, w := range p.windows {
		if w.remaining <= 0 && (spent == nil || w.resetAt.After(spent.resetAt)) {
			spent = w
		}
	}
	return spent
}

// nextAt is when a shared window lets this process's next request go: its
// part of what remains spread over the time from its latest request to the
// reset. A part of one unit or less waits for the reset (or for an answer
// that leaves more).
func (w *paceWindow) nextAt() time.Time {
	if w.lastSend.IsZero() || (w.length > 0 && w.lastSend.Before(w.resetAt.Add(-w.length))) {
		return time.Time{} // the first of the window goes at once
	}
	part := w.share*float64(w.lastR) - float64(w.sent-w.lastSeq)
	if part <= 1 {
		return w.resetAt
	}
	return w.lastSend.Add(time.Duration(float64(w.resetAt.Sub(w.lastSend)) / part))
}

// spreadWindow is the shared window whose next request is due last, if it
// is not due yet at now, or nil. Callers hold p.mu.
func (p *pacer) spreadWindow(now time.Time) *paceWindow {
	var due *paceWindow
	for _, w := range p.windows {
		if !w.shared() {
			continue
		}
		if at := w.nextAt(); at.After(now) && (due == nil || at.After(due.nextAt())) {
			due = w
		}
	}
	return due
}

// observe accounts for a request's end: resp is its response (nil if none
// came) and recvAt when it arrived.
func (p *pacer) observe(tk paceTicket, resp *http.Response, recvAt time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inflight--
	if tk.probe {
		p.probing = false
	}
	defer p.broadcast()
	if resp == nil {
		return
	}
	states, ok := parseRateLimit(resp.Header)
	if !ok {
		if fromAPI(resp.StatusCode) {
			p.mode = paceOff
			clear(p.windows)
		}
		return
	}
	if p.mode != paceOn {
		clear(p.windows) // start afresh: nothing reserved against them is known
	}
	p.mode = paceOn
	p.update(states, parseRateLimitPolicy(resp.Header), tk, recvAt)
}

// fromAPI reports whether an answer without rate-limit headers says the
// caller gets none. 401 carries none by contract; 413 is answered before
// authentication; 5xx and redirects may come from a proxy or gateway.
func fromAPI(status int) bool {
	switch {
	case status < 200, status >= 300 && status < 400, status >= 500:
		return false
	case status == http.StatusUnauthorized, status == http.StatusRequestEntityTooLarge:
		return false
	}
	return true
}

// update merges the RateLimit members of the answer to the request of tk.
// Callers hold p.mu, with the answered request no longer counted in
// p.inflight.
func (p *pacer) update(states []rateLimitState, policy map[string]rateLimitPolicy, tk paceTicket, recvAt time.Time) {
	sentAt := tk.sentAt
	seen := map[string]bool{}
	for _, s := range states {
		seen[s.name] = true
		// t counts whole seconds from when the server answered, which was
		// before recvAt, and is rounded up: resetAt is never early.
		resetAt := recvAt.Add(time.Duration(s.resetSecs) * time.Second)
		r := int(min(s.remaining, 1<<31))
		w := p.windows[s.name]
		if w == nil {
			w = &paceWindow{name: s.name, lapsed: true, share: 1}
			p.windows[s.name] = w
		}
		if pol, ok := policy[s.name]; ok {
			w.quota = int(min(pol.quota, 1<<31))
			w.length = time.Duration(min(pol.windowSecs, 1<<31)) * time.Second
		}
		// The server answered at some moment between sentAt and recvAt with
		// t = its window's remaining time rounded up, so that window resets
		// after sentAt + t - 1s and no later than resetAt.
		low := sentAt.Add(time.Duration(s.resetSecs)*time.Second - time.Second)
		if w.lapsed {
			// Nothing known of this window (the first answer, or a reset
			// without a policy to renew the budget by): its r, less the
			// requests still in flight, which may land in it after this one.
			w.resetAt, w.resetLow, w.remaining, w.lapsed, w.late = resetAt, low, max(r-p.inflight, 0), false, 0
			// Counted in the window, quota - r requests, only one of them
			// this process's (the probe, when pacing starts): someone
			// else spent the window too, though perhaps an earlier
			// command that is over. Spreading what remains over the time
			// left costs a process alone nothing it could have used (it
			// sends all of it by the reset), and keeps processes started
			// together from spending it all at once.
			w.sent, w.lastSeq, w.lastR, w.lastSend, w.share = 0, 0, w.remaining, time.Time{}, 1
			w.foreign, w.suspect, w.base = 0, w.quota > 0 && w.quota-r > 1, max(w.quota-r-1, 0)
			continue
		}
		if recvAt.After(w.resetLow) && sentAt.Before(w.resetAt) {
			w.late++
		}
		switch {
		case w.length > 0 && sentAt.Before(w.resetAt.Add(-w.length)):
			// Sent before this window began (resetAt is never early, so
			// neither is resetAt - length): it may have been counted in the
			// window before, and its r and t describe that one. The local
			// count holds it already: it was in flight at the reset.
		default:
			// This window, or (sent just before its reset) the next one,
			// whose r is no help but does no harm: r can only lower the
			// budget. t is whole seconds rounded up, so its estimate
			// differs from answer to answer by up to a second; taking it to
			// start a new window from its r would, when it is this window
			// after all, forget the requests answered meanwhile and overrun
			// the quota. Windows are renewed by roll, from the quota.
			if r < w.remaining {
				// Fewer than this process's own requests would leave:
				// someone else spends this window too.
				w.foreign++
			}
			w.remaining = min(w.remaining, r)
			// Sent since this window began and answered before it can
			// have reset, so counted in it: the server had counted
			// quota - r requests of the window, seq of them this
			// process's.
			seq, used := tk.seq[s.name], w.quota-r-w.base
			thisWindow := w.length > 0 && !sentAt.Before(w.resetAt.Add(-w.length)) && !recvAt.After(w.resetLow)
			if thisWindow && seq > 0 && used > 0 && w.quota > 0 {
				w.share = min(max(float64(seq)/float64(used), 1.0/64), 1)
				if seq >= w.lastSeq {
					w.lastSeq, w.lastR = seq, r
				}
			}
			if w.length > 0 && !resetAt.After(w.resetAt) {
				// Not after this window's reset, so counted in this window
				// (the next one resets a whole length later): both bounds
				// apply to it.
				w.resetAt = resetAt
				if low.After(w.resetLow) {
					w.resetLow = low
				}
			}
		}
	}
	for name := range p.windows {
		if !seen[name] {
			delete(p.windows, name)
		}
	}
}

// broadcast wakes every waiter. Callers hold p.mu.
func (p *pacer) broadcast() {
	close(p.changed)
	p.changed = make(chan struct{})
}
