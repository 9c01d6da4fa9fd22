package runpod

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestNewValidatesSettings(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		wantErr string
	}{
		{"empty key", Config{}, "APIKey"},
		{"blank key", Config{APIKey: "  "}, "APIKey"},
		{"unparsable base", Config{APIKey: "k", BaseURL: "http://[::1"}, "BaseURL"},
		{"relative base", Config{APIKey: "k", BaseURL: "api.runpod.io"}, "BaseURL"},
		{"wrong scheme", Config{APIKey: "k", BaseURL: "ftp://api.runpod.io"}, "BaseURL"},
		{"query on base", Config{APIKey: "k", BaseURL: "https://api.runpod.io/?x=1"}, "BaseURL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("New() error = %v, want one naming %s", err, tt.wantErr)
			}
		})
	}

	c, err := New(Config{APIKey: "k"})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if c.baseURL != DefaultBaseURL || c.maxRetries != 4 || c.retryWaitMin != time.Second ||
		c.retryWaitMax != 30*time.Second || c.httpClient == nil || c.userAgent == "" {
		t.Errorf("defaults not applied: %+v", c)
	}
	c, err = New(Config{APIKey: "k", MaxRetries: -1, BaseURL: "http://localhost:8080/prefix/"})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if c.maxRetries != 0 || c.baseURL != "http://localhost:8080/prefix" {
		t.Errorf("got maxRetries %d, baseURL %q", c.maxRetries, c.baseURL)
	}
}

func TestRequestHeaders(t *testing.T) {
	var got http.Header
	var gotMethod, gotPath, gotBody string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		gotMethod, gotPath = r.Method, r.URL.Path
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("reading body: %v", err)
		}
		gotBody = string(b)
		writeJSON(t, w, http.StatusCreated, sampleTemplate("t1"))
	})

	if _, err := c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "n", Image: "i"}); err != nil {
		t.Fatalf("CreateTemplate: %v", err)
	}
	if gotMethod != http.MethodPost || gotPath != "/v2/templates" {
		t.Errorf("request = %s %s", gotMethod, gotPath)
	}
	checks := map[string]string{
		"Authorization": "Bearer " + testAPIKey,
		"User-Agent":    "terraform-provider-runpod/9.9.9 (+test)",
		"Accept":        "application/json",
		"Content-Type":  "application/json",
	}
	for h, want := range checks {
		if got.Get(h) != want {
			t.Errorf("header %s = %q, want %q", h, got.Get(h), want)
		}
	}
	if gotBody != `{"name":"n","image":"i"}` {
		t.Errorf("body = %s", gotBody)
	}
}

func TestGetSendsNoBody(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if ct := r.Header.Get("Content-Type"); ct != "" {
			t.Errorf("GET carried Content-Type %q", ct)
		}
		if r.ContentLength > 0 {
			t.Errorf("GET carried a body of %d bytes", r.ContentLength)
		}
		writeJSON(t, w, http.StatusOK, map[string]any{"templates": []any{sampleTemplate("a")}})
	})
	got, err := c.ListTemplates(t.Context())
	if err != nil {
		t.Fatalf("ListTemplates: %v", err)
	}
	if len(got) != 1 || got[0].ID != "a" {
		t.Errorf("got %+v", got)
	}
}

