package runpodfake

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/specfacts"
)

// The tests below prove the spec checker can fail: a checker that never
// reports anything would make TestConformance meaningless.

func TestSpecCheckCatchesBadResponses(t *testing.T) {
	t.Parallel()
	f := New()
	if err := f.CheckAgainstSpec(mustFindSpec(t)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(f)
	defer srv.Close()
	f.srvMu.Lock()
	f.url = srv.URL
	f.srvMu.Unlock()
	c := &testClient{t: t, f: f, key: DefaultAPIKey}

	tpl := f.SeedTemplate(DefaultTemplate("drifty", "img"))
	c.do("GET", "/v2/templates/"+tpl.ID, nil).wantStatus(t, http.StatusOK)
	mustEqual(t, "violations before", f.SpecViolations(), []string(nil))

	// Store what the API never returns: an unknown category and a zero disk.
	f.UpdateTemplate(tpl.ID, func(t *Template) { t.Category = "QUANTUM"; t.Disk = 0 })
	c.do("GET", "/v2/templates/"+tpl.ID, nil).wantStatus(t, http.StatusOK)
	c.do("GET", "/v2/templates", nil).wantStatus(t, http.StatusOK)
	vs := f.SpecViolations()
	if len(vs) != 2 {
		t.Fatalf("got %d violations, want 2 (one per response):\n%s", len(vs), strings.Join(vs, "\n"))
	}
	for _, want := range []string{"GET /v2/templates/" + tpl.ID + " -> 200", "category", "disk"} {
		if !strings.Contains(vs[0], want) {
			t.Errorf("violation does not mention %q: %s", want, vs[0])
		}
	}
}

// recordingTB captures what NewTestServer reports, to test the reporting.
type recordingTB struct {
	testing.TB
	errs     []string
	cleanups []func()
}

func (r *recordingTB) Helper()                   {}
func (r *recordingTB) Logf(string, ...any)       {}
func (r *recordingTB) Cleanup(fn func())         { r.cleanups = append(r.cleanups, fn) }
func (r *recordingTB) Errorf(f string, a ...any) { r.errs = append(r.errs, fmt.Sprintf(f, a...)) }
func (r *recordingTB) Fatalf(f string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(f, a...))
	panic("Fatalf")
}

func TestNewTestServerFailsTheTestOnViolations(t *testing.T) {
	t.Parallel()
	rt := &recordingTB{TB: t}
	f := NewTestServer(rt)
	c := &testClient{t: t, f: f, key: DefaultAPIKey}
	tpl := f.SeedTemplate(DefaultTemplate("x", "y"))
	f.UpdateTemplate(tpl.ID, func(t *Template) { t.Name = ""; t.Category = "" })
	c.do("GET", "/v2/templates/"+tpl.ID, nil).wantStatus(t, http.StatusOK)
	for i := len(rt.cleanups) - 1; i >= 0; i-- {
		rt.cleanups[i]()
	}
	if len(rt.errs) != 1 || !strings.Contains(rt.errs[0], "violate the OpenAPI spec") || !strings.Contains(rt.errs[0], "category") {
		t.Fatalf("reported %q", rt.errs)
	}
}

