package runpodfake

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/specfacts"
)

// mustFindSpec returns the OpenAPI document or fails: the conformance tests
// must really run against the spec, never silently pass without it. It is
// the committed testdata/openapi-facts.json unless RUNPOD_OPENAPI_SPEC names
// another, so a clean clone runs them too.
func mustFindSpec(t *testing.T) string {
	t.Helper()
	path, explicit := FindSpec()
	switch {
	case path == "" && explicit:
		t.Fatal("RUNPOD_OPENAPI_SPEC names a file that does not exist")
	case path == "":
		t.Fatal("the committed OpenAPI facts (" + specfacts.CommittedPath + ") are missing")
	}
	return path
}

// TestConformance drives the fake through every route it implements, each
// success and each kind of refusal, with spec checking on, and requires that
// every exchange was checked and none violated the published spec.
func TestConformance(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	run := &conformanceRun{t: t, f: f, c: c}

	conformRegistriesAndTemplates(run)
	conformNetworkVolumes(run)
	conformCatalog(run)
	conformAccount(run)
	podTpl, slsTpl := conformPods(run)
	conformClusters(run, podTpl, slsTpl)
	conformEndpoints(run, podTpl)

	// Transport.
	run.refused("GET", "/v2/unknown", nil, 404)
	run.refused("PUT", "/v2/templates", nil, 405)
	f.InjectFault(Fault{Path: "/v2/templates", Status: http.StatusTooManyRequests, RetryAfter: 3})
	run.refused("GET", "/v2/templates", nil, 429)
	f.InjectFault(Fault{Path: "/v2/catalog/gpus", Status: http.StatusServiceUnavailable})
	run.refused("GET", "/v2/catalog/gpus", nil, 503)
	c.key = "wrong"
	run.refused("GET", "/v2/templates", nil, 401)

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

// conformanceRun is TestConformance's client: ok expects a success status,
// refused a problem+json refusal with the status.
type conformanceRun struct {
	t *testing.T
	f *Fake
	c *testClient
}

func (run *conformanceRun) ok(method, path string, body any, status int) *response {
	run.t.Helper()
	return run.c.do(method, path, body).wantStatus(run.t, status)
}

func (run *conformanceRun) refused(method, path string, body any, status int) {
	run.t.Helper()
	run.c.do(method, path, body).wantProblem(run.t, status, "")
}

// action posts a pod action, expecting status.
func (run *conformanceRun) action(path, a string, status int) {
	run.t.Helper()
	if status >= 400 {
		run.refused("POST", path+"/action", map[string]any{"action": a}, status)
	} else {
		run.ok("POST", path+"/action", map[string]any{"action": a}, status)
	}
}

// conformRegistriesAndTemplates drives the registry and template routes,
// then the registry deletes after the templates that used it.
func conformRegistriesAndTemplates(run *conformanceRun) {
	t, f, c := run.t, run.f, run.c
	// Registries.
	regRes := run.ok("POST", "/v2/registries", map[string]any{"name": "conf-reg", "username": "u", "password": "p"}, 201)
	var reg Registry
	regRes.decode(t, &reg)
	run.ok("GET", "/v2/registries", nil, 200)
	run.ok("GET", "/v2/registries/"+reg.ID, nil, 200)
	run.refused("POST", "/v2/registries", map[string]any{"name": "x", "username": "u"}, 422)
	run.refused("POST", "/v2/registries", map[string]any{"name": "x", "username": "u", "password": "p", "host": "h"}, 422)
	run.refused("POST", "/v2/registries", map[string]any{"name": "conf-reg", "username": "u", "password": "p"}, 400)
	run.refused("GET", "/v2/registries/nosuchreg0", nil, 404)
	run.refused("PATCH", "/v2/registries/"+reg.ID, map[string]any{"name": "y"}, 405)

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
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "bogus": true}, 422)
	run.refused("POST", "/v2/templates", map[string]any{"image": "i"}, 422)
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "mounts": map[string]any{"network": []any{}}}, 422)
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "disk": 0}, 422)
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "allowedCudaVersions": []any{"12"}}, 422)
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "entrypoint": "sh"}, 422)
	run.refused("POST", "/v2/templates", map[string]any{"name": "conf-min", "image": "i"}, 400)
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "ports": []any{"80"}}, 400)
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "registry": "nosuchreg0"}, 400)
	run.refused("POST", "/v2/templates", map[string]any{"name": "x", "image": "i", "args": "a", "cmd": []any{"b"}}, 400)
	run.refused("POST", "/v2/templates", "", 400)
	run.refused("POST", "/v2/templates", "{", 400)
	run.refused("POST", "/v2/templates", `{"name":"x","image":"i","env":{"A":"`+strings.Repeat("x", maxBodyBytes)+`"}}`, 413)
	req, _ := http.NewRequest("POST", f.URL()+"/v2/templates", strings.NewReader(`{"name":"x","image":"i"}`))
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	c.send(req).wantProblem(t, http.StatusUnsupportedMediaType, "")

	// Templates: reads.
	run.ok("GET", "/v2/templates", nil, 200)
	run.ok("GET", "/v2/templates/"+full.ID, nil, 200)
	run.ok("GET", "/v2/templates/runpod-worker-vllm", nil, 200)
	run.refused("GET", "/v2/templates/nosuchtmpl", nil, 404)
	run.ok("GET", "/v2/catalog/templates", nil, 200)
	run.ok("GET", "/v2/catalog/templates?source=community", nil, 200)
	run.refused("GET", "/v2/catalog/templates?source=all", nil, 422)

	// Templates: updates.
	path := "/v2/templates/" + full.ID
	run.ok("PATCH", path, map[string]any{}, 200)
	run.ok("PATCH", path, map[string]any{"name": "conf-full-2", "env": map[string]any{}, "ports": []any{}, "registry": nil, "allowedCudaVersions": []any{}, "mounts": map[string]any{}}, 200)
	run.ok("PATCH", path, map[string]any{"cmd": []any{"sleep", "1"}, "entrypoint": []any{}}, 200)
	run.ok("PATCH", path, map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 30, "path": "/data"}}, "startSsh": false}, 200)
	run.refused("PATCH", path, map[string]any{"mounts": map[string]any{"network": []any{}}}, 422)
	run.refused("PATCH", path, map[string]any{"name": ""}, 422)
	run.refused("PATCH", path, map[string]any{"registry": 1}, 422)
	run.refused("PATCH", path, map[string]any{"name": "conf-min"}, 400)
	run.refused("PATCH", path, map[string]any{"ports": []any{"22/udp"}}, 400)
	run.refused("PATCH", "/v2/templates/nosuchtmpl", map[string]any{"name": "x"}, 404)
	run.refused("PATCH", "/v2/templates/runpod-torch-v280", map[string]any{"name": "x"}, 404)

	// Templates: deletes.
	f.MarkTemplateUsedByPod(minimal.ID, "pod0000001")
	run.refused("DELETE", "/v2/templates/"+minimal.ID, nil, 400)
	f.ReleaseTemplate(minimal.ID)
	run.ok("DELETE", "/v2/templates/"+minimal.ID, nil, 204)
	run.refused("DELETE", "/v2/templates/"+minimal.ID, nil, 404)
	run.refused("DELETE", "/v2/templates/runpod-torch-v280", nil, 404)

	// Registry deletes (after the templates that used it).
	regPod := jsonStr(t, run.ok("POST", "/v2/pods", map[string]any{"name": "conf-reg-pod", "image": "private/img", "registry": reg.ID,
		"gpu": map[string]any{"id": rtx4090, "count": 1}}, 201).object(t)["id"])
	run.refused("DELETE", "/v2/registries/"+reg.ID, nil, 400)
	run.ok("DELETE", "/v2/pods/"+regPod, nil, 204)
	run.ok("DELETE", "/v2/registries/"+reg.ID, nil, 204)
	run.refused("DELETE", "/v2/registries/"+reg.ID, nil, 404)
}

