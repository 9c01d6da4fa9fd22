package runpodfake

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestAuthRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	cases := []struct {
		name   string
		header string
		detail string
	}{
		{"missing", "", "missing bearer token"},
		{"not bearer", "Basic Zm9vOmJhcg==", "missing bearer token"},
		{"empty token", "Bearer ", "missing bearer token"},
		{"wrong key", "Bearer nope", "invalid bearer token"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", f.URL()+"/v2/templates", nil)
			if tc.header != "" {
				req.Header.Set("Authorization", tc.header)
			}
			r := c.send(req)
			p := r.wantProblem(t, http.StatusUnauthorized, tc.detail)
			mustEqual(t, "problem", p.Detail, tc.detail)
			if r.header.Get("RateLimit") != "" || r.header.Get("RateLimit-Policy") != "" {
				t.Fatalf("401 carries RateLimit headers: %v", r.header)
			}
		})
	}
	t.Run("exact body", func(t *testing.T) {
		req, _ := http.NewRequest("GET", f.URL()+"/v2/templates", nil)
		r := c.send(req)
		mustEqual(t, "body", strings.TrimSpace(string(r.body)), `{"title":"Unauthorized","status":401,"detail":"missing bearer token"}`)
	})
	t.Run("scheme is case-insensitive", func(t *testing.T) {
		req, _ := http.NewRequest("GET", f.URL()+"/v2/templates", nil)
		req.Header.Set("Authorization", "bearer "+DefaultAPIKey)
		c.send(req).wantStatus(t, http.StatusOK)
	})
}

func TestWithAPIKey(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t, WithAPIKey("other-key"))
	c.do("GET", "/v2/templates", nil).wantProblem(t, http.StatusUnauthorized, "invalid bearer token")
	c.key = "other-key"
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
}

func TestBodyTooLargeBeforeAuth(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	big := `{"name":"x","image":"y","env":{"A":"` + strings.Repeat("a", maxBodyBytes) + `"}}`
	c.key = ""
	r := c.do("POST", "/v2/templates", big)
	r.wantProblem(t, http.StatusRequestEntityTooLarge, "102400")
	if r.header.Get("RateLimit") != "" {
		t.Fatal("413 before auth must not count against the rate limit")
	}
	// Exactly at the limit is allowed through to auth.
	ok := `{"name":"x","image":"y","args":"` + strings.Repeat("a", maxBodyBytes-len(`{"name":"x","image":"y","args":""}`)) + `"}`
	if len(ok) != maxBodyBytes {
		t.Fatalf("test body is %d bytes", len(ok))
	}
	c.do("POST", "/v2/templates", ok).wantStatus(t, http.StatusUnauthorized)
	if n := len(f.Requests()); n != 2 {
		t.Fatalf("logged %d requests, want 2", n)
	}
}

func TestRouting(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	c.do("GET", "/v2/nothing-here", nil).wantProblem(t, http.StatusNotFound, "no route")
	c.do("GET", "/v1/templates", nil).wantProblem(t, http.StatusNotFound, "no route")
	c.do("GET", "/v2/templates/", nil).wantProblem(t, http.StatusNotFound, "")
	cases := []struct {
		method, path, allow string
	}{
		{"PUT", "/v2/templates", "GET, POST"},
		{"DELETE", "/v2/templates", "GET, POST"},
		{"POST", "/v2/templates/abc", "GET, PATCH, DELETE"},
		{"PATCH", "/v2/registries/abc", "GET, DELETE"},
		{"PUT", "/v2/registries/abc", "GET, DELETE"},
		{"POST", "/v2/catalog/gpus", "GET"},
		{"HEAD", "/v2/catalog/gpus", "GET"},
		{"OPTIONS", "/v2/templates", "GET, POST"},
	}
	for _, tc := range cases {
		r := c.do(tc.method, tc.path, nil)
		if tc.method == "HEAD" {
			mustEqual(t, "HEAD status", r.status, http.StatusMethodNotAllowed)
		} else {
			r.wantProblem(t, http.StatusMethodNotAllowed, "not allowed")
		}
		mustEqual(t, tc.method+" "+tc.path+" Allow", r.header.Get("Allow"), tc.allow)
	}
}

