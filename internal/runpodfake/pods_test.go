package runpodfake

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// rtx4090 is declared in catalog_test.go.
const (
	h100   = "NVIDIA H100 80GB HBM3"
	a100   = "NVIDIA A100 80GB PCIe"
	mi300x = "AMD Instinct MI300X OAM"
)

// testClock is a settable clock for SetClock; the handlers read it on the
// server's goroutines, hence the mutex.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var clockStart = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// newComputeClient is newTestClient with a fixed clock and explicit
// lifecycle delays, so that expectations do not depend on the defaults.
func newComputeClient(t *testing.T, startDelay, portDelay int) (*Fake, *testClient, *testClock) {
	t.Helper()
	f, c := newTestClient(t)
	clk := &testClock{t: clockStart}
	f.SetClock(clk.Now)
	f.SetPodStartDelay(startDelay)
	f.SetPortMappingDelay(portDelay)
	return f, c, clk
}

// jsonObj, jsonArr, jsonStr and jsonNum read a decoded JSON value of the
// expected shape, failing the test (rather than panicking) otherwise.
func jsonObj(t testing.TB, v any) map[string]any {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("want a JSON object, got %#v", v)
	}
	return m
}

func jsonArr(t testing.TB, v any) []any {
	t.Helper()
	a, ok := v.([]any)
	if !ok {
		t.Fatalf("want a JSON array, got %#v", v)
	}
	return a
}

func jsonStr(t testing.TB, v any) string {
	t.Helper()
	s, ok := v.(string)
	if !ok {
		t.Fatalf("want a JSON string, got %#v", v)
	}
	return s
}

func jsonNum(t testing.TB, v any) float64 {
	t.Helper()
	n, ok := v.(float64)
	if !ok {
		t.Fatalf("want a JSON number, got %#v", v)
	}
	return n
}

func gpuStock(f *Fake, gpu, product, cloud, dc string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.catalog.gpuStock[gpuStockKey{gpu, product, cloud, dc}]
}

func cpuStockOf(f *Fake, cpu, dc string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.catalog.cpuStock[cpuStockKey{cpu, "POD", dc}]
}

func (c *testClient) createPod(body map[string]any) map[string]any {
	c.t.Helper()
	return c.do("POST", "/v2/pods", body).wantStatus(c.t, http.StatusCreated).object(c.t)
}

func (c *testClient) getPod(id string) map[string]any {
	c.t.Helper()
	return c.do("GET", "/v2/pods/"+id, nil).wantStatus(c.t, http.StatusOK).object(c.t)
}

func (c *testClient) podAction(id, action string) *response {
	c.t.Helper()
	return c.do("POST", "/v2/pods/"+id+"/action", map[string]any{"action": action})
}