// conformNetworkVolumes drives the network volume routes.
func conformNetworkVolumes(run *conformanceRun) {
	t, f := run.t, run.f
	// Network volumes.
	volRes := run.ok("POST", "/v2/network-volumes", map[string]any{"name": "conf-vol", "size": 10, "dataCenter": "EU-RO-1"}, 201)
	var vol NetworkVolume
	volRes.decode(t, &vol)
	run.ok("POST", "/v2/network-volumes", map[string]any{"name": "conf-hps", "size": 4096, "dataCenter": "US-TX-3", "type": "HIGH_PERFORMANCE"}, 201)
	run.ok("GET", "/v2/network-volumes", nil, 200)
	run.ok("GET", "/v2/network-volumes/"+vol.ID, nil, 200)
	run.refused("POST", "/v2/network-volumes", map[string]any{"name": "x", "size": 10, "dataCenterId": "EU-RO-1"}, 422)
	run.refused("POST", "/v2/network-volumes", map[string]any{"name": "x", "size": 9, "dataCenter": "EU-RO-1"}, 422)
	run.refused("POST", "/v2/network-volumes", map[string]any{"name": "x", "size": 4097, "dataCenter": "EU-RO-1"}, 422)
	run.refused("POST", "/v2/network-volumes", map[string]any{"name": "x", "size": 10, "dataCenter": "EU-RO-1", "type": "FAST"}, 422)
	run.refused("POST", "/v2/network-volumes", map[string]any{"name": "x", "size": 10, "dataCenter": "EU-SE-1"}, 400)
	run.refused("POST", "/v2/network-volumes", map[string]any{"name": "x", "size": 10, "dataCenter": "EU-RO-1", "type": "HIGH_PERFORMANCE"}, 400)
	run.refused("POST", "/v2/network-volumes", map[string]any{"name": "x", "size": 10, "dataCenter": "EU-XX-1"}, 400)
	run.refused("GET", "/v2/network-volumes/nosuchvol0", nil, 404)
	volPath := "/v2/network-volumes/" + vol.ID
	run.ok("PATCH", volPath, map[string]any{"name": "conf-vol-2", "size": 20}, 200)
	run.ok("PATCH", volPath, map[string]any{"size": 20}, 200)
	run.refused("PATCH", volPath, map[string]any{}, 422)
	run.refused("PATCH", volPath, map[string]any{"dataCenter": "US-KS-2"}, 422)
	run.refused("PATCH", volPath, map[string]any{"type": "STANDARD"}, 422)
	run.refused("PATCH", volPath, map[string]any{"size": 10}, 400)
	run.refused("PATCH", "/v2/network-volumes/nosuchvol0", map[string]any{"name": "x"}, 404)
	f.MarkNetworkVolumeUsedByPod(vol.ID, "pod0000001")
	run.refused("DELETE", volPath, nil, 400)
	f.ReleaseNetworkVolume(vol.ID)
	run.ok("DELETE", volPath, nil, 204)
	run.refused("DELETE", volPath, nil, 404)
}

