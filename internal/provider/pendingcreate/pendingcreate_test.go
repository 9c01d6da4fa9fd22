package pendingcreate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

type object struct{ ID string }

func TestDeleteID(t *testing.T) {
	idOf := func(o *object) string { return o.ID }
	cases := map[string]struct {
		stateID   string
		find      func(context.Context) (*object, error)
		wantID    string
		wantOK    bool
		wantError string
	}{
		"state has the id: no lookup": {
			stateID: "abc",
			find:    func(context.Context) (*object, error) { t.Fatal("looked up a known id"); return nil, nil },
			wantID:  "abc", wantOK: true,
		},
		"pending create that happened": {
			find:   func(context.Context) (*object, error) { return &object{ID: "found"}, nil },
			wantID: "found", wantOK: true,
		},
		"pending create that did not happen": {
			find: func(context.Context) (*object, error) { return nil, ErrNotFound },
		},
		"lookup failed": {
			find:      func(context.Context) (*object, error) { return nil, errors.New("503") },
			wantError: "Registry Credential Not Deleted",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var diags diag.Diagnostics
			id, ok := DeleteID(context.Background(), "registry credential", tc.stateID, "ghcr", tc.find, idOf, &diags)
			if id != tc.wantID || ok != tc.wantOK {
				t.Fatalf("got (%q, %v), want (%q, %v)", id, ok, tc.wantID, tc.wantOK)
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
