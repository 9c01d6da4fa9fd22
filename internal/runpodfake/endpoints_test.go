package runpodfake

import (
	"net/http"
	"strings"
	"testing"
)

// epBody is a valid minimal GPU create body; tests change copies of it.
func epBody(extra map[string]any) map[string]any {
	b := map[string]any{
		"name": "ep", "type": "QUEUE", "image": "img:1",
		"scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 4},
		"gpu":     map[string]any{"pools": []any{"ADA_24"}},
	}
	for k, v := range extra {
		if v == nil {
			delete(b, k)
			continue
		}
		b[k] = v
	}
	return b
}

func (c *testClient) createEndpoint(body map[string]any) Endpoint {
	c.t.Helper()
	var e Endpoint
	c.do("POST", "/v2/serverless", body).wantStatus(c.t, http.StatusCreated).decode(c.t, &e)
	return e
}

func (c *testClient) patchEndpoint(id string, body map[string]any) Endpoint {
	c.t.Helper()
	var e Endpoint
	c.do("PATCH", "/v2/serverless/"+id, body).wantStatus(c.t, http.StatusOK).decode(c.t, &e)
	return e
}

func (c *testClient) workers(id string) EndpointWorkerList {
	c.t.Helper()
	var l EndpointWorkerList
	c.do("GET", "/v2/serverless/"+id+"/workers", nil).wantStatus(c.t, http.StatusOK).decode(c.t, &l)
	return l
}

func (c *testClient) releases(id string) EndpointReleases {
	c.t.Helper()
	var l EndpointReleases
	c.do("GET", "/v2/serverless/"+id+"/releases", nil).wantStatus(c.t, http.StatusOK).decode(c.t, &l)
	return l
}

func TestEndpointCreateDefaultsAndRead(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	res := c.do("POST", "/v2/serverless", epBody(nil)).wantStatus(t, http.StatusCreated)
	m := res.object(t)
	var e Endpoint
	res.decode(t, &e)
	mustEqual(t, "workers", m["workers"], map[string]any{"min": 0.0, "max": 3.0, "idleTimeout": 10.0})
	mustEqual(t, "timeout (API.md §15: 0 when not sent)", e.Timeout, 0)
	mustEqual(t, "flashboot", e.FlashBoot, "OFF")
	mustEqual(t, "gpu", m["gpu"], map[string]any{"pools": []any{"ADA_24"}, "count": 1.0, "allowedCudaVersions": []any{}, "minCudaVersion": nil})
	if _, ok := m["cpu"]; ok {
		t.Fatalf("a GPU endpoint has cpu: %s", res.body)
	}
	mustEqual(t, "run url", e.RequestURLs["run"], "https://api.runpod.ai/v2/"+e.ID+"/run")
	mustEqual(t, "status url", e.RequestURLs["status"], "https://api.runpod.ai/v2/"+e.ID+"/status/{job_id}")
	mustEqual(t, "url count", len(e.RequestURLs), 8)
	mustEqual(t, "lists", []any{m["dataCenterIds"], m["networkVolumes"], m["ports"], m["env"]}, []any{[]any{}, []any{}, []any{}, map[string]any{}})
	got, ok := f.Endpoint(e.ID)
	if !ok || got.Name != "ep" || f.EndpointCount() != 1 {
		t.Fatalf("Endpoint(%s) = %+v, %v; count %d", e.ID, got, ok, f.EndpointCount())
	}
	var read Endpoint
	c.do("GET", "/v2/serverless/"+e.ID, nil).wantStatus(t, 200).decode(t, &read)
	mustEqual(t, "read", read, e)
	var list struct{ Endpoints []Endpoint }
	c.do("GET", "/v2/serverless", nil).wantStatus(t, 200).decode(t, &list)
	mustEqual(t, "list", list.Endpoints, []Endpoint{e})
	// No workers without workers.min.
	mustEqual(t, "workers", len(c.workers(e.ID).Workers), 0)
}