func TestRateLimitHeaders(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	rl := regexp.MustCompile(`^"minute";r=(\d+);t=(\d+), "hour";r=(\d+);t=(\d+), "day";r=(\d+);t=(\d+)$`)
	first := c.do("GET", "/v2/templates", nil)
	second := c.do("GET", "/v2/nowhere", nil) // errors count too
	for _, r := range []*response{first, second} {
		if !rl.MatchString(r.header.Get("RateLimit")) {
			t.Fatalf("RateLimit %q", r.header.Get("RateLimit"))
		}
		mustEqual(t, "policy", r.header.Get("RateLimit-Policy"),
			`"minute";q=1000;w=60, "hour";q=60000;w=3600, "day";q=1000000;w=86400`)
	}
	a := rl.FindStringSubmatch(first.header.Get("RateLimit"))
	b := rl.FindStringSubmatch(second.header.Get("RateLimit"))
	if a[5] == b[5] {
		t.Fatalf("day remaining did not decrease: %s then %s", a[5], b[5])
	}
}

func TestMalformedBodies(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	c.do("POST", "/v2/templates", "").wantProblem(t, http.StatusBadRequest, "request body is required")
	c.do("POST", "/v2/templates", `{"name":`).wantProblem(t, http.StatusBadRequest, "not valid JSON")
	c.do("POST", "/v2/templates", `{"name":"a","image":"b"} {}`).wantProblem(t, http.StatusBadRequest, "unexpected data")
	c.do("POST", "/v2/templates", `[]`).wantProblem(t, http.StatusUnprocessableEntity, "$: got array, want object")

	// A JSON body sent without the JSON media type is refused (415).
	for _, ct := range []string{"", "text/plain"} {
		req, _ := http.NewRequest("POST", f.URL()+"/v2/templates", strings.NewReader(`{"name":"a","image":"b"}`))
		req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		c.send(req).wantProblem(t, http.StatusUnsupportedMediaType, "application/json")
	}
	req, _ := http.NewRequest("POST", f.URL()+"/v2/templates", strings.NewReader(`{"name":"a","image":"b"}`))
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	c.send(req).wantStatus(t, http.StatusCreated)
}

func TestFaultStatusAndRetryAfter(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.InjectFault(Fault{Method: "GET", Path: "/v2/templates", Count: 2, Status: http.StatusServiceUnavailable})
	f.InjectFault(Fault{Path: "/v2/catalog/*", Status: http.StatusTooManyRequests, RetryAfter: 7})

	c.do("GET", "/v2/templates", nil).wantProblem(t, http.StatusServiceUnavailable, "injected")
	c.do("POST", "/v2/templates", map[string]any{"name": "a", "image": "b"}).wantStatus(t, http.StatusCreated)
	c.do("GET", "/v2/templates", nil).wantProblem(t, http.StatusServiceUnavailable, "")
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)

	r := c.do("GET", "/v2/catalog/gpus", nil)
	r.wantProblem(t, http.StatusTooManyRequests, "rate limit exceeded for the minute window")
	mustEqual(t, "Retry-After", r.header.Get("Retry-After"), "7")
	if r.header.Get("RateLimit") == "" {
		t.Fatal("429 lacks RateLimit headers")
	}
	c.do("GET", "/v2/catalog/gpus", nil).wantStatus(t, http.StatusOK)
}

func TestFaultBeforeHandlerHasNoEffect(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.InjectFault(Fault{Method: "POST", Path: "/v2/templates", Drop: true})
	req, _ := http.NewRequest("POST", f.URL()+"/v2/templates", strings.NewReader(`{"name":"a","image":"b"}`))
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json")
	if _, err := http.DefaultClient.Do(req); err == nil {
		t.Fatal("dropped request succeeded")
	}
	var list struct{ Templates []Template }
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	mustEqual(t, "templates", len(list.Templates), 0)
	mustEqual(t, "logged status", f.Requests()[0].Status, 0)

	f.InjectFault(Fault{Method: "POST", Path: "/v2/templates", Status: 500})
	c.do("POST", "/v2/templates", map[string]any{"name": "a", "image": "b"}).wantProblem(t, 500, "")
	c.do("GET", "/v2/templates", nil).decode(t, &list)
	mustEqual(t, "templates after 500", len(list.Templates), 0)
}