// conformCatalog drives the GPU, data center and CPU catalog routes.
func conformCatalog(run *conformanceRun) {
	// GPU catalog.
	for _, q := range []string{
		"", "include=AVAILABILITY&product=POD", "include=AVAILABILITY&product=POD,CLUSTER,SERVERLESS&count=2&cloud=COMMUNITY",
		"include=AVAILABILITY&product=POD&countryCodes=US,RO", "include=AVAILABILITY&product=POD&cudaVersions=12.8,12.9",
		"include=AVAILABILITY&product=POD&minCudaVersion=12", "include=AVAILABILITY&product=POD&count=9",
	} {
		run.ok("GET", "/v2/catalog/gpus?"+q, nil, 200)
		run.ok("GET", gpuPath(rtx4090, q), nil, 200)
		run.ok("GET", gpuPath("AMD Instinct MI300X OAM", q), nil, 200)
	}
	run.ok("GET", gpuPath(rtx4090, "include=AVAILABILITY&product=POD&countryCodes=JP"), nil, 200)
	run.refused("GET", "/v2/catalog/gpus?include=AVAILABILITY", nil, 400)
	run.refused("GET", "/v2/catalog/gpus?product=POD", nil, 400)
	run.refused("GET", "/v2/catalog/gpus?countryCodes=US", nil, 400)
	run.refused("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&cudaVersions=12.8&minCudaVersion=12", nil, 400)
	run.refused("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&countryCodes=usa", nil, 422)
	run.refused("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&count=0", nil, 422)
	run.refused("GET", gpuPath("NVIDIA GeForce RTX 9999", ""), nil, 404)

	// Data centers.
	run.ok("GET", "/v2/catalog/datacenters", nil, 200)
	run.ok("GET", "/v2/catalog/datacenters?include=GPU_AVAILABILITY,CPU_AVAILABILITY", nil, 200)
	run.ok("GET", "/v2/catalog/datacenters?regions=EUROPE,ASIA&networkVolumeTypes=STANDARD&compliance=GDPR&globalNetwork=true", nil, 200)
	run.ok("GET", "/v2/catalog/datacenters/EU-SE-1?include=GPU_AVAILABILITY,CPU_AVAILABILITY", nil, 200)
	run.ok("GET", "/v2/catalog/datacenters/AP-JP-1?include=CPU_AVAILABILITY", nil, 200)
	run.refused("GET", "/v2/catalog/datacenters?regions=MARS", nil, 422)
	run.refused("GET", "/v2/catalog/datacenters/EU-XX-1", nil, 404)

	// CPU catalog.
	run.ok("GET", "/v2/catalog/cpus", nil, 200)
	run.ok("GET", "/v2/catalog/cpus?include=AVAILABILITY&product=POD,SERVERLESS&vcpuCount=8", nil, 200)
	run.ok("GET", "/v2/catalog/cpus/cpu5c?include=AVAILABILITY&product=POD", nil, 200)
	run.ok("GET", "/v2/catalog/cpus/cpu5m?include=AVAILABILITY&product=POD", nil, 200)
	run.refused("GET", "/v2/catalog/cpus?include=AVAILABILITY&product=POD&vcpuCount=6", nil, 400)
	run.refused("GET", "/v2/catalog/cpus?vcpuCount=1&include=AVAILABILITY&product=POD", nil, 422)
	run.refused("GET", "/v2/catalog/cpus/cpu9x", nil, 404)
}

