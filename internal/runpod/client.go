// Package runpod is a client for the Runpod REST API v2 (https://api.runpod.io/v2).
//
// It knows nothing about Terraform: it sends requests, retries them only where
// that is safe, turns problem+json answers into *APIError and logs through
// tflog with the API key masked.
package runpod

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

const (
	// DefaultBaseURL is the API host; request paths carry the /v2 prefix.
	DefaultBaseURL   = "https://api.runpod.io"
	defaultUserAgent = "terraform-provider-runpod"
	// DefaultMaxRetries, DefaultRetryWaitMin and DefaultRetryWaitMax are
	// enough to ride out a short 5xx burst or a rate-limit window without
	// making a failing plan hang for minutes. The provider's schema quotes
	// them as its defaults.
	DefaultMaxRetries   = 4
	DefaultRetryWaitMin = 1 * time.Second
	DefaultRetryWaitMax = 30 * time.Second
	// DefaultRateLimitWaitMax bounds the total time one request spends
	// waiting out 429s: long enough to outlast several minute windows (the
	// window most often spent), short enough that a spent hour or day quota
	// fails the run instead of hanging it.
	DefaultRateLimitWaitMax = 5 * time.Minute
	// DefaultRequestTimeout bounds one attempt of one request, from the
	// moment it is sent (after any pacing wait) to the last byte of its
	// answer: an API that accepts connections and never answers must end
	// the run, not hang it. Runpod answers even a pod create in seconds.
	DefaultRequestTimeout = 2 * time.Minute
	// maxAttempts only keeps retryablehttp's own counter out of the way:
	// CheckRetry decides when to stop.
	maxAttempts = 1 << 20

	// maxErrorBody bounds how much of an error answer is read; problem+json
	// bodies are small and anything larger is not worth holding.
	maxErrorBody = 1 << 20
	// maxErrorText bounds the non-JSON error text kept in APIError.Detail.
	maxErrorText = 512
)

// Config holds the settings for New. Zero values take the defaults.
type Config struct {
	APIKey string
	// BaseURL defaults to DefaultBaseURL. Request paths carry /v2, so a
	// trailing /v2 is dropped (see NormalizeBaseURL).
	BaseURL string
	// UserAgent should name the provider and its version.
	UserAgent string
	// MaxRetries is the number of retries after a 502/503/504 or a lost
	// connection (idempotent requests only): 0 means the default (4), a
	// negative value disables retries of every kind, 429 included.
	MaxRetries int
	// RetryWaitMin and RetryWaitMax bound the backoff between attempts
	// (defaults 1s and 30s); RetryWaitMax also caps a 503's Retry-After. A
	// 429's Retry-After is waited in full, since retrying earlier only earns
	// another 429.
	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	// RateLimitWaitMax is the time budget for 429s: a rate-limited request
	// is retried after each Retry-After for as long as the waits add up to no
	// more than this (default DefaultRateLimitWaitMax) and end before the
	// context's deadline. 429s are not counted against MaxRetries, so a
	// request outlasts a spent rate-limit window however many attempts that
	// takes. It also bounds a pacing wait for a spent window's reset
	// (pacing.go): a longer one is not taken.
	RateLimitWaitMax time.Duration
	// RequestTimeout bounds each attempt (default DefaultRequestTimeout); an
	// attempt that outlasts it fails with *RequestTimeoutError, which counts
	// as a lost connection: a read is retried, a create or update is
	// ambiguous and never sent again.
	RequestTimeout time.Duration
	// HTTPClient is the transport to send through; nil uses a pooled
	// go-cleanhttp client.
	HTTPClient *http.Client
}

// Client talks to the Runpod REST API v2. It is safe for concurrent use.
type Client struct {
	apiKey       string
	baseURL      string // scheme://host[/prefix], no trailing slash
	userAgent    string
	maxRetries   int
	retryWaitMin time.Duration
	retryWaitMax time.Duration
	rateLimitMax time.Duration
	noRetries    bool
	httpClient   *http.Client // paces every attempt through pacer (pacing.go)
	pacer        *pacer
	// retryJitter is the extra wait added to a Retry-After, drawn anew
	// for each 429 (retryAfterJitter; tests may set none).
	retryJitter func(retryAfter time.Duration) time.Duration
	writes      atomic.Uint64 // see Writes
	// reached is set once any request of this client got an HTTP answer
	// (any status): the address is right, so a later connection failure
	// is a connection that dropped, not a wrong base_url (see
	// ConnectionError.Reached).
	reached atomic.Bool

	// testHookBackoff, when set, is called with each computed wait just
	// before the client sleeps; tests use it to act during a backoff.
	testHookBackoff func(attempt int, wait time.Duration)
	// testHookSleep, when set, maps each computed wait to the one actually
	// slept, so tests can run minutes of Retry-After budget in milliseconds;
	// budgets and deadlines are still judged on the computed waits.
	testHookSleep func(wait time.Duration) time.Duration
}

