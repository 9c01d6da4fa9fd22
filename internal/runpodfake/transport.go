package runpodfake

import (
	"bytes"
	"context"
	"crypto/subtle"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"
)

// maxBodyBytes is the request body limit: a larger body gets 413 before
// authentication ([newer-docs] create-a-pod).
const maxBodyBytes = 102400

type bodyKey struct{}

// ServeHTTP runs one request through the same pipeline the real API
// presents: added latency (WithLatency), body limit (413), authentication
// (401), the rate limit (429 beyond WithQuota's quota; RateLimit headers on
// every authenticated response), injected faults, routing (404/405) and the
// operation. ratelimit.go explains the order. The request is logged and,
// when spec checking is on, the exchange is validated before the response
// reaches the client, so a test that has its response can rely on Requests
// and SpecViolations already including it.
func (f *Fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
	idx := f.logRequest(r, body)
	out := newBufferedResponse()

	if f.cfg.latency > 0 && !sleepCtx(r.Context(), f.cfg.latency) {
		// The client gave up while the request was still on its way.
		f.setStatus(idx, 0)
		return
	}

	var fault *Fault
	switch {
	case len(body) > maxBodyBytes || r.ContentLength > maxBodyBytes:
		writeProblem(out, newProblem(http.StatusRequestEntityTooLarge,
			fmt.Sprintf("request body exceeds the %d byte limit", maxBodyBytes)))
	case !f.authenticate(out, r):
		// 401 written by authenticate; it carries no RateLimit headers.
	default:
		rate := f.admit()
		if rate.refusedBy != "" {
			refuseRateLimited(out, rate)
			f.markRateLimited(idx)
			break
		}
		rate.setHeaders(out.Header())
		fault = f.takeFault(r)
		if fault != nil && !fault.AfterHandler {
			if fault.Latency > 0 && !sleepCtx(r.Context(), fault.Latency) {
				// The client gave up while the request was "in the network":
				// it never reached the API, so nothing happened.
				f.setStatus(idx, 0)
				return
			}
			if fault.Drop {
				f.setStatus(idx, 0)
				dropConnection(w)
				return
			}
			if fault.Status != 0 {
				writeProblem(out, fault.problem())
				break
			}
		}
		f.route(out, r, body)
		if fault != nil && fault.AfterHandler {
			// The request took effect; now the response is lost or replaced.
			f.checkSpec(r, body, out)
			if fault.Latency > 0 {
				sleepCtx(r.Context(), fault.Latency)
			}
			if fault.Drop {
				f.setStatus(idx, 0)
				dropConnection(w)
				return
			}
			if fault.Status != 0 {
				out = newBufferedResponse()
				rate.setHeaders(out.Header())
				writeProblem(out, fault.problem())
			}
		}
	}

	f.setStatus(idx, out.status)
	f.checkSpec(r, body, out)
	if f.cfg.accessLog != nil {
		q := ""
		if r.URL.RawQuery != "" {
			q = "?" + r.URL.RawQuery
		}
		fmt.Fprintf(f.cfg.accessLog, "%s %s%s -> %d\n", r.Method, r.URL.EscapedPath(), q, out.status)
	}
	out.flushTo(w)
}

// authenticate checks the bearer token and writes the 401 itself.
func (f *Fake) authenticate(w http.ResponseWriter, r *http.Request) bool {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if h == "" || !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		writeProblem(w, newProblem(http.StatusUnauthorized, "missing bearer token"))
		return false
	}
	if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(token)), []byte(f.cfg.apiKey)) != 1 {
		writeProblem(w, newProblem(http.StatusUnauthorized, "invalid bearer token"))
		return false
	}
	return true
}

// route dispatches to the operation, answering 404 for an unknown path and
// 405 (with Allow) for a known path with another method.
func (f *Fake) route(w http.ResponseWriter, r *http.Request, body []byte) {
	if contains(f.methods, r.Method) {
		if _, pattern := f.mux.Handler(r); pattern != "" {
			// Request bodies must be JSON; anything else is refused before the
			// operation sees it. (INFERRED: the spec declares only
			// application/json request bodies and no 415; the fake answers 415
			// so that a client forgetting the header is caught.)
			if len(bytes.TrimSpace(body)) > 0 && (r.Method == http.MethodPost || r.Method == http.MethodPatch || r.Method == http.MethodPut) {
				mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
				if err != nil || mt != "application/json" {
					writeProblem(w, newProblem(http.StatusUnsupportedMediaType,
						"request body must be sent as Content-Type: application/json"))
					return
				}
			}
			// ServeHTTP (not the Handler found above) sets the path values.
			ctx := context.WithValue(r.Context(), bodyKey{}, body)
			f.mux.ServeHTTP(w, r.WithContext(ctx))
			return
		}
	}
	var allow []string
	for _, m := range f.methods {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := f.mux.Handler(probe); pattern != "" {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		writeProblem(w, newProblem(http.StatusMethodNotAllowed, "The requested method is not allowed for this path.").
			withHeader("Allow", strings.Join(allow, ", ")))
		return
	}
	writeProblem(w, notFound("no route for %s %s", r.Method, r.URL.EscapedPath()))
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// dropConnection closes the connection without sending a response, the way
// a crashed gateway or a network cut looks to a client.
func dropConnection(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}

// bufferedResponse collects a response so that it can be logged, checked
// against the spec and, for AfterHandler faults, replaced before sending.
type bufferedResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newBufferedResponse() *bufferedResponse {
	return &bufferedResponse{header: http.Header{}}
}

func (b *bufferedResponse) Header() http.Header { return b.header }

func (b *bufferedResponse) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *bufferedResponse) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

func (b *bufferedResponse) flushTo(w http.ResponseWriter) {
	for k, vs := range b.header {
		w.Header()[k] = append([]string(nil), vs...)
	}
	status := b.status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	_, _ = w.Write(b.body.Bytes())
}
