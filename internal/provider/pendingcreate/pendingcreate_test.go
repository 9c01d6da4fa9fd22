package pendingcreate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

type object struct{ ID, Name string }

// kindFinding is a Kind whose lookup answers with find.
func kindFinding(find func() (*object, error)) kinds.Kind[object] {
	return kinds.Kind[object]{
		Collection: runpod.Collection[object]{
			Noun: "registry credential", ID: func(o *object) string { return o.ID },
		},
		ResourceType: "runpod_registry_auth",
		UniqueNames:  true,
		FilterByName: func(context.Context, *runpod.Client, string) ([]object, error) {
			o, err := find()
			if o == nil {
				return nil, err
			}
			return []object{*o}, err
		},
		Name: func(o *object) string { return o.Name },
	}
}

func TestDeleteID(t *testing.T) {
	cases := map[string]struct {
		stateID     string
		find        func() (*object, error)
		wantID      string
		wantOK      bool
		wantError   string
		wantWarning string
	}{
		"state has the id: no lookup": {
			stateID: "abc",
			find:    func() (*object, error) { t.Fatal("looked up a known id"); return nil, nil },
			wantID:  "abc", wantOK: true,
		},
		// The object with the name may be another writer's: never deleted.
		"pending create's name taken": {
			find:        func() (*object, error) { return &object{ID: "found", Name: "ghcr"}, nil },
			wantWarning: "Registry Credential Not Adopted After a Lost Create Reply",
		},
		"pending create that did not happen": {
			find: func() (*object, error) { return nil, kinds.ErrNotFound },
		},
		"lookup failed": {
			find:      func() (*object, error) { return nil, errors.New("503") },
			wantError: "Registry Credential Not Deleted",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var diags diag.Diagnostics
			id, ok := DeleteID(context.Background(), kindFinding(tc.find), nil, tc.stateID, "ghcr", &diags)
			if id != tc.wantID || ok != tc.wantOK {
				t.Fatalf("got (%q, %v), want (%q, %v)", id, ok, tc.wantID, tc.wantOK)
			}
			if tc.wantWarning != "" && (diags.WarningsCount() != 1 || diags[0].Summary() != tc.wantWarning ||
				!strings.Contains(diags[0].Detail(), "It was not deleted") || !strings.Contains(diags[0].Detail(), `id = "found"`)) {
				t.Fatalf("diags = %v, want the warning %q", diags, tc.wantWarning)
			}
			if tc.wantError == "" {
				if diags.HasError() {
					t.Fatalf("unexpected error: %v", diags)
				}
				return
			}
			if diags.ErrorsCount() != 1 || diags[0].Summary() != tc.wantError ||
				!strings.Contains(diags[0].Detail(), `listing registry credentials to find "ghcr", whose create reply was lost`) {
				t.Fatalf("diags = %v", diags)
			}
		})
	}
}