// New checks cfg and returns a Client. The error names the offending setting
// so the provider can point the user at it.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil, errors.New("runpod: APIKey is empty: set the Runpod API key")
	}

	base := cfg.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	baseURL, err := NormalizeBaseURL(base)
	if err != nil {
		return nil, fmt.Errorf("runpod: BaseURL %q is not valid: %w; use an absolute http or https URL such as %s", base, err, DefaultBaseURL)
	}

	c := &Client{
		apiKey:       cfg.APIKey,
		baseURL:      baseURL,
		userAgent:    cfg.UserAgent,
		maxRetries:   cfg.MaxRetries,
		retryWaitMin: cfg.RetryWaitMin,
		retryWaitMax: cfg.RetryWaitMax,
		rateLimitMax: cfg.RateLimitWaitMax,
		noRetries:    cfg.MaxRetries < 0,
		httpClient:   cfg.HTTPClient,
		retryJitter:  retryAfterJitter,
	}
	if c.rateLimitMax <= 0 {
		c.rateLimitMax = DefaultRateLimitWaitMax
	}
	if c.userAgent == "" {
		c.userAgent = defaultUserAgent
	}
	switch {
	case c.maxRetries == 0:
		c.maxRetries = DefaultMaxRetries
	case c.maxRetries < 0:
		c.maxRetries = 0
	}
	if c.retryWaitMin <= 0 {
		c.retryWaitMin = DefaultRetryWaitMin
	}
	if c.retryWaitMax <= 0 {
		c.retryWaitMax = DefaultRetryWaitMax
	}
	if c.retryWaitMax < c.retryWaitMin {
		c.retryWaitMax = c.retryWaitMin
	}
	if c.httpClient == nil {
		c.httpClient = cleanhttp.DefaultPooledClient()
	}
	timeout := cfg.RequestTimeout
	if timeout <= 0 {
		timeout = DefaultRequestTimeout
	}
	c.pacer = newPacer()
	c.httpClient = pacedHTTPClient(c.httpClient, c.pacer, c.rateLimitMax, timeout)
	return c, nil
}

// WithSensitiveValues returns a context whose tflog output masks every
// occurrence of the given values, in messages and in string fields. Callers
// that send credentials (registry passwords, secret values) wrap their
// context with it before calling the client. Empty strings are ignored,
// since masking "" would mangle every line.
func WithSensitiveValues(ctx context.Context, values ...string) context.Context {
	vals := make([]string, 0, len(values))
	for _, v := range values {
		if v != "" {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return ctx
	}
	ctx = tflog.MaskAllFieldValuesStrings(ctx, vals...)
	return tflog.MaskMessageStrings(ctx, vals...)
}

// idempotent methods may be resent after a 5xx or a lost connection without
// risk of acting twice. PATCH is left out: a retried PATCH is harmless for
// most bodies but not guaranteed, so it is only retried on 429.
func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// read methods change nothing, so any failure of theirs may be retried.
func read(method string) bool { return method == http.MethodGet || method == http.MethodHead }

// do is the only function that sends requests. path is already escaped and
// starts with /v2; query may be nil; in (if non-nil) is sent as JSON; out (if
// non-nil) receives the decoded 2xx body. Non-2xx answers become *APIError.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, in, out any) error {
	defer c.countWrite(method)
	ctx = c.requestContext(ctx, method, path)

	var body any // stays a nil interface without a body, so no Content-Length: 0
	header := http.Header{"Accept": {"application/json"}}
	if in != nil {
		b, err := encodeBody(in)
		if err != nil {
			return fmt.Errorf("%s %s: encoding request body: %w", method, path, err)
		}
		body = b
		header.Set("Content-Type", "application/json")
	}

	resp, err := c.send(ctx, method, path, query, body, header)
	if err != nil {
		var apiErr *APIError
		if errors.As(err, &apiErr) && !idempotent(method) && apiErr.StatusCode >= 500 {
			return &ambiguousError{err: apiErr}
		}
		return err
	}
	defer drainAndClose(resp.Body)

	if out == nil || resp.StatusCode == http.StatusNoContent {
		return nil
	}
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return successReadError(method, fmt.Errorf("%s %s: reading %d response body: %w", method, path, resp.StatusCode, err))
	}
	// Trimmed: JSON bodies end in a newline, which would split the log entry
	// over several lines and separate it from its method and path fields.
	tflog.Trace(ctx, "Runpod API response body", map[string]any{"status": resp.StatusCode, "body": strings.TrimSpace(string(data))})
	if len(bytes.TrimSpace(data)) == 0 {
		return successReadError(method, fmt.Errorf("%s %s: %d response has an empty body", method, path, resp.StatusCode))
	}
	if err := json.Unmarshal(data, out); err != nil {
		return successReadError(method, fmt.Errorf("%s %s: decoding %d response body: %w", method, path, resp.StatusCode, err))
	}
	return nil
}