func TestFaultAfterHandlerIsAmbiguous(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.InjectFault(Fault{Method: "POST", Path: "/v2/templates", Drop: true, AfterHandler: true})
	req, _ := http.NewRequest("POST", f.URL()+"/v2/templates", strings.NewReader(`{"name":"first","image":"b"}`))
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json")
	if _, err := http.DefaultClient.Do(req); err == nil {
		t.Fatal("dropped request succeeded")
	}
	f.InjectFault(Fault{Method: "POST", Path: "/v2/templates", Status: http.StatusBadGateway, AfterHandler: true})
	c.do("POST", "/v2/templates", map[string]any{"name": "second", "image": "b"}).wantProblem(t, http.StatusBadGateway, "")

	var list struct{ Templates []Template }
	c.do("GET", "/v2/templates", nil).decode(t, &list)
	mustEqual(t, "templates created despite the failures", len(list.Templates), 2)
	mustEqual(t, "POSTs", f.CountRequests("POST", "/v2/templates"), 2)
}

func TestFaultLatency(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	// The client gives up during the delay: the request never takes effect.
	// It goes through a server of its own that reports when the fake's
	// handler returns, so that the test waits for that, not for the clock.
	handled := make(chan struct{})
	abandoning := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(handled)
		f.ServeHTTP(w, r)
	}))
	t.Cleanup(abandoning.Close)
	f.InjectFault(Fault{Method: "POST", Path: "/v2/templates", Latency: time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", abandoning.URL+"/v2/templates", strings.NewReader(`{"name":"slow","image":"b"}`))
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json")
	if _, err := http.DefaultClient.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
	// A latency-only fault that the client waits out behaves normally.
	f.InjectFault(Fault{Path: "/v2/templates", Latency: 50 * time.Millisecond})
	start := time.Now()
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
	if time.Since(start) < 50*time.Millisecond {
		t.Fatal("latency not applied")
	}
	// Once the fake is done with the abandoned request, it has not taken
	// effect (a handler that waited out the delay would have created it).
	select {
	case <-handled:
	case <-time.After(10 * time.Second):
		t.Fatal("the fake never finished the abandoned request")
	}
	if _, ok := findTemplateByName(f, "slow"); ok {
		t.Fatal("abandoned request took effect")
	}
	mustEqual(t, "abandoned request status", f.Requests()[0].Status, 0)
}

func findTemplateByName(f *Fake, name string) (Template, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.tmpls {
		if s.t.Name == name {
			return s.view(), true
		}
	}
	return Template{}, false
}

func TestRequestLog(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	c.do("POST", "/v2/templates", map[string]any{"name": "a", "image": "b"})
	c.do("GET", "/v2/catalog/gpus/NVIDIA%20GeForce%20RTX%204090?include=AVAILABILITY&product=POD", nil)
	c.do("GET", "/v2/catalog/gpus", nil)

	reqs := f.Requests()
	mustEqual(t, "count", len(reqs), 3)
	mustEqual(t, "method", reqs[0].Method, "POST")
	mustEqual(t, "body", string(reqs[0].Body), `{"image":"b","name":"a"}`)
	mustEqual(t, "status", reqs[0].Status, http.StatusCreated)
	mustEqual(t, "auth header", reqs[0].Header.Get("Authorization"), "Bearer "+DefaultAPIKey)
	mustEqual(t, "decoded path", reqs[1].Path, "/v2/catalog/gpus/NVIDIA GeForce RTX 4090")
	mustEqual(t, "query", reqs[1].RawQuery, "include=AVAILABILITY&product=POD")

	mustEqual(t, "prefix count", f.CountRequests("GET", "/v2/catalog/*"), 2)
	mustEqual(t, "exact count", f.CountRequests("", "/v2/catalog/gpus"), 1)
	mustEqual(t, "method filter", f.CountRequests("DELETE", "*"), 0)
	mustEqual(t, "any path", f.CountRequests("GET", ""), 2)

	reqs[0].Body[0] = 'X' // Requests returns copies
	mustEqual(t, "log unchanged", f.Requests()[0].Body[0], byte('{'))

	f.ResetRequests()
	mustEqual(t, "after reset", len(f.Requests()), 0)
}

func TestIDsAreDeterministicAndWellFormed(t *testing.T) {
	t.Parallel()
	a, b := New(), New()
	ta := a.SeedTemplate(DefaultTemplate("x", "y"))
	tb := b.SeedTemplate(DefaultTemplate("x", "y"))
	mustEqual(t, "same first id", ta.ID, tb.ID)
	re := regexp.MustCompile(`^[a-z0-9]{10}$`)
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		id := a.SeedTemplate(DefaultTemplate("x", "y")).ID
		if !re.MatchString(id) || seen[id] {
			t.Fatalf("bad or repeated id %q", id)
		}
		seen[id] = true
	}
}