func TestAPIErrorDecoding(t *testing.T) {
	tests := []struct {
		name       string
		handler    func(t *testing.T, w http.ResponseWriter)
		wantStatus int
		wantTitle  string
		wantDetail string
		wantErrors []string
		wantMsg    string
	}{
		{
			name: "problem json",
			handler: func(t *testing.T, w http.ResponseWriter) {
				writeProblem(t, w, http.StatusNotFound, "template not found")
			},
			wantStatus: 404, wantTitle: "Not Found", wantDetail: "template not found",
			wantMsg: "GET /v2/templates/abc: 404 Not Found: template not found",
		},
		{
			name: "validation errors listed",
			handler: func(t *testing.T, w http.ResponseWriter) {
				writeProblem(t, w, http.StatusUnprocessableEntity, "invalid body",
					"$: additional properties 'bogus' not allowed", "$.disk: must be >= 1")
			},
			wantStatus: 422, wantTitle: "Unprocessable Entity", wantDetail: "invalid body",
			wantErrors: []string{"$: additional properties 'bogus' not allowed", "$.disk: must be >= 1"},
			wantMsg:    "GET /v2/templates/abc: 422 Unprocessable Entity: invalid body [$: additional properties 'bogus' not allowed; $.disk: must be >= 1]",
		},
		{
			name: "html from a proxy",
			handler: func(_ *testing.T, w http.ResponseWriter) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusBadRequest)
				_, _ = io.WriteString(w, "<html>"+strings.Repeat("x", 2000)+"</html>")
			},
			wantStatus: 400, wantTitle: "Bad Request",
		},
		{
			name: "empty body",
			handler: func(_ *testing.T, w http.ResponseWriter) {
				w.WriteHeader(http.StatusForbidden)
			},
			wantStatus: 403, wantTitle: "Forbidden", wantDetail: "",
			wantMsg: "GET /v2/templates/abc: 403 Forbidden",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) { tt.handler(t, w) })
			_, err := c.GetTemplate(t.Context(), "abc")
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %v (%T) is not *APIError", err, err)
			}
			if apiErr.StatusCode != tt.wantStatus || apiErr.Title != tt.wantTitle ||
				apiErr.Method != http.MethodGet || apiErr.Path != "/v2/templates/abc" {
				t.Errorf("got %+v", apiErr)
			}
			if tt.name == "html from a proxy" {
				if !strings.HasPrefix(apiErr.Detail, "<html>xxx") || len(apiErr.Detail) > maxErrorText+len("…") {
					t.Errorf("detail not kept and truncated: %d bytes %q", len(apiErr.Detail), apiErr.Detail)
				}
				return
			}
			if apiErr.Detail != tt.wantDetail {
				t.Errorf("Detail = %q, want %q", apiErr.Detail, tt.wantDetail)
			}
			if fmt.Sprint(apiErr.Errors) != fmt.Sprint(tt.wantErrors) {
				t.Errorf("Errors = %q, want %q", apiErr.Errors, tt.wantErrors)
			}
			if err.Error() != tt.wantMsg {
				t.Errorf("Error() = %q, want %q", err.Error(), tt.wantMsg)
			}
		})
	}
}

// A body cut short must not be mistaken for an empty one: the read error is
// reported in the detail.
func TestAPIErrorKeepsBodyReadFailure(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = io.WriteString(w, "partial")
	}, func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err := c.GetTemplate(t.Context(), "abc")
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("error %v is not *APIError", err)
	}
	if apiErr.StatusCode != http.StatusBadGateway || !strings.Contains(apiErr.Detail, "reading the error body failed") {
		t.Errorf("got %+v", apiErr)
	}
}