func TestSpecCheckRules(t *testing.T) {
	t.Parallel()
	sc, err := loadSpecChecker(mustFindSpec(t))
	if err != nil {
		t.Fatal(err)
	}
	rl := func(h http.Header) http.Header {
		h.Set("RateLimit", `"minute";r=1;t=1, "hour";r=1;t=1, "day";r=1;t=1`)
		h.Set("RateLimit-Policy", `"minute";q=1;w=60, "hour";q=1;w=3600, "day";q=1;w=86400`)
		return h
	}
	auth := http.Header{"Authorization": {"Bearer k"}, "Content-Type": {"application/json"}}
	jsonHdr := func() http.Header { return rl(http.Header{"Content-Type": {"application/json"}}) }
	probHdr := func() http.Header { return rl(http.Header{"Content-Type": {"application/problem+json"}}) }
	okTemplate := `{"id":"x","name":"a","image":"b","args":"","disk":10,"mounts":{},"ports":[],"env":{},"registry":null,"serverless":false,"public":false,"category":"NVIDIA","startSsh":true,"startJupyter":true,"allowedCudaVersions":[],"entrypoint":[],"cmd":[]}`
	prob := func(status int) string {
		return fmt.Sprintf(`{"title":%q,"status":%d,"detail":"d"}`, http.StatusText(status), status)
	}
	cases := []struct {
		name string
		ex   exchange
		want string // "" = no violation
	}{
		{"valid create", exchange{method: "POST", rawPath: "/v2/templates", reqHeader: auth, reqBody: []byte(`{"name":"a","image":"b"}`),
			status: 201, respHeader: jsonHdr(), respBody: []byte(okTemplate)}, ""},
		{"accepted unknown field", exchange{method: "POST", rawPath: "/v2/templates", reqHeader: auth, reqBody: []byte(`{"name":"a","image":"b","bogus":1}`),
			status: 201, respHeader: jsonHdr(), respBody: []byte(okTemplate)}, "fake accepted a request the spec rejects"},
		{"accepted newer-docs field", exchange{method: "POST", rawPath: "/v2/templates", reqHeader: auth, reqBody: []byte(`{"name":"a","image":"b","cmd":["x"]}`),
			status: 201, respHeader: jsonHdr(), respBody: []byte(okTemplate)}, ""},
		{"accepted a bad newer-docs neighbour", exchange{method: "POST", rawPath: "/v2/templates", reqHeader: auth, reqBody: []byte(`{"name":"a","image":"b","cmd":["x"],"disk":0}`),
			status: 201, respHeader: jsonHdr(), respBody: []byte(okTemplate)}, "fake accepted a request the spec rejects"},
		{"422 for a valid body", exchange{method: "POST", rawPath: "/v2/templates", reqHeader: auth, reqBody: []byte(`{"name":"a","image":"b"}`),
			status: 422, respHeader: probHdr(), respBody: []byte(prob(422))}, "fake answered 422"},
		{"422 for an invalid body", exchange{method: "POST", rawPath: "/v2/templates", reqHeader: auth, reqBody: []byte(`{"name":"a"}`),
			status: 422, respHeader: probHdr(), respBody: []byte(prob(422))}, ""},
		{"422 on a newer-docs field", exchange{method: "POST", rawPath: "/v2/templates", reqHeader: auth, reqBody: []byte(`{"name":"a","image":"b","cmd":"x"}`),
			status: 422, respHeader: probHdr(), respBody: []byte(prob(422))}, ""},
		{"response missing fields", exchange{method: "GET", rawPath: "/v2/templates/x", reqHeader: auth,
			status: 200, respHeader: jsonHdr(), respBody: []byte(`{"id":"x","name":"a"}`)}, "missing properties"},
		{"undocumented success status", exchange{method: "GET", rawPath: "/v2/templates", reqHeader: auth,
			status: 201, respHeader: jsonHdr(), respBody: []byte(`{"templates":[]}`)}, "response"},
		{"204 with a body", exchange{method: "DELETE", rawPath: "/v2/templates/x", reqHeader: auth,
			status: 204, respHeader: rl(http.Header{}), respBody: []byte(`{}`)}, "204 response has a body"},
		{"success on a route the spec lacks", exchange{method: "GET", rawPath: "/v2/widgets", reqHeader: auth,
			status: 200, respHeader: jsonHdr(), respBody: []byte(`{}`)}, "route is not in the OpenAPI spec"},
		{"newer-docs route", exchange{method: "GET", rawPath: "/v2/account/secrets", reqHeader: auth,
			status: 200, respHeader: jsonHdr(), respBody: []byte(`{"secrets":[]}`)}, ""},
		{"error as plain JSON", exchange{method: "GET", rawPath: "/v2/templates/x", reqHeader: auth,
			status: 404, respHeader: jsonHdr(), respBody: []byte(prob(404))}, "want application/problem+json"},
		{"error status mismatch", exchange{method: "GET", rawPath: "/v2/widgets", reqHeader: auth,
			status: 404, respHeader: probHdr(), respBody: []byte(prob(400))}, "differs from the HTTP status"},
		{"error without detail", exchange{method: "GET", rawPath: "/v2/widgets", reqHeader: auth,
			status: 404, respHeader: probHdr(), respBody: []byte(`{"title":"Not Found","status":404}`)}, "lacks title, status or detail"},
		{"401 with rate limit", exchange{method: "GET", rawPath: "/v2/templates", reqHeader: http.Header{},
			status: 401, respHeader: probHdr(), respBody: []byte(prob(401))}, "401 response carries RateLimit headers"},
		{"success without rate limit", exchange{method: "GET", rawPath: "/v2/templates", reqHeader: auth,
			status: 200, respHeader: http.Header{"Content-Type": {"application/json"}}, respBody: []byte(`{"templates":[]}`)}, "lacks RateLimit"},
		{"catalog with a bad CUDA version", exchange{method: "GET", rawPath: "/v2/catalog/gpus", rawQuery: "include=AVAILABILITY&product=POD", reqHeader: auth,
			status: 200, respHeader: jsonHdr(), respBody: []byte(`{"gpus":[{"id":"a","name":"b","pool":null,"manufacturer":"NVIDIA","memory":1,"secure":true,"community":true,"price":{"secure":1,"community":1},"maxCount":{"secure":1,"community":1},"cudaVersions":[{"version":"12","available":true}]}]}`)}, "does not match pattern"},
		{"accepted bad query", exchange{method: "GET", rawPath: "/v2/catalog/gpus", rawQuery: "include=AVAILABILITY&product=NOPE", reqHeader: auth,
			status: 200, respHeader: jsonHdr(), respBody: []byte(`{"gpus":[]}`)}, "fake accepted a request the spec rejects"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vs := sc.check(tc.ex)
			if tc.want == "" {
				if len(vs) > 0 {
					t.Fatalf("unexpected violations:\n%s", strings.Join(vs, "\n"))
				}
				return
			}
			if !strings.Contains(strings.Join(vs, "\n"), tc.want) {
				t.Fatalf("violations do not mention %q:\n%s", tc.want, strings.Join(vs, "\n"))
			}
		})
	}
}

