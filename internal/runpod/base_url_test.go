package runpod

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestNormalizeBaseURL(t *testing.T) {
	for _, tt := range []struct {
		in, want, wantErr string
	}{
		{in: "https://api.runpod.io", want: "https://api.runpod.io"},
		{in: "https://api.runpod.io/", want: "https://api.runpod.io"},
		{in: "https://api.runpod.io/v2", want: "https://api.runpod.io"},
		{in: "https://api.runpod.io/v2/", want: "https://api.runpod.io"},
		{in: " http://127.0.0.1:8080/proxy/v2 ", want: "http://127.0.0.1:8080/proxy"},
		{in: "http://localhost:8080/prefix/", want: "http://localhost:8080/prefix"},
		{in: "api.runpod.io", wantErr: "no http:// or https:// scheme"},
		{in: "api.runpod.io/v2", wantErr: "no http:// or https:// scheme"},
		{in: "localhost:8080", wantErr: "no http:// or https:// scheme"},
		{in: "ftp://api.runpod.io", wantErr: `scheme is "ftp"`},
		{in: "https://", wantErr: "no host name"},
		{in: "https://api.runpod.io/?x=1", wantErr: "query or fragment"},
		{in: "https://user:pw@api.runpod.io", wantErr: "user name or password"},
		{in: "https://rest.runpod.io/v1", wantErr: "retired v1 API"},
		{in: "http://[::1", wantErr: "cannot be parsed"},
		{in: "", wantErr: "empty"},
	} {
		got, err := NormalizeBaseURL(tt.in)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("NormalizeBaseURL(%q) = %q, %v; want error containing %q", tt.in, got, err, tt.wantErr)
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("NormalizeBaseURL(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// A base URL copied from Runpod's docs (…/v2) must not produce /v2/v2 paths.
func TestBaseURLTrailingV2IsDropped(t *testing.T) {
	var path string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		path = r.URL.Path
		writeJSON(t, w, http.StatusOK, map[string]any{"registries": []any{}})
	}, func(cfg *Config) { cfg.BaseURL += "/v2/" })
	if _, err := c.ListRegistries(t.Context()); err != nil {
		t.Fatalf("ListRegistries: %v", err)
	}
	if path != "/v2/registries" {
		t.Errorf("path = %q, want /v2/registries", path)
	}
}

// A request that gets no answer names the base URL and the URL tried.
func TestUnreachableIsAConnectionError(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close()
	c, err := New(Config{APIKey: "k", BaseURL: base, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListTemplates(t.Context())
	var ce *ConnectionError
	if !errors.As(err, &ce) || !IsConnectionFailure(err) {
		t.Fatalf("err = %v, want a *ConnectionError", err)
	}
	if ce.BaseURL != base || ce.URL != base+"/v2/templates" || ce.Attempts != 1 || ce.Reached {
		t.Errorf("ConnectionError = %+v", ce)
	}
	for _, want := range []string{"cannot reach the Runpod API at " + base, base + "/v2/templates", "after 1 attempt(s)"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
	if IsConnectionFailure(&APIError{StatusCode: 502}) {
		t.Error("an HTTP answer is not a connection failure")
	}
}

// A connection that drops after earlier requests of the same client got an
// answer is marked Reached: the address is right.
func TestConnectionErrorReachedAfterAnAnswer(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"templates":[]}`))
			return
		}
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}))
	defer srv.Close()
	c, err := New(Config{APIKey: "k", BaseURL: srv.URL, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListTemplates(t.Context()); err != nil {
		t.Fatal(err)
	}
	_, err = c.ListTemplates(t.Context())
	var ce *ConnectionError
	if !errors.As(err, &ce) || !ce.Reached || !strings.Contains(err.Error(), "dropped") {
		t.Fatalf("err = %v, want a *ConnectionError marked Reached", err)
	}
}
