package runpodfake

import (
	"net/http"
	"strings"
	"testing"
)

// mustFindSpec returns the OpenAPI document or fails: the conformance tests
// must really run against the spec, never silently pass without it.
func mustFindSpec(t *testing.T) string {
	t.Helper()
	path, _ := FindSpec()
	if path == "" {
		t.Fatal("OpenAPI spec not found: expected ../shared/runpod-api/openapi-v2.json beside the module, or RUNPOD_OPENAPI_SPEC")
	}
	return path
}

// TestConformance drives the fake through every route it implements, each
// success and each kind of refusal, with spec checking on, and requires that
// every exchange was checked and none violated the published spec.
func TestConformance(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t, WithSpecPath(mustFindSpec(t)))
	ok := func(method, path string, body any, status int) *response {
		t.Helper()
		return c.do(method, path, body).wantStatus(t, status)
	}
	refused := func(method, path string, body any, status int) {
		t.Helper()
		c.do(method, path, body).wantProblem(t, status, "")
	}

	// Registries.
	regRes := ok("POST", "/v2/registries", map[string]any{"name": "conf-reg", "username": "u", "password": "p"}, 201)
	var reg Registry
	regRes.decode(t, &reg)
	ok("GET", "/v2/registries", nil, 200)
	ok("GET", "/v2/registries/"+reg.ID, nil, 200)
	refused("POST", "/v2/registries", map[string]any{"name": "x", "username": "u"}, 422)
	refused("POST", "/v2/registries", map[string]any{"name": "x", "username": "u", "password": "p", "host": "h"}, 422)
	refused("POST", "/v2/registries", map[string]any{"name": "conf-reg", "username": "u", "password": "p"}, 400)
	refused("GET", "/v2/registries/nosuchreg0", nil, 404)
	refused("PATCH", "/v2/registries/"+reg.ID, map[string]any{"name": "y"}, 405)

	// Templates: creates, including the [newer-docs] exec form.
	minimal := c.createTemplate(map[string]any{"name": "conf-min", "image": "ubuntu"})
	full := c.createTemplate(map[string]any{
		"name": "conf-full", "image": "img", "args": "", "disk": 20, "env": map[string]any{"A": "b"},
		"ports": []any{"8888/http", "22/tcp"}, "registry": reg.ID, "allowedCudaVersions": []any{"12.8"},
		"category": "NVIDIA", "mounts": map[string]any{"persistent": map[string]any{"size": 10, "path": "/w"}},
		"public": false, "serverless": false, "startJupyter": false, "startSsh": true,
	})
	c.createTemplate(map[string]any{"name": "conf-exec", "image": "img", "entrypoint": []any{"sh"}, "cmd": []any{"-c", "true"}})
	c.createTemplate(map[string]any{"name": "conf-null-registry", "image": "img", "registry": nil})
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "bogus": true}, 422)
	refused("POST", "/v2/templates", map[string]any{"image": "i"}, 422)
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "mounts": map[string]any{"network": []any{}}}, 422)
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "disk": 0}, 422)
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "allowedCudaVersions": []any{"12"}}, 422)
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "entrypoint": "sh"}, 422)
	refused("POST", "/v2/templates", map[string]any{"name": "conf-min", "image": "i"}, 400)
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "ports": []any{"80"}}, 400)
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "registry": "nosuchreg0"}, 400)
	refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "args": "a", "cmd": []any{"b"}}, 400)
	refused("POST", "/v2/templates", "", 400)
	refused("POST", "/v2/templates", "{", 400)
	refused("POST", "/v2/templates", `{"name":"x","image":"i","env":{"A":"`+strings.Repeat("x", maxBodyBytes)+`"}}`, 413)
	req, _ := http.NewRequest("POST", f.URL()+"/v2/templates", strings.NewReader(`{"name":"x","image":"i"}`))
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	c.send(req).wantProblem(t, http.StatusUnsupportedMediaType, "")

	// Templates: reads.
	ok("GET", "/v2/templates", nil, 200)
	ok("GET", "/v2/templates/"+full.ID, nil, 200)
	ok("GET", "/v2/templates/runpod-worker-vllm", nil, 200)
	refused("GET", "/v2/templates/nosuchtmpl", nil, 404)
	ok("GET", "/v2/catalog/templates", nil, 200)
	ok("GET", "/v2/catalog/templates?source=community", nil, 200)
	refused("GET", "/v2/catalog/templates?source=all", nil, 422)

	// Templates: updates.
	path := "/v2/templates/" + full.ID
	ok("PATCH", path, map[string]any{}, 200)
	ok("PATCH", path, map[string]any{"name": "conf-full-2", "env": map[string]any{}, "ports": []any{}, "registry": nil, "allowedCudaVersions": []any{}, "mounts": map[string]any{}}, 200)
	ok("PATCH", path, map[string]any{"cmd": []any{"sleep", "1"}, "entrypoint": []any{}}, 200)
	ok("PATCH", path, map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 30, "path": "/data"}}, "startSsh": false}, 200)
	refused("PATCH", path, map[string]any{"mounts": map[string]any{"network": []any{}}}, 422)
	refused("PATCH", path, map[string]any{"name": ""}, 422)
	refused("PATCH", path, map[string]any{"registry": 1}, 422)
	refused("PATCH", path, map[string]any{"name": "conf-min"}, 400)
	refused("PATCH", path, map[string]any{"ports": []any{"22/udp"}}, 400)
	refused("PATCH", "/v2/templates/nosuchtmpl", map[string]any{"name": "x"}, 404)
	refused("PATCH", "/v2/templates/runpod-torch-v280", map[string]any{"name": "x"}, 404)

	// Templates: deletes.
	f.MarkTemplateUsedByPod(minimal.ID, "pod0000001")
	refused("DELETE", "/v2/templates/"+minimal.ID, nil, 400)
	f.ReleaseTemplate(minimal.ID)
	ok("DELETE", "/v2/templates/"+minimal.ID, nil, 204)
	refused("DELETE", "/v2/templates/"+minimal.ID, nil, 404)
	refused("DELETE", "/v2/templates/runpod-torch-v280", nil, 404)

	// Registry deletes (after the templates that used it).
	f.MarkRegistryUsedByPod(reg.ID, "pod0000001")
	refused("DELETE", "/v2/registries/"+reg.ID, nil, 400)
	f.ReleaseRegistry(reg.ID)
	ok("DELETE", "/v2/registries/"+reg.ID, nil, 204)
	refused("DELETE", "/v2/registries/"+reg.ID, nil, 404)

	// GPU catalog.
	for _, q := range []string{
		"", "include=AVAILABILITY&product=POD", "include=AVAILABILITY&product=POD,CLUSTER,SERVERLESS&count=2&cloud=COMMUNITY",
		"include=AVAILABILITY&product=POD&countryCodes=US,RO", "include=AVAILABILITY&product=POD&cudaVersions=12.8,12.9",
		"include=AVAILABILITY&product=POD&minCudaVersion=12", "include=AVAILABILITY&product=POD&count=9",
	} {
		ok("GET", "/v2/catalog/gpus?"+q, nil, 200)
		ok("GET", gpuPath(rtx4090, q), nil, 200)
		ok("GET", gpuPath("AMD Instinct MI300X OAM", q), nil, 200)
	}
	ok("GET", gpuPath(rtx4090, "include=AVAILABILITY&product=POD&countryCodes=JP"), nil, 200)
	refused("GET", "/v2/catalog/gpus?include=AVAILABILITY", nil, 400)
	refused("GET", "/v2/catalog/gpus?product=POD", nil, 400)
	refused("GET", "/v2/catalog/gpus?countryCodes=US", nil, 400)
	refused("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&cudaVersions=12.8&minCudaVersion=12", nil, 400)
	refused("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&countryCodes=usa", nil, 422)
	refused("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&count=0", nil, 422)
	refused("GET", gpuPath("NVIDIA GeForce RTX 9999", ""), nil, 404)

	// Data centers.
	ok("GET", "/v2/catalog/datacenters", nil, 200)
	ok("GET", "/v2/catalog/datacenters?include=GPU_AVAILABILITY,CPU_AVAILABILITY", nil, 200)
	ok("GET", "/v2/catalog/datacenters?regions=EUROPE,ASIA&networkVolumeTypes=STANDARD&compliance=GDPR&globalNetwork=true", nil, 200)
	ok("GET", "/v2/catalog/datacenters/EU-SE-1?include=GPU_AVAILABILITY,CPU_AVAILABILITY", nil, 200)
	ok("GET", "/v2/catalog/datacenters/AP-JP-1?include=CPU_AVAILABILITY", nil, 200)
	refused("GET", "/v2/catalog/datacenters?regions=MARS", nil, 422)
	refused("GET", "/v2/catalog/datacenters/EU-XX-1", nil, 404)

	// CPU catalog.
	ok("GET", "/v2/catalog/cpus", nil, 200)
	ok("GET", "/v2/catalog/cpus?include=AVAILABILITY&product=POD,SERVERLESS&vcpuCount=8", nil, 200)
	ok("GET", "/v2/catalog/cpus/cpu5c?include=AVAILABILITY&product=POD", nil, 200)
	ok("GET", "/v2/catalog/cpus/cpu5m?include=AVAILABILITY&product=POD", nil, 200)
	refused("GET", "/v2/catalog/cpus?include=AVAILABILITY&product=POD&vcpuCount=6", nil, 400)
	refused("GET", "/v2/catalog/cpus?vcpuCount=1&include=AVAILABILITY&product=POD", nil, 422)
	refused("GET", "/v2/catalog/cpus/cpu9x", nil, 404)

	// Transport.
	refused("GET", "/v2/unknown", nil, 404)
	refused("PUT", "/v2/templates", nil, 405)
	f.InjectFault(Fault{Path: "/v2/templates", Status: http.StatusTooManyRequests, RetryAfter: 3})
	refused("GET", "/v2/templates", nil, 429)
	f.InjectFault(Fault{Path: "/v2/catalog/gpus", Status: http.StatusServiceUnavailable})
	refused("GET", "/v2/catalog/gpus", nil, 503)
	c.key = "wrong"
	refused("GET", "/v2/templates", nil, 401)

	if vs := f.SpecViolations(); len(vs) > 0 {
		t.Fatalf("%d spec violations:\n%s", len(vs), strings.Join(vs, "\n"))
	}
	f.logMu.Lock()
	checked := f.specChecked
	f.logMu.Unlock()
	if n := len(f.Requests()); checked != n || n < 90 {
		t.Fatalf("checked %d of %d exchanges", checked, n)
	}
}
