package datasources

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func TestNameFilterMatch(t *testing.T) {
	unset := types.StringNull()
	for _, tc := range []struct {
		name, prefix types.String
		object       string
		want         bool
	}{
		{unset, unset, "anything", true},
		{types.StringValue("web"), unset, "web", true},
		{types.StringValue("web"), unset, "web-2", false},
		{unset, types.StringValue("team-"), "team-web", true},
		{unset, types.StringValue("team-"), "other", false},
		{types.StringValue("team-web"), types.StringValue("team-"), "team-web", true},
		{types.StringValue("other"), types.StringValue("team-"), "other", false},
	} {
		f := NameFilter{Name: tc.name, NamePrefix: tc.prefix}
		if got := f.Match(tc.object); got != tc.want {
			t.Errorf("name=%s name_prefix=%s: Match(%q) = %v, want %v", tc.name, tc.prefix, tc.object, got, tc.want)
		}
	}
}

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