func TestPredicates(t *testing.T) {
	e := func(status int, detail string) error {
		return &APIError{StatusCode: status, Detail: detail, Method: "DELETE", Path: "/v2/x/1"}
	}
	tests := []struct {
		name string
		err  error
		pred func(error) bool
		want bool
	}{
		{"404", e(404, "not found"), IsNotFound, true},
		{"404 wrapped", fmt.Errorf("reading: %w", e(404, "")), IsNotFound, true},
		{"400 not 404", e(400, ""), IsNotFound, false},
		{"plain error", errors.New("boom"), IsNotFound, false},
		{"nil", nil, IsNotFound, false},
		{"409", e(409, "A secret with this name already exists"), IsConflict, true},
		{"422", e(422, "invalid"), IsValidation, true},
		{"400", e(400, "whatever"), IsBadRequest, true},
		{"429", e(429, ""), IsRateLimited, true},
		{"401", e(401, ""), IsUnauthorized, true},
		{"403", e(403, ""), IsUnauthorized, true},
		{"404 not unauthorized", e(404, ""), IsUnauthorized, false},
		{"template in use", e(400, "Template is in use by a pod or serverless endpoint and cannot be deleted"), IsInUse, true},
		{"volume must remove", e(400, "You must remove this network volume from all pods before deleting it."), IsInUse, true},
		{"409 in use", e(409, "resource in use"), IsInUse, true},
		{"in use wording on 404", e(404, "in use"), IsInUse, false},
		{"other 400 not in use", e(400, "size decrease attempted"), IsInUse, false},
		{"no instances", e(400, "There are no instances currently available"), IsCapacity, true},
		{"capacity", e(400, "insufficient capacity for NVIDIA H100"), IsCapacity, true},
		{"capacity wording on 500", e(500, "no instances"), IsCapacity, false},
		{"rule 400 not capacity", e(400, "cannot set both gpu and cpu"), IsCapacity, false},
		{"through ambiguous", &ambiguousError{err: e(404, "")}, IsNotFound, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.pred(tt.err); got != tt.want {
				t.Errorf("predicate(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

func TestDeleteHandles204(t *testing.T) {
	var method, path string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		method, path = r.Method, r.URL.Path
		w.WriteHeader(http.StatusNoContent)
	})
	if err := c.DeleteTemplate(t.Context(), "t1"); err != nil {
		t.Fatalf("DeleteTemplate: %v", err)
	}
	if method != http.MethodDelete || path != "/v2/templates/t1" {
		t.Errorf("request = %s %s", method, path)
	}
}

func TestEmpty2xxBodyIsAnError(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
	_, err := c.GetTemplate(t.Context(), "t1")
	if err == nil || !strings.Contains(err.Error(), "empty body") {
		t.Fatalf("err = %v, want an empty-body error", err)
	}
}

// A 201 whose body cannot be read means the object exists but is unknown to
// the caller: it must look it up, not create again.
func TestUndecodableCreateResponseIsAmbiguous(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, "{not json")
	})
	_, err := c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "n", Image: "i"})
	if !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("err = %v, want ErrAmbiguous", err)
	}
}

func TestGETRetriedOn503ThenSucceeds(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		if attempts.Add(1) <= 2 {
			writeProblem(t, w, http.StatusServiceUnavailable, "try later")
			return
		}
		writeJSON(t, w, http.StatusOK, sampleTemplate("t1"))
	})
	tpl, err := c.GetTemplate(t.Context(), "t1")
	if err != nil {
		t.Fatalf("GetTemplate: %v", err)
	}
	if tpl.ID != "t1" || attempts.Load() != 3 {
		t.Errorf("got %q after %d attempts, want t1 after 3", tpl.ID, attempts.Load())
	}
}

func TestRetriesExhaustedReturnLastAPIError(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		attempts.Add(1)
		writeProblem(t, w, http.StatusGatewayTimeout, "upstream timed out")
	}, func(cfg *Config) { cfg.MaxRetries = 2 })
	err := c.DeleteTemplate(t.Context(), "t1")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusGatewayTimeout || apiErr.Detail != "upstream timed out" {
		t.Fatalf("err = %v, want the 504 *APIError", err)
	}
	if strings.Contains(err.Error(), "giving up") || errors.Is(err, ErrAmbiguous) {
		t.Errorf("unexpected error shape: %v", err)
	}
	if attempts.Load() != 3 {
		t.Errorf("attempts = %d, want 3 (1 + MaxRetries)", attempts.Load())
	}
}

