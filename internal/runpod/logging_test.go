package runpod

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

// The API key and registry credentials must never reach the logs, even when a
// misbehaving server echoes them back in bodies that are logged at trace.
func TestLogsMaskSecrets(t *testing.T) {
	const (
		username = "registry-user-SENSITIVE"
		password = "hunter2-PASSWORD-SENSITIVE"
	)
	var attempts atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("reading body: %v", err)
		}
		if r.Method == http.MethodGet {
			// A final error answer, whose body is logged at trace.
			writeProblem(t, w, http.StatusNotFound, "no registry for "+r.Header.Get("Authorization"))
			return
		}
		if attempts.Add(1) == 1 {
			// An error body quoting the request and the key.
			writeProblem(t, w, http.StatusTooManyRequests, "slow down "+r.Header.Get("Authorization")+" "+string(body))
			return
		}
		writeJSON(t, w, http.StatusCreated, map[string]string{
			"id": "reg1", "name": "private",
			"echo": r.Header.Get("Authorization") + " " + string(body),
		})
	})

	var buf bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &buf)
	if _, err := c.CreateRegistry(ctx, "private", username, password); err != nil {
		t.Fatalf("CreateRegistry: %v", err)
	}
	if _, err := c.GetRegistry(ctx, "gone"); !IsNotFound(err) {
		t.Fatalf("GetRegistry = %v, want not found", err)
	}

	logs := buf.String()
	for _, secret := range []string{testAPIKey, username, password} {
		if strings.Contains(logs, secret) {
			t.Errorf("logs contain %q:\n%s", secret, logs)
		}
	}
	if !strings.Contains(logs, "Runpod API error body") || !strings.Contains(logs, "***") {
		t.Errorf("expected masked values in the trace output:\n%s", logs)
	}

	entries, err := tflogtest.MultilineJSONDecode(&buf)
	if err != nil {
		t.Fatalf("decoding logs: %v", err)
	}
	var responses []map[string]any
	for _, e := range entries {
		if e["@message"] == "Received Runpod API response" && e["method"] == "POST" {
			responses = append(responses, e)
		}
	}
	if len(responses) != 2 {
		t.Fatalf("got %d response log entries, want 2:\n%s", len(responses), logs)
	}
	last := responses[1]
	want := map[string]any{"method": "POST", "path": "/v2/registries", "status": float64(201), "attempt": float64(2)}
	for k, v := range want {
		if last[k] != v {
			t.Errorf("field %s = %v, want %v (entry %v)", k, last[k], v, last)
		}
	}
	if d, _ := last["duration"].(string); d == "" {
		t.Errorf("no duration field in %v", last)
	}
}

// Request bodies are never logged, at any level: they can hold env values.
func TestLogsOmitRequestBodies(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(t, w, http.StatusCreated, sampleTemplate("t1"))
	})
	var buf bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &buf)
	if _, err := c.CreateTemplate(ctx, CreateTemplateRequest{
		Name: "n", Image: "i", Env: map[string]string{"TOKEN": "body-marker-value"},
	}); err != nil {
		t.Fatalf("CreateTemplate: %v", err)
	}
	if strings.Contains(buf.String(), "body-marker-value") {
		t.Errorf("request body leaked into logs:\n%s", buf.String())
	}
	if !json.Valid(bytes.SplitN(buf.Bytes(), []byte("\n"), 2)[0]) {
		t.Errorf("log output is not JSON lines:\n%s", buf.String())
	}
}

func TestWithSensitiveValuesIgnoresEmpty(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(t, w, http.StatusOK, map[string]any{"registries": []any{}})
	})
	var buf bytes.Buffer
	ctx := WithSensitiveValues(tflogtest.RootLogger(t.Context(), &buf), "", "")
	if _, err := c.ListRegistries(ctx); err != nil {
		t.Fatalf("ListRegistries: %v", err)
	}
	// Masking "" would put *** between every character.
	if !strings.Contains(buf.String(), "/v2/registries") {
		t.Errorf("path missing or mangled in logs:\n%s", buf.String())
	}
}
