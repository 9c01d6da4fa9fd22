package runpod

import (
	"encoding/json"
	"net/http"
	"testing"
)

func TestRegistryCalls(t *testing.T) {
	type call struct{ method, path string }
	var calls []call
	var created map[string]string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, call{r.Method, r.URL.Path})
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/v2/registries":
			writeJSON(t, w, http.StatusOK, map[string]any{"registries": []map[string]string{{"id": "r1", "name": "a"}}})
		case r.Method == http.MethodGet:
			writeJSON(t, w, http.StatusOK, map[string]string{"id": "r1", "name": "a"})
		case r.Method == http.MethodPost:
			if err := json.NewDecoder(r.Body).Decode(&created); err != nil {
				t.Errorf("decoding create body: %v", err)
			}
			writeJSON(t, w, http.StatusCreated, map[string]string{"id": "r2", "name": created["name"]})
		case r.Method == http.MethodDelete && r.URL.Path == "/v2/registries/busy":
			writeProblem(t, w, http.StatusBadRequest, "Registry credential is in use by a pod and cannot be deleted")
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		}
	})
	ctx := t.Context()

	list, err := c.ListRegistries(ctx)
	if err != nil || len(list) != 1 || list[0] != (Registry{ID: "r1", Name: "a"}) {
		t.Fatalf("ListRegistries = %+v, %v", list, err)
	}
	got, err := c.GetRegistry(ctx, "r1")
	if err != nil || got.Name != "a" {
		t.Fatalf("GetRegistry = %+v, %v", got, err)
	}
	reg, err := c.CreateRegistry(ctx, "b", "u", "p")
	if err != nil || reg.ID != "r2" || reg.Name != "b" {
		t.Fatalf("CreateRegistry = %+v, %v", reg, err)
	}
	if created["name"] != "b" || created["username"] != "u" || created["password"] != "p" || len(created) != 3 {
		t.Errorf("create body = %v", created)
	}
	if err := c.DeleteRegistry(ctx, "r2"); err != nil {
		t.Fatalf("DeleteRegistry: %v", err)
	}
	if err := c.DeleteRegistry(ctx, "busy"); !IsInUse(err) || !IsBadRequest(err) {
		t.Fatalf("DeleteRegistry(busy) = %v, want in-use 400", err)
	}

	want := []call{
		{"GET", "/v2/registries"}, {"GET", "/v2/registries/r1"}, {"POST", "/v2/registries"},
		{"DELETE", "/v2/registries/r2"}, {"DELETE", "/v2/registries/busy"},
	}
	if len(calls) != len(want) {
		t.Fatalf("calls = %v", calls)
	}
	for i := range want {
		if calls[i] != want[i] {
			t.Errorf("call %d = %v, want %v", i, calls[i], want[i])
		}
	}
}