// requestContext masks the API key in everything logged under ctx and
// names the request in its log fields.
func (c *Client) requestContext(ctx context.Context, method, path string) context.Context {
	ctx = WithSensitiveValues(ctx, c.apiKey)
	ctx = tflog.SetField(ctx, "method", method)
	return tflog.SetField(ctx, "path", path)
}

// send is the one place a request is built and sent: auth, User-Agent and
// header, through the retry policy (retryClient). It returns a 2xx response,
// whose body the caller reads and closes; otherwise the connection failure
// (transportError) or the API's answer as *APIError, its body read, closed
// and redacted.
func (c *Client) send(ctx context.Context, method, path string, query url.Values, body any, header http.Header) (*http.Response, error) {
	target := c.baseURL + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: building request: %w", method, path, err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("User-Agent", c.userAgent)

	rc, attempts := c.retryClient(ctx, method)
	resp, err := rc.Do(req)
	if err != nil {
		if resp != nil {
			drainAndClose(resp.Body)
		}
		return nil, c.transportError(ctx, method, path, target, *attempts, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		defer drainAndClose(resp.Body)
		apiErr := newAPIError(ctx, method, path, resp)
		// An error page that quotes the request (headers included) must not
		// carry the API key into a diagnostic.
		_ = RedactError(apiErr, c.apiKey) // redacts in place
		return nil, apiErr
	}
	return resp, nil
}

// successReadError marks an unreadable 2xx answer to a POST or PATCH as
// ambiguous: the change happened, but the caller has no object to show for it
// and must look it up rather than repeat the request.
func successReadError(method string, err error) error {
	if !idempotent(method) {
		return &ambiguousError{err: err}
	}
	return err
}

// transportError describes a failure that produced no usable response.
func (c *Client) transportError(ctx context.Context, method, path, target string, attempts int, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		// Report the context's own error so callers can errors.Is it.
		return fmt.Errorf("%s %s: %w", method, path, ctxErr)
	}
	wrapped := &ConnectionError{Method: method, Path: path, URL: target, BaseURL: c.baseURL, Attempts: attempts, Err: err,
		Reached: c.reached.Load()}
	if !idempotent(method) && !requestNotSent(err) {
		return &ambiguousError{err: wrapped}
	}
	return wrapped
}

// requestNotSent reports failures that happened before any byte of the
// request left (DNS, connection refused), which cannot have been processed.
func requestNotSent(err error) bool {
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}

// retryClient builds a retryablehttp client for one call. It is built per call
// so that the logger, the hooks and the retry policy see this call's context
// and method, and so that the retry budgets below are per call; the
// underlying *http.Client (and its connection pool) is shared. The returned
// pointer holds the number of attempts made so far.
//
// Two budgets decide when to stop (retryablehttp's own count is set out of
// reach): 502/503/504 and lost connections have a count (maxRetries), since
// each means something failed; 429s have a time budget (rateLimitMax and the
// context's deadline), since each means "come back after Retry-After" and the
// number of attempts that takes depends only on how long the window lasts.
func (c *Client) retryClient(ctx context.Context, method string) (*retryablehttp.Client, *int) {
	attempts := new(int)
	var start time.Time
	var (
		failures        int           // retries spent on 5xx and lost connections
		rateLimited     int           // retries spent on 429
		rateLimitWaited time.Duration // sum of the waits planned for 429s
		nextWait        time.Duration // decided by CheckRetry, returned by Backoff
	)
	policy := checkRetry(method)

	rc := &retryablehttp.Client{
		HTTPClient:   c.httpClient,
		Logger:       leveledLogger{ctx: ctx},
		RetryWaitMin: c.retryWaitMin,
		RetryWaitMax: c.retryWaitMax,
		RetryMax:     maxAttempts,
		CheckRetry: func(ctx context.Context, resp *http.Response, err error) (bool, error) {
			retry, checkErr := policy(ctx, resp, err)
			if !retry || checkErr != nil || c.noRetries {
				return false, checkErr
			}
			if err == nil && resp.StatusCode == http.StatusTooManyRequests {
				wait := rateLimitBackoff(c.retryWaitMin, c.retryWaitMax, rateLimited, resp, c.retryJitter)
				if rateLimitWaited+wait > c.rateLimitMax {
					tflog.Warn(ctx, "Runpod API rate limit outlasted the retry budget", map[string]any{
						"attempt": *attempts, "waited": rateLimitWaited.String(), "retry_after": wait.String(),
						"budget": c.rateLimitMax.String(),
					})
					return false, nil
				}
				if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < wait {
					// Sleeping into the deadline would only turn the API's
					// clear 429 into a bare "context deadline exceeded".
					tflog.Warn(ctx, "Runpod API rate limit outlasts the operation's timeout", map[string]any{
						"attempt": *attempts, "retry_after": wait.String(),
					})
					return false, nil
				}
				rateLimited++
				rateLimitWaited += wait
				nextWait = wait
				return true, nil
			}
			if failures >= c.maxRetries {
				return false, nil
			}
			nextWait = backoff(c.retryWaitMin, c.retryWaitMax, failures, resp)
			failures++
			return true, nil
		},
		Backoff: func(_, _ time.Duration, _ int, _ *http.Response) time.Duration {
			wait := nextWait
			if c.testHookBackoff != nil {
				c.testHookBackoff(*attempts, wait)
			}
			if c.testHookSleep != nil {
				return c.testHookSleep(wait)
			}
			return wait
		},
		// Hand back the last response as is, so that exhausted retries on
		// 429/5xx surface as the API's own *APIError rather than
		// retryablehttp's "giving up" message.
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
		RequestLogHook: func(_ retryablehttp.Logger, _ *http.Request, attemptNum int) {
			*attempts = attemptNum + 1
			start = time.Now()
			tflog.Debug(ctx, "Sending Runpod API request", map[string]any{"attempt": *attempts})
		},
		ResponseLogHook: func(_ retryablehttp.Logger, resp *http.Response) {
			c.reached.Store(true)
			tflog.Debug(ctx, "Received Runpod API response", map[string]any{
				"attempt":  *attempts,
				"status":   resp.StatusCode,
				"duration": time.Since(start).String(),
			})
		},
	}
	return rc, attempts
}

// checkRetry is the retry policy: 429 is retried for every method, since the
// API did not process the request; 502/503/504 and connection errors
// (timeouts included) only for idempotent methods; 500 only for reads. Everything else is final. How many retries are allowed
// is retryClient's business.
func checkRetry(method string) retryablehttp.CheckRetry {
	return func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return false, ctxErr
		}
		if err != nil {
			if !idempotent(method) {
				return false, nil
			}
			// Reuse retryablehttp's classification of permanent transport
			// errors (bad scheme, TLS trust, too many redirects).
			return retryablehttp.DefaultRetryPolicy(ctx, nil, err)
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests:
			return true, nil
		case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			return idempotent(method), nil
		case http.StatusInternalServerError:
			// Runpod's guidance is to retry 5xx with backoff; a 500 may
			// follow a change that was made, so only reads are resent.
			return read(method), nil
		}
		return false, nil
	}
}

// rateLimitBackoff is the wait before retrying a 429: the Retry-After the API
// sent, in full (never less than minWait, so a "0" cannot make a busy loop),
// plus jitter(that wait) when jitter is set, else the exponential backoff
// (jittered already). rateLimited counts the 429 retries so far.
func rateLimitBackoff(minWait, maxWait time.Duration, rateLimited int, resp *http.Response, jitter func(time.Duration) time.Duration) time.Duration {
	if d, ok := parseRetryAfter(resp.Header.Get("Retry-After")); ok {
		d = max(d, minWait)
		if jitter != nil {
			d += jitter(d)
		}
		return d
	}
	return backoff(minWait, maxWait, rateLimited, nil)
}

// retryAfterJitter is a random extra wait of up to half the Retry-After:
// processes refused in the same rate-limit window (several Terraform runs
// sharing an account) do not all come back at its reset together. It never
// shortens the wait: retrying before Retry-After only earns another 429.
func retryAfterJitter(retryAfter time.Duration) time.Duration {
	if half := retryAfter / 2; half > 0 {
		return rand.N(half + 1)
	}
	return 0
}

