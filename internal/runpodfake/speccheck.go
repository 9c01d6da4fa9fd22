package runpodfake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	oaerrors "github.com/pb33f/libopenapi-validator/errors"

	"github.com/runpod-tf/terraform-provider-runpod/internal/specfacts"
)

// The committed facts are rewritten from the original document when it is
// at hand (../shared/runpod-api/openapi-v2.json or RUNPOD_OPENAPI_SPEC), and
// left alone otherwise; `make spec-facts` insists on the original.
//go:generate go run ../cmd/specfacts -missing-ok -out testdata/openapi-facts.json

// Spec checking compares every exchange with Runpod's published OpenAPI 3.1
// document, so that a fake that drifts from the real contract fails tests
// instead of silently agreeing with a client that misread it. Tests use its
// facts committed in testdata/openapi-facts.json (see internal/specfacts;
// regenerate with `make spec-facts`) unless RUNPOD_OPENAPI_SPEC names
// another document. The rules:
//
//  1. Every response must be one the operation documents: its status (or
//     the `default` response), its content type and its body schema, via
//     libopenapi-validator. A 204 must have no body.
//  2. Every error must be problem+json whose `status` equals the HTTP status,
//     and authenticated responses (all but 401 and 413) must carry the
//     RateLimit and RateLimit-Policy headers while a 401 must not.
//  3. A request the fake accepted (2xx) must be valid per the spec: the fake
//     must never accept what the real API would reject.
//  4. A request body the fake refused with 422 must be invalid per the spec:
//     a 422 for a body the spec accepts means the fake's hand-written schema
//     is stricter than the real one. (Query 422s are not cross-checked: the
//     validator does not check patterns on array query items.)
//  5. A route the spec lacks may only answer errors, unless it is one of the
//     [newer-docs] routes below.
//
// The spec predates some documented behaviour (API.md [newer-docs]). Those
// differences are tolerated by name in newerDocsRoutes and newerDocsFields,
// not by turning validation off.

// newerDocsRoutes are v2 routes documented after the spec snapshot; their
// success bodies cannot be schema-checked (rule 5 is waived), their errors
// still must be problem+json (rule 2).
var newerDocsRoutes = []string{
	"/v2/account/secrets",      // [newer-docs] account/list-secrets, create-a-secret
	"/v2/account/secrets/{id}", // [newer-docs] account/get-, update-, delete-a-secret
}

// newerDocsFields are request fields documented after the spec snapshot,
// per "METHOD path-template". They are removed from a request body before it
// is validated (rule 3), and a body carrying any of them is exempt from
// rule 4 (the spec cannot judge it).
var newerDocsFields = map[string][]string{
	// [newer-docs] exec-form command, encoded into args (create-a-pod,
	// create-a-template, create-a-cluster).
	"POST /v2/templates":       {"entrypoint", "cmd"},
	"PATCH /v2/templates/{id}": {"entrypoint", "cmd"},
	"PATCH /v2/pods/{id}":      {"entrypoint", "cmd"},
	// [newer-docs] create-a-pod: placement filters on gpu.
	"POST /v2/pods": {"entrypoint", "cmd", "gpu.minRamPerGpu", "gpu.minVcpuCountPerGpu"},
	// [newer-docs] create-a-cluster: build members from a pod template.
	"POST /v2/clusters": {"entrypoint", "cmd", "templateId"},
}

// semantic422s are 422 answers the spec documents for bodies its schema
// accepts, per "METHOD path-template", recognised by a phrase of the
// problem's errors: rule 4 cannot judge them. createPod and updatePod
// answer 422 for a templateId naming a serverless template.
var semantic422s = map[string]string{
	"POST /v2/pods":       "is a serverless template",
	"PATCH /v2/pods/{id}": "is a serverless template",
	// createEndpoint and updateEndpoint answer 422 for a templateId naming
	// a template that is not serverless.
	"POST /v2/serverless":       "is not a serverless template",
	"PATCH /v2/serverless/{id}": "is not a serverless template",
}

type specChecker struct {
	mu        sync.Mutex // libopenapi-validator is not documented as goroutine-safe
	v         validator.Validator
	templates []specRoute
}

type specRoute struct {
	template string
	segments []string
	methods  map[string]bool
}