func TestConcurrentCreates(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	const n = 20
	var wg sync.WaitGroup
	ids := make(chan string, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			body := fmt.Sprintf(`{"name":"t%d","image":"img"}`, i)
			req, _ := http.NewRequest("POST", f.URL()+"/v2/templates", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			var tpl Template
			if err := json.NewDecoder(resp.Body).Decode(&tpl); err != nil || resp.StatusCode != http.StatusCreated {
				t.Errorf("status %d, err %v", resp.StatusCode, err)
				return
			}
			ids <- tpl.ID
		}(i)
	}
	wg.Wait()
	close(ids)
	seen := map[string]bool{}
	for id := range ids {
		if seen[id] {
			t.Fatalf("duplicate id %s", id)
		}
		seen[id] = true
	}
	mustEqual(t, "created", len(seen), n)
	var list struct{ Templates []Template }
	c.do("GET", "/v2/templates", nil).decode(t, &list)
	mustEqual(t, "listed", len(list.Templates), n)
}

func TestServeAndShutdown(t *testing.T) {
	t.Parallel()
	f := New()
	if err := f.CheckAgainstSpec(mustFindSpec(t)); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- f.Serve(ln) }()
	c := &testClient{t: t, f: f, key: DefaultAPIKey}
	// URL is set by Serve before it accepts (the listener queues meanwhile);
	// Serve offers no signal, so probe until it is set or Serve fails.
	probe := time.NewTicker(5 * time.Millisecond)
	defer probe.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for f.URL() == "" {
		select {
		case err := <-done:
			t.Fatalf("Serve returned %v before setting the URL", err)
		case <-ctx.Done():
			t.Fatal("Serve did not set the URL")
		case <-probe.C:
		}
	}
	if !strings.HasPrefix(f.URL(), "http://127.0.0.1:") {
		t.Fatalf("URL %q", f.URL())
	}
	c.do("GET", "/v2/catalog/datacenters", nil).wantStatus(t, http.StatusOK)
	if err := f.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Serve returned %v", err)
	}
	mustEqual(t, "violations", f.SpecViolations(), []string(nil))
}

func TestFaultThenArmsTheFaultsThatFollow(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.InjectFault(Fault{Method: "POST", Path: "/v2/templates", Status: http.StatusBadGateway, AfterHandler: true,
		Then: []Fault{{Method: "GET", Path: "/v2/templates", Status: http.StatusBadGateway}}})
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK) // not armed yet
	c.do("POST", "/v2/templates", map[string]any{"name": "a", "image": "b"}).wantProblem(t, http.StatusBadGateway, "")
	c.do("GET", "/v2/templates", nil).wantProblem(t, http.StatusBadGateway, "")
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
}