// Reads are resent after a 500 (Runpod's guidance: retry 5xx with
// backoff); writes are not, since a 500 may follow a change that was made.
func TestOnly500OnReadsRetried(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		if attempts.Add(1) == 1 {
			writeProblem(t, w, http.StatusInternalServerError, "bug")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"t1","name":"a","imageName":"img"}`))
	})
	if _, err := c.GetTemplate(t.Context(), "t1"); err != nil {
		t.Fatalf("GET after one 500: %v", err)
	}
	if attempts.Load() != 2 {
		t.Errorf("GET attempts = %d, want 2", attempts.Load())
	}

	for name, call := range map[string]func(*Client) error{
		"POST": func(c *Client) error {
			_, err := c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "a", Image: "img"})
			return err
		},
		"DELETE": func(c *Client) error { return c.DeleteTemplate(t.Context(), "t1") },
	} {
		var writes atomic.Int32
		c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
			writes.Add(1)
			writeProblem(t, w, http.StatusInternalServerError, "bug")
		})
		if err := call(c); err == nil {
			t.Errorf("%s: want an error", name)
		}
		if writes.Load() != 1 {
			t.Errorf("%s attempts = %d, want 1", name, writes.Load())
		}
	}
}

// An API that accepts the request and never answers ends each attempt at
// the request timeout: a read is retried and then fails naming the
// request; a create is sent once and is ambiguous.
func TestRequestTimeout(t *testing.T) {
	var attempts atomic.Int32
	hang := func(_ http.ResponseWriter, r *http.Request) {
		attempts.Add(1)
		// The server notices a closed connection only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done() // until the client gives up
	}
	timeout := func(cfg *Config) { cfg.RequestTimeout = 50 * time.Millisecond; cfg.MaxRetries = 2 }

	c := newTestClient(t, hang, timeout)
	_, err := c.GetTemplate(t.Context(), "t1")
	if !IsRequestTimeout(err) || !IsConnectionFailure(err) || errors.Is(err, ErrAmbiguous) {
		t.Fatalf("GET error = %v, want a request timeout that is a connection failure and not ambiguous", err)
	}
	if !strings.Contains(err.Error(), "GET /v2/templates/t1") || !strings.Contains(err.Error(), "50ms") {
		t.Errorf("GET error %q does not name the request and the timeout", err)
	}
	if attempts.Load() != 3 {
		t.Errorf("GET attempts = %d, want 3 (1 + MaxRetries)", attempts.Load())
	}

	attempts.Store(0)
	c = newTestClient(t, hang, timeout)
	_, err = c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "a", Image: "img"})
	if !IsRequestTimeout(err) || !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("POST error = %v, want an ambiguous request timeout", err)
	}
	if attempts.Load() != 1 {
		t.Errorf("POST attempts = %d, want 1: a create is never resent", attempts.Load())
	}
}

// A body that stops half way is cut at the request timeout too.
func TestRequestTimeoutCoversTheBody(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":`))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}, func(cfg *Config) { cfg.RequestTimeout = 50 * time.Millisecond; cfg.MaxRetries = -1 })
	if _, err := c.GetTemplate(t.Context(), "t1"); !IsRequestTimeout(err) {
		t.Fatalf("error = %v, want a request timeout", err)
	}
}

func TestGETRetriedOnDroppedConnection(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if attempts.Add(1) == 1 {
			hijackClose(t, w, r)
			return
		}
		writeJSON(t, w, http.StatusOK, sampleTemplate("t1"))
	})
	if _, err := c.GetTemplate(t.Context(), "t1"); err != nil {
		t.Fatalf("GetTemplate: %v", err)
	}
	if attempts.Load() != 2 {
		t.Errorf("attempts = %d, want 2", attempts.Load())
	}
}

func TestPOSTNotRetriedOn503(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		attempts.Add(1)
		writeProblem(t, w, http.StatusServiceUnavailable, "overloaded")
	})
	_, err := c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "n", Image: "i"})
	if !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("err = %v, want ErrAmbiguous", err)
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("err = %v, want it to carry the 503 *APIError", err)
	}
	if !strings.Contains(err.Error(), "may have been processed") {
		t.Errorf("message does not warn: %v", err)
	}
	if attempts.Load() != 1 {
		t.Errorf("attempts = %d, want 1", attempts.Load())
	}
}

