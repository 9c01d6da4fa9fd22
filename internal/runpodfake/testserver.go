package runpodfake

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// NewTestServer starts the fake on a loopback httptest server that
// t.Cleanup closes. Unless WithoutSpecCheck is given it also turns on spec
// checking (CheckAgainstSpec) with the spec FindSpec locates (or
// WithSpecPath's), and at cleanup fails the test with t.Errorf listing every
// violation. Without a spec file it only logs that checking is off; a
// RUNPOD_OPENAPI_SPEC naming a missing file fails the test.
func NewTestServer(t testing.TB, opts ...Option) *Fake {
	t.Helper()
	f := New(opts...)
	if !f.cfg.noSpec {
		path, explicit := f.cfg.specPath, f.cfg.specPath != ""
		if path == "" {
			path, explicit = FindSpec()
		}
		switch {
		case path != "":
			if err := f.CheckAgainstSpec(path); err != nil {
				t.Fatalf("runpodfake: %v", err)
			}
		case explicit:
			t.Fatalf("runpodfake: RUNPOD_OPENAPI_SPEC names a file that does not exist")
		default:
			t.Logf("runpodfake: OpenAPI spec not found; responses are not checked against it")
		}
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
