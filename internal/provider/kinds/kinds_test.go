package kinds

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func TestChildrenError(t *testing.T) {
	kind := Kind[struct{}]{Noun: "cluster"}
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
