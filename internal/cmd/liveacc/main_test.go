package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// The first line is the estimate; above the cap nothing starts.
func TestCostFirstAndCapRefuses(t *testing.T) {
	f := runpodfake.NewTestServer(t)
	var out bytes.Buffer
	called := false
	err := run(t.Context(), envOf(map[string]string{"RUNPOD_LIVE": "1", "RUNPOD_API_KEY": runpodfake.DefaultAPIKey,
		"RUNPOD_API_URL": f.URL(), "RUNPOD_LIVE_MAX_USD": "0"}), &out, io.Discard,
		func(context.Context, []string, io.Writer, io.Writer) error { called = true; return nil })
	if err == nil || !strings.Contains(err.Error(), "above the cap") || called {
		t.Fatalf("run = %v (tests started: %v)", err, called)
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	// The fake's cheapest 2 vCPU flavour with stock is cpu3c at $0.03 per
	// vCPU-hour: $0.06/h, so at most $0.03 for half an hour, plus the volume.
	if !strings.HasPrefix(first, "testacc-live: estimated cost of this run: at most $0.03") || !strings.Contains(first, "cpu3c") {
		t.Fatalf("first line %q", first)
	}
}

// Without RUNPOD_LIVE=1 nothing starts.
func TestLiveRunIsOptIn(t *testing.T) {
	called := false
	err := run(t.Context(), envOf(map[string]string{"RUNPOD_API_KEY": "k"}), io.Discard, io.Discard,
		func(context.Context, []string, io.Writer, io.Writer) error { called = true; return nil })
	if err == nil || !strings.Contains(err.Error(), "RUNPOD_LIVE=1") || called {
		t.Fatalf("run = %v (tests started: %v)", err, called)
	}
}

// Tests that leave an object of the run behind fail the run, and the object
// is deleted; an object of another run or of the account is not touched.
func TestLeftoversFailTheRunAndAreDeleted(t *testing.T) {
	f := runpodfake.NewTestServer(t)
	mine := ""
	other := f.SeedTemplate(runpodfake.DefaultTemplate("tf-acc-20200101000000-old", "img")).ID
	acct := f.SeedTemplate(runpodfake.DefaultTemplate("production", "img")).ID
	env := envOf(map[string]string{"RUNPOD_LIVE": "1", "RUNPOD_API_KEY": runpodfake.DefaultAPIKey, "RUNPOD_API_URL": f.URL()})
	var out bytes.Buffer
	err := run(t.Context(), env, &out, io.Discard, func(_ context.Context, env []string, _, _ io.Writer) error {
		for _, kv := range env {
			if p, ok := strings.CutPrefix(kv, "TF_ACC_RUN_PREFIX="); ok {
				mine = f.SeedTemplate(runpodfake.DefaultTemplate(p+"leaked", "img")).ID
			}
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "left 1 object(s) behind") {
		t.Fatalf("run = %v\n%s", err, out.String())
	}
	if _, ok := f.Template(mine); ok || mine == "" {
		t.Errorf("the leaked template %q is still there", mine)
	}
	for _, id := range []string{other, acct} {
		if _, ok := f.Template(id); !ok {
			t.Errorf("template %s, not the run's, was deleted", id)
		}
	}
	// A clean run passes.
	out.Reset()
	if err := run(t.Context(), env, &out, io.Discard, func(context.Context, []string, io.Writer, io.Writer) error { return nil }); err != nil {
		t.Fatalf("clean run = %v\n%s", err, out.String())
	}
}