func TestPOSTNotRetriedOnDroppedConnection(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		attempts.Add(1)
		hijackClose(t, w, r)
	})
	_, err := c.CreateRegistry(t.Context(), "reg", "user", "pass")
	if !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("err = %v, want ErrAmbiguous", err)
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		t.Errorf("transport failure surfaced as *APIError: %v", err)
	}
	if attempts.Load() != 1 {
		t.Errorf("attempts = %d, want 1", attempts.Load())
	}
}

// A connection that could not even be opened cannot have been processed.
func TestPOSTDialFailureIsNotAmbiguous(t *testing.T) {
	c, err := New(Config{APIKey: "k", BaseURL: "http://127.0.0.1:1", MaxRetries: -1})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	_, err = c.CreateTemplate(t.Context(), CreateTemplateRequest{Name: "n", Image: "i"})
	if err == nil || errors.Is(err, ErrAmbiguous) {
		t.Fatalf("err = %v, want a plain transport error", err)
	}
}

func TestPATCHRetriedOnlyOn429(t *testing.T) {
	for _, tt := range []struct {
		status       int
		wantAttempts int32
		wantAmbig    bool
	}{
		{http.StatusTooManyRequests, 3, false},
		{http.StatusServiceUnavailable, 1, true},
	} {
		t.Run(fmt.Sprint(tt.status), func(t *testing.T) {
			var attempts atomic.Int32
			c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
				attempts.Add(1)
				w.Header().Set("Retry-After", "1")
				writeProblem(t, w, tt.status, "x")
			}, func(cfg *Config) {
				cfg.MaxRetries = 2
				// Two 1s Retry-After waits fit, a third does not: 3 attempts.
				cfg.RateLimitWaitMax = 2 * time.Second
			})
			c.testHookSleep = func(time.Duration) time.Duration { return 0 }
			_, err := c.UpdateTemplate(t.Context(), "t1", UpdateTemplateRequest{Name: Set("x")})
			var apiErr *APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != tt.status {
				t.Fatalf("err = %v", err)
			}
			if errors.Is(err, ErrAmbiguous) != tt.wantAmbig {
				t.Errorf("ambiguous = %v, want %v", !tt.wantAmbig, tt.wantAmbig)
			}
			if attempts.Load() != tt.wantAttempts {
				t.Errorf("attempts = %d, want %d", attempts.Load(), tt.wantAttempts)
			}
		})
	}
}

func TestPOSTRetriedOn429HonouringRetryAfter(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		if attempts.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			writeProblem(t, w, http.StatusTooManyRequests, "rate limit exceeded for the minute window")
			return
		}
		writeJSON(t, w, http.StatusCreated, map[string]string{"id": "r1", "name": "reg"})
	}, func(cfg *Config) { cfg.RetryWaitMax = 30 * time.Second })
	var waits []time.Duration
	c.testHookBackoff = func(_ int, wait time.Duration) { waits = append(waits, wait) }

	reg, err := c.CreateRegistry(t.Context(), "reg", "user", "pass")
	if err != nil {
		t.Fatalf("CreateRegistry: %v", err)
	}
	if reg.ID != "r1" || attempts.Load() != 2 {
		t.Errorf("got %+v after %d attempts, want r1 after 2", reg, attempts.Load())
	}
	if len(waits) != 1 || waits[0] != time.Second {
		t.Errorf("planned waits = %v, want [1s] from Retry-After", waits)
	}
}

func TestRateLimitExhaustedCarriesRetryAfter(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "7")
		writeProblem(t, w, http.StatusTooManyRequests, "rate limit exceeded for the minute window")
	}, func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err := c.ListTemplates(t.Context())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || !IsRateLimited(err) || apiErr.RetryAfter != 7*time.Second {
		t.Fatalf("err = %v (%+v), want 429 with RetryAfter 7s", err, apiErr)
	}
}

