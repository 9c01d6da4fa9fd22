package runpodfake

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// testClient sends requests to a fake started with NewTestServer, so every
// exchange in every test is also checked against the OpenAPI spec.
type testClient struct {
	t   *testing.T
	f   *Fake
	key string
}

func newTestClient(t *testing.T, opts ...Option) (*Fake, *testClient) {
	t.Helper()
	f := NewTestServer(t, opts...)
	return f, &testClient{t: t, f: f, key: DefaultAPIKey}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request. body may be nil, a string (sent verbatim) or any value
// (JSON-encoded). path is sent as given, so it must already be escaped.
func (c *testClient) do(method, path string, body any) *response {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			c.t.Fatalf("encoding body: %v", err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.f.URL()+path, rd)
	if err != nil {
		c.t.Fatalf("building request: %v", err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	return c.send(req)
}

func (c *testClient) send(req *http.Request) *response {
	c.t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatalf("reading body: %v", err)
	}
	return &response{status: resp.StatusCode, header: resp.Header, body: b}
}

func (r *response) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.body, err)
	}
}

// object decodes the body as a generic JSON object, for asserting exactly
// which keys a response has.
func (r *response) object(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	r.decode(t, &m)
	return m
}

func (r *response) wantStatus(t *testing.T, status int) *response {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	return r
}

// wantProblem asserts an RFC 9457 problem with the given status whose detail
// (or one of whose errors) contains text.
func (r *response) wantProblem(t *testing.T, status int, text string) problem {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("Content-Type %q, want application/problem+json", ct)
	}
	m := r.object(t)
	for _, k := range []string{"title", "status", "detail"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("problem lacks %q: %s", k, r.body)
		}
	}
	var p problem
	r.decode(t, &p)
	if p.Status != status || p.Title != http.StatusText(status) {
		t.Fatalf("problem title/status %q/%d, want %q/%d", p.Title, p.Status, http.StatusText(status), status)
	}
	if status == http.StatusUnprocessableEntity && len(p.Errors) == 0 {
		t.Fatalf("422 without errors: %s", r.body)
	}
	if text != "" {
		found := strings.Contains(p.Detail, text)
		for _, e := range p.Errors {
			found = found || strings.Contains(e, text)
		}
		if !found {
			t.Fatalf("problem does not mention %q: %s", text, r.body)
		}
	}
	return p
}

func mustEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s = %#v, want %#v", what, got, want)
	}
}

// createTemplate creates a template through the API and returns its view.
func (c *testClient) createTemplate(body map[string]any) Template {
	c.t.Helper()
	r := c.do("POST", "/v2/templates", body).wantStatus(c.t, http.StatusCreated)
	var tpl Template
	r.decode(c.t, &tpl)
	return tpl
}

// releasesOf returns an endpoint's releases as the API would, without
// counting as a read of /releases (which moves the worker simulation on).
func releasesOf(f *Fake, id string) EndpointReleases {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.releasesView(f.endpoints[id])
}