func TestEndpointCreateLoadBalancerAndCPU(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	lb := c.createEndpoint(epBody(map[string]any{
		"type": "LOAD_BALANCER", "scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 3},
		"env": map[string]any{"HEALTH_CHECK_PATH": "/healthz"},
	}))
	mustEqual(t, "lb urls", lb.RequestURLs, map[string]string{
		"base": "https://" + lb.ID + ".api.runpod.ai", "health": "https://" + lb.ID + ".api.runpod.ai/healthz",
	})
	res := c.do("POST", "/v2/serverless", epBody(map[string]any{
		"gpu": nil, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 4}, map[string]any{"id": "cpu3g", "vcpuCount": 8}},
		"scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 2},
	})).wantStatus(t, 201)
	m := res.object(t)
	if _, ok := m["gpu"]; ok {
		t.Fatalf("a CPU endpoint has gpu: %s", res.body)
	}
	mustEqual(t, "cpu", m["cpu"], []any{
		map[string]any{"id": "cpu5c", "vcpuCount": 4.0, "memory": 8.0},
		map[string]any{"id": "cpu3g", "vcpuCount": 8.0, "memory": 32.0},
	})
	// QUEUE + REQUEST_COUNT: no idleTimeout in answers.
	mustEqual(t, "workers", m["workers"], map[string]any{"min": 0.0, "max": 3.0})
}

func TestEndpointCreateRefusals(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	vol1 := f.SeedNetworkVolume(NetworkVolume{Name: "v1", Size: 10, DataCenter: "EU-RO-1"})
	vol2 := f.SeedNetworkVolume(NetworkVolume{Name: "v2", Size: 10, DataCenter: "EU-RO-1"})
	pod := c.createTemplate(map[string]any{"name": "podtpl", "image": "i"})
	gpu := func(g map[string]any) map[string]any { return epBody(map[string]any{"gpu": g}) }
	for _, tc := range []struct {
		name   string
		body   map[string]any
		status int
		text   string
	}{
		{"no type", epBody(map[string]any{"type": nil}), 422, "type"},
		{"no scaling", epBody(map[string]any{"scaling": nil}), 422, "scaling"},
		{"unknown field", epBody(map[string]any{"bogus": 1}), 422, "bogus"},
		{"scaling without value", epBody(map[string]any{"scaling": map[string]any{"type": "QUEUE_DELAY"}}), 422, "queueDelay"},
		{"scaling mixed", epBody(map[string]any{"scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 1, "queueDelay": 2}}), 422, "queueDelay"},
		{"queueDelay low", epBody(map[string]any{"scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 0.25}}), 422, "queueDelay"},
		{"lb queue delay", epBody(map[string]any{"type": "LOAD_BALANCER"}), 422, "LOAD_BALANCER"},
		{"no image", epBody(map[string]any{"image": nil}), 422, "image"},
		{"top-level cuda", epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2}}, "allowedCudaVersions": []any{"12.8"}}), 422, "allowedCudaVersions"},
		{"cpu memory sent", epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2, "memory": 4}}}), 422, "memory"},
		{"cpu dup", epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2}, map[string]any{"id": "cpu5c", "vcpuCount": 2}}}), 422, "unique"},
		{"cpu vcpu 1", epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 1}}}), 422, "vcpuCount"},
		{"excluded dup", gpu(map[string]any{"pools": []any{"ADA_24", "AMPERE_24"}, "excludedTypes": []any{"NVIDIA RTX A5000", "NVIDIA RTX A5000"}}), 422, "unique"},
		{"excluded dash", gpu(map[string]any{"pools": []any{"ADA_24"}, "excludedTypes": []any{"-NVIDIA RTX A5000"}}), 422, "excludedTypes"},
		{"pools empty", gpu(map[string]any{"pools": []any{}}), 422, "pools"},
		{"cuda pattern", gpu(map[string]any{"pools": []any{"ADA_24"}, "minCudaVersion": "12"}), 422, "minCudaVersion"},
		{"idle range", epBody(map[string]any{"workers": map[string]any{"idleTimeout": 3601}}), 422, "idleTimeout"},
		{"neither", epBody(map[string]any{"gpu": nil}), 400, "exactly one of gpu or cpu"},
		{"both", epBody(map[string]any{"cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2}}}), 400, "exactly one of gpu or cpu"},
		{"type id as pool", gpu(map[string]any{"pools": []any{"NVIDIA GeForce RTX 4090"}}), 400, "ADA_24, AMPERE_24"},
		{"excluded outside pools", gpu(map[string]any{"pools": []any{"ADA_24"}, "excludedTypes": []any{"NVIDIA RTX A5000"}}), 400, "gpu.excludedTypes"},
		{"excluded everything", gpu(map[string]any{"pools": []any{"ADA_24"}, "excludedTypes": []any{" NVIDIA GeForce RTX 4090"}}), 400, "at least one"},
		{"excluded dup after trim", gpu(map[string]any{"pools": []any{"ADA_24", "AMPERE_24"}, "excludedTypes": []any{"NVIDIA RTX A5000", " NVIDIA RTX A5000"}}), 400, "twice"},
		{"cuda both", gpu(map[string]any{"pools": []any{"ADA_24"}, "allowedCudaVersions": []any{"12.8"}, "minCudaVersion": "12.4"}), 400, "mutually exclusive"},
		{"cpu flavour", epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu9x", "vcpuCount": 2}}}), 400, "cpu5c"},
		{"cpu power of two", epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 6}}}), 400, "power of two"},
		{"cpu range", epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu3c", "vcpuCount": 64}}}), 400, "range"},
		{"idle with request count", epBody(map[string]any{"scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 1}, "workers": map[string]any{"idleTimeout": 5}}), 400, "workers.idleTimeout"},
		{"min above max", epBody(map[string]any{"workers": map[string]any{"min": 4}}), 400, "workers.min"},
		{"unknown dc", epBody(map[string]any{"dataCenterIds": []any{"XX-1"}}), 400, "dataCenterIds"},
		{"unknown volume", epBody(map[string]any{"networkVolumes": []any{"nosuchvol0"}}), 400, "networkVolumes"},
		{"two volumes one dc", epBody(map[string]any{"networkVolumes": []any{vol1.ID, vol2.ID}}), 400, "one network volume per data center"},
		{"volume outside dcs", epBody(map[string]any{"networkVolumes": []any{vol1.ID}, "dataCenterIds": []any{"US-KS-2"}}), 400, "not among dataCenterIds"},
		{"unknown registry", epBody(map[string]any{"registry": "nosuchreg0"}), 400, "registry"},
		{"bad port", epBody(map[string]any{"ports": []any{"80"}}), 400, "port"},
		{"zero timeout", epBody(map[string]any{"timeout": 0}), 400, "timeout"},
		{"unknown template", epBody(map[string]any{"templateId": "nosuchtmpl"}), 404, "nosuchtmpl"},
		{"pod template", epBody(map[string]any{"templateId": pod.ID}), 422, "not a serverless template"},
	} {
		c.do("POST", "/v2/serverless", tc.body).wantProblem(t, tc.status, tc.text)
		if f.EndpointCount() != 0 {
			t.Fatalf("%s: a refused create left an endpoint", tc.name)
		}
	}
	// A volume in the only listed DC, and one per DC, are fine.
	vol3 := f.SeedNetworkVolume(NetworkVolume{Name: "v3", Size: 10, DataCenter: "US-KS-2"})
	e := c.createEndpoint(epBody(map[string]any{"networkVolumes": []any{vol1.ID, vol3.ID}, "dataCenterIds": []any{"US-KS-2", "EU-RO-1"}}))
	mustEqual(t, "volumes", e.NetworkVolumes, []string{vol1.ID, vol3.ID})
	// Exclusions are trimmed.
	e = c.createEndpoint(epBody(map[string]any{"gpu": map[string]any{"pools": []any{"AMPERE_24", "ADA_24"}, "excludedTypes": []any{" NVIDIA RTX A5000"}, "count": 2}}))
	mustEqual(t, "gpu", *e.GPU, EndpointGPU{Pools: []string{"AMPERE_24", "ADA_24"}, ExcludedTypes: []string{"NVIDIA RTX A5000"}, Count: 2, AllowedCudaVersions: []string{}})
	// An empty CUDA set may accompany a floor.
	e = c.createEndpoint(epBody(map[string]any{"gpu": map[string]any{"pools": []any{"ADA_24"}, "allowedCudaVersions": []any{}, "minCudaVersion": "12.4"}}))
	mustEqual(t, "floor", *e.GPU.MinCudaVersion, "12.4")
}

func TestEndpointCreateFromTemplate(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	src := c.createTemplate(map[string]any{
		"name": "sls", "image": "worker:1", "args": "serve", "disk": 30, "ports": []any{"8000/http"},
		"env": map[string]any{"A": "tpl", "B": "tpl"}, "serverless": true, "allowedCudaVersions": []any{"12.8"},
	})
	e := c.createEndpoint(epBody(map[string]any{"image": nil, "templateId": src.ID, "env": map[string]any{"B": "body", "C": "body"}, "disk": 40}))
	mustEqual(t, "container", []any{e.Image, e.Args, e.Disk, e.Ports, e.Env},
		[]any{"worker:1", "serve", 40, []string{"8000/http"}, map[string]string{"A": "tpl", "B": "body", "C": "body"}})
	mustEqual(t, "seeded cuda", e.GPU.AllowedCudaVersions, []string{"12.8"})
	// A floor in the body stops the seeding; so does an explicit set.
	e = c.createEndpoint(epBody(map[string]any{"templateId": src.ID, "gpu": map[string]any{"pools": []any{"ADA_24"}, "minCudaVersion": "12.6"}}))
	mustEqual(t, "not seeded", e.GPU.AllowedCudaVersions, []string{})
	mustEqual(t, "body image wins", e.Image, "img:1")
	e = c.createEndpoint(epBody(map[string]any{"templateId": src.ID, "gpu": map[string]any{"pools": []any{"ADA_24"}, "allowedCudaVersions": []any{}}}))
	mustEqual(t, "explicit empty", e.GPU.AllowedCudaVersions, []string{})
	// A public serverless template works too.
	e = c.createEndpoint(epBody(map[string]any{"image": nil, "templateId": "runpod-worker-vllm"}))
	mustEqual(t, "public image", e.Image, "runpod/worker-v1-vllm:v2.7.0")
	// The source is not bound: it can still be deleted, and the endpoint
	// keeps its copy.
	c.do("DELETE", "/v2/templates/"+src.ID, nil).wantStatus(t, 204)
	got, _ := f.Endpoint(e.ID)
	mustEqual(t, "still", got.Image, "runpod/worker-v1-vllm:v2.7.0")
}

func TestEndpointBoundTemplate(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	e := c.createEndpoint(epBody(map[string]any{"name": "infer", "env": map[string]any{"K": "v"}}))
	tid := f.EndpointBoundTemplate(e.ID)
	if tid == "" {
		t.Fatal("no bound template")
	}
	var tpl Template
	c.do("GET", "/v2/templates/"+tid, nil).wantStatus(t, 200).decode(t, &tpl)
	if !strings.HasPrefix(tpl.Name, "infer__template__") || len(tpl.Name) != len("infer__template__")+6 {
		t.Fatalf("bound template name %q", tpl.Name)
	}
	mustEqual(t, "bound fields", []any{tpl.Serverless, tpl.Image, tpl.Env}, []any{true, "img:1", map[string]string{"K": "v"}})
	var list struct{ Templates []Template }
	c.do("GET", "/v2/templates", nil).wantStatus(t, 200).decode(t, &list)
	mustEqual(t, "listed", len(list.Templates), 1)
	c.do("DELETE", "/v2/templates/"+tid, nil).wantProblem(t, 400, "in use")
	// Container PATCHes reach the bound template.
	c.patchEndpoint(e.ID, map[string]any{"image": "img:2"})
	got, _ := f.Template(tid)
	mustEqual(t, "synced image", got.Image, "img:2")
	c.do("DELETE", "/v2/serverless/"+e.ID, nil).wantStatus(t, 204)
	if _, ok := f.Template(tid); ok {
		t.Fatal("bound template survived its endpoint")
	}
	c.do("DELETE", "/v2/serverless/"+e.ID, nil).wantProblem(t, 404, "")
	c.do("GET", "/v2/serverless/"+e.ID, nil).wantProblem(t, 404, "")
	c.do("GET", "/v2/serverless/"+e.ID+"/workers", nil).wantProblem(t, 404, "")
	c.do("GET", "/v2/serverless/"+e.ID+"/releases", nil).wantProblem(t, 404, "")
	mustEqual(t, "count", f.EndpointCount(), 0)
}

func TestEndpointPatch(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	e := c.createEndpoint(epBody(map[string]any{
		"gpu": map[string]any{"pools": []any{"ADA_24", "AMPERE_24"}, "excludedTypes": []any{"NVIDIA RTX A5000"}, "minCudaVersion": "12.4"},
		"env": map[string]any{"A": "1", "B": "2"},
	}))
	id := e.ID
	// Omitted fields stay; name alone changes the name.
	got := c.patchEndpoint(id, map[string]any{"name": "renamed"})
	mustEqual(t, "name", got.Name, "renamed")
	mustEqual(t, "kept gpu", got.GPU, e.GPU)
	// CUDA only: exclusions stay; setting a set beside the floor is 400.
	c.do("PATCH", "/v2/serverless/"+id, map[string]any{"gpu": map[string]any{"allowedCudaVersions": []any{"12.8"}}}).wantProblem(t, 400, "mutually exclusive")
	got = c.patchEndpoint(id, map[string]any{"gpu": map[string]any{"allowedCudaVersions": []any{"12.8"}, "minCudaVersion": ""}})
	mustEqual(t, "cuda", []any{got.GPU.AllowedCudaVersions, got.GPU.MinCudaVersion, got.GPU.ExcludedTypes}, []any{[]string{"12.8"}, (*string)(nil), []string{"NVIDIA RTX A5000"}})
	got = c.patchEndpoint(id, map[string]any{"gpu": map[string]any{"allowedCudaVersions": []any{}}})
	mustEqual(t, "cleared set", got.GPU.AllowedCudaVersions, []string{})
	// pools without excludedTypes clears them.
	got = c.patchEndpoint(id, map[string]any{"gpu": map[string]any{"pools": []any{"ADA_24", "AMPERE_24"}}})
	mustEqual(t, "cleared exclusions", got.GPU.ExcludedTypes, []string(nil))
	got = c.patchEndpoint(id, map[string]any{"gpu": map[string]any{"pools": []any{"AMPERE_24", "ADA_24"}, "excludedTypes": []any{"NVIDIA GeForce RTX 4090"}}})
	mustEqual(t, "restated", got.GPU.ExcludedTypes, []string{"NVIDIA GeForce RTX 4090"})
	// env replaces; scaling needs both parts; workers fields one by one.
	got = c.patchEndpoint(id, map[string]any{"env": map[string]any{"C": "3"}, "workers": map[string]any{"max": 5}, "scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 2}})
	mustEqual(t, "env", got.Env, map[string]string{"C": "3"})
	mustEqual(t, "workers", got.Workers, EndpointWorkers{Min: 0, Max: 5})
	got = c.patchEndpoint(id, map[string]any{"scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 1.5}})
	mustEqual(t, "idle back", *got.Workers.IdleTimeout, 10)
	for _, tc := range []struct {
		body   map[string]any
		status int
		text   string
	}{
		{map[string]any{"type": "LOAD_BALANCER"}, 422, "type"},
		{map[string]any{"gpu": map[string]any{"excludedTypes": []any{"NVIDIA RTX A5000"}}}, 422, "requires property 'pools'"},
		{map[string]any{"scaling": map[string]any{"type": "REQUEST_COUNT"}}, 422, "requestCount"},
		{map[string]any{"gpu": map[string]any{"minCudaVersion": "x"}}, 422, "minCudaVersion"},
		{map[string]any{"cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2}}}, 400, "compute family"},
		{map[string]any{"gpu": map[string]any{"count": 2}, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 2}}}, 400, "compute family"},
		{map[string]any{"gpu": map[string]any{"pools": []any{"NOPE"}}}, 400, "gpu.pools"},
		{map[string]any{"workers": map[string]any{"min": 9}}, 400, "workers.min"},
		{map[string]any{"templateId": "nosuchtmpl"}, 404, "nosuchtmpl"},
		{map[string]any{"timeout": -1}, 400, "timeout"},
	} {
		c.do("PATCH", "/v2/serverless/"+id, tc.body).wantProblem(t, tc.status, tc.text)
	}
	c.do("PATCH", "/v2/serverless/nosuchep00", map[string]any{"name": "x"}).wantProblem(t, 404, "")

	// A CPU endpoint refuses gpu; cpu replaces.
	cpu := c.createEndpoint(epBody(map[string]any{"gpu": nil, "cpu": []any{map[string]any{"id": "cpu5c", "vcpuCount": 4}}, "scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 2}}))
	c.do("PATCH", "/v2/serverless/"+cpu.ID, map[string]any{"gpu": map[string]any{"count": 1}}).wantProblem(t, 400, "compute family")
	c.do("PATCH", "/v2/serverless/"+cpu.ID, map[string]any{"workers": map[string]any{"idleTimeout": 5}}).wantProblem(t, 400, "idleTimeout")
	got = c.patchEndpoint(cpu.ID, map[string]any{"cpu": []any{map[string]any{"id": "cpu3c", "vcpuCount": 2}}})
	mustEqual(t, "cpu", got.CPU, []EndpointCPU{{ID: "cpu3c", VCPUCount: 2, Memory: 4}})
	// A load balancer cannot switch to QUEUE_DELAY (400 on PATCH).
	lb := c.createEndpoint(epBody(map[string]any{"type": "LOAD_BALANCER", "scaling": map[string]any{"type": "REQUEST_COUNT", "requestCount": 1}}))
	c.do("PATCH", "/v2/serverless/"+lb.ID, map[string]any{"scaling": map[string]any{"type": "QUEUE_DELAY", "queueDelay": 2}}).wantProblem(t, 400, "LOAD_BALANCER")
	// templateId applies the container fields once, env merged.
	src := c.createTemplate(map[string]any{"name": "sls", "image": "tpl:1", "env": map[string]any{"T": "t", "C": "t"}, "serverless": true})
	got = c.patchEndpoint(id, map[string]any{"templateId": src.ID, "env": map[string]any{"C": "body"}})
	mustEqual(t, "from template", []any{got.Image, got.Env}, []any{"tpl:1", map[string]string{"T": "t", "C": "body"}})
	c.do("DELETE", "/v2/templates/"+src.ID, nil).wantStatus(t, 204)
}

func TestEndpointWorkersStartAndScale(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.SetEndpointWorkerStartDelay(2)
	e := c.createEndpoint(epBody(map[string]any{"workers": map[string]any{"min": 2, "max": 4}, "dataCenterIds": []any{"EU-RO-1"}}))
	l, _ := f.EndpointWorkers(e.ID)
	mustEqual(t, "created", l.Summary, WorkerSummary{Initializing: 2, Total: 2})
	l = c.workers(e.ID)
	mustEqual(t, "read 1", l.Summary, WorkerSummary{Initializing: 2, Total: 2})
	if l.Workers[0].StartedAt != nil || l.Workers[0].UptimeSeconds != nil {
		t.Fatalf("an initializing worker has started: %+v", l.Workers[0])
	}
	l = c.workers(e.ID)
	mustEqual(t, "read 2", l.Summary, WorkerSummary{Idle: 2, Total: 2})
	w := l.Workers[0]
	mustEqual(t, "placement", []any{*w.GPUTypeID, *w.DataCenterID, w.GPUCount, *w.Image, w.IsStale, *w.Version, *l.EndpointVersion},
		[]any{"NVIDIA GeForce RTX 4090", "EU-RO-1", 1, "img:1", false, 1, 1})
	// Scaling min up adds initializing workers; down removes them.
	c.patchEndpoint(e.ID, map[string]any{"workers": map[string]any{"min": 3}})
	mustEqual(t, "scaled up", c.workers(e.ID).Summary, WorkerSummary{Idle: 2, Initializing: 1, Total: 3})
	c.patchEndpoint(e.ID, map[string]any{"workers": map[string]any{"min": 1}})
	mustEqual(t, "scaled down", c.workers(e.ID).Summary, WorkerSummary{Idle: 1, Total: 1})
	// No release for workers, scaling, timeout or name.
	mustEqual(t, "releases", len(c.releases(e.ID).Releases), 1)
	// Forced statuses are sticky until cleared.
	f.SetEndpointWorkersStatus(e.ID, WorkerThrottled)
	mustEqual(t, "throttled", c.workers(e.ID).Summary, WorkerSummary{Throttled: 1, Total: 1})
	mustEqual(t, "still throttled", c.workers(e.ID).Summary, WorkerSummary{Throttled: 1, Total: 1})
	f.SetEndpointWorkersStatus(e.ID, "")
	mustEqual(t, "natural", c.workers(e.ID).Summary, WorkerSummary{Idle: 1, Total: 1})
	// Lowering max (out of band) changes max only, makes no release, and
	// takes workers down to the range.
	before, _ := f.Endpoint(e.ID)
	f.LowerEndpointWorkersMax(e.ID, 0)
	after, _ := f.Endpoint(e.ID)
	before.Workers.Max = 0
	mustEqual(t, "only max", after, before)
	mustEqual(t, "no workers", c.workers(e.ID).Summary, WorkerSummary{})
	mustEqual(t, "no release", len(c.releases(e.ID).Releases), 1)
}

func TestEndpointReleaseRollout(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.SetEndpointWorkerStartDelay(1)
	e := c.createEndpoint(epBody(map[string]any{"workers": map[string]any{"min": 2}}))
	mustEqual(t, "up", c.workers(e.ID).Summary, WorkerSummary{Idle: 2, Total: 2})
	c.patchEndpoint(e.ID, map[string]any{"image": "img:2", "env": map[string]any{"X": "1"}, "dataCenterIds": []any{"US-KS-2"}})
	rel := releasesOf(f, e.ID)
	mustEqual(t, "rollout started", []any{*rel.EndpointVersion, rel.Rollout}, []any{2, Rollout{InProgress: true, WorkersOnLatest: 2, WorkersTotal: 4, PercentOnLatest: 50}})
	latest := rel.Releases[0]
	mustEqual(t, "release", []any{*latest.Version, latest.Source, latest.BuildID, latest.WorkerCount}, []any{2, "MANUAL", (*string)(nil), 2})
	mustEqual(t, "diff", latest.Diff, []ReleaseDiffEntry{
		{Field: "template.imageName", Old: "img:1", New: "img:2"},
		{Field: "template.env", Old: []map[string]string{}, New: []map[string]string{{"key": "X", "value": "1"}}},
		{Field: "locations", Old: "", New: "US-KS-2"},
	})
	l, _ := f.EndpointWorkers(e.ID)
	mustEqual(t, "stale marked", []bool{l.Workers[0].IsStale, l.Workers[1].IsStale, l.Workers[2].IsStale}, []bool{true, true, false})
	// One read starts the replacements, and the stale workers go.
	var r EndpointReleases
	c.do("GET", "/v2/serverless/"+e.ID+"/releases", nil).wantStatus(t, 200).decode(t, &r)
	mustEqual(t, "rolled out", r.Rollout, Rollout{WorkersOnLatest: 2, WorkersTotal: 2, PercentOnLatest: 100})
	mustEqual(t, "versions", []any{len(r.Releases), r.Releases[1].WorkerCount, r.Releases[0].WorkerCount}, []any{2, 0, 2})
	l = c.workers(e.ID)
	mustEqual(t, "new image", []any{*l.Workers[0].Image, *l.Workers[0].DataCenterID, l.Summary}, []any{"img:2", "US-KS-2", WorkerSummary{Idle: 2, Total: 2}})
	// Unhealthy replacements keep the rollout in progress.
	c.patchEndpoint(e.ID, map[string]any{"args": "serve"})
	l, _ = f.EndpointWorkers(e.ID)
	f.SetEndpointWorkersStatus(e.ID, WorkerUnhealthy) // the two stale and two new
	for range 3 {
		if !c.releases(e.ID).Rollout.InProgress {
			t.Fatal("rollout finished with unhealthy replacements")
		}
	}
	mustEqual(t, "unhealthy", c.workers(e.ID).Summary, WorkerSummary{Unhealthy: 4, Total: 4})
	// A name or timeout change makes no release.
	c.patchEndpoint(e.ID, map[string]any{"name": "n2", "timeout": 1000, "flashboot": "FLASHBOOT"})
	mustEqual(t, "versions", len(c.releases(e.ID).Releases), 3)
}

func TestEndpointCreateAmbiguousFault(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.InjectFault(Fault{Method: "POST", Path: "/v2/serverless", Status: http.StatusBadGateway, AfterHandler: true})
	c.do("POST", "/v2/serverless", epBody(nil)).wantProblem(t, http.StatusBadGateway, "")
	mustEqual(t, "created anyway", f.EndpointCount(), 1)
	f.InjectFault(Fault{Method: "POST", Path: "/v2/serverless", Status: http.StatusServiceUnavailable})
	c.do("POST", "/v2/serverless", epBody(nil)).wantProblem(t, http.StatusServiceUnavailable, "")
	mustEqual(t, "not created", f.EndpointCount(), 1)
}

func TestEndpointWorkerLogs(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	f.SetEndpointWorkerStartDelay(1)
	e := c.createEndpoint(epBody(map[string]any{"workers": map[string]any{"min": 1}}))
	l, _ := f.EndpointWorkers(e.ID)
	logs := "/v2/serverless/" + e.ID + "/workers/" + l.Workers[0].ID + "/logs"
	res := c.do("GET", logs, nil).wantStatus(t, 200)
	mustEqual(t, "content type", res.header.Get("Content-Type"), "text/event-stream")
	if body := string(res.body); !strings.Contains(body, `"line":"Pulling image img:1"`) || strings.Contains(body, "Worker ready.") {
		t.Fatalf("before start: %s", body)
	}
	c.workers(e.ID) // the worker starts
	body := string(c.do("GET", logs+"?source=container", nil).wantStatus(t, 200).body)
	if !strings.Contains(body, `"source":"container","line":"Worker ready."`) || strings.Contains(body, "Pulling") {
		t.Fatalf("container log: %s", body)
	}
	c.do("GET", logs+"?tail=-1", nil).wantProblem(t, 422, "tail")
	c.do("GET", "/v2/serverless/"+e.ID+"/workers/nosuchwrk0/logs", nil).wantProblem(t, 404, "worker")
	// Logs vanish with the worker.
	c.patchEndpoint(e.ID, map[string]any{"workers": map[string]any{"min": 0}})
	c.do("GET", logs, nil).wantProblem(t, 404, "worker")
}

func TestSeedAndPatchEndpointOutOfBand(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	e := f.SeedEndpoint(epBody(map[string]any{"name": "console"}))
	var read Endpoint
	c.do("GET", "/v2/serverless/"+e.ID, nil).wantStatus(t, 200).decode(t, &read)
	mustEqual(t, "seeded", read, e)
	if f.EndpointBoundTemplate(e.ID) == "" {
		t.Fatal("seeded endpoint has no bound template")
	}
	mustEqual(t, "patch", f.PatchEndpoint(e.ID, map[string]any{"image": "img:9"}), "")
	got, _ := f.Endpoint(e.ID)
	mustEqual(t, "patched", got.Image, "img:9")
	rel := releasesOf(f, e.ID)
	mustEqual(t, "release", len(rel.Releases), 2)
	if msg := f.PatchEndpoint(e.ID, map[string]any{"type": "QUEUE"}); !strings.Contains(msg, "type") {
		t.Fatalf("refused patch: %q", msg)
	}
	mustEqual(t, "unknown", f.PatchEndpoint("nosuchep00", map[string]any{"name": "x"}), "endpoint not found")
	defer func() {
		if recover() == nil {
			t.Fatal("SeedEndpoint accepted a body the API refuses")
		}
	}()
	f.SeedEndpoint(epBody(map[string]any{"gpu": nil}))
}
