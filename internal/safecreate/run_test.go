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

func TestAfterAmbiguousCreate(t *testing.T) {
	ambiguous := fmt.Errorf("POST: %w", runpod.ErrAmbiguous)
	mine := &object{ID: "r1"}
	cases := map[string]struct {
		createErr     error
		find          func() (*object, error)
		wantCreated   *object
		wantErr       error
		wantLookupErr bool
		wantWarning   bool
	}{
		"create answered: no lookup": {
			find:        func() (*object, error) { t.Fatal("looked up after a clear answer"); return nil, nil },
			wantCreated: mine,
		},
		"create refused: no lookup": {
			createErr: errors.New("400"),
			find:      func() (*object, error) { t.Fatal("looked up after a refusal"); return nil, nil },
			wantErr:   errors.New("400"),
		},
		"lost reply, object exists: adopted with a warning": {
			createErr: ambiguous, find: func() (*object, error) { return &object{ID: "found", Name: "ghcr"}, nil },
			wantCreated: &object{ID: "found", Name: "ghcr"}, wantWarning: true,
		},
		"lost reply, no object: the create's error": {
			createErr: ambiguous, find: func() (*object, error) { return nil, kinds.ErrNotFound }, wantErr: ambiguous,
		},
		"lost reply, lookup failed: both errors": {
			createErr: ambiguous, find: func() (*object, error) { return nil, errors.New("503") },
			wantErr: ambiguous, wantLookupErr: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var created *object
			if tc.createErr == nil {
				created = mine
			}
			var diags diag.Diagnostics
			got, err, lookupErr := afterAmbiguousCreate(context.Background(), kindFinding(tc.find), nil, "ghcr", created,
				tc.createErr, &diags)
			if fmt.Sprint(got) != fmt.Sprint(tc.wantCreated) || fmt.Sprint(err) != fmt.Sprint(tc.wantErr) ||
				(lookupErr != nil) != tc.wantLookupErr {
				t.Fatalf("got (%v, %v, %v), want (%v, %v, lookup error %v)", got, err, lookupErr, tc.wantCreated, tc.wantErr,
					tc.wantLookupErr)
			}
			warned := diags.WarningsCount() == 1 &&
				diags[0].Summary() == "Registry Credential Create Confirmed After Connection Failure" &&
				strings.Contains(diags[0].Detail(), `registry credential "ghcr" failed in transit, but the registry credential exists (id found)`)
			if warned != tc.wantWarning || diags.ErrorsCount() != 0 {
				t.Fatalf("diags = %v, want warning: %v", diags, tc.wantWarning)
			}
		})
	}
}