type specCacheEntry struct {
	once sync.Once
	sc   *specChecker
	err  error
}

// specCache shares one parsed spec per file across all fakes of a test
// binary: building the validator takes most of a second.
var specCache sync.Map

func loadSpecChecker(path string) (*specChecker, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	e, _ := specCache.LoadOrStore(abs, &specCacheEntry{})
	entry, ok := e.(*specCacheEntry)
	if !ok {
		return nil, fmt.Errorf("spec cache holds %T for %s, want *specCacheEntry", e, abs)
	}
	entry.once.Do(func() { entry.sc, entry.err = buildSpecChecker(abs) })
	return entry.sc, entry.err
}

func buildSpecChecker(path string) (*specChecker, error) {
	// The committed facts and an original document alike go through the
	// same reduction, so the checks see one shape whatever the source.
	raw, err := specfacts.Load(path)
	if err != nil {
		return nil, fmt.Errorf("runpodfake: reading OpenAPI spec %s: %w", path, err)
	}
	doc, err := libopenapi.NewDocument(raw)
	if err != nil {
		return nil, fmt.Errorf("runpodfake: parsing OpenAPI spec %s: %w", path, err)
	}
	if v := doc.GetVersion(); !strings.HasPrefix(v, "3.1") {
		return nil, fmt.Errorf("runpodfake: OpenAPI spec %s is version %q, want 3.1.x", path, v)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("runpodfake: building validator for %s: %w", path, errors.Join(errs...))
	}
	var paths struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &paths); err != nil {
		return nil, fmt.Errorf("runpodfake: reading paths of %s: %w", path, err)
	}
	sc := &specChecker{v: v}
	for tmpl, item := range paths.Paths {
		r := specRoute{template: tmpl, segments: strings.Split(tmpl, "/"), methods: map[string]bool{}}
		for m := range item {
			r.methods[strings.ToUpper(m)] = true
		}
		sc.templates = append(sc.templates, r)
	}
	// Literal segments win over parameters (/v2/registries/delegations
	// before /v2/registries/{id}), as in the API's router.
	sort.Slice(sc.templates, func(i, j int) bool {
		return strings.Count(sc.templates[i].template, "{") < strings.Count(sc.templates[j].template, "{")
	})
	return sc, nil
}

// CheckAgainstSpec turns on spec checking of every later exchange against
// the OpenAPI document at specPath, an original or its facts (see the rules
// above); violations are collected in SpecViolations. NewTestServer calls it
// automatically.
func (f *Fake) CheckAgainstSpec(specPath string) error {
	sc, err := loadSpecChecker(specPath)
	if err != nil {
		return err
	}
	f.logMu.Lock()
	defer f.logMu.Unlock()
	f.spec = sc
	return nil
}

// SpecViolations returns every violation found so far, each prefixed with
// the exchange ("POST /v2/templates -> 201: ...").
func (f *Fake) SpecViolations() []string {
	f.logMu.Lock()
	defer f.logMu.Unlock()
	return append([]string(nil), f.violations...)
}

// FindSpec locates the OpenAPI document tests check against:
// $RUNPOD_OPENAPI_SPEC if set, else the facts committed in
// testdata/openapi-facts.json (found from the root of the module containing
// the working directory). It returns "" if the named file does not exist
// (explicit reports whether the environment variable named it). Whichever
// it is, CheckAgainstSpec reads it through specfacts.Reduce.
func FindSpec() (path string, explicit bool) { return specfacts.ForTests() }

// exchange is one request and the response the fake produced for it.
type exchange struct {
	method     string
	path       string // decoded
	rawPath    string // escaped, for rebuilding the URL
	rawQuery   string
	reqHeader  http.Header
	reqBody    []byte
	status     int
	respHeader http.Header
	respBody   []byte
}