// conformAccount drives the secret and account SSH key routes.
func conformAccount(run *conformanceRun) {
	t := run.t
	// Secrets ([newer-docs] routes: errors are still checked for shape).
	secRes := run.ok("POST", "/v2/account/secrets", map[string]any{"name": "conf_secret", "value": "v", "description": "d"}, 201)
	var sec struct {
		ID string `json:"id"`
	}
	secRes.decode(t, &sec)
	run.ok("POST", "/v2/account/secrets", map[string]any{"name": "conf_plain", "value": "v"}, 201)
	run.ok("GET", "/v2/account/secrets", nil, 200)
	run.ok("GET", "/v2/account/secrets?name=CONF_SECRET", nil, 200)
	run.ok("GET", "/v2/account/secrets/"+sec.ID, nil, 200)
	run.refused("POST", "/v2/account/secrets", map[string]any{"name": "9lives", "value": "v"}, 422)
	run.refused("POST", "/v2/account/secrets", map[string]any{"name": "x"}, 422)
	run.refused("POST", "/v2/account/secrets", map[string]any{"name": "RunPod_x", "value": "v"}, 400)
	run.refused("POST", "/v2/account/secrets", map[string]any{"name": "conf_secret", "value": "v"}, 409)
	run.refused("GET", "/v2/account/secrets/nosuchsec0", nil, 404)
	secPath := "/v2/account/secrets/" + sec.ID
	run.ok("PATCH", secPath, map[string]any{"value": "v2"}, 200)
	run.ok("PATCH", secPath, map[string]any{"description": ""}, 200)
	run.ok("PATCH", secPath, map[string]any{"value": "v3", "description": "d3"}, 200)
	run.refused("PATCH", secPath, map[string]any{}, 422)
	run.refused("PATCH", secPath, map[string]any{"name": "y"}, 422)
	run.refused("PATCH", "/v2/account/secrets/nosuchsec0", map[string]any{"value": "v"}, 404)
	run.ok("DELETE", secPath, nil, 204)
	run.refused("DELETE", secPath, nil, 404)

	// Account SSH keys.
	run.ok("GET", "/v2/account/ssh-keys", nil, 200)
	run.ok("PUT", "/v2/account/ssh-keys", map[string]any{"keys": []string{testKeyA, testKeyB}}, 200)
	run.ok("GET", "/v2/account/ssh-keys", nil, 200)
	run.ok("PUT", "/v2/account/ssh-keys", map[string]any{"keys": []string{}}, 200)
	run.refused("PUT", "/v2/account/ssh-keys", map[string]any{"keys": []string{"not-a-key"}}, 422)
	run.refused("PUT", "/v2/account/ssh-keys", map[string]any{"keys": []string{}, "extra": true}, 422)
}

