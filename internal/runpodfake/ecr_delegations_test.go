package runpodfake

import (
	"net/http"
	"strings"
	"testing"
)

const testECRARN = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"

// A delegation is registered from an ARN with every documented field
// derived from it, listed, and revoked; the routes win over the registry
// credential routes that share their prefix.
func TestDelegationLifecycle(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	created := c.do("POST", "/v2/registries/delegations", map[string]any{"resource": testECRARN, "name": "ci"}).
		wantStatus(t, http.StatusCreated).object(t)
	id, _ := created["id"].(string)
	if !strings.HasPrefix(id, "deleg_") {
		t.Fatalf("id %q, want the deleg_ prefix of the spec's example", id)
	}
	mustEqual(t, "keys", sortedKeys(created), []string{"awsRegion", "awsUser", "createdAt", "delegatorUserId",
		"dockerRegistryUri", "id", "name", "repository", "tag"})
	mustEqual(t, "name", created["name"], "ci")
	mustEqual(t, "awsUser", created["awsUser"], "418399314813")
	mustEqual(t, "repository", created["repository"], "runpod/deployment")
	mustEqual(t, "awsRegion", created["awsRegion"], "us-east-2")
	mustEqual(t, "tag", created["tag"], DefaultDelegationTag)
	mustEqual(t, "delegatorUserId", created["delegatorUserId"], DelegatorUserID)
	mustEqual(t, "dockerRegistryUri", created["dockerRegistryUri"], "418399314813.dkr.ecr.us-east-2.amazonaws.com")
	stored, _ := f.Delegation(id)
	mustEqual(t, "stored ARN", stored.Resource, testECRARN)

	// No name: null, and a second delegation of the same repository is
	// allowed (API.md does not say otherwise).
	unnamed := c.do("POST", "/v2/registries/delegations", map[string]any{"resource": testECRARN}).
		wantStatus(t, http.StatusCreated).object(t)
	mustEqual(t, "unnamed name", unnamed["name"], nil)
	c.do("POST", "/v2/registries/delegations", map[string]any{"resource": testECRARN, "name": nil}).wantStatus(t, http.StatusCreated)

	list := c.do("GET", "/v2/registries/delegations", nil).wantStatus(t, http.StatusOK).object(t)
	all, _ := list["delegations"].([]any)
	if len(all) != 3 {
		t.Fatalf("list = %v", list)
	}
	mustEqual(t, "first listed", all[0], created)
	// The registry routes are untouched by the literal segment.
	mustEqual(t, "registries", c.do("GET", "/v2/registries", nil).wantStatus(t, http.StatusOK).object(t),
		map[string]any{"registries": []any{}})

	del := c.do("DELETE", "/v2/registries/delegations/"+id, nil).wantStatus(t, http.StatusNoContent)
	mustEqual(t, "204 body", len(del.body), 0)
	c.do("DELETE", "/v2/registries/delegations/"+id, nil).wantProblem(t, http.StatusNotFound, "Delegation not found")
	if _, ok := f.Delegation(id); ok {
		t.Fatal("revoked delegation still stored")
	}
	// There is no read by id and no update.
	c.do("GET", "/v2/registries/delegations/"+id, nil).wantProblem(t, http.StatusMethodNotAllowed, "")
	c.do("PATCH", "/v2/registries/delegations", map[string]any{"name": "x"}).wantProblem(t, http.StatusMethodNotAllowed, "")
}

// The create body is closed and its resource must be an ECR repository ARN.
func TestDelegationRefusals(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	cases := []struct {
		name   string
		body   any
		status int
		text   string
	}{
		{"unknown field", map[string]any{"resource": testECRARN, "tag": "v1"}, http.StatusUnprocessableEntity, "tag"},
		{"no resource", map[string]any{"name": "x"}, http.StatusUnprocessableEntity, "resource"},
		{"resource not a string", map[string]any{"resource": 1}, http.StatusUnprocessableEntity, "resource"},
		{"name not a string", map[string]any{"resource": testECRARN, "name": 1}, http.StatusUnprocessableEntity, "name"},
		{"not an ARN", map[string]any{"resource": "418399314813.dkr.ecr.us-east-2.amazonaws.com/runpod/deployment"}, http.StatusBadRequest, "ECR repository ARN"},
		{"not ECR", map[string]any{"resource": "arn:aws:s3:::bucket"}, http.StatusBadRequest, "ECR repository ARN"},
		{"no repository", map[string]any{"resource": "arn:aws:ecr:us-east-2:418399314813:repository/"}, http.StatusBadRequest, "ECR repository ARN"},
		{"short account", map[string]any{"resource": "arn:aws:ecr:us-east-2:4183:repository/x"}, http.StatusBadRequest, "ECR repository ARN"},
		{"empty body", "", http.StatusBadRequest, "required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.do("POST", "/v2/registries/delegations", tc.body).wantProblem(t, tc.status, tc.text)
		})
	}
	c.do("DELETE", "/v2/registries/delegations/deleg_nosuch0", nil).wantProblem(t, http.StatusNotFound, "Delegation not found")
}

// Every delegation exchange, success and refusal, conforms to the spec.
func TestDelegationConformance(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	name := "seeded"
	seeded := f.SeedDelegation("arn:aws-cn:ecr:cn-north-1:123456789012:repository/team/app", &name)
	mustEqual(t, "China host", seeded.DockerRegistryURI, "123456789012.dkr.ecr.cn-north-1.amazonaws.com.cn")
	var d EcrDelegation
	c.do("POST", "/v2/registries/delegations", map[string]any{"resource": testECRARN, "name": "conf"}).wantStatus(t, 201).decode(t, &d)
	c.do("POST", "/v2/registries/delegations", map[string]any{"resource": testECRARN}).wantStatus(t, 201)
	c.do("GET", "/v2/registries/delegations", nil).wantStatus(t, 200)
	c.do("POST", "/v2/registries/delegations", map[string]any{"resource": testECRARN, "bogus": true}).wantProblem(t, 422, "")
	c.do("POST", "/v2/registries/delegations", map[string]any{}).wantProblem(t, 422, "")
	c.do("POST", "/v2/registries/delegations", map[string]any{"resource": "arn:aws:s3:::bucket"}).wantProblem(t, 400, "")
	c.do("DELETE", "/v2/registries/delegations/"+d.ID, nil).wantStatus(t, 204)
	c.do("DELETE", "/v2/registries/delegations/"+d.ID, nil).wantProblem(t, 404, "")
	f.InjectFault(Fault{Path: "/v2/registries/delegations", Status: http.StatusTooManyRequests, RetryAfter: 3})
	c.do("GET", "/v2/registries/delegations", nil).wantProblem(t, 429, "")

	if vs := f.SpecViolations(); len(vs) > 0 {
		t.Fatalf("%d spec violations:\n%s", len(vs), strings.Join(vs, "\n"))
	}
	f.logMu.Lock()
	checked := f.specChecked
	f.logMu.Unlock()
	if n := len(f.Requests()); checked != n || n != 9 {
		t.Fatalf("checked %d of %d exchanges", checked, n)
	}
}