func (f *Fake) checkSpec(r *http.Request, body []byte, out *bufferedResponse) {
	f.logMu.Lock()
	sc := f.spec
	f.logMu.Unlock()
	if sc == nil {
		return
	}
	status := out.status
	if status == 0 {
		status = http.StatusOK
	}
	ex := exchange{
		method: r.Method, path: r.URL.Path, rawPath: r.URL.EscapedPath(), rawQuery: r.URL.RawQuery,
		reqHeader: r.Header.Clone(), reqBody: body,
		status: status, respHeader: out.header.Clone(), respBody: out.body.Bytes(),
	}
	if f.pagination().PageSize > 0 {
		// SetListPagination models an answer the spec does not describe
		// (API.md §15, pagination): its page members are not violations.
		ex.respBody = stripPageFields(ex.respBody)
	}
	vs := sc.check(ex)
	f.logMu.Lock()
	f.specChecked++
	f.logMu.Unlock()
	if len(vs) == 0 {
		return
	}
	target := ex.method + " " + ex.rawPath
	if ex.rawQuery != "" {
		target += "?" + ex.rawQuery
	}
	f.logMu.Lock()
	for i, v := range vs {
		vs[i] = fmt.Sprintf("%s -> %d: %s", target, ex.status, v)
		f.violations = append(f.violations, vs[i])
	}
	f.logMu.Unlock()
	if f.cfg.violationHook != nil {
		for _, v := range vs {
			f.cfg.violationHook(v)
		}
	}
}

// match finds the spec path template for a path (escaped form, so a GPU id
// with spaces stays one segment).
func (sc *specChecker) match(rawPath string) *specRoute {
	segs := strings.Split(rawPath, "/")
	for i := range sc.templates {
		t := &sc.templates[i]
		if routeMatches(t.segments, segs) {
			return t
		}
	}
	return nil
}

func routeMatches(tmpl, segs []string) bool {
	if len(tmpl) != len(segs) {
		return false
	}
	for i, s := range tmpl {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			if segs[i] == "" {
				return false
			}
			continue
		}
		if s != segs[i] {
			return false
		}
	}
	return true
}

func isNewerDocsRoute(rawPath string) bool {
	segs := strings.Split(rawPath, "/")
	for _, t := range newerDocsRoutes {
		if routeMatches(strings.Split(t, "/"), segs) {
			return true
		}
	}
	return false
}

func (sc *specChecker) check(ex exchange) []string {
	var vs []string
	vs = append(vs, checkTransport(ex)...)

	route := sc.match(ex.rawPath)
	if route == nil || !route.methods[ex.method] {
		// Rule 5: not a spec operation.
		if ex.status < 400 && !isNewerDocsRoute(ex.rawPath) {
			vs = append(vs, "route is not in the OpenAPI spec but the fake answered success")
		}
		return vs
	}

	// Rule 1: the response.
	if ex.status == http.StatusNoContent && len(ex.respBody) > 0 {
		vs = append(vs, "204 response has a body")
	}
	req := ex.request(nil)
	resp := &http.Response{
		StatusCode: ex.status,
		Header:     ex.respHeader,
		Body:       io.NopCloser(bytes.NewReader(ex.respBody)),
		Request:    req,
	}
	sc.mu.Lock()
	ok, errs := sc.v.ValidateHttpResponse(req, resp)
	sc.mu.Unlock()
	if !ok {
		vs = append(vs, formatValidationErrors("response", errs)...)
	}

	// Rules 3 and 4: the request.
	key := ex.method + " " + route.template
	switch {
	case ex.status >= 200 && ex.status < 300:
		body, _ := stripFields(ex.reqBody, newerDocsFields[key])
		sc.mu.Lock()
		ok, errs := sc.v.ValidateHttpRequestSync(ex.request(body))
		sc.mu.Unlock()
		if !ok {
			vs = append(vs, formatValidationErrors("fake accepted a request the spec rejects", errs)...)
		}
	case ex.status == http.StatusUnprocessableEntity && len(bytes.TrimSpace(ex.reqBody)) > 0:
		if _, stripped := stripFields(ex.reqBody, newerDocsFields[key]); stripped {
			break
		}
		if phrase, ok := semantic422s[key]; ok && bytes.Contains(ex.respBody, []byte(phrase)) {
			break
		}
		sc.mu.Lock()
		ok, errs := sc.v.ValidateHttpRequestSync(ex.request(nil))
		sc.mu.Unlock()
		if ok {
			vs = append(vs, "fake answered 422 to a request body the spec accepts")
		} else if !hasBodyError(errs) {
			vs = append(vs, "fake answered 422 to a request whose body the spec accepts (the spec only objects to: "+
				strings.Join(formatValidationErrors("", errs), "; ")+")")
		}
	}
	return vs
}

