package runpodfake

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSecretLifecycle(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	created := c.do("POST", "/v2/account/secrets", map[string]any{
		"name": "hf-token", "value": "hf_abc", "description": "Hugging Face read token",
	}).wantStatus(t, http.StatusCreated).object(t)
	id, _ := created["id"].(string)
	// The value is write-only: exactly the documented metadata comes back.
	mustEqual(t, "keys", sortedKeys(created), []string{"createdAt", "description", "id", "name", "valueLastUpdatedAt"})
	mustEqual(t, "name", created["name"], "hf-token")
	mustEqual(t, "description", created["description"], "Hugging Face read token")
	mustEqual(t, "valueLastUpdatedAt", created["valueLastUpdatedAt"], created["createdAt"])
	if s, _ := created["createdAt"].(string); s == "" {
		t.Fatalf("createdAt missing: %v", created)
	} else if _, err := time.Parse(time.RFC3339, s); err != nil {
		t.Fatalf("createdAt: %v", err)
	}
	stored, _ := f.Secret(id)
	mustEqual(t, "stored value", stored.Value, "hf_abc")

	mustEqual(t, "GET", c.do("GET", "/v2/account/secrets/"+id, nil).wantStatus(t, http.StatusOK).object(t), created)
	mustEqual(t, "list", c.do("GET", "/v2/account/secrets", nil).object(t), map[string]any{"secrets": []any{created}})

	// Rotating moves valueLastUpdatedAt; a description-only PATCH does not.
	rotated := c.do("PATCH", "/v2/account/secrets/"+id, map[string]any{"value": "hf_new"}).wantStatus(t, http.StatusOK).object(t)
	if rotated["valueLastUpdatedAt"] == created["valueLastUpdatedAt"] {
		t.Fatalf("valueLastUpdatedAt did not move: %v", rotated)
	}
	described := c.do("PATCH", "/v2/account/secrets/"+id, map[string]any{"description": "rotated"}).wantStatus(t, http.StatusOK).object(t)
	mustEqual(t, "after description PATCH", described["valueLastUpdatedAt"], rotated["valueLastUpdatedAt"])
	mustEqual(t, "description", described["description"], "rotated")
	// "" clears the description.
	cleared := c.do("PATCH", "/v2/account/secrets/"+id, map[string]any{"description": ""}).wantStatus(t, http.StatusOK).object(t)
	mustEqual(t, "cleared description", cleared["description"], nil)
	stored, _ = f.Secret(id)
	mustEqual(t, "rotated value", stored.Value, "hf_new")

	del := c.do("DELETE", "/v2/account/secrets/"+id, nil).wantStatus(t, http.StatusNoContent)
	mustEqual(t, "204 body", len(del.body), 0)
	c.do("GET", "/v2/account/secrets/"+id, nil).wantProblem(t, http.StatusNotFound, "secret not found")
	c.do("DELETE", "/v2/account/secrets/"+id, nil).wantProblem(t, http.StatusNotFound, "secret not found")
	c.do("PATCH", "/v2/account/secrets/"+id, map[string]any{"value": "x"}).wantProblem(t, http.StatusNotFound, "secret not found")
}

func TestSecretNameFilterIsCaseInsensitive(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.SeedSecret(Secret{Name: "Other", Value: "v"})
	want := f.SeedSecret(Secret{Name: "HF_Token", Value: "v"})
	var got struct {
		Secrets []Secret `json:"secrets"`
	}
	c.do("GET", "/v2/account/secrets?name=hf_token", nil).wantStatus(t, http.StatusOK).decode(t, &got)
	if len(got.Secrets) != 1 || got.Secrets[0].ID != want.ID {
		t.Fatalf("?name=hf_token = %+v, want only %s", got.Secrets, want.ID)
	}
	c.do("GET", "/v2/account/secrets?name=nothing", nil).decode(t, &got)
	mustEqual(t, "no match", len(got.Secrets), 0)
	c.do("GET", "/v2/account/secrets?name=a&name=b", nil).wantProblem(t, http.StatusUnprocessableEntity, "query.name")
}

func TestSecretRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.SeedSecret(Secret{Name: "taken", Value: "v"})
	long := strings.Repeat("a", 192)
	cases := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		{"missing value", map[string]any{"name": "n"}, 422, "$: missing property 'value'"},
		{"empty value", map[string]any{"name": "n", "value": ""}, 422, "$.value: minLength: got 0, want 1"},
		{"name pattern", map[string]any{"name": "1abc", "value": "v"}, 422, "does not match pattern"},
		{"name with space", map[string]any{"name": "a b", "value": "v"}, 422, "does not match pattern"},
		{"name too long", map[string]any{"name": long, "value": "v"}, 422, "$.name: maxLength: got 192, want 191"},
		{"unknown field", map[string]any{"name": "n", "value": "v", "scope": "pod"}, 422, "additional properties 'scope' not allowed"},
		{"reserved prefix", map[string]any{"name": "runpod_key", "value": "v"}, 400, "reserved prefix RUNPOD"},
		{"duplicate", map[string]any{"name": "taken", "value": "v"}, 409, "A secret with this name already exists"},
		{"duplicate in another case", map[string]any{"name": "TAKEN", "value": "v"}, 409, "already exists"},
		{"description bytes", map[string]any{"name": "n", "value": "v", "description": strings.Repeat("é", 40000)}, 400, "at most 65535 bytes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.do("POST", "/v2/account/secrets", tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
	c.t = t
	// A name of exactly 191 characters is fine.
	c.do("POST", "/v2/account/secrets", map[string]any{"name": long[:191], "value": "v"}).wantStatus(t, http.StatusCreated)
}

func TestSecretUpdateRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	s := f.SeedSecret(Secret{Name: "s", Value: "v"})
	path := "/v2/account/secrets/" + s.ID
	c.do("PATCH", path, map[string]any{}).wantProblem(t, http.StatusUnprocessableEntity, "minProperties")
	c.do("PATCH", path, map[string]any{"name": "renamed"}).wantProblem(t, http.StatusUnprocessableEntity, "additional properties 'name' not allowed")
	c.do("PATCH", path, map[string]any{"value": ""}).wantProblem(t, http.StatusUnprocessableEntity, "$.value: minLength")
	got, _ := f.Secret(s.ID)
	mustEqual(t, "untouched", got.Value, "v")
}

// A combined PATCH applies the value, then fails on the description: the
// call is an error, yet the new value is live.
func TestSecretCombinedPatchIsNotAtomic(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	desc := "before"
	s := f.SeedSecret(Secret{Name: "s", Value: "old", Description: &desc})
	c.do("PATCH", "/v2/account/secrets/"+s.ID, map[string]any{
		"value": "new", "description": strings.Repeat("é", 40000),
	}).wantProblem(t, http.StatusBadRequest, "at most 65535 bytes")
	got, _ := f.Secret(s.ID)
	mustEqual(t, "value", got.Value, "new")
	mustEqual(t, "description", *got.Description, "before")
	if !got.ValueLastUpdatedAt.After(*s.ValueLastUpdatedAt) {
		t.Fatalf("valueLastUpdatedAt did not move: %v -> %v", s.ValueLastUpdatedAt, got.ValueLastUpdatedAt)
	}
}

func TestSecretHooks(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	s := f.SeedSecret(Secret{ID: "sec0000001", Name: "s", Value: "v"})
	before := c.do("GET", "/v2/account/secrets/"+s.ID, nil).object(t)
	mustEqual(t, "RotateSecret", f.RotateSecret(s.ID, "rotated"), true)
	after := c.do("GET", "/v2/account/secrets/"+s.ID, nil).object(t)
	if before["valueLastUpdatedAt"] == after["valueLastUpdatedAt"] {
		t.Fatalf("RotateSecret did not move valueLastUpdatedAt: %v", after)
	}
	got, _ := f.Secret(s.ID)
	mustEqual(t, "rotated value", got.Value, "rotated")
	mustEqual(t, "DeleteSecret", f.DeleteSecret(s.ID), true)
	mustEqual(t, "DeleteSecret again", f.DeleteSecret(s.ID), false)
	mustEqual(t, "RotateSecret gone", f.RotateSecret(s.ID, "x"), false)
	c.do("GET", "/v2/account/secrets/"+s.ID, nil).wantProblem(t, http.StatusNotFound, "")
}

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }
