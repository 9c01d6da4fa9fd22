package runpod

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

const testAPIKey = "rpa_TESTKEY0123456789abcdef"

// newTestClient starts handler on an httptest server and returns a client
// with tiny backoffs, so retry tests run fast without sleeping themselves.
func newTestClient(t *testing.T, handler http.HandlerFunc, mods ...func(*Config)) *Client {
	t.Helper()
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	cfg := Config{
		APIKey:       testAPIKey,
		BaseURL:      srv.URL,
		UserAgent:    "terraform-provider-runpod/9.9.9 (+test)",
		RetryWaitMin: time.Millisecond,
		RetryWaitMax: 5 * time.Millisecond,
		HTTPClient:   srv.Client(),
	}
	for _, m := range mods {
		m(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	// Retry-After is waited exactly (jitter has its own tests).
	c.retryJitter = nil
	return c
}

func writeJSON(t *testing.T, w http.ResponseWriter, status int, v any) {
	t.Helper()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		t.Errorf("encoding response: %v", err)
	}
}

func writeProblem(t *testing.T, w http.ResponseWriter, status int, detail string, errs ...string) {
	t.Helper()
	body := map[string]any{"title": http.StatusText(status), "status": status, "detail": detail}
	if len(errs) > 0 {
		body["errors"] = errs
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(body); err != nil {
		t.Errorf("encoding problem: %v", err)
	}
}

// hijackClose drops the connection without an answer, as a crashed proxy
// would.
func hijackClose(t *testing.T, w http.ResponseWriter, r *http.Request) {
	t.Helper()
	_, _ = io.Copy(io.Discard, r.Body) // the request was fully received
	hj, ok := w.(http.Hijacker)
	if !ok {
		t.Fatal("response writer cannot hijack")
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		t.Fatalf("hijack: %v", err)
	}
	_ = conn.Close()
}

func sampleTemplate(id string) map[string]any {
	return map[string]any{
		"id": id, "name": "tpl", "image": "runpod/base:1", "args": "",
		"disk": 20, "mounts": map[string]any{}, "ports": []string{"22/tcp"},
		"env": map[string]string{}, "registry": nil, "serverless": false,
		"public": false, "category": "NVIDIA", "startSsh": true,
		"startJupyter": false, "allowedCudaVersions": []string{},
	}
}
