package runpodfake

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/specfacts"
)

// NewTestServer starts the fake on a loopback httptest server that
// t.Cleanup closes. It also turns on spec checking (CheckAgainstSpec) with
// the spec FindSpec locates, and at cleanup fails the test with t.Errorf
// listing every violation. The spec is the committed testdata/openapi-facts.json unless
// RUNPOD_OPENAPI_SPEC names another; a missing one fails the test.
func NewTestServer(t testing.TB, opts ...Option) *Fake {
	t.Helper()
	f := New(opts...)
	switch path, explicit := FindSpec(); {
	case path != "":
		if err := f.CheckAgainstSpec(path); err != nil {
			t.Fatalf("runpodfake: %v", err)
		}
	case explicit:
		t.Fatalf("runpodfake: RUNPOD_OPENAPI_SPEC names a file that does not exist")
	default:
		t.Fatalf("runpodfake: the committed OpenAPI facts (%s) are not found above the working directory", specfacts.CommittedPath)
	}
	srv := httptest.NewServer(f)
	f.srvMu.Lock()
	f.url = srv.URL
	f.srvMu.Unlock()
	t.Cleanup(func() {
		srv.Close()
		if vs := f.SpecViolations(); len(vs) > 0 {
			t.Errorf("runpodfake: %d exchange(s) violate the OpenAPI spec:\n  %s", len(vs), strings.Join(vs, "\n  "))
		}
	})
	return f
}
