package runpod

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

func sampleSecret(id, name string) map[string]any {
	return map[string]any{
		"id": id, "name": name, "description": nil,
		"createdAt": "2026-09-10T17:23:45Z", "valueLastUpdatedAt": "2026-09-10T17:40:12.5Z",
	}
}

func TestSecretCalls(t *testing.T) {
	type call struct{ method, path, query, body string }
	var calls []call
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		calls = append(calls, call{r.Method, r.URL.Path, r.URL.RawQuery, string(body)})
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/v2/account/secrets":
			writeJSON(t, w, http.StatusOK, map[string]any{"secrets": []any{sampleSecret("s1", "hf-token")}})
		case r.Method == http.MethodGet:
			writeJSON(t, w, http.StatusOK, sampleSecret("s1", "hf-token"))
		case r.Method == http.MethodPost:
			writeJSON(t, w, http.StatusCreated, sampleSecret("s2", "new"))
		case r.Method == http.MethodPatch:
			writeJSON(t, w, http.StatusOK, sampleSecret("s2", "new"))
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		}
	})
	ctx := t.Context()

	list, err := c.ListSecrets(ctx)
	if err != nil || len(list) != 1 || list[0].Name != "hf-token" || list[0].Description != nil {
		t.Fatalf("ListSecrets = %+v, %v", list, err)
	}
	want := time.Date(2026, 9, 10, 17, 40, 12, 500_000_000, time.UTC)
	if list[0].ValueLastUpdatedAt == nil || !list[0].ValueLastUpdatedAt.Equal(want) {
		t.Errorf("ValueLastUpdatedAt = %v, want %v", list[0].ValueLastUpdatedAt, want)
	}
	if _, err := c.FindSecretsByName(ctx, "HF token/x"); err != nil {
		t.Fatal(err)
	}
	if s, err := c.GetSecret(ctx, "s1"); err != nil || s.ID != "s1" {
		t.Fatalf("GetSecret = %+v, %v", s, err)
	}
	desc := "d"
	if s, err := c.CreateSecret(ctx, CreateSecretRequest{Name: "new", Value: "v1", Description: &desc}); err != nil || s.ID != "s2" {
		t.Fatalf("CreateSecret = %+v, %v", s, err)
	}
	if _, err := c.CreateSecret(ctx, CreateSecretRequest{Name: "new", Value: "v1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetSecretValue(ctx, "s2", "v2"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetSecretDescription(ctx, "s2", ""); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteSecret(ctx, "s2"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetSecret(ctx, ""); err == nil {
		t.Fatal("GetSecret with an empty id must fail before any request")
	}

	want2 := []call{
		{"GET", "/v2/account/secrets", "", ""},
		{"GET", "/v2/account/secrets", "name=HF+token%2Fx", ""},
		{"GET", "/v2/account/secrets/s1", "", ""},
		{"POST", "/v2/account/secrets", "", `{"name":"new","value":"v1","description":"d"}`},
		{"POST", "/v2/account/secrets", "", `{"name":"new","value":"v1"}`},
		// Value and description travel in separate PATCHes; "" is sent to clear.
		{"PATCH", "/v2/account/secrets/s2", "", `{"value":"v2"}`},
		{"PATCH", "/v2/account/secrets/s2", "", `{"description":""}`},
		{"DELETE", "/v2/account/secrets/s2", "", ""},
	}
	if len(calls) != len(want2) {
		t.Fatalf("calls = %+v", calls)
	}
	for i := range want2 {
		if calls[i] != want2[i] {
			t.Errorf("call %d = %+v, want %+v", i, calls[i], want2[i])
		}
	}
}

func TestSecretConflictAndAmbiguity(t *testing.T) {
	var posts int
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost:
			posts++
			writeProblem(t, w, http.StatusConflict, "A secret with this name already exists")
		case http.MethodPatch:
			writeProblem(t, w, http.StatusServiceUnavailable, "try later")
		}
	})
	_, err := c.CreateSecret(t.Context(), CreateSecretRequest{Name: "n", Value: "v"})
	if !IsConflict(err) || posts != 1 {
		t.Fatalf("CreateSecret = %v after %d posts, want one 409", err, posts)
	}
	// A PATCH is not retried after a 5xx: the rotation may have happened.
	_, err = c.SetSecretValue(t.Context(), "s1", "v")
	if !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("SetSecretValue = %v, want ErrAmbiguous", err)
	}
}

// A server quoting the request back must not put the value in logs or in
// the error the provider turns into a diagnostic.
func TestSecretValueNeverInLogsOrErrors(t *testing.T) {
	const value = "sk-CANARY-secret-value-0123"
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		writeProblem(t, w, http.StatusBadRequest, "cannot store "+string(body), "$.value: bad "+value)
	})
	var buf bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &buf)
	_, createErr := c.CreateSecret(ctx, CreateSecretRequest{Name: "n", Value: value})
	_, rotateErr := c.SetSecretValue(ctx, "s1", value)
	for _, err := range []error{createErr, rotateErr} {
		if err == nil || !IsBadRequest(err) {
			t.Fatalf("want a 400, got %v", err)
		}
		if strings.Contains(err.Error(), value) {
			t.Errorf("error leaks the value: %v", err)
		}
		if !strings.Contains(err.Error(), "***") {
			t.Errorf("error does not show where the value was: %v", err)
		}
	}
	if strings.Contains(buf.String(), value) {
		t.Errorf("logs leak the value:\n%s", buf.String())
	}
	if !strings.Contains(buf.String(), "Runpod API error body") {
		t.Errorf("trace output missing, so the check above proves nothing:\n%s", buf.String())
	}
}

func TestRedactErrorLeavesOtherErrorsAlone(t *testing.T) {
	plain := errors.New("connection refused")
	if got := RedactError(plain, "x"); got != plain {
		t.Fatalf("RedactError changed a non-API error: %v", got)
	}
	if RedactError(nil, "x") != nil {
		t.Fatal("RedactError(nil) != nil")
	}
	apiErr := &APIError{StatusCode: 400, Detail: "a b c"}
	if _ = RedactError(apiErr, "", "b"); apiErr.Detail != "a *** c" {
		t.Fatalf("Detail = %q", apiErr.Detail)
	}
	wrapped := &ambiguousError{err: &APIError{StatusCode: 503, Detail: "echo secret"}}
	var inner *APIError
	if errors.As(RedactError(wrapped, "secret"), &inner); inner.Detail != "echo ***" || !errors.Is(wrapped, ErrAmbiguous) {
		t.Fatalf("wrapped = %v", wrapped)
	}
}
