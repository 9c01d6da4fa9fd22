package runpod

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// newFakeClient points a client with tiny backoffs at a fresh fake.
func newFakeClient(t *testing.T, mods ...func(*Config)) (*Client, *runpodfake.Fake) {
	t.Helper()
	fake := runpodfake.NewTestServer(t)
	cfg := Config{
		APIKey:       runpodfake.DefaultAPIKey,
		BaseURL:      fake.URL(),
		RetryWaitMin: time.Millisecond,
		RetryWaitMax: 5 * time.Millisecond,
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
	return c, fake
}

// BodySize must measure exactly what the client sends, so that a plan-time
// check and the API's 413 agree at the boundary.
func TestBodySizeMatchesTheLimitTheAPIEnforces(t *testing.T) {
	c, fake := newFakeClient(t)
	base := CreateTemplateRequest{Name: "big", Image: "img", Env: map[string]string{"A": ""}}
	overhead, err := BodySize(base)
	if err != nil {
		t.Fatal(err)
	}
	// A value with an HTML-escaped character: each '<' is sent as \u003c.
	fill := MaxRequestBodyBytes - overhead - 6
	atLimit := CreateTemplateRequest{Name: "big", Image: "img", Env: map[string]string{"A": strings.Repeat("x", fill) + "<"}}
	size, err := BodySize(atLimit)
	if err != nil {
		t.Fatal(err)
	}
	if size != MaxRequestBodyBytes {
		t.Fatalf("BodySize = %d, want exactly %d", size, MaxRequestBodyBytes)
	}
	if _, err := c.CreateTemplate(context.Background(), atLimit); err != nil {
		t.Fatalf("a body of exactly %d bytes must be accepted: %v", MaxRequestBodyBytes, err)
	}

	over := CreateTemplateRequest{Name: "bg2", Image: "img", Env: map[string]string{"A": strings.Repeat("x", fill+1) + "<"}}
	if size, _ := BodySize(over); size != MaxRequestBodyBytes+1 {
		t.Fatalf("BodySize = %d, want %d", size, MaxRequestBodyBytes+1)
	}
	_, err = c.CreateTemplate(context.Background(), over)
	if !IsRequestTooLarge(err) {
		t.Fatalf("want IsRequestTooLarge, got %v", err)
	}
	if errors.Is(err, ErrAmbiguous) {
		t.Errorf("a 413 is refused before anything happens; it must not be ambiguous: %v", err)
	}
	for _, other := range []func(error) bool{IsValidation, IsBadRequest, IsRateLimited, IsNotFound} {
		if other(err) {
			t.Errorf("413 matched another predicate: %v", err)
		}
	}
	if n := fake.CountRequests("POST", "/v2/templates"); n != 2 {
		t.Errorf("a 413 must not be retried: %d POSTs, want 2", n)
	}
}

func TestBodySizeReportsUnencodableValues(t *testing.T) {
	if _, err := BodySize(map[string]any{"f": func() {}}); err == nil {
		t.Fatal("BodySize of a func must fail")
	}
}
