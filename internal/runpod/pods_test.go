package runpod

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// podJSON is a running GPU pod with every field the API returns, including
// the [newer-docs] entrypoint/cmd and gpu.vcpuCount/memory.
const podJSON = `{
	"id":"7h9k2m4n6p","name":"trainer","image":"runpod/pytorch:2","args":"{\"entrypoint\":[\"python\"],\"cmd\":[\"train.py\"]}",
	"entrypoint":["python"],"cmd":["train.py"],"disk":50,"ports":["8888/http","22/tcp"],"env":{"A":"1"},"registry":"6n2k8v4d",
	"status":"RUNNING","actions":["stop","restart","terminate"],
	"mounts":{"network":[{"volumeId":"agv6w2qcg7","path":"/data"}]},
	"gpu":{"id":"NVIDIA GeForce RTX 4090","count":2,"vcpuCount":32,"memory":128},
	"cloud":"SECURE","dataCenterId":"US-KS-2","cudaVersion":"12.8",
	"ssh":{"proxy":{"host":"ssh.runpod.io","port":22,"username":"7h9k2m4n6p-64411eb2","command":"ssh 7h9k2m4n6p-64411eb2@ssh.runpod.io"},
	       "direct":{"host":"203.0.113.1","port":20000,"username":"root","command":"ssh root@203.0.113.1 -p 20000"}},
	"cluster":{"id":"5c2n8m4q","rank":0,"role":"SLURM_CONTROLLER","ip":"10.65.0.2"},
	"template":"9x4m2p7v","cost":1.38,"locked":true,
	"globalNetworking":{"enabled":true,"ip":"10.66.0.3","internalDns":"7h9k2m4n6p.runpod.internal"},
	"runtime":{"uptime":90,"gpus":[{"util":94,"memoryUtil":78},{"util":0,"memoryUtil":0}],"cpu":{"util":45},"memory":{"util":12},
	           "ports":[{"private":8888,"public":null,"type":"http","ip":null},{"private":22,"public":20000,"type":"tcp","ip":"203.0.113.1"}]},
	"createdAt":"2026-06-01T12:00:00Z","startedAt":"2026-06-01T12:00:30Z","someFutureField":true}`

func TestPodDecoding(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, podJSON)
	})
	p, err := c.GetPod(t.Context(), "7h9k2m4n6p")
	if err != nil {
		t.Fatalf("GetPod: %v", err)
	}
	rank := 0
	want := &Pod{
		ID: "7h9k2m4n6p", Name: "trainer", Image: "runpod/pytorch:2", Args: `{"entrypoint":["python"],"cmd":["train.py"]}`,
		Entrypoint: []string{"python"}, Cmd: []string{"train.py"}, Disk: 50, Ports: []string{"8888/http", "22/tcp"},
		Env: map[string]string{"A": "1"}, Registry: ptr("6n2k8v4d"), Status: PodStatusRunning,
		Actions: []string{PodActionStop, PodActionRestart, PodActionTerminate},
		Mounts:  Mounts{Network: []NetworkMount{{VolumeID: "agv6w2qcg7", Path: "/data"}}},
		GPU:     &PodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 2, VCPUCount: 32, Memory: 128},
		Cloud:   CloudSecure, DataCenterID: ptr("US-KS-2"), CudaVersion: ptr("12.8"),
		SSH: PodSSH{
			Proxy:  &SSHEndpoint{Host: "ssh.runpod.io", Port: 22, Username: "7h9k2m4n6p-64411eb2", Command: "ssh 7h9k2m4n6p-64411eb2@ssh.runpod.io"},
			Direct: &SSHEndpoint{Host: "203.0.113.1", Port: 20000, Username: "root", Command: "ssh root@203.0.113.1 -p 20000"},
		},
		Cluster:  &PodCluster{ID: "5c2n8m4q", Rank: &rank, Role: "SLURM_CONTROLLER", IP: "10.65.0.2"},
		Template: ptr("9x4m2p7v"), Cost: 1.38, Locked: true,
		GlobalNetworking: GlobalNetworking{Enabled: true, IP: "10.66.0.3", InternalDNS: "7h9k2m4n6p.runpod.internal"},
		Runtime: &PodRuntime{
			Uptime: 90, GPUs: []GPUUtilization{{Util: 94, MemoryUtil: 78}, {}},
			CPU: &Utilization{Util: 45}, Memory: &Utilization{Util: 12},
			Ports: []PortMapping{{Private: 8888, Type: "http"}, {Private: 22, Public: ptr(20000), Type: "tcp", IP: ptr("203.0.113.1")}},
		},
		CreatedAt: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC),
		StartedAt: ptr(time.Date(2026, 6, 1, 12, 0, 30, 0, time.UTC)),
	}
	if !reflect.DeepEqual(p, want) {
		got, _ := json.Marshal(p)
		exp, _ := json.Marshal(want)
		t.Errorf("decoded\n got  %s\n want %s", got, exp)
	}
}