// backoff waits what a 503 Retry-After asks (capped at maxWait), else an
// exponential delay from minWait, capped at maxWait, with jitter so that
// parallel Terraform operations do not retry in lockstep. attemptNum counts
// the retries of this kind so far.
func backoff(minWait, maxWait time.Duration, attemptNum int, resp *http.Response) time.Duration {
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		if d, ok := parseRetryAfter(resp.Header.Get("Retry-After")); ok {
			return min(d, maxWait)
		}
	}
	wait := maxWait
	if attemptNum < 30 { // beyond this the shift overflows; maxWait applies anyway
		if d := minWait << attemptNum; d > 0 && d < maxWait {
			wait = d
		}
	}
	// Equal jitter: somewhere in [wait/2, wait], never below minWait.
	half := wait / 2
	if half > 0 {
		wait = half + rand.N(half+1)
	}
	return max(wait, minWait)
}

// parseRetryAfter reads delay-seconds or an HTTP date.
func parseRetryAfter(v string) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0), true
	}
	return 0, false
}

// newAPIError reads a non-2xx answer. A body that is not problem+json (a
// proxy's HTML page, say) still gives the status and a truncated text.
func newAPIError(ctx context.Context, method, path string, resp *http.Response) *APIError {
	apiErr := &APIError{StatusCode: resp.StatusCode, Method: method, Path: path}
	if d, ok := parseRetryAfter(resp.Header.Get("Retry-After")); ok {
		apiErr.RetryAfter = d
	}

	data, readErr := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	tflog.Trace(ctx, "Runpod API error body", map[string]any{"status": resp.StatusCode, "body": strings.TrimSpace(string(data))})

	var problem struct {
		Title  string   `json:"title"`
		Detail string   `json:"detail"`
		Errors []string `json:"errors"`
	}
	if len(data) > 0 && json.Unmarshal(data, &problem) == nil {
		apiErr.Title, apiErr.Detail, apiErr.Errors = problem.Title, problem.Detail, problem.Errors
	} else if text := strings.TrimSpace(string(data)); text != "" {
		apiErr.Detail = truncate(text, maxErrorText)
	}
	if apiErr.Title == "" {
		apiErr.Title = http.StatusText(resp.StatusCode)
	}
	if readErr != nil {
		note := fmt.Sprintf("(reading the error body failed: %v)", readErr)
		if apiErr.Detail == "" {
			apiErr.Detail = note
		} else {
			apiErr.Detail += " " + note
		}
	}
	return apiErr
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// Cut on a rune boundary so the message stays valid UTF-8.
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// drainAndClose lets the connection be reused. Errors are irrelevant here:
// the body has already been read or is being abandoned.
func drainAndClose(body io.ReadCloser) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, maxErrorBody))
	_ = body.Close()
}

// leveledLogger adapts retryablehttp's logger to tflog, bound to one call's
// context so its masks and fields apply. Values are turned into strings
// because tflog masks string fields only (an error holding the key would
// otherwise slip through).
type leveledLogger struct {
	ctx context.Context
}

var _ retryablehttp.LeveledLogger = leveledLogger{}

func (l leveledLogger) Error(msg string, kv ...any) { tflog.Error(l.ctx, msg, fields(kv)) }
func (l leveledLogger) Info(msg string, kv ...any)  { tflog.Info(l.ctx, msg, fields(kv)) }
func (l leveledLogger) Debug(msg string, kv ...any) { tflog.Debug(l.ctx, msg, fields(kv)) }
func (l leveledLogger) Warn(msg string, kv ...any)  { tflog.Warn(l.ctx, msg, fields(kv)) }

func fields(kv []any) map[string]any {
	f := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		key := fmt.Sprint(kv[i])
		switch v := kv[i+1].(type) {
		case string, bool, int, int64, float64:
			f[key] = v
		default:
			f[key] = fmt.Sprint(v)
		}
	}
	return f
}

// pathID escapes one id for use as a path segment. Catalog ids contain
// spaces ("NVIDIA GeForce RTX 4090"), and an empty id would silently turn a
// Get into a List, so it is refused.
func pathID(kind, prefix, id string) (string, error) {
	if id == "" {
		return "", fmt.Errorf("runpod: %s id is empty", kind)
	}
	return prefix + "/" + url.PathEscape(id), nil
}