func gpuPodBody(extra map[string]any) map[string]any {
	m := map[string]any{"name": "p", "image": "runpod/base:1", "gpu": map[string]any{"id": rtx4090, "count": 1}}
	for k, v := range extra {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	return m
}

func TestPodCreateAndLifecycle(t *testing.T) {
	t.Parallel()
	f, c, clk := newComputeClient(t, 2, 1)
	before := gpuStock(f, rtx4090, "POD", "SECURE", "US-KS-2")
	got := c.createPod(map[string]any{
		"name": "trainer", "image": "runpod/pytorch:2", "gpu": map[string]any{"id": rtx4090, "count": 2},
		"ports": []any{"8888/http", "22/tcp"}, "env": map[string]any{"A": "1"}, "dataCenterIds": []any{"US-KS-2", "EU-RO-1"},
	})
	id, _ := got["id"].(string)
	want := map[string]any{
		"id": id, "name": "trainer", "image": "runpod/pytorch:2", "args": "", "entrypoint": []any{}, "cmd": []any{},
		"disk": float64(DefaultPodDisk), "ports": []any{"8888/http", "22/tcp"}, "env": map[string]any{"A": "1"},
		"registry": nil, "status": "PROVISIONING", "actions": []any{"stop", "terminate"}, "mounts": map[string]any{},
		"gpu":   map[string]any{"id": rtx4090, "count": float64(2), "vcpuCount": float64(32), "memory": float64(128)},
		"cloud": "SECURE", "dataCenterId": "US-KS-2", "cudaVersion": "12.8",
		"ssh":      map[string]any{"proxy": nil, "direct": nil},
		"template": nil, "cost": 1.38, "locked": false, "globalNetworking": map[string]any{"enabled": false},
		"runtime": nil, "createdAt": "2026-06-01T12:00:00Z", "startedAt": nil,
	}
	mustEqual(t, "created pod", got, want)
	mustEqual(t, "stock taken", gpuStock(f, rtx4090, "POD", "SECURE", "US-KS-2"), before-2)

	// Read 1: STARTING, a machine is assigned so the proxy appears.
	r1 := c.getPod(id)
	mustEqual(t, "status after 1 read", r1["status"], "STARTING")
	proxy := jsonObj(t, jsonObj(t, r1["ssh"])["proxy"])
	user := jsonStr(t, proxy["username"])
	if !strings.HasPrefix(user, id+"-") || len(user) != len(id)+9 {
		t.Fatalf("proxy username %q", user)
	}
	mustEqual(t, "proxy", proxy, map[string]any{"host": "ssh.runpod.io", "port": float64(22), "username": user, "command": "ssh " + user + "@ssh.runpod.io"})

	// Read 2: RUNNING; ports not yet mapped.
	clk.advance(30 * time.Second)
	r2 := c.getPod(id)
	mustEqual(t, "status after 2 reads", r2["status"], "RUNNING")
	mustEqual(t, "actions", r2["actions"], []any{"stop", "restart", "terminate"})
	mustEqual(t, "startedAt", r2["startedAt"], "2026-06-01T12:00:30Z")
	mustEqual(t, "runtime before mapping", r2["runtime"], map[string]any{
		"uptime": float64(0), "gpus": []any{map[string]any{"util": float64(0), "memoryUtil": float64(0)}, map[string]any{"util": float64(0), "memoryUtil": float64(0)}},
		"cpu": map[string]any{"util": float64(0)}, "memory": map[string]any{"util": float64(0)},
		"ports": []any{
			map[string]any{"private": float64(8888), "public": nil, "type": "http", "ip": nil},
			map[string]any{"private": float64(22), "public": nil, "type": "tcp", "ip": nil},
		},
	})
	mustEqual(t, "no direct ssh yet", jsonObj(t, r2["ssh"])["direct"], nil)

	// Read 3: the TCP port is mapped, so direct SSH appears.
	clk.advance(90 * time.Second)
	r3 := c.getPod(id)
	rt := jsonObj(t, r3["runtime"])
	mustEqual(t, "uptime", rt["uptime"], float64(90))
	mustEqual(t, "mapped ports", rt["ports"], []any{
		map[string]any{"private": float64(8888), "public": nil, "type": "http", "ip": nil},
		map[string]any{"private": float64(22), "public": float64(20000), "type": "tcp", "ip": "203.0.113.1"},
	})
	mustEqual(t, "direct ssh", jsonObj(t, r3["ssh"])["direct"], map[string]any{
		"host": "203.0.113.1", "port": float64(20000), "username": "root", "command": "ssh root@203.0.113.1 -p 20000",
	})
	view, ok := f.Pod(id)
	mustEqual(t, "hook sees the pod", ok && view.Status == PodStatusRunning && view.SSH.Direct != nil, true)
}

func TestPodStartDelayZeroAndDefaults(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	got := c.createPod(gpuPodBody(map[string]any{"ports": []any{"22/tcp"}}))
	mustEqual(t, "status", got["status"], "RUNNING")
	if jsonObj(t, got["ssh"])["direct"] == nil {
		t.Fatalf("ports not mapped at once: %v", got["ssh"])
	}

	g := New()
	mustEqual(t, "default delays", []int{g.compute.startDelay, g.compute.portDelay}, []int{DefaultPodStartDelay, DefaultPortMappingDelay})
}

func TestPodCreateRefusals(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 2, 1)
	vol := f.SeedNetworkVolume(NetworkVolume{Name: "v", Size: 10, DataCenter: "EU-RO-1"})
	serverless := f.SeedTemplate(Template{Name: "sls", Image: "img", Serverless: true})
	const capacity = "There are no instances currently available"
	gpu := func(kv ...any) map[string]any {
		m := map[string]any{"id": rtx4090, "count": 1}
		for i := 0; i+1 < len(kv); i += 2 {
			m[jsonStr(t, kv[i])] = kv[i+1]
		}
		return m
	}
	cases := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		// Schema (422).
		{"unknown field", gpuPodBody(map[string]any{"bogus": 1}), 422, "additional properties 'bogus' not allowed"},
		{"v1 field", gpuPodBody(map[string]any{"imageName": "x"}), 422, "'imageName'"},
		{"no name", gpuPodBody(map[string]any{"name": nil}), 422, "missing property 'name'"},
		{"no image, no template", gpuPodBody(map[string]any{"image": nil}), 422, "missing property 'image'"},
		{"gpu count 0", gpuPodBody(map[string]any{"gpu": gpu("count", 0)}), 422, "$.gpu.count: minimum"},
		{"gpu unknown field", gpuPodBody(map[string]any{"gpu": gpu("type", "x")}), 422, "'type' not allowed"},
		{"gpu no id", gpuPodBody(map[string]any{"gpu": map[string]any{"count": 1}}), 422, "$.gpu: missing property 'id'"},
		{"cuda pattern", gpuPodBody(map[string]any{"gpu": gpu("allowedCudaVersions", []any{"12"})}), 422, "does not match pattern"},
		{"min cuda pattern", gpuPodBody(map[string]any{"gpu": gpu("minCudaVersion", "12")}), 422, "does not match pattern"},
		{"ram filter 0", gpuPodBody(map[string]any{"gpu": gpu("minRamPerGpu", 0)}), 422, "$.gpu.minRamPerGpu: minimum"},
		{"vcpu filter 0", gpuPodBody(map[string]any{"gpu": gpu("minVcpuCountPerGpu", 0)}), 422, "$.gpu.minVcpuCountPerGpu: minimum"},
		{"ram filter not an integer", gpuPodBody(map[string]any{"gpu": gpu("minRamPerGpu", 1.5)}), 422, "$.gpu.minRamPerGpu"},
		{"cloud enum", gpuPodBody(map[string]any{"cloud": "PUBLIC"}), 422, "$.cloud: value must be one of"},
		{"cpu vcpu 1", gpuPodBody(map[string]any{"gpu": nil, "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 1}}), 422, "$.cpu.vcpuCount: minimum"},
		{"two network mounts", gpuPodBody(map[string]any{"mounts": map[string]any{"network": []any{
			map[string]any{"volumeId": vol.ID, "path": "/a"}, map[string]any{"volumeId": vol.ID, "path": "/b"}}}}), 422, "maxItems"},
		{"partial network mount", gpuPodBody(map[string]any{"mounts": map[string]any{"network": []any{map[string]any{"volumeId": vol.ID}}}}), 422, "missing property 'path'"},
		{"small persistent", gpuPodBody(map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 5, "path": "/w"}}}), 422, "minimum"},
		{"empty templateId", gpuPodBody(map[string]any{"templateId": ""}), 422, "$.templateId: minLength"},
		{"serverless template", gpuPodBody(map[string]any{"templateId": serverless.ID}), 422, "is a serverless template"},
		// Rules (400).
		{"gpu and cpu", gpuPodBody(map[string]any{"cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2}}), 400, "exactly one of gpu or cpu"},
		{"neither", gpuPodBody(map[string]any{"gpu": nil}), 400, "exactly one of gpu or cpu"},
		{"cuda set and floor", gpuPodBody(map[string]any{"gpu": gpu("allowedCudaVersions", []any{"12.8"}, "minCudaVersion", "12.4")}), 400, "mutually exclusive"},
		{"both mount kinds", gpuPodBody(map[string]any{"mounts": map[string]any{
			"persistent": map[string]any{"size": 10, "path": "/w"}, "network": []any{map[string]any{"volumeId": vol.ID, "path": "/n"}}}}), 400, "not both"},
		{"persistent on cpu", gpuPodBody(map[string]any{"gpu": nil, "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2},
			"mounts": map[string]any{"persistent": map[string]any{"size": 10, "path": "/w"}}}), 400, "not allowed on CPU pods"},
		{"unknown volume", gpuPodBody(map[string]any{"mounts": map[string]any{"network": []any{map[string]any{"volumeId": "nosuchvol0", "path": "/n"}}}}), 400, "network volume \"nosuchvol0\" not found"},
		{"volume on community", gpuPodBody(map[string]any{"cloud": "COMMUNITY", "mounts": map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/n"}}}}), 400, "Secure Cloud"},
		{"volume outside dataCenterIds", gpuPodBody(map[string]any{"dataCenterIds": []any{"US-KS-2"}, "mounts": map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/n"}}}}), 400, "not among dataCenterIds"},
		{"unknown data center", gpuPodBody(map[string]any{"dataCenterIds": []any{"EU-XX-1"}}), 400, "unknown data center"},
		{"bad port", gpuPodBody(map[string]any{"ports": []any{"22/udp"}}), 400, "invalid port"},
		{"unknown registry", gpuPodBody(map[string]any{"registry": "nosuchreg0"}), 400, "registry credential"},
		{"empty image", gpuPodBody(map[string]any{"image": " "}), 400, "image must not be empty"},
		{"args vs cmd", gpuPodBody(map[string]any{"args": "a", "cmd": []any{"b"}}), 400, "different commands"},
		{"global on cpu", gpuPodBody(map[string]any{"gpu": nil, "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2}, "globalNetworking": true}), 400, "NVIDIA GPU"},
		{"global on amd", gpuPodBody(map[string]any{"gpu": map[string]any{"id": mi300x, "count": 1}, "globalNetworking": true}), 400, "NVIDIA GPU"},
		{"global without global dc", gpuPodBody(map[string]any{"dataCenterIds": []any{"CA-MTL-1"}, "globalNetworking": true}), 400, "globalNetwork"},
		{"cpu not power of two", gpuPodBody(map[string]any{"gpu": nil, "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 6}}), 400, "power of two"},
		{"cpu out of range", gpuPodBody(map[string]any{"gpu": nil, "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 64}}), 400, "outside"},
		// Capacity (400), including an unknown GPU type.
		{"unknown gpu", gpuPodBody(map[string]any{"gpu": gpu("id", "NVIDIA GeForce RTX 9999")}), 400, capacity},
		{"no stock anywhere", gpuPodBody(map[string]any{"gpu": gpu("id", "NVIDIA H200")}), 400, capacity},
		{"above maxCount", gpuPodBody(map[string]any{"gpu": gpu("count", 9)}), 400, capacity},
		{"more than any dc has", gpuPodBody(map[string]any{"gpu": gpu("count", 5), "dataCenterIds": []any{"US-KS-2"}}), 400, capacity},
		{"no such cuda", gpuPodBody(map[string]any{"gpu": gpu("allowedCudaVersions", []any{"11.8"})}), 400, capacity},
		{"cuda floor too high", gpuPodBody(map[string]any{"gpu": gpu("minCudaVersion", "13.0")}), 400, capacity},
		{"amd with cuda", gpuPodBody(map[string]any{"gpu": map[string]any{"id": mi300x, "count": 1, "minCudaVersion": "12.0"}}), 400, capacity},
		{"ram filter", gpuPodBody(map[string]any{"gpu": gpu("minRamPerGpu", 65)}), 400, capacity},
		{"vcpu filter", gpuPodBody(map[string]any{"gpu": gpu("minVcpuCountPerGpu", 17)}), 400, capacity},
		{"not offered on community", gpuPodBody(map[string]any{"cloud": "COMMUNITY", "gpu": gpu("id", "NVIDIA L40S")}), 400, capacity},
		{"unknown cpu", gpuPodBody(map[string]any{"gpu": nil, "cpu": map[string]any{"id": "cpu9x", "vcpuCount": 2}}), 400, capacity},
		{"cpu on community", gpuPodBody(map[string]any{"gpu": nil, "cloud": "COMMUNITY", "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2}}), 400, capacity},
		{"cpu out of stock", gpuPodBody(map[string]any{"gpu": nil, "cpu": map[string]any{"id": "cpu5m", "vcpuCount": 2}}), 400, capacity},
		// Template lookup (404).
		{"unknown template", gpuPodBody(map[string]any{"templateId": "nosuchtmpl"}), 404, "template \"nosuchtmpl\" not found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.do("POST", "/v2/pods", tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
	mustEqual(t, "nothing created", len(jsonArr(t, c.do("GET", "/v2/pods?includeClusterPods=true", nil).object(t)["pods"])), 0)
	mustEqual(t, "no stock taken", gpuStock(f, rtx4090, "POD", "SECURE", "US-KS-2"), 4)

	// A mistyped GPU id reads exactly like missing capacity.
	unknown := c.do("POST", "/v2/pods", gpuPodBody(map[string]any{"gpu": map[string]any{"id": "NVIDIA H100", "count": 1}})).wantProblem(t, 400, "")
	none := c.do("POST", "/v2/pods", gpuPodBody(map[string]any{"gpu": map[string]any{"id": "NVIDIA H200", "count": 1}})).wantProblem(t, 400, "")
	mustEqual(t, "same refusal", strings.Replace(unknown.Detail, "NVIDIA H100", "X", 1), strings.Replace(none.Detail, "NVIDIA H200", "X", 1))
}

func TestPodPlacement(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	place := func(body map[string]any) (dc, cuda any) {
		t.Helper()
		p := c.createPod(body)
		return p["dataCenterId"], p["cudaVersion"]
	}
	type dcCuda struct{ dc, cuda any }
	check := func(name string, body map[string]any, want dcCuda) {
		t.Helper()
		dc, cuda := place(body)
		mustEqual(t, name, dcCuda{dc, cuda}, want)
	}
	// Preference order is honoured; without one the catalog order applies.
	check("preferred", gpuPodBody(map[string]any{"dataCenterIds": []any{"EU-RO-1", "US-KS-2"}}), dcCuda{"EU-RO-1", "12.8"})
	check("any", gpuPodBody(nil), dcCuda{"US-KS-2", "12.8"})
	// CUDA: an exact set picks the highest accepted version; a floor too.
	check("exact cuda", gpuPodBody(map[string]any{"gpu": map[string]any{"id": rtx4090, "count": 1, "allowedCudaVersions": []any{"12.4", "12.6"}}}), dcCuda{"US-KS-2", "12.6"})
	check("floor", gpuPodBody(map[string]any{"gpu": map[string]any{"id": a100, "count": 1, "minCudaVersion": "12.5"}, "dataCenterIds": []any{"CA-MTL-1", "AP-JP-1"}}), dcCuda{"AP-JP-1", "12.6"})
	check("empty set beside a floor", gpuPodBody(map[string]any{"gpu": map[string]any{"id": rtx4090, "count": 1, "allowedCudaVersions": []any{}, "minCudaVersion": "12.0"}}), dcCuda{"US-KS-2", "12.8"})
	check("amd has no cuda", gpuPodBody(map[string]any{"gpu": map[string]any{"id": mi300x, "count": 1}}), dcCuda{"US-TX-3", nil})
	// Machine filters at the host shape's limits (16 vCPUs and 64 GB per
	// RTX 4090) are met; one more is the capacity refusal (TestPodCreateRefusals).
	check("machine filters met", gpuPodBody(map[string]any{"gpu": map[string]any{"id": rtx4090, "count": 1, "minRamPerGpu": 64, "minVcpuCountPerGpu": 16}}), dcCuda{"US-KS-2", "12.8"})
	// A network volume pins the data center.
	vol := f.SeedNetworkVolume(NetworkVolume{Name: "v", Size: 10, DataCenter: "EU-RO-1"})
	check("volume", gpuPodBody(map[string]any{"mounts": map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/data"}}}}), dcCuda{"EU-RO-1", "12.8"})
	// Global networking only lands in globalNetwork data centers.
	g := c.createPod(gpuPodBody(map[string]any{"gpu": map[string]any{"id": "NVIDIA RTX A6000", "count": 1}, "globalNetworking": true,
		"dataCenterIds": []any{"CA-MTL-1", "US-KS-2"}}))
	mustEqual(t, "global dc", g["dataCenterId"], "US-KS-2")
	mustEqual(t, "global networking", g["globalNetworking"], map[string]any{"enabled": true, "ip": "10.66.0.3", "internalDns": jsonStr(t, g["id"]) + ".runpod.internal"})
	// Community cloud uses community stock and price.
	cm := c.createPod(gpuPodBody(map[string]any{"cloud": "COMMUNITY"}))
	mustEqual(t, "community", []any{cm["cloud"], cm["dataCenterId"], cm["cost"]}, []any{"COMMUNITY", "US-KS-2", 0.34})
	mustEqual(t, "community stock", gpuStock(f, rtx4090, "POD", "COMMUNITY", "US-KS-2"), 19)
}

func TestCPUPod(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	before := cpuStockOf(f, "cpu5c", "US-TX-3")
	got := c.createPod(map[string]any{"name": "cpu", "image": "ubuntu", "cpu": map[string]any{"id": "cpu5c", "vcpuCount": 8},
		"mounts": map[string]any{"network": []any{}}})
	if _, ok := got["gpu"]; ok {
		t.Fatalf("CPU pod has a gpu key: %v", got)
	}
	mustEqual(t, "cpu", got["cpu"], map[string]any{"id": "cpu5c", "vcpuCount": float64(8), "memory": float64(16)})
	mustEqual(t, "placed", []any{got["dataCenterId"], got["cudaVersion"], got["cost"], got["mounts"]}, []any{"US-TX-3", nil, 0.28, map[string]any{}})
	mustEqual(t, "gpus in runtime", jsonObj(t, got["runtime"])["gpus"], []any{})
	mustEqual(t, "vCPUs taken", cpuStockOf(f, "cpu5c", "US-TX-3"), before-8)
	c.podAction(jsonStr(t, got["id"]), "stop").wantStatus(t, http.StatusOK)
	mustEqual(t, "vCPUs back", cpuStockOf(f, "cpu5c", "US-TX-3"), before)
}

func TestPodFromTemplate(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	reg := f.SeedRegistry(Registry{Name: "hub", Username: "u", Password: "p"})
	tpl := DefaultTemplate("base", "private/img:1")
	tpl.Args = "sleep infinity"
	tpl.Disk = 30
	tpl.Ports = []string{"8888/http"}
	tpl.Env = map[string]string{"A": "tpl", "B": "tpl"}
	tpl.Registry = &reg.ID
	tpl.Mounts.Persistent = &PersistentMount{Size: 20, Path: "/workspace"}
	tpl.AllowedCudaVersions = []string{"12.4"}
	tpl = f.SeedTemplate(tpl)
	f.SetSSHKeys("ssh-ed25519 AAAA one", "ssh-ed25519 BBBB two")

	got := c.createPod(map[string]any{"name": "from-tpl", "templateId": tpl.ID, "gpu": map[string]any{"id": rtx4090, "count": 1},
		"env": map[string]any{"B": "body", "C": "body"}, "disk": 40})
	env := jsonObj(t, got["env"])
	pw, _ := env["JUPYTER_PASSWORD"].(string)
	if pw == "" {
		t.Fatalf("startJupyter (template default true) did not inject JUPYTER_PASSWORD: %v", env)
	}
	mustEqual(t, "env merged per key, keys injected", env, map[string]any{
		"A": "tpl", "B": "body", "C": "body", "PUBLIC_KEY": "ssh-ed25519 AAAA one\nssh-ed25519 BBBB two", "JUPYTER_PASSWORD": pw,
	})
	mustEqual(t, "template fields", []any{got["image"], got["args"], got["cmd"], got["disk"], got["ports"], got["registry"], got["mounts"], got["template"], got["cudaVersion"]},
		[]any{"private/img:1", "sleep infinity", []any{"sleep", "infinity"}, float64(40), []any{"8888/http"}, reg.ID,
			// template: null (API.md §15: applied once, never linked).
			map[string]any{"persistent": map[string]any{"size": float64(20), "path": "/workspace"}}, nil, "12.4"})
	for _, k := range []string{"startSsh", "startJupyter", "templateId"} {
		if _, ok := got[k]; ok {
			t.Errorf("response carries create-only %q", k)
		}
	}
	// A CUDA field in the body replaces the template's constraint.
	repl := c.createPod(map[string]any{"name": "x", "templateId": tpl.ID, "gpu": map[string]any{"id": rtx4090, "count": 1, "allowedCudaVersions": []any{}}})
	mustEqual(t, "body cuda replaces template's", repl["cudaVersion"], "12.8")
	// CPU pods ignore the template's persistent mount and CUDA list.
	cpu := c.createPod(map[string]any{"name": "x", "templateId": tpl.ID, "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2}})
	mustEqual(t, "cpu pod mounts", cpu["mounts"], map[string]any{})

	// The pods keep the template and the credential in use.
	c.do("DELETE", "/v2/templates/"+tpl.ID, nil).wantProblem(t, 400, "in use")
	c.do("DELETE", "/v2/registries/"+reg.ID, nil).wantProblem(t, 400, "in use")
	for _, id := range []any{got["id"], repl["id"], cpu["id"]} {
		c.do("DELETE", "/v2/pods/"+jsonStr(t, id), nil).wantStatus(t, http.StatusNoContent)
	}
	c.do("DELETE", "/v2/templates/"+tpl.ID, nil).wantStatus(t, http.StatusNoContent)
	c.do("DELETE", "/v2/registries/"+reg.ID, nil).wantStatus(t, http.StatusNoContent)

	// A public catalog template works too, with its registry hidden.
	pub := c.createPod(map[string]any{"name": "torch", "templateId": "runpod-torch-v280", "gpu": map[string]any{"id": rtx4090, "count": 1}})
	mustEqual(t, "public template", []any{pub["template"], pub["registry"], pub["ports"]}, []any{nil, nil, []any{"8888/http", "22/tcp"}})
}

func TestPodStartFlags(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	// No keys registered: startSsh does nothing.
	p := c.createPod(gpuPodBody(map[string]any{"startSsh": true}))
	mustEqual(t, "no keys, no PUBLIC_KEY", p["env"], map[string]any{})
	f.SetSSHKeys("ssh-ed25519 AAAA k")
	p = c.createPod(gpuPodBody(map[string]any{"startSsh": true, "startJupyter": false}))
	mustEqual(t, "PUBLIC_KEY", p["env"], map[string]any{"PUBLIC_KEY": "ssh-ed25519 AAAA k"})
	// A value the request sets wins over the injection.
	p = c.createPod(gpuPodBody(map[string]any{"startSsh": true, "startJupyter": true, "env": map[string]any{"PUBLIC_KEY": "mine", "JUPYTER_PASSWORD": "pw"}}))
	mustEqual(t, "request wins", p["env"], map[string]any{"PUBLIC_KEY": "mine", "JUPYTER_PASSWORD": "pw"})
	p = c.createPod(gpuPodBody(nil))
	mustEqual(t, "flags default false", p["env"], map[string]any{})

	// Without the (undocumented) echo, the injected keys stay in the
	// container only; the body's own keys are returned.
	f.SetInjectedEnvEcho(false)
	p = c.createPod(gpuPodBody(map[string]any{"startSsh": true, "startJupyter": true, "env": map[string]any{"A": "1"}}))
	mustEqual(t, "no echo", p["env"], map[string]any{"A": "1"})
	mustEqual(t, "no echo on read", c.do("GET", "/v2/pods/"+jsonStr(t, p["id"]), nil).wantStatus(t, http.StatusOK).object(t)["env"], map[string]any{"A": "1"})
	p = c.createPod(gpuPodBody(map[string]any{"startJupyter": true, "env": map[string]any{"JUPYTER_PASSWORD": "pw"}}))
	mustEqual(t, "no echo, body's key", p["env"], map[string]any{"JUPYTER_PASSWORD": "pw"})
}

func TestPodActions(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 1, 0)
	newPod := func(status string) string {
		t.Helper()
		id := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"dataCenterIds": []any{"EU-RO-1"}}))["id"])
		if status != PodStatusProvisioning {
			f.SetPodStatus(id, status)
		}
		return id
	}
	cases := []struct {
		status, action string
		code           int
		after          string // status in the 200 answer
	}{
		{"RUNNING", "stop", 200, "EXITED"},
		{"RUNNING", "restart", 200, "STARTING"},
		{"RUNNING", "terminate", 204, ""},
		{"RUNNING", "start", 409, ""},
		{"EXITED", "start", 200, "STARTING"},
		{"EXITED", "terminate", 204, ""},
		{"EXITED", "stop", 409, ""},
		{"EXITED", "restart", 409, ""},
		{"ERROR", "start", 200, "STARTING"},
		{"ERROR", "terminate", 204, ""},
		{"ERROR", "stop", 409, ""},
		{"PROVISIONING", "stop", 200, "EXITED"},
		{"PROVISIONING", "terminate", 204, ""},
		{"PROVISIONING", "restart", 409, ""},
		{"STARTING", "stop", 200, "EXITED"},
		{"STARTING", "start", 409, ""},
	}
	for _, tc := range cases {
		t.Run(tc.status+"/"+tc.action, func(t *testing.T) {
			id := newPod(tc.status)
			r := c.podAction(id, tc.action)
			switch tc.code {
			case 200:
				got := r.wantStatus(t, 200).object(t)
				mustEqual(t, "status", got["status"], tc.after)
			case 204:
				r.wantStatus(t, 204)
				mustEqual(t, "no body", len(r.body), 0)
				c.do("GET", "/v2/pods/"+id, nil).wantProblem(t, 404, "pod not found")
			default:
				r.wantProblem(t, tc.code, "not valid for a pod in status "+tc.status)
			}
		})
	}
}

func TestPodActionStockAndLocks(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	stock := func() int { return gpuStock(f, rtx4090, "POD", "SECURE", "EU-RO-1") }
	before := stock()
	id := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"gpu": map[string]any{"id": rtx4090, "count": 2}, "dataCenterIds": []any{"EU-RO-1"}}))["id"])
	mustEqual(t, "taken", stock(), before-2)

	// Stop frees the GPUs and the cost drops to 0.
	stopped := c.podAction(id, "stop").wantStatus(t, 200).object(t)
	mustEqual(t, "stopped", []any{stopped["status"], stopped["cost"], stopped["runtime"]}, []any{"EXITED", float64(0), nil})
	mustEqual(t, "freed", stock(), before)
	if jsonObj(t, stopped["ssh"])["proxy"] == nil {
		t.Error("a stopped pod keeps its machine, so its proxy")
	}

	// Start needs the GPUs free again in that data center.
	f.SetGPUStock(rtx4090, "POD", "SECURE", "EU-RO-1", 1)
	c.podAction(id, "start").wantProblem(t, 400, "There are no instances currently available")
	mustEqual(t, "still exited", f.mustPod(t, id).Status, PodStatusExited)
	f.SetGPUStock(rtx4090, "POD", "SECURE", "EU-RO-1", 2)
	started := c.podAction(id, "start").wantStatus(t, 200).object(t)
	mustEqual(t, "started", []any{started["status"], started["cost"]}, []any{"RUNNING", 0.69 * 2})
	mustEqual(t, "retaken", stock(), 0)

	// A locked pod refuses stop and restart, not terminate.
	c.do("PATCH", "/v2/pods/"+id, map[string]any{"locked": true}).wantStatus(t, 200)
	c.podAction(id, "stop").wantProblem(t, 409, "locked")
	c.podAction(id, "restart").wantProblem(t, 409, "locked")
	c.podAction(id, "terminate").wantStatus(t, 204)
	mustEqual(t, "returned on terminate", stock(), 2)

	// Schema and lookup refusals.
	other := jsonStr(t, c.createPod(gpuPodBody(nil))["id"])
	c.do("POST", "/v2/pods/"+other+"/action", map[string]any{"action": "reset"}).wantProblem(t, 422, "$.action: value must be one of")
	c.do("POST", "/v2/pods/"+other+"/action", map[string]any{}).wantProblem(t, 422, "missing property 'action'")
	c.do("POST", "/v2/pods/"+other+"/action", map[string]any{"action": "stop", "force": true}).wantProblem(t, 422, "'force' not allowed")
	c.podAction("nosuchpod0", "stop").wantProblem(t, 404, "pod not found")
}

func (f *Fake) mustPod(t *testing.T, id string) Pod {
	t.Helper()
	p, ok := f.Pod(id)
	if !ok {
		t.Fatalf("pod %s not found", id)
	}
	return p
}

func TestPodRestartAppliesGlobalNetworking(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	id := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"dataCenterIds": []any{"EU-RO-1"}}))["id"])
	got := c.do("PATCH", "/v2/pods/"+id, map[string]any{"globalNetworking": true}).wantStatus(t, 200).object(t)
	mustEqual(t, "not live", got["globalNetworking"], map[string]any{"enabled": false})
	got = c.podAction(id, "restart").wantStatus(t, 200).object(t)
	mustEqual(t, "after restart", jsonObj(t, got["globalNetworking"])["enabled"], true)
	c.do("PATCH", "/v2/pods/"+id, map[string]any{"globalNetworking": false}).wantStatus(t, 200)
	c.podAction(id, "stop").wantStatus(t, 200)
	got = c.podAction(id, "start").wantStatus(t, 200).object(t)
	mustEqual(t, "off after start", got["globalNetworking"], map[string]any{"enabled": false})

	ca := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"dataCenterIds": []any{"CA-MTL-1"}, "cloud": "COMMUNITY"}))["id"])
	c.do("PATCH", "/v2/pods/"+ca, map[string]any{"globalNetworking": true}).wantProblem(t, 400, "not available in data center CA-MTL-1")
	cpu := jsonStr(t, c.createPod(map[string]any{"name": "c", "image": "i", "cpu": map[string]any{"id": "cpu3c", "vcpuCount": 2}})["id"])
	c.do("PATCH", "/v2/pods/"+cpu, map[string]any{"globalNetworking": true}).wantProblem(t, 400, "NVIDIA GPU")
}

func TestPodUpdate(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	reg := f.SeedRegistry(Registry{Name: "hub", Username: "u", Password: "p"})
	reg2 := f.SeedRegistry(Registry{Name: "hub2", Username: "u", Password: "p"})
	id := jsonStr(t, c.createPod(gpuPodBody(map[string]any{
		"ports": []any{"22/tcp"}, "env": map[string]any{"A": "1", "B": "2"}, "registry": reg.ID, "args": "sleep 1",
		"mounts": map[string]any{"persistent": map[string]any{"size": 20, "path": "/workspace"}},
	}))["id"])
	path := "/v2/pods/" + id

	got := c.do("PATCH", path, map[string]any{}).wantStatus(t, 200).object(t)
	mustEqual(t, "empty patch changes nothing", []any{got["name"], got["env"], got["ports"], got["registry"]},
		[]any{"p", map[string]any{"A": "1", "B": "2"}, []any{"22/tcp"}, reg.ID})
	got = c.do("PATCH", path, map[string]any{
		"name": "renamed", "image": "img:2", "disk": 70, "env": map[string]any{"C": "3"}, "ports": []any{"22/tcp", "9000/tcp"},
		"registry": reg2.ID, "locked": true, "entrypoint": []any{"python"}, "mounts": map[string]any{"persistent": map[string]any{"size": 20, "path": "/data"}},
	}).wantStatus(t, 200).object(t)
	mustEqual(t, "patched", []any{got["name"], got["image"], got["disk"], got["env"], got["registry"], got["locked"], got["entrypoint"], got["cmd"], got["mounts"]},
		[]any{"renamed", "img:2", float64(70), map[string]any{"C": "3"}, reg2.ID, true, []any{"python"}, []any{"sleep", "1"},
			map[string]any{"persistent": map[string]any{"size": float64(20), "path": "/data"}}})
	ports := jsonArr(t, jsonObj(t, got["runtime"])["ports"])
	mustEqual(t, "new port mapped on a running pod", jsonObj(t, ports[1])["public"] != nil, true)
	// The credential in use moved with the PATCH.
	c.do("DELETE", "/v2/registries/"+reg.ID, nil).wantStatus(t, 204)
	c.do("DELETE", "/v2/registries/"+reg2.ID, nil).wantProblem(t, 400, "in use")
	got = c.do("PATCH", path, map[string]any{"registry": nil, "ports": []any{}, "env": map[string]any{}, "mounts": map[string]any{}}).wantStatus(t, 200).object(t)
	mustEqual(t, "cleared", []any{got["registry"], got["ports"], got["env"], got["mounts"]},
		[]any{nil, []any{}, map[string]any{}, map[string]any{"persistent": map[string]any{"size": float64(20), "path": "/data"}}})
	c.do("DELETE", "/v2/registries/"+reg2.ID, nil).wantStatus(t, 204)

	// templateId applies the template's container fields once, env merged.
	tpl := f.SeedTemplate(Template{Name: "t", Image: "tpl-img", Disk: 15, Env: map[string]string{"T": "t", "C": "t"}, Ports: []string{"80/http"},
		Mounts: TemplateMounts{Persistent: &PersistentMount{Size: 50, Path: "/x"}}})
	got = c.do("PATCH", path, map[string]any{"templateId": tpl.ID, "env": map[string]any{"C": "body"}, "disk": 25}).wantStatus(t, 200).object(t)
	mustEqual(t, "template applied", []any{got["image"], got["disk"], got["env"], got["ports"], got["template"], got["mounts"]},
		[]any{"tpl-img", float64(25), map[string]any{"T": "t", "C": "body"}, []any{"80/http"}, nil,
			map[string]any{"persistent": map[string]any{"size": float64(20), "path": "/data"}}})

	vol := f.SeedNetworkVolume(NetworkVolume{Name: "v", Size: 10, DataCenter: "US-KS-2"})
	vol2 := f.SeedNetworkVolume(NetworkVolume{Name: "v2", Size: 10, DataCenter: "US-KS-2"})
	netPod := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"mounts": map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/n"}}}}))["id"])
	bare := jsonStr(t, c.createPod(gpuPodBody(nil))["id"])
	serverless := f.SeedTemplate(Template{Name: "s", Image: "i", Serverless: true})
	persistent := map[string]any{"persistent": map[string]any{"size": 20, "path": "/w"}}
	network := func(vid string) map[string]any {
		return map[string]any{"network": []any{map[string]any{"volumeId": vid, "path": "/m"}}}
	}
	cases := []struct {
		name   string
		pod    string
		body   map[string]any
		status int
		want   string
	}{
		{"gpu is immutable", id, map[string]any{"gpu": map[string]any{"id": rtx4090}}, 422, "'gpu' not allowed"},
		{"cloud is immutable", id, map[string]any{"cloud": "SECURE"}, 422, "'cloud' not allowed"},
		{"startSsh is create-only", id, map[string]any{"startSsh": true}, 422, "'startSsh' not allowed"},
		{"empty name", id, map[string]any{"name": ""}, 422, "minLength"},
		{"disk 0", id, map[string]any{"disk": 0}, 422, "minimum"},
		{"serverless template", id, map[string]any{"templateId": serverless.ID}, 422, "is a serverless template"},
		{"unknown template", id, map[string]any{"templateId": "nosuchtmpl"}, 404, "not found"},
		{"unknown pod", "nosuchpod0", map[string]any{"name": "x"}, 404, "pod not found"},
		{"bad port", id, map[string]any{"ports": []any{"x"}}, 400, "invalid port"},
		{"unknown registry", id, map[string]any{"registry": "nosuchreg0"}, 400, "not found"},
		{"empty image", id, map[string]any{"image": ""}, 400, "image must not be empty"},
		{"network on persistent pod", id, map[string]any{"mounts": network(vol.ID)}, 400, "mount kind is fixed"},
		{"persistent on network pod", netPod, map[string]any{"mounts": persistent}, 400, "mount kind is fixed"},
		{"mount on mountless pod", bare, map[string]any{"mounts": persistent}, 400, "mount kind is fixed"},
		{"network []", netPod, map[string]any{"mounts": map[string]any{"network": []any{}}}, 400, "[] is not allowed"},
		{"other volume", netPod, map[string]any{"mounts": network(vol2.ID)}, 400, "immutable"},
		{"both kinds", netPod, map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 20, "path": "/w"}, "network": []any{map[string]any{"volumeId": vol.ID, "path": "/m"}}}}, 400, "not both"},
		{"resize persistent", id, map[string]any{"mounts": map[string]any{"persistent": map[string]any{"size": 30, "path": "/data"}}}, 400, "cannot be changed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.do("PATCH", "/v2/pods/"+tc.pod, tc.body).wantProblem(t, tc.status, tc.want)
		})
	}
	got = c.do("PATCH", "/v2/pods/"+netPod, map[string]any{"mounts": network(vol.ID)}).wantStatus(t, 200).object(t)
	mustEqual(t, "network path changed", got["mounts"], map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/m"}}})
}

func TestPodDeleteReleasesVolume(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	vol := f.SeedNetworkVolume(NetworkVolume{Name: "v", Size: 10, DataCenter: "EU-RO-1"})
	id := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"mounts": map[string]any{"network": []any{map[string]any{"volumeId": vol.ID, "path": "/n"}}}}))["id"])
	c.do("DELETE", "/v2/network-volumes/"+vol.ID, nil).wantProblem(t, 400, id)
	r := c.do("DELETE", "/v2/pods/"+id, nil).wantStatus(t, 204)
	mustEqual(t, "empty 204", len(r.body), 0)
	c.do("GET", "/v2/pods/"+id, nil).wantProblem(t, 404, "pod not found")
	c.do("DELETE", "/v2/pods/"+id, nil).wantProblem(t, 404, "pod not found")
	c.do("DELETE", "/v2/network-volumes/"+vol.ID, nil).wantStatus(t, 204)
}

func TestListPods(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 2, 0)
	a := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"name": "a"}))["id"])
	b := jsonStr(t, c.createPod(gpuPodBody(map[string]any{"name": "b"}))["id"])
	cl := c.createCluster(clusterBody2x(nil))
	ids := func(q string) []string {
		t.Helper()
		var out []string
		for _, p := range jsonArr(t, c.do("GET", "/v2/pods"+q, nil).wantStatus(t, 200).object(t)["pods"]) {
			out = append(out, jsonStr(t, jsonObj(t, p)["id"]))
		}
		return out
	}
	mustEqual(t, "standalone only", ids(""), []string{a, b})
	mustEqual(t, "explicit false", ids("?includeClusterPods=false"), []string{a, b})
	members := ids("?includeClusterPods=true")
	mustEqual(t, "with members", len(members), 4)
	m, _ := f.Pod(members[2])
	mustEqual(t, "member carries its cluster", m.Cluster != nil && m.Cluster.ID == cl["id"], true)
	c.do("GET", "/v2/pods?includeClusterPods=yes", nil).wantProblem(t, 422, "not a boolean")
	// Lists count as reads: a and b (start delay 2) run after two lists.
	mustEqual(t, "listing advances", f.mustPod(t, a).Status, PodStatusRunning)
}