func TestPodDecodingNullsAndCPU(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"id":"p","name":"n","image":"i","args":"","disk":50,"ports":[],"env":{},"registry":null,
			"status":"PROVISIONING","actions":["stop","terminate"],"mounts":{},"cpu":{"id":"cpu5c","vcpuCount":8,"memory":16},
			"cloud":"SECURE","dataCenterId":null,"cudaVersion":null,"ssh":{"proxy":null,"direct":null},"template":null,
			"cost":0.28,"locked":false,"globalNetworking":{"enabled":false},"runtime":null,"createdAt":"2026-06-01T12:00:00Z","startedAt":null}`)
	})
	p, err := c.GetPod(t.Context(), "p")
	if err != nil {
		t.Fatalf("GetPod: %v", err)
	}
	if p.GPU != nil || p.CPU == nil || *p.CPU != (PodCPU{ID: "cpu5c", VCPUCount: 8, Memory: 16}) {
		t.Errorf("compute: gpu %v cpu %v", p.GPU, p.CPU)
	}
	if p.Registry != nil || p.DataCenterID != nil || p.CudaVersion != nil || p.SSH.Proxy != nil || p.SSH.Direct != nil ||
		p.Template != nil || p.Runtime != nil || p.StartedAt != nil || p.Cluster != nil || p.Mounts.Persistent != nil || p.Mounts.Network != nil {
		t.Errorf("nulls not kept as nil: %+v", p)
	}
}

// TestPodTypesMatchSpec checks every JSON name of the pod types against the
// spec's schemas. The allowances are [newer-docs] fields (API.md).
func TestPodTypesMatchSpec(t *testing.T) {
	checkSpecFields(t, reflect.TypeOf(Pod{}), "Pod",
		"Pod.entrypoint", "Pod.cmd", "Pod.gpu.vcpuCount", "Pod.gpu.memory")
	checkSpecFields(t, reflect.TypeOf(CreatePodRequest{}), "CreatePodRequest",
		"CreatePodRequest.entrypoint", "CreatePodRequest.cmd",
		"CreatePodRequest.gpu.minRamPerGpu", "CreatePodRequest.gpu.minVcpuCountPerGpu")
	checkSpecFields(t, reflect.TypeOf(UpdatePodRequest{}), "UpdatePodRequest",
		"UpdatePodRequest.entrypoint", "UpdatePodRequest.cmd")
	checkSpecFields(t, reflect.TypeOf(struct {
		Pods []Pod `json:"pods"`
	}{}), "ListPodsResponse", ".pods[].entrypoint", ".pods[].cmd", ".pods[].gpu.vcpuCount", ".pods[].gpu.memory")
	mustParams(t, "GET", "/v2/pods", []string{"includeClusterPods"})
}

func mustParams(t *testing.T, method, path string, want []string) {
	t.Helper()
	if got := specQueryParams(t, method, path); !reflect.DeepEqual(got, want) {
		t.Errorf("%s %s query parameters in the spec: %v, the client sends %v", method, path, got, want)
	}
}

func TestCreatePodRequestEncoding(t *testing.T) {
	tests := []struct {
		name string
		req  CreatePodRequest
		want string
	}{
		{
			"minimal GPU",
			CreatePodRequest{Name: "p", Image: "i", GPU: &CreatePodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 1}},
			`{"name":"p","image":"i","gpu":{"id":"NVIDIA GeForce RTX 4090","count":1}}`,
		},
		{
			"template only: no image",
			CreatePodRequest{Name: "p", TemplateID: "9x4m2p7v", CPU: &CreatePodCPU{ID: "cpu5c", VCPUCount: 4}},
			`{"name":"p","cpu":{"id":"cpu5c","vcpuCount":4},"templateId":"9x4m2p7v"}`,
		},
		{
			"everything",
			CreatePodRequest{
				Name: "p", Image: "i", Args: ptr(""), Entrypoint: []string{"sh"}, Cmd: []string{"-c", "x"}, Disk: ptr(20),
				Env: map[string]string{"A": "1"}, Ports: []string{"22/tcp"}, Registry: ptr("r"), Cloud: CloudCommunity,
				GPU:           &CreatePodGPU{ID: "g", Count: 2, AllowedCudaVersions: []string{"12.8"}, MinRAMPerGPU: 32, MinVCPUCountPerGPU: 8},
				DataCenterIDs: []string{"US-KS-2"}, GlobalNetworking: ptr(false),
				Mounts:   &Mounts{Network: []NetworkMount{{VolumeID: "v", Path: "/data"}}},
				StartSSH: ptr(true), StartJupyter: ptr(false),
			},
			`{"name":"p","image":"i","args":"","entrypoint":["sh"],"cmd":["-c","x"],"disk":20,"env":{"A":"1"},"ports":["22/tcp"],` +
				`"registry":"r","cloud":"COMMUNITY","gpu":{"id":"g","count":2,"allowedCudaVersions":["12.8"],"minRamPerGpu":32,"minVcpuCountPerGpu":8},` +
				`"dataCenterIds":["US-KS-2"],"globalNetworking":false,"mounts":{"network":[{"volumeId":"v","path":"/data"}]},"startSsh":true,"startJupyter":false}`,
		},
		{
			"empty CUDA set is sent: it drops a template's list",
			CreatePodRequest{Name: "p", TemplateID: "t", GPU: &CreatePodGPU{ID: "g", Count: 1, AllowedCudaVersions: []string{}, MinCudaVersion: "12.4"}},
			`{"name":"p","gpu":{"id":"g","count":1,"allowedCudaVersions":[],"minCudaVersion":"12.4"},"templateId":"t"}`,
		},
		{
			"persistent mount, empty env and ports sent",
			CreatePodRequest{Name: "p", Image: "i", GPU: &CreatePodGPU{ID: "g", Count: 1}, Env: map[string]string{}, Ports: []string{},
				Mounts: &Mounts{Persistent: &PersistentMount{Size: 20, Path: "/workspace"}}},
			`{"name":"p","image":"i","env":{},"ports":[],"gpu":{"id":"g","count":1},"mounts":{"persistent":{"size":20,"path":"/workspace"}}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.req)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestUpdatePodRequestEncoding(t *testing.T) {
	tests := []struct {
		name string
		req  UpdatePodRequest
		want string
	}{
		{"nothing", UpdatePodRequest{}, `{}`},
		{
			"values",
			UpdatePodRequest{
				Name: Set("n"), Image: Set("i"), Disk: Set(30), Env: Set(map[string]string{"A": "1"}), Ports: Set([]string{"22/tcp"}),
				Registry: Set(ptr("r")), Locked: Set(false), GlobalNetworking: Set(true), TemplateID: Set("t"),
				Mounts: Set(Mounts{Persistent: &PersistentMount{Size: 20, Path: "/data"}}),
			},
			`{"name":"n","image":"i","disk":30,"env":{"A":"1"},"ports":["22/tcp"],"registry":"r","locked":false,` +
				`"globalNetworking":true,"mounts":{"persistent":{"size":20,"path":"/data"}},"templateId":"t"}`,
		},
		{
			"clearing",
			UpdatePodRequest{Args: Set(""), Entrypoint: Set[[]string](nil), Cmd: Set([]string{}), Env: Set[map[string]string](nil),
				Ports: Set[[]string](nil), Registry: Set[*string](nil)},
			`{"args":"","entrypoint":[],"cmd":[],"env":{},"ports":[],"registry":null}`,
		},
		{
			"network path",
			UpdatePodRequest{Mounts: Set(Mounts{Network: []NetworkMount{{VolumeID: "v", Path: "/new"}}})},
			`{"mounts":{"network":[{"volumeId":"v","path":"/new"}]}}`,
		},
		{"empty mounts leave it", UpdatePodRequest{Mounts: Set(Mounts{})}, `{"mounts":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.req)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

type recordedCall struct{ method, path, query, body string }

// recordingServer answers each request with respond and records it.
func recordingServer(t *testing.T, respond func(w http.ResponseWriter, r *http.Request)) (*Client, *[]recordedCall) {
	t.Helper()
	var calls []recordedCall
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("reading body: %v", err)
		}
		calls = append(calls, recordedCall{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, string(b)})
		respond(w, r)
	})
	return c, &calls
}

func wantCalls(t *testing.T, got, want []recordedCall) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("calls:\n got  %+v\n want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("call %d:\n got  %+v\n want %+v", i, got[i], want[i])
		}
	}
}

func TestPodCalls(t *testing.T) {
	c, calls := recordingServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/v2/pods" && r.Method == http.MethodGet:
			_, _ = io.WriteString(w, `{"pods":[`+podJSON+`]}`)
		case strings.HasSuffix(r.URL.Path, "/gone"):
			writeProblem(t, w, http.StatusNotFound, "pod not found")
		case strings.HasSuffix(r.URL.Path, "/member"), strings.HasSuffix(r.URL.Path, "/member/action"):
			writeProblem(t, w, http.StatusConflict, "Pod belongs to a cluster and cannot be modified via the pod endpoints")
		case r.Method == http.MethodPost && r.URL.Path == "/v2/pods":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusCreated)
			_, _ = io.WriteString(w, podJSON)
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		default:
			_, _ = io.WriteString(w, podJSON)
		}
	})
	ctx := t.Context()
	if pods, err := c.ListPods(ctx, false); err != nil || len(pods) != 1 || pods[0].ID != "7h9k2m4n6p" {
		t.Fatalf("ListPods = %v, %v", pods, err)
	}
	if _, err := c.ListPods(ctx, true); err != nil {
		t.Fatalf("ListPods(true): %v", err)
	}
	if _, err := c.GetPod(ctx, "7h9k2m4n6p"); err != nil {
		t.Fatalf("GetPod: %v", err)
	}
	if _, err := c.GetPod(ctx, "gone"); !IsNotFound(err) {
		t.Fatalf("GetPod(gone) = %v", err)
	}
	if _, err := c.CreatePod(ctx, CreatePodRequest{Name: "p", Image: "i", GPU: &CreatePodGPU{ID: "NVIDIA GeForce RTX 4090"}}); err != nil {
		t.Fatalf("CreatePod: %v", err)
	}
	if _, err := c.UpdatePod(ctx, "7h9k2m4n6p", UpdatePodRequest{Name: Set("x"), Registry: Set[*string](nil)}); err != nil {
		t.Fatalf("UpdatePod: %v", err)
	}
	if _, err := c.UpdatePod(ctx, "member", UpdatePodRequest{Name: Set("x")}); !IsConflict(err) {
		t.Fatalf("UpdatePod(member) = %v", err)
	}
	if err := c.DeletePod(ctx, "7h9k2m4n6p"); err != nil {
		t.Fatalf("DeletePod: %v", err)
	}
	if err := c.DeletePod(ctx, "member"); !IsConflict(err) {
		t.Fatalf("DeletePod(member) = %v", err)
	}
	wantCalls(t, *calls, []recordedCall{
		{"GET", "/v2/pods", "", ""},
		{"GET", "/v2/pods", "includeClusterPods=true", ""},
		{"GET", "/v2/pods/7h9k2m4n6p", "", ""},
		{"GET", "/v2/pods/gone", "", ""},
		// count 0 goes out as 1: omitting it has failed placement.
		{"POST", "/v2/pods", "", `{"name":"p","image":"i","gpu":{"id":"NVIDIA GeForce RTX 4090","count":1}}`},
		{"PATCH", "/v2/pods/7h9k2m4n6p", "", `{"name":"x","registry":null}`},
		{"PATCH", "/v2/pods/member", "", `{"name":"x"}`},
		{"DELETE", "/v2/pods/7h9k2m4n6p", "", ""},
		{"DELETE", "/v2/pods/member", "", ""},
	})
}

func TestPodAction(t *testing.T) {
	c, calls := recordingServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v2/pods/p1/action":
			_, _ = io.WriteString(w, podJSON)
		case "/v2/pods/gone/action":
			w.WriteHeader(http.StatusNoContent)
		case "/v2/pods/busy/action":
			writeProblem(t, w, http.StatusConflict, "Action start is not valid for a pod in status RUNNING")
		case "/v2/pods/full/action":
			writeProblem(t, w, http.StatusBadRequest, "There are no instances currently available for 2x NVIDIA GeForce RTX 4090")
		case "/v2/pods/odd/action":
			w.WriteHeader(http.StatusNoContent) // no pod where one was promised
		}
	})
	ctx := t.Context()
	for _, a := range []string{PodActionStart, PodActionStop, PodActionRestart} {
		p, err := c.PodAction(ctx, "p1", a)
		if err != nil || p == nil || p.ID != "7h9k2m4n6p" {
			t.Fatalf("PodAction(%s) = %v, %v", a, p, err)
		}
	}
	if p, err := c.PodAction(ctx, "gone", PodActionTerminate); err != nil || p != nil {
		t.Fatalf("terminate = %v, %v; want nil, nil", p, err)
	}
	if _, err := c.PodAction(ctx, "busy", PodActionStart); !IsConflict(err) {
		t.Fatalf("invalid action = %v, want 409", err)
	}
	if _, err := c.PodAction(ctx, "full", PodActionStart); !IsCapacity(err) {
		t.Fatalf("start without capacity = %v, want IsCapacity", err)
	}
	if _, err := c.PodAction(ctx, "odd", PodActionStop); !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("stop answered 204 = %v, want ErrAmbiguous", err)
	}
	if _, err := c.PodAction(ctx, "", PodActionStop); err == nil {
		t.Fatal("empty id accepted")
	}
	wantCalls(t, *calls, []recordedCall{
		{"POST", "/v2/pods/p1/action", "", `{"action":"start"}`},
		{"POST", "/v2/pods/p1/action", "", `{"action":"stop"}`},
		{"POST", "/v2/pods/p1/action", "", `{"action":"restart"}`},
		{"POST", "/v2/pods/gone/action", "", `{"action":"terminate"}`},
		{"POST", "/v2/pods/busy/action", "", `{"action":"start"}`},
		{"POST", "/v2/pods/full/action", "", `{"action":"start"}`},
		{"POST", "/v2/pods/odd/action", "", `{"action":"stop"}`},
	})
}

// TestComputeCreatesNeverRetried: a create or an action that fails after
// being sent (5xx, dropped connection) is sent once and reported as
// ambiguous, so the caller looks for the pod or cluster instead of making a
// second one.
func TestComputeCreatesNeverRetried(t *testing.T) {
	calls := map[string]func(*Client) error{
		"CreatePod": func(c *Client) error {
			_, err := c.CreatePod(t.Context(), CreatePodRequest{Name: "p", Image: "i", GPU: &CreatePodGPU{ID: "g", Count: 1}})
			return err
		},
		"CreateCluster": func(c *Client) error {
			_, err := c.CreateCluster(t.Context(), CreateClusterRequest{Name: "c", Type: ClusterTypeTraining, Image: "i",
				Compute: ClusterCompute{GPUTypeID: "g", GPUCountPerPod: 1, PodCount: 2}})
			return err
		},
		"PodAction": func(c *Client) error {
			_, err := c.PodAction(t.Context(), "p", PodActionStart)
			return err
		},
	}
	for name, call := range calls {
		for _, failure := range []string{"503", "drop"} {
			t.Run(name+"/"+failure, func(t *testing.T) {
				var n atomic.Int32
				c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
					n.Add(1)
					if failure == "drop" {
						hijackClose(t, w, r)
						return
					}
					writeProblem(t, w, http.StatusServiceUnavailable, "upstream unavailable")
				})
				err := call(c)
				if !errors.Is(err, ErrAmbiguous) {
					t.Errorf("err = %v, want ErrAmbiguous", err)
				}
				if n.Load() != 1 {
					t.Errorf("sent %d times, want once", n.Load())
				}
			})
		}
	}
}

func TestPodEmptyIDRefused(t *testing.T) {
	c := newTestClient(t, func(http.ResponseWriter, *http.Request) {
		t.Error("a request was sent for an empty id")
	})
	ctx := t.Context()
	if _, err := c.GetPod(ctx, ""); err == nil {
		t.Error("GetPod")
	}
	if _, err := c.UpdatePod(ctx, "", UpdatePodRequest{}); err == nil {
		t.Error("UpdatePod")
	}
	if err := c.DeletePod(ctx, ""); err == nil {
		t.Error("DeletePod")
	}
}