// conformPods drives the pod routes and actions; it returns the templates
// the later steps use.
func conformPods(run *conformanceRun) (podTpl, slsTpl Template) {
	t, f := run.t, run.f
	// Pods.
	f.SetPodStartDelay(1)
	f.SetPortMappingDelay(1)
	f.SetSSHKeys(testKeyA)
	podVol := f.SeedNetworkVolume(NetworkVolume{Name: "conf-pod-vol", Size: 10, DataCenter: "US-KS-2"})
	podReg := f.SeedRegistry(Registry{Name: "conf-pod-reg", Username: "u", Password: "p"})
	podTpl = f.SeedTemplate(DefaultTemplate("conf-pod-tpl", "img"))
	slsTpl = f.SeedTemplate(Template{Name: "conf-sls", Image: "img", Serverless: true})
	podID := func(r *response) string {
		var p struct {
			ID string `json:"id"`
		}
		r.decode(t, &p)
		return p.ID
	}
	gpuPod := run.ok("POST", "/v2/pods", map[string]any{
		"name": "conf-gpu", "image": "img", "args": "sleep 1", "disk": 20, "env": map[string]any{"A": "1"},
		"ports": []any{"8888/http", "22/tcp"}, "registry": podReg.ID, "cloud": "SECURE",
		"gpu":           map[string]any{"id": rtx4090, "count": 1, "allowedCudaVersions": []any{"12.8"}},
		"dataCenterIds": []any{"US-KS-2"}, "globalNetworking": true, "startSsh": true, "startJupyter": true,
		"mounts": map[string]any{"network": []any{map[string]any{"volumeId": podVol.ID, "path": "/data"}}},
	}, 201)
	gpuPodPath := "/v2/pods/" + podID(gpuPod)
	run.ok("GET", gpuPodPath, nil, 200) // RUNNING, ports not mapped
	run.ok("GET", gpuPodPath, nil, 200) // ports mapped, direct SSH
	tplPod := podID(run.ok("POST", "/v2/pods", map[string]any{
		"name": "conf-tpl", "templateId": podTpl.ID,
		"gpu": map[string]any{"id": rtx4090, "count": 1, "minCudaVersion": "12.4", "allowedCudaVersions": []any{}, "minRamPerGpu": 32, "minVcpuCountPerGpu": 8},
	}, 201))
	cpuPod := podID(run.ok("POST", "/v2/pods", map[string]any{
		"name": "conf-cpu", "image": "img", "entrypoint": []any{"sh"}, "cmd": []any{"-c", "sleep 1"},
		"cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2},
	}, 201))
	run.ok("POST", "/v2/pods", map[string]any{
		"name": "conf-community", "image": "img", "cloud": "COMMUNITY", "gpu": map[string]any{"id": rtx4090},
		"mounts": map[string]any{"persistent": map[string]any{"size": 20, "path": "/workspace"}},
	}, 201)
	run.ok("GET", "/v2/pods", nil, 200)
	run.ok("GET", "/v2/pods?includeClusterPods=false", nil, 200)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "image": "i", "gpu": map[string]any{"id": rtx4090}, "bogus": 1}, 422)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "gpu": map[string]any{"id": rtx4090}}, 422)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "image": "i", "gpu": map[string]any{"id": rtx4090, "count": 0}}, 422)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "templateId": slsTpl.ID, "gpu": map[string]any{"id": rtx4090}}, 422)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "templateId": "nosuchtmpl", "gpu": map[string]any{"id": rtx4090}}, 404)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "image": "i", "gpu": map[string]any{"id": rtx4090}, "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2}}, 400)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "image": "i", "gpu": map[string]any{"id": "NVIDIA GeForce RTX 9999", "count": 1}}, 400)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "image": "i", "gpu": map[string]any{"id": rtx4090, "allowedCudaVersions": []any{"12.8"}, "minCudaVersion": "12.4"}}, 400)
	run.refused("POST", "/v2/pods", map[string]any{"name": "x", "image": "i", "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2},
		"mounts": map[string]any{"persistent": map[string]any{"size": 10, "path": "/w"}}}, 400)
	run.refused("GET", "/v2/pods?includeClusterPods=maybe", nil, 422)
	run.refused("GET", "/v2/pods/nosuchpod0", nil, 404)
	run.ok("PATCH", gpuPodPath, map[string]any{}, 200)
	run.ok("PATCH", gpuPodPath, map[string]any{
		"name": "conf-gpu-2", "image": "img:2", "disk": 30, "env": map[string]any{}, "ports": []any{}, "registry": nil,
		"locked": false, "globalNetworking": false, "mounts": map[string]any{"network": []any{map[string]any{"volumeId": podVol.ID, "path": "/data2"}}},
	}, 200)
	run.ok("PATCH", gpuPodPath, map[string]any{"templateId": podTpl.ID, "env": map[string]any{"B": "2"}, "cmd": []any{"sleep", "2"}}, 200)
	run.refused("PATCH", gpuPodPath, map[string]any{"gpu": map[string]any{"id": rtx4090}}, 422)
	run.refused("PATCH", gpuPodPath, map[string]any{"templateId": slsTpl.ID}, 422)
	run.refused("PATCH", gpuPodPath, map[string]any{"templateId": "nosuchtmpl"}, 404)
	run.refused("PATCH", gpuPodPath, map[string]any{"mounts": map[string]any{"network": []any{}}}, 400)
	run.refused("PATCH", gpuPodPath, map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 10, "path": "/w"}}}, 400)
	run.refused("PATCH", "/v2/pods/nosuchpod0", map[string]any{"name": "x"}, 404)
	run.action(gpuPodPath, "restart", 200)
	run.action(gpuPodPath, "stop", 200)
	run.action(gpuPodPath, "stop", 409)
	run.action(gpuPodPath, "start", 200)
	run.ok("PATCH", gpuPodPath, map[string]any{"locked": true}, 200)
	run.action(gpuPodPath, "stop", 409)
	run.ok("PATCH", gpuPodPath, map[string]any{"locked": false}, 200)
	run.refused("POST", gpuPodPath+"/action", map[string]any{"action": "reset"}, 422)
	run.action("/v2/pods/nosuchpod0", "stop", 404)
	run.action(gpuPodPath, "stop", 200)
	f.SetGPUStock(rtx4090, "POD", "SECURE", "US-KS-2", 0)
	run.action(gpuPodPath, "start", 400)
	f.SetPodStatus(tplPod, PodStatusError)
	run.ok("GET", "/v2/pods/"+tplPod, nil, 200)
	run.action("/v2/pods/"+tplPod, "terminate", 204)
	run.ok("DELETE", "/v2/pods/"+cpuPod, nil, 204)
	run.refused("DELETE", "/v2/pods/"+cpuPod, nil, 404)
	run.ok("DELETE", gpuPodPath, nil, 204)
	return podTpl, slsTpl
}