func TestStripFields(t *testing.T) {
	t.Parallel()
	out, found := stripFields([]byte(`{"name":"a","cmd":["x"],"gpu":{"id":"g","minRamPerGpu":8}}`), []string{"cmd", "gpu.minRamPerGpu", "gpu.absent"})
	mustEqual(t, "found", found, true)
	mustEqual(t, "stripped", string(out), `{"gpu":{"id":"g"},"name":"a"}`)
	out, found = stripFields([]byte(`[1]`), []string{"cmd"})
	mustEqual(t, "not an object", []any{string(out), found}, []any{"[1]", false})
}

func TestFindSpecHonoursEnv(t *testing.T) {
	t.Setenv("RUNPOD_OPENAPI_SPEC", "/nonexistent/openapi.json")
	path, explicit := FindSpec()
	mustEqual(t, "missing explicit spec", []any{path, explicit}, []any{"", true})
	found := mustFindSpecWithoutEnv(t)
	if want := filepath.FromSlash(specfacts.CommittedPath); !strings.HasSuffix(found, want) {
		t.Fatalf("without RUNPOD_OPENAPI_SPEC FindSpec gave %s, want the committed %s", found, want)
	}
	t.Setenv("RUNPOD_OPENAPI_SPEC", found)
	path, explicit = FindSpec()
	mustEqual(t, "explicit spec", []any{path, explicit}, []any{found, true})
}

func mustFindSpecWithoutEnv(t *testing.T) string {
	t.Helper()
	t.Setenv("RUNPOD_OPENAPI_SPEC", "")
	return mustFindSpec(t)
}
