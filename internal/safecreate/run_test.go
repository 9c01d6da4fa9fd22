package safecreate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

type object struct{ ID, Name string }

// kindFinding is a kind with unique names whose lookup by name answers
// with find.
func kindFinding(find func() (*object, error)) kinds.Kind[object] {
	return kinds.Kind[object]{
		Collection:   runpod.Collection[object]{Noun: "registry credential", ID: func(o *object) string { return o.ID }},
		ResourceType: "runpod_registry_auth",
		UniqueNames:  true,
		Name:         func(o *object) string { return o.Name },
		FilterByName: func(context.Context, *runpod.Client, string) ([]object, error) {
			o, err := find()
			if o == nil {
				return nil, err
			}
			return []object{*o}, err
		},
	}
}

func TestClaimName(t *testing.T) {
	cases := map[string]struct {
		find        func() (*object, error)
		wantFree    bool
		wantSummary string
		wantDetail  string
	}{
		"free": {find: func() (*object, error) { return nil, kinds.ErrNotFound }, wantFree: true},
		"taken": {
			find:        func() (*object, error) { return &object{ID: "r1", Name: "ghcr"}, nil },
			wantSummary: "Registry Credential Name Already Taken",
			wantDetail:  `import {`,
		},
		"check failed": {
			find:        func() (*object, error) { return nil, errors.New("503") },
			wantSummary: "Cannot Check Registry Credential Name",
			wantDetail:  `listing registry credentials to check that the name "ghcr" is free`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var diags diag.Diagnostics
			flight, free := claimName(context.Background(), kindFinding(tc.find), providerdata.NewData(nil), nil, "ghcr", &diags)
			if free {
				flight.Done()
			}
			if free != tc.wantFree {
				t.Fatalf("free = %v, want %v", free, tc.wantFree)
			}
			if tc.wantFree {
				if len(diags) != 0 {
					t.Fatalf("unexpected diagnostics: %v", diags)
				}
				return
			}
			if diags.ErrorsCount() != 1 || diags[0].Summary() != tc.wantSummary || !strings.Contains(diags[0].Detail(), tc.wantDetail) {
				t.Fatalf("diags = %v", diags)
			}
		})
	}
}

// A create whose reply was lost is settled by its name without a second
// request, and never by adopting what the lookup finds: that may be
// another writer's object.
func TestAfterLostReply(t *testing.T) {
	ambiguous := fmt.Errorf("POST: %w", runpod.ErrAmbiguous)
	cases := map[string]struct {
		find        func() (*object, error)
		wantSummary string
		wantDetail  []string
		wantPending bool
	}{
		"object exists: named, not adopted": {
			find:        func() (*object, error) { return &object{ID: "found", Name: "ghcr"}, nil },
			wantSummary: "Registry Credential May Have Been Created",
			wantDetail: []string{`A registry credential named "ghcr" exists now (id found)`, "another writer",
				"does not take it into state", `id = "found"`, `"ghcr" is taken`},
		},
		"no object: not created": {
			find:        func() (*object, error) { return nil, kinds.ErrNotFound },
			wantSummary: "Registry Credential Not Created",
			wantDetail:  []string{`registry credential "ghcr" was not created: a lookup by name found none`, "Applying again is safe"},
		},
		"lookup failed: pending": {
			find:        func() (*object, error) { return nil, errors.New("503") },
			wantSummary: "Registry Credential Not Created",
			wantDetail:  []string{"may exist in the account"},
			wantPending: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var diags diag.Diagnostics
			pending := false
			r := Request[object]{Name: "ghcr", Action: `creating registry credential "ghcr"`,
				Pending: func() diag.Diagnostics { pending = true; return nil }}
			afterLostReply(context.Background(), kindFinding(tc.find), nil, r, ambiguous, &diags)
			if diags.ErrorsCount() != 1 || diags[0].Summary() != tc.wantSummary {
				t.Fatalf("diags = %v, want one error %q", diags, tc.wantSummary)
			}
			for _, want := range tc.wantDetail {
				if !strings.Contains(diags[0].Detail(), want) {
					t.Errorf("detail lacks %q:\n%s", want, diags[0].Detail())
				}
			}
			warnedPending := diags.WarningsCount() == 1 && diags[1].Summary() == "Registry Credential Recorded As Pending"
			if pending != tc.wantPending || warnedPending != tc.wantPending {
				t.Errorf("pending saved %v, warned %v, want %v: %v", pending, warnedPending, tc.wantPending, diags)
			}
		})
	}
}