func TestBackoff(t *testing.T) {
	resp := func(status int, retryAfter string) *http.Response {
		h := http.Header{}
		if retryAfter != "" {
			h.Set("Retry-After", retryAfter)
		}
		return &http.Response{StatusCode: status, Header: h}
	}
	minW, maxW := 100*time.Millisecond, 5*time.Second

	if got := backoff(minW, maxW, 0, resp(429, "1")); got != time.Second {
		t.Errorf("Retry-After 1 -> %v, want 1s", got)
	}
	if got := backoff(minW, maxW, 0, resp(429, "120")); got != maxW {
		t.Errorf("Retry-After 120 -> %v, want the cap %v", got, maxW)
	}
	if got := backoff(minW, maxW, 0, resp(503, "2")); got != 2*time.Second {
		t.Errorf("503 Retry-After 2 -> %v, want 2s", got)
	}
	for attempt := range 40 {
		got := backoff(minW, maxW, attempt, resp(502, ""))
		if got < minW || got > maxW {
			t.Fatalf("attempt %d -> %v, outside [%v, %v]", attempt, got, minW, maxW)
		}
	}
	if got := backoff(minW, maxW, 0, nil); got != minW {
		t.Errorf("first wait -> %v, want %v", got, minW)
	}
	if got := backoff(minW, maxW, 39, nil); got < maxW/2 {
		t.Errorf("late wait -> %v, want near the cap", got)
	}
}

// The wait between attempts must end as soon as the context does. The backoff
// is an hour, so only the context can end the call; the select below is a hang
// guard, not a timing assertion.
func TestContextCancelDuringBackoff(t *testing.T) {
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		attempts.Add(1)
		writeProblem(t, w, http.StatusServiceUnavailable, "down")
	}, func(cfg *Config) {
		cfg.RetryWaitMin = time.Hour
		cfg.RetryWaitMax = time.Hour
	})
	inBackoff := make(chan struct{}, 1)
	c.testHookBackoff = func(int, time.Duration) { inBackoff <- struct{}{} }

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.GetTemplate(ctx, "t1")
		done <- err
	}()

	<-inBackoff
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("GetTemplate kept waiting after its context was cancelled")
	}
	if attempts.Load() != 1 {
		t.Errorf("attempts = %d, want 1", attempts.Load())
	}
}

func TestEmptyIDRefused(t *testing.T) {
	c := newTestClient(t, func(http.ResponseWriter, *http.Request) {
		t.Error("no request expected")
	})
	if _, err := c.GetTemplate(t.Context(), ""); err == nil {
		t.Error("GetTemplate(\"\") succeeded")
	}
	if err := c.DeleteRegistry(t.Context(), ""); err == nil {
		t.Error("DeleteRegistry(\"\") succeeded")
	}
}

func TestBaseURLPrefixKept(t *testing.T) {
	var path string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		path = r.URL.Path
		writeJSON(t, w, http.StatusOK, map[string]any{"registries": []any{}})
	})
	c.baseURL += "/proxy"
	if _, err := c.ListRegistries(t.Context()); err != nil {
		t.Fatalf("ListRegistries: %v", err)
	}
	if path != "/proxy/v2/registries" {
		t.Errorf("path = %q", path)
	}
}

// An error body that echoes the request's Authorization header does not put
// the API key into the error the provider turns into a diagnostic.
func TestAPIErrorNeverCarriesTheAPIKey(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"title":"Bad Request","status":400,"detail":"bad header %s","errors":["got %s"]}`,
			r.Header.Get("Authorization"), r.Header.Get("Authorization"))
	}))
	defer srv.Close()
	c, err := New(Config{APIKey: "canary-key-123", BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListTemplates(context.Background())
	if err == nil {
		t.Fatal("expected an error")
	}
	if strings.Contains(err.Error(), "canary-key-123") {
		t.Fatalf("API key in error: %v", err)
	}
	if !strings.Contains(err.Error(), "bad header Bearer ***") {
		t.Fatalf("error lost its detail: %v", err)
	}
}