// conformClusters drives the cluster routes, then the billing routes.
func conformClusters(run *conformanceRun, podTpl, slsTpl Template) {
	t, f := run.t, run.f
	// Clusters.
	clRes := run.ok("POST", "/v2/clusters", map[string]any{
		"name": "conf-cluster", "type": "SLURM", "image": "img", "args": "sleep 1", "disk": 20, "env": map[string]any{"A": "1"},
		"ports": []any{"22/tcp"}, "dataCenterIds": []any{"US-TX-3"}, "startSsh": true, "startJupyter": false,
		"mounts":  map[string]any{"persistent": map[string]any{"size": 20, "path": "/workspace"}},
		"compute": map[string]any{"gpuTypeId": "NVIDIA H100 80GB HBM3", "gpuCountPerPod": 8, "podCount": 2},
	}, 201)
	var cl Cluster
	clRes.decode(t, &cl)
	clPath := "/v2/clusters/" + cl.ID
	run.ok("POST", "/v2/clusters", map[string]any{
		"name": "conf-tpl-cluster", "type": "RAY", "templateId": podTpl.ID, "startSsh": false,
		"compute": map[string]any{"gpuTypeId": "NVIDIA A100 80GB PCIe", "gpuCountPerPod": 1, "podCount": 2},
	}, 201)
	run.ok("GET", "/v2/clusters", nil, 200)
	run.ok("GET", clPath, nil, 200) // members RUNNING
	run.ok("GET", clPath, nil, 200) // ports mapped: primary sshEndpoint
	run.ok("GET", clPath+"/pods", nil, 200)
	run.ok("GET", "/v2/pods?includeClusterPods=true", nil, 200)
	run.refused("POST", "/v2/clusters", map[string]any{"name": "x", "type": "TRAINING", "image": "i", "registry": "r",
		"compute": map[string]any{"gpuTypeId": "NVIDIA A100 80GB PCIe", "gpuCountPerPod": 1, "podCount": 2}}, 422)
	run.refused("POST", "/v2/clusters", map[string]any{"name": "x", "type": "TRAINING", "image": "i",
		"compute": map[string]any{"gpuTypeId": "NVIDIA A100 80GB PCIe", "gpuCountPerPod": 1, "podCount": 1}}, 422)
	run.refused("POST", "/v2/clusters", map[string]any{"name": "x", "type": "TRAINING", "templateId": podTpl.ID, "image": "i",
		"compute": map[string]any{"gpuTypeId": "NVIDIA A100 80GB PCIe", "gpuCountPerPod": 1, "podCount": 2}}, 400)
	run.refused("POST", "/v2/clusters", map[string]any{"name": "x", "type": "TRAINING", "templateId": slsTpl.ID,
		"compute": map[string]any{"gpuTypeId": "NVIDIA A100 80GB PCIe", "gpuCountPerPod": 1, "podCount": 2}}, 400)
	run.refused("POST", "/v2/clusters", map[string]any{"name": "x", "type": "TRAINING", "image": "i",
		"compute": map[string]any{"gpuTypeId": "NVIDIA H100 80GB HBM3", "gpuCountPerPod": 9, "podCount": 2}}, 400)
	run.refused("POST", "/v2/clusters", map[string]any{"name": "x", "type": "TRAINING", "image": "i",
		"compute": map[string]any{"gpuTypeId": "NVIDIA H200", "gpuCountPerPod": 1, "podCount": 2}}, 400)
	run.refused("POST", "/v2/clusters", map[string]any{"name": "x", "type": "TRAINING",
		"compute": map[string]any{"gpuTypeId": "NVIDIA A100 80GB PCIe", "gpuCountPerPod": 1, "podCount": 2}}, 400)
	run.refused("GET", "/v2/clusters/nosuchclu0", nil, 404)
	run.refused("GET", "/v2/clusters/nosuchclu0/pods", nil, 404)
	run.ok("PATCH", clPath, map[string]any{"name": "conf-cluster-2"}, 200)
	run.refused("PATCH", clPath, map[string]any{}, 422)
	run.refused("PATCH", clPath, map[string]any{"compute": map[string]any{"podCount": 3}}, 422)
	run.refused("PATCH", "/v2/clusters/nosuchclu0", map[string]any{"name": "x"}, 404)
	memberPath := "/v2/pods/" + cl.Primary.PodID
	run.refused("PATCH", memberPath, map[string]any{"name": "x"}, 409)
	run.refused("DELETE", memberPath, nil, 409)
	run.action(memberPath, "stop", 409)

	// Cluster billing (the cluster above has been accruing).
	f.AddClusterBilling(cl.ID, time.Now().Add(-time.Hour), 1.5, 0.25, 0.125)
	run.ok("GET", "/v2/billing/clusters", nil, 200)
	run.ok("GET", "/v2/billing/clusters?bucketSize=hour&lastN=3", nil, 200)
	run.ok("GET", "/v2/billing/clusters?clusterId="+cl.ID+"&bucketSize=week&startTime=2026-01-01T00:00:00Z&endTime=2027-01-01T00:00:00Z", nil, 200)
	run.ok("GET", "/v2/billing/clusters?bucketSize=month&lastN=2", nil, 200)
	run.ok("GET", "/v2/billing/clusters?bucketSize=year&lastN=1&clusterId=nosuchclu0", nil, 200)
	run.refused("GET", "/v2/billing/clusters?lastN=2&startTime=2026-01-01T00:00:00Z", nil, 400)
	run.refused("GET", "/v2/billing/clusters?bucketSize=minute", nil, 422)
	run.refused("GET", "/v2/billing/clusters?startTime=yesterday", nil, 422)
	// The other billing routes, on seeded charges and on empty windows.
	f.AddPodBilling("podbilled1", time.Now().Add(-time.Hour), 1.5, 0, 0.25)
	f.AddServerlessBilling("epbilled01", time.Now().Add(-time.Hour), 2, 0, 0, 0.1)
	f.AddNetworkVolumeBilling("volbilled1", time.Now().Add(-time.Hour), 0.07, 0.3)
	f.AddEndpointBilling(time.Now().Add(-time.Hour), 0.42)
	for _, p := range []string{"/v2/billing", "/v2/billing/pods", "/v2/billing/serverless", "/v2/billing/endpoints", "/v2/billing/network-volumes"} {
		run.ok("GET", p, nil, 200)
		run.ok("GET", p+"?bucketSize=hour&lastN=3", nil, 200)
		run.ok("GET", p+"?bucketSize=week&startTime=2020-01-01T00:00:00Z&endTime=2020-02-01T00:00:00Z", nil, 200)
		run.refused("GET", p+"?lastN=2&startTime=2026-01-01T00:00:00Z", nil, 400)
		run.refused("GET", p+"?bucketSize=minute", nil, 422)
	}
	run.ok("GET", "/v2/billing/pods?podId=podbilled1", nil, 200)
	run.ok("GET", "/v2/billing/serverless?serverlessId=epbilled01&lastN=2", nil, 200)
	run.ok("GET", "/v2/billing/network-volumes?networkVolumeId=nosuchvol1", nil, 200)
	run.ok("DELETE", clPath, nil, 204)
	run.refused("DELETE", clPath, nil, 404)
	run.refused("GET", memberPath, nil, 404)
}

