package kinds

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func TestChildrenError(t *testing.T) {
	kind := Kind[struct{}]{Collection: runpod.Collection[struct{}]{Noun: "cluster"}}
	p := path.Root("cluster_id")

	gone := kind.ChildrenError(p, "pods", "c1", &runpod.APIError{StatusCode: http.StatusNotFound})
	withPath, ok := gone.(diag.DiagnosticWithPath)
	if !ok || !withPath.Path().Equal(p) || gone.Summary() != "Cluster Not Found" ||
		!strings.Contains(gone.Detail(), `No cluster with id "c1" exists`) {
		t.Errorf("404: got %T %q: %q", gone, gone.Summary(), gone.Detail())
	}

	failed := kind.ChildrenError(p, "pods", "c1", &runpod.APIError{StatusCode: http.StatusInternalServerError})
	if _, onPath := failed.(diag.DiagnosticWithPath); onPath || failed.Summary() != "Cannot List Cluster Pods" ||
		!strings.Contains(failed.Detail(), "listing the pods of cluster c1") {
		t.Errorf("500: got %T %q: %q", failed, failed.Summary(), failed.Detail())
	}
}

type object struct{ ID, Name string }

func TestNamed(t *testing.T) {
	all := []object{{ID: "a", Name: "Ghcr"}, {ID: "b", Name: "ghcr"}}
	k := Kind[object]{Name: func(o *object) string { return o.Name }}
	if got, err := k.Named(all, nil, "ghcr"); err != nil || got.ID != "b" {
		t.Fatalf("exact name: got (%v, %v), want b", got, err)
	}
	if _, err := k.Named(all, nil, "GHCR"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("no exact match: err = %v, want ErrNotFound", err)
	}
	listErr := errors.New("503")
	if _, err := k.Named(all, listErr, "ghcr"); !errors.Is(err, listErr) {
		t.Fatalf("list failed: err = %v, want the list's error", err)
	}
}

func TestListAllKeepsOwn(t *testing.T) {
	k := Kind[object]{
		Collection: runpod.Collection[object]{List: func(*runpod.Client, context.Context) ([]object, error) {
			return []object{{ID: "a"}, {ID: "member"}, {ID: "b"}}, nil
		}},
		Own: func(o *object) bool { return o.ID != "member" },
	}
	got, err := k.ListAll(nil, t.Context())
	if err != nil || len(got) != 2 || got[0].ID != "a" || got[1].ID != "b" {
		t.Fatalf("ListAll = %v, %v; want a and b without the member", got, err)
	}
	k.Own = nil
	if got, _ := k.ListAll(nil, t.Context()); len(got) != 3 {
		t.Fatalf("without Own, ListAll = %v; want every object", got)
	}
}