// request rebuilds the client's request for the validator; body overrides
// the logged body when non-nil.
func (ex exchange) request(body []byte) *http.Request {
	if body == nil {
		body = ex.reqBody
	}
	u := "http://runpodfake.invalid" + ex.rawPath
	if ex.rawQuery != "" {
		u += "?" + ex.rawQuery
	}
	req, err := http.NewRequest(ex.method, u, bytes.NewReader(body))
	if err != nil {
		panic("runpodfake: rebuilding request: " + err.Error())
	}
	req.Header = ex.reqHeader.Clone()
	req.ContentLength = int64(len(body))
	return req
}

// checkTransport applies rule 2.
func checkTransport(ex exchange) []string {
	var vs []string
	if ex.status >= 400 {
		mt, _, _ := mime.ParseMediaType(ex.respHeader.Get("Content-Type"))
		if mt != "application/problem+json" {
			vs = append(vs, fmt.Sprintf("error response has Content-Type %q, want application/problem+json", ex.respHeader.Get("Content-Type")))
		}
		var p struct {
			Title  *string  `json:"title"`
			Status *int     `json:"status"`
			Detail *string  `json:"detail"`
			Errors []string `json:"errors"`
		}
		if err := json.Unmarshal(ex.respBody, &p); err != nil {
			vs = append(vs, "error body is not a problem object: "+err.Error())
		} else {
			if p.Title == nil || p.Status == nil || p.Detail == nil {
				vs = append(vs, "error body lacks title, status or detail")
			}
			if p.Status != nil && *p.Status != ex.status {
				vs = append(vs, fmt.Sprintf("error body status %d differs from the HTTP status", *p.Status))
			}
		}
	}
	hasRL := ex.respHeader.Get("RateLimit") != "" && ex.respHeader.Get("RateLimit-Policy") != ""
	switch ex.status {
	case http.StatusUnauthorized:
		if ex.respHeader.Get("RateLimit") != "" || ex.respHeader.Get("RateLimit-Policy") != "" {
			vs = append(vs, "401 response carries RateLimit headers")
		}
	case http.StatusRequestEntityTooLarge:
		// Refused before authentication: no rate-limit accounting.
	default:
		if !hasRL {
			vs = append(vs, "authenticated response lacks RateLimit/RateLimit-Policy headers")
		}
	}
	return vs
}

// stripFields removes dotted field paths from a JSON object body. It
// reports whether any was present. A body that is not a JSON object is
// returned unchanged.
func stripFields(body []byte, fields []string) ([]byte, bool) {
	if len(fields) == 0 || len(bytes.TrimSpace(body)) == 0 {
		return body, false
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil || m == nil {
		return body, false
	}
	found := false
	for _, f := range fields {
		parts := strings.Split(f, ".")
		obj := m
		for _, p := range parts[:len(parts)-1] {
			next, ok := obj[p].(map[string]any)
			if !ok {
				obj = nil
				break
			}
			obj = next
		}
		if obj == nil {
			continue
		}
		if _, ok := obj[parts[len(parts)-1]]; ok {
			delete(obj, parts[len(parts)-1])
			found = true
		}
	}
	if !found {
		return body, false
	}
	out, err := json.Marshal(m)
	if err != nil {
		return body, false
	}
	return out, true
}

func hasBodyError(errs []*oaerrors.ValidationError) bool {
	for _, e := range errs {
		if e.ValidationType == "requestBody" || e.ValidationType == "request" {
			return true
		}
	}
	return false
}

func formatValidationErrors(prefix string, errs []*oaerrors.ValidationError) []string {
	var out []string
	for _, e := range errs {
		msg := e.Message
		var details []string
		for _, s := range e.SchemaValidationErrors {
			loc := s.FieldPath
			if loc == "" {
				loc = s.KeywordLocation
			}
			details = append(details, strings.TrimSpace(loc+" "+s.Reason))
		}
		if len(details) > 0 {
			msg += " [" + strings.Join(details, "; ") + "]"
		} else if e.Reason != "" {
			msg += " (" + e.Reason + ")"
		}
		if prefix != "" {
			msg = prefix + ": " + msg
		}
		out = append(out, msg)
	}
	return out
}
