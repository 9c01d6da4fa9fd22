package runpod

import (
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"testing"
	"time"
)

func TestEcrDelegationTypesMatchSpec(t *testing.T) {
	checkSpecFields(t, reflect.TypeOf(EcrDelegation{}), "EcrDelegation")
	checkSpecFields(t, reflect.TypeOf(CreateDelegationRequest{}), "CreateDelegationRequest")
}

// The delegation calls: list, the read by id that lists (the API has no
// GET by id) and answers a 404 APIError for an id the list lacks, a create
// that sends only what is set, and a revoke.
func TestEcrDelegationCalls(t *testing.T) {
	type call struct{ method, path string }
	var calls []call
	var bodies []map[string]any
	deleg := map[string]any{
		"id": "deleg_abc123", "name": "ci", "delegatorUserId": "user_xyz", "awsUser": "418399314813",
		"repository": "runpod/deployment", "tag": "latest", "awsRegion": "us-east-2",
		"dockerRegistryUri": "418399314813.dkr.ecr.us-east-2.amazonaws.com", "createdAt": "2026-03-13T20:00:00Z",
	}
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, call{r.Method, r.URL.Path})
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/v2/registries/delegations":
			writeJSON(t, w, http.StatusOK, map[string]any{"delegations": []any{deleg}})
		case r.Method == http.MethodPost:
			var b map[string]any
			if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
				t.Errorf("decoding create body: %v", err)
			}
			bodies = append(bodies, b)
			writeJSON(t, w, http.StatusCreated, deleg)
		case r.Method == http.MethodDelete && r.URL.Path == "/v2/registries/delegations/gone":
			writeProblem(t, w, http.StatusNotFound, "Delegation not found")
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		default:
			t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
		}
	})
	ctx := t.Context()

	list, err := c.ListDelegations(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("ListDelegations = %+v, %v", list, err)
	}
	d := list[0]
	if d.ID != "deleg_abc123" || d.Name == nil || *d.Name != "ci" || d.DelegatorUserID != "user_xyz" || d.AWSUser != "418399314813" ||
		d.Repository != "runpod/deployment" || d.Tag != "latest" || d.AWSRegion != "us-east-2" ||
		d.DockerRegistryURI == nil || *d.DockerRegistryURI != "418399314813.dkr.ecr.us-east-2.amazonaws.com" ||
		!d.CreatedAt.Equal(time.Date(2026, 3, 13, 20, 0, 0, 0, time.UTC)) {
		t.Errorf("decoded %+v", d)
	}
	got, err := c.GetDelegation(ctx, "deleg_abc123")
	if err != nil || got.ID != "deleg_abc123" {
		t.Fatalf("GetDelegation = %+v, %v", got, err)
	}
	_, err = c.GetDelegation(ctx, "deleg_missing")
	var apiErr *APIError
	if !IsNotFound(err) || !errors.As(err, &apiErr) || apiErr.Path != "/v2/registries/delegations" {
		t.Fatalf("GetDelegation(missing) = %v, want a 404 naming the list", err)
	}
	if _, err := c.GetDelegation(ctx, ""); err == nil {
		t.Error("GetDelegation(\"\") sent a request")
	}

	name := "ci"
	arn := "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"
	if _, err := c.CreateDelegation(ctx, CreateDelegationRequest{Resource: arn, Name: &name}); err != nil {
		t.Fatalf("CreateDelegation: %v", err)
	}
	if _, err := c.CreateDelegation(ctx, CreateDelegationRequest{Resource: arn}); err != nil {
		t.Fatalf("CreateDelegation without a name: %v", err)
	}
	want := []map[string]any{{"resource": arn, "name": "ci"}, {"resource": arn}}
	if !reflect.DeepEqual(bodies, want) {
		t.Errorf("create bodies = %v, want %v", bodies, want)
	}
	if err := c.RevokeDelegation(ctx, "deleg_abc123"); err != nil {
		t.Fatalf("RevokeDelegation: %v", err)
	}
	if err := c.RevokeDelegation(ctx, "gone"); !IsNotFound(err) {
		t.Fatalf("RevokeDelegation(gone) = %v, want 404", err)
	}

	wantCalls := []call{
		{"GET", "/v2/registries/delegations"}, {"GET", "/v2/registries/delegations"}, {"GET", "/v2/registries/delegations"},
		{"POST", "/v2/registries/delegations"}, {"POST", "/v2/registries/delegations"},
		{"DELETE", "/v2/registries/delegations/deleg_abc123"}, {"DELETE", "/v2/registries/delegations/gone"},
	}
	if !reflect.DeepEqual(calls, wantCalls) {
		t.Errorf("calls = %v, want %v", calls, wantCalls)
	}
}