func TestPodHooks(t *testing.T) {
	t.Parallel()
	f, c, clk := newComputeClient(t, 2, 0)
	tpl := f.SeedTemplate(Template{Name: "t", Image: "i"})
	seeded := f.SeedPod(Pod{Name: "console", Image: "img", GPU: &PodGPU{ID: h100, Count: 2}, Ports: []string{"22/tcp"}, Template: &tpl.ID})
	mustEqual(t, "seeded", []any{seeded.Status, *seeded.DataCenterID, *seeded.CudaVersion, seeded.Cost, seeded.Disk, seeded.SSH.Direct != nil, seeded.CreatedAt.Equal(clockStart)},
		[]any{PodStatusRunning, "US-TX-3", "12.9", 5.98, DefaultPodDisk, true, true})
	mustEqual(t, "seed took stock", gpuStock(f, h100, "POD", "SECURE", "US-TX-3"), 30)
	c.do("DELETE", "/v2/templates/"+tpl.ID, nil).wantProblem(t, 400, "in use")
	mustEqual(t, "API sees it", c.getPod(seeded.ID)["name"], "console")

	// Out-of-band edits show on the next read.
	mustEqual(t, "update", f.UpdatePod(seeded.ID, func(p *Pod) { p.Name = "edited"; p.Env = map[string]string{"X": "1"}; p.Cmd = []string{"a", "b"} }), true)
	got := c.getPod(seeded.ID)
	mustEqual(t, "drift", []any{got["name"], got["env"], got["args"]}, []any{"edited", map[string]any{"X": "1"}, `{"cmd":["a","b"]}`})

	// Status changes: ERROR keeps billing, EXITED frees the GPUs.
	f.SetPodStatus(seeded.ID, PodStatusError)
	got = c.getPod(seeded.ID)
	mustEqual(t, "error", []any{got["status"], got["actions"], got["cost"], got["runtime"]}, []any{"ERROR", []any{"start", "terminate"}, 5.98, nil})
	f.SetPodStatus(seeded.ID, PodStatusExited)
	mustEqual(t, "freed", gpuStock(f, h100, "POD", "SECURE", "US-TX-3"), 32)
	f.SetPodStatus(seeded.ID, PodStatusStarting)
	mustEqual(t, "starting", c.getPod(seeded.ID)["status"], "STARTING")
	clk.advance(time.Minute)
	mustEqual(t, "running after the delay", c.getPod(seeded.ID)["status"], "RUNNING")
	clk.advance(time.Minute)
	f.SetPodStatus(seeded.ID, PodStatusRunning)
	mustEqual(t, "restarted at the new time", c.getPod(seeded.ID)["startedAt"], "2026-06-01T12:02:00Z")

	mustEqual(t, "delete", f.DeletePod(seeded.ID), true)
	mustEqual(t, "delete again", f.DeletePod(seeded.ID), false)
	mustEqual(t, "returned", gpuStock(f, h100, "POD", "SECURE", "US-TX-3"), 32)
	c.do("GET", "/v2/pods/"+seeded.ID, nil).wantProblem(t, 404, "")
	c.do("DELETE", "/v2/templates/"+tpl.ID, nil).wantStatus(t, 204)

	cpu := f.SeedPod(Pod{ID: "seededcpu1", Name: "c", Image: "i", CPU: &PodCPU{ID: "cpu3g", VCPUCount: 4}, Status: PodStatusExited})
	mustEqual(t, "seeded cpu", []any{cpu.ID, *cpu.DataCenterID, cpu.CPU.Memory, cpu.Cost, cpu.CudaVersion == nil}, []any{"seededcpu1", "CA-MTL-1", 16, 0.0, true})
	mustEqual(t, "terminated removes", f.SetPodStatus(cpu.ID, PodStatusTerminated), true)
	mustEqual(t, "unknown", f.SetPodStatus(cpu.ID, PodStatusRunning), false)
}