// conformEndpoints drives the serverless endpoint routes, workers,
// releases and worker logs.
func conformEndpoints(run *conformanceRun, podTpl Template) {
	t, f, c := run.t, run.f, run.c
	// Serverless endpoints.
	f.SetEndpointWorkerStartDelay(1)
	epVol := run.ok("POST", "/v2/network-volumes", map[string]any{"name": "conf-ep-vol", "size": 10, "dataCenter": "US-KS-2"}, 201).object(t)["id"]
	epTpl := c.createTemplate(map[string]any{"name": "conf-ep-sls", "image": "worker:1", "serverless": true, "env": map[string]any{"A": "1"}, "allowedCudaVersions": []any{"12.8"}})
	epRes := run.ok("POST", "/v2/serverless", map[string]any{
		"name": "conf-ep", "type": "QUEUE", "image": "img", "args": "serve", "disk": 20, "ports": []any{"8000/http"},
		"env": map[string]any{"B": "2"}, "registry": nil,
		"gpu": map[string]any{"pools": []any{"ADA_24", "AMPERE_24"}, "excludedTypes": []any{"NVIDIA RTX A5000"}, "count": 1,
			"allowedCudaVersions": []any{}, "minCudaVersion": "12.4"},
		"workers": map[string]any{"min": 1, "max": 2, "idleTimeout": 5}, "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4},
		"dataCenterIds": []any{"US-KS-2"}, "networkVolumes": []any{epVol}, "timeout": 60000, "flashboot": "FLASHBOOT",
	}, 201)
	var ep Endpoint
	epRes.decode(t, &ep)
	epPath := "/v2/serverless/" + ep.ID
	run.ok("POST", "/v2/serverless", map[string]any{"name": "conf-ep-lb", "type": "LOAD_BALANCER", "templateId": epTpl.ID,
		"scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 2}, "gpu": map[string]any{"pools": []any{"AMPERE_80"}}}, 201)
	run.ok("POST", "/v2/serverless", map[string]any{"name": "conf-ep-cpu", "type": "QUEUE", "image": "python:3.11-slim",
		"scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 2}, "workers": map[string]any{"min": 1},
		"cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 4}, map[string]any{"id": "cpu5c", "vcpuCount": 8}}}, 201)
	run.ok("GET", "/v2/serverless", nil, 200)
	run.ok("GET", epPath, nil, 200)
	run.ok("GET", epPath+"/workers", nil, 200) // INITIALIZING -> IDLE
	run.ok("GET", epPath+"/releases", nil, 200)
	run.ok("PATCH", epPath, map[string]any{}, 200)
	run.ok("PATCH", epPath, map[string]any{"name": "conf-ep-2", "workers": map[string]any{"min": 2}, "timeout": 1000}, 200)
	run.ok("PATCH", epPath, map[string]any{"image": "img:2", "env": map[string]any{}, "templateId": epTpl.ID,
		"gpu": map[string]any{"pools": []any{"ADA_24"}, "allowedCudaVersions": []any{"12.8"}, "minCudaVersion": ""}}, 200)
	run.ok("GET", epPath+"/releases", nil, 200) // rollout in progress
	run.ok("GET", epPath+"/workers", nil, 200)
	epWorkers, _ := f.EndpointWorkers(ep.ID)
	run.ok("GET", epPath+"/workers/"+epWorkers.Workers[0].ID+"/logs", nil, 200)
	run.ok("GET", epPath+"/workers/"+epWorkers.Workers[0].ID+"/logs?source=system&tail=1", nil, 200)
	run.refused("GET", epPath+"/workers/"+epWorkers.Workers[0].ID+"/logs?source=all", nil, 422)
	run.refused("GET", epPath+"/workers/nosuchwrk0/logs", nil, 404)
	f.SetEndpointWorkersStatus(ep.ID, WorkerThrottled)
	run.ok("GET", epPath+"/workers", nil, 200)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "image": "i", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}, 422)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "LOAD_BALANCER", "image": "i", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}, 422)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}, 422)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "image": "i", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2}}, "allowedCudaVersions": []any{"12.8"}}, 422)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "templateId": podTpl.ID, "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}, 422)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "templateId": "nosuchtmpl", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}, 404)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "image": "i", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}}, 400)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "image": "i", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"NVIDIA GeForce RTX 4090"}}}, 400)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "image": "i", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}, "allowedCudaVersions": []any{"12.8"}, "minCudaVersion": "12.4"}}, 400)
	run.refused("POST", "/v2/serverless", map[string]any{"name": "x", "type": "QUEUE", "image": "i", "scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 1}, "workers": map[string]any{"idleTimeout": 5}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}, 400)
	run.refused("PATCH", epPath, map[string]any{"type": "QUEUE"}, 422)
	run.refused("PATCH", epPath, map[string]any{"gpu": map[string]any{"excludedTypes": []any{"NVIDIA RTX A5000"}}}, 422)
	run.refused("PATCH", epPath, map[string]any{"templateId": podTpl.ID}, 422)
	run.refused("PATCH", epPath, map[string]any{"cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2}}}, 400)
	run.refused("PATCH", epPath, map[string]any{"gpu": map[string]any{"minCudaVersion": "12.4"}}, 400)
	run.refused("PATCH", "/v2/serverless/nosuchep00", map[string]any{"name": "x"}, 404)
	run.refused("GET", "/v2/serverless/nosuchep00", nil, 404)
	run.refused("GET", "/v2/serverless/nosuchep00/workers", nil, 404)
	run.refused("GET", "/v2/serverless/nosuchep00/releases", nil, 404)
	run.refused("DELETE", "/v2/templates/"+f.EndpointBoundTemplate(ep.ID), nil, 400)
	f.InjectFault(Fault{Method: "POST", Path: "/v2/serverless", Status: http.StatusServiceUnavailable})
	run.refused("POST", "/v2/serverless", map[string]any{"name": "conf-ep-fault", "type": "QUEUE", "image": "i", "scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4}, "gpu": map[string]any{"pools": []any{"ADA_24"}}}, 503)
	run.ok("DELETE", epPath, nil, 204)
	run.refused("DELETE", epPath, nil, 404)
}
