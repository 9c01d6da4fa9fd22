package runpod

import (
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func TestEndpointTypesMatchSpec(t *testing.T) {
	checkSpecFields(t, reflect.TypeOf(Endpoint{}), "Endpoint")
	checkSpecFields(t, reflect.TypeOf(CreateEndpointRequest{}), "CreateEndpointRequest")
	checkSpecFields(t, reflect.TypeOf(UpdateEndpointRequest{}), "UpdateEndpointRequest")
	checkSpecFields(t, reflect.TypeOf(EndpointWorkerList{}), "ListEndpointWorkersResponse")
	checkSpecFields(t, reflect.TypeOf(EndpointReleases{}), "ListEndpointReleasesResponse")
}

func queueEndpointRequest(name string) CreateEndpointRequest {
	return CreateEndpointRequest{
		Name: name, Type: EndpointTypeQueue, Image: "img:1",
		Scaling: EndpointScaling{Type: ScalerQueueDelay, QueueDelay: ptr(4.0)},
		GPU:     &CreateEndpointGPU{Pools: []string{"ADA_24", "AMPERE_24"}, ExcludedTypes: []string{"NVIDIA RTX A5000"}, MinCudaVersion: "12.4"},
		Env:     map[string]string{"A": "1"},
	}
}

// lastBody returns the JSON body of the last request to method path.
func lastBody(t *testing.T, fake *runpodfake.Fake, method, path string) map[string]any {
	t.Helper()
	reqs := fake.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Method == method && reqs[i].Path == path {
			var m map[string]any
			if err := json.Unmarshal(reqs[i].Body, &m); err != nil {
				t.Fatalf("decoding %s: %v", reqs[i].Body, err)
			}
			return m
		}
	}
	t.Fatalf("no %s %s", method, path)
	return nil
}

func TestEndpointCRUDAgainstFake(t *testing.T) {
	c, fake := newFakeClient(t)
	ctx := t.Context()
	fake.SetEndpointWorkerStartDelay(1)
	created, err := c.CreateEndpoint(ctx, queueEndpointRequest("ep"))
	if err != nil {
		t.Fatalf("CreateEndpoint: %v", err)
	}
	if created.GPU == nil || created.GPU.Count != 1 || *created.GPU.MinCudaVersion != "12.4" || created.Workers.IdleTimeout == nil || *created.Workers.IdleTimeout != 10 {
		t.Fatalf("created %+v gpu %+v", created, created.GPU)
	}
	if created.RequestURLs["runSync"] != "https://api.runpod.ai/v2/"+created.ID+"/runsync" {
		t.Errorf("requestUrls %v", created.RequestURLs)
	}
	// The create body omits what was not set, so the API's defaults apply.
	body := lastBody(t, fake, "POST", "/v2/serverless")
	for _, k := range []string{"workers", "timeout", "flashboot", "cpu", "templateId", "dataCenterIds"} {
		if _, ok := body[k]; ok {
			t.Errorf("create body carries %q: %v", k, body)
		}
	}
	got, err := c.GetEndpoint(ctx, created.ID)
	if err != nil || !reflect.DeepEqual(got, created) {
		t.Fatalf("GetEndpoint = %+v, %v; want %+v", got, err, created)
	}
	list, err := c.ListEndpoints(ctx)
	if err != nil || len(list) != 1 || list[0].ID != created.ID {
		t.Fatalf("ListEndpoints = %+v, %v", list, err)
	}

	// PATCH: CUDA swap (set plus cleared floor), pools with exclusions
	// restated, env replaced, workers.
	upd := UpdateEndpointRequest{
		Image: Set("img:2"),
		Env:   Set[map[string]string](nil),
		GPU: Set(UpdateEndpointGPU{
			Pools: []string{"ADA_24", "AMPERE_24"}, ExcludedTypes: Set([]string{"NVIDIA GeForce RTX 4090"}),
			AllowedCudaVersions: Set([]string{"12.8"}), MinCudaVersion: Set(""),
		}),
		Workers: Set(WorkersRequest{Min: ptr(1)}),
	}
	patched, err := c.UpdateEndpoint(ctx, created.ID, upd)
	if err != nil {
		t.Fatalf("UpdateEndpoint: %v", err)
	}
	wantBody := map[string]any{
		"image": "img:2", "env": map[string]any{}, "workers": map[string]any{"min": 1.0},
		"gpu": map[string]any{"pools": []any{"ADA_24", "AMPERE_24"}, "excludedTypes": []any{"NVIDIA GeForce RTX 4090"},
			"allowedCudaVersions": []any{"12.8"}, "minCudaVersion": ""},
	}
	if body := lastBody(t, fake, "PATCH", "/v2/serverless/"+created.ID); !reflect.DeepEqual(body, wantBody) {
		t.Errorf("PATCH body %v\nwant       %v", body, wantBody)
	}
	if patched.GPU.MinCudaVersion != nil || !reflect.DeepEqual(patched.GPU.AllowedCudaVersions, []string{"12.8"}) ||
		!reflect.DeepEqual(patched.GPU.ExcludedTypes, []string{"NVIDIA GeForce RTX 4090"}) || len(patched.Env) != 0 || patched.Image != "img:2" {
		t.Errorf("patched %+v gpu %+v", patched, patched.GPU)
	}
	// Clearing the CUDA set sends [] and keeps everything else.
	patched, err = c.UpdateEndpoint(ctx, created.ID, UpdateEndpointRequest{GPU: Set(UpdateEndpointGPU{AllowedCudaVersions: Set[[]string](nil)})})
	if err != nil || len(patched.GPU.AllowedCudaVersions) != 0 || len(patched.GPU.ExcludedTypes) != 1 {
		t.Fatalf("clear cuda: %+v, %v", patched, err)
	}
	if body := lastBody(t, fake, "PATCH", "/v2/serverless/"+created.ID); !reflect.DeepEqual(body, map[string]any{"gpu": map[string]any{"allowedCudaVersions": []any{}}}) {
		t.Errorf("clear body %v", body)
	}
	// A rule violation surfaces as the API's 400.
	_, err = c.UpdateEndpoint(ctx, created.ID, UpdateEndpointRequest{GPU: Set(UpdateEndpointGPU{MinCudaVersion: Set("12.4"), AllowedCudaVersions: Set([]string{"12.8"})})})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest {
		t.Fatalf("mutually exclusive CUDA: %v", err)
	}

	// Workers and releases: the PATCH made a release (image, env, gpu).
	workers, err := c.ListEndpointWorkers(ctx, created.ID)
	if err != nil || workers.Summary.Total != len(workers.Workers) || workers.Summary.Idle != 1 || *workers.EndpointVersion != 3 {
		t.Fatalf("ListEndpointWorkers = %+v, %v", workers, err)
	}
	rel, err := c.ListEndpointReleases(ctx, created.ID)
	if err != nil || len(rel.Releases) != 3 || rel.Rollout.InProgress || rel.Releases[1].Source != "MANUAL" {
		t.Fatalf("ListEndpointReleases = %+v, %v", rel, err)
	}
	if d := rel.Releases[1].Diff; len(d) == 0 || d[0].Field != "template.imageName" || d[0].Old != "img:1" || d[0].New != "img:2" {
		t.Errorf("diff %+v", d)
	}

	if err := c.DeleteEndpoint(ctx, created.ID); err != nil {
		t.Fatalf("DeleteEndpoint: %v", err)
	}
	for name, call := range map[string]func() error{
		"get":      func() error { _, err := c.GetEndpoint(ctx, created.ID); return err },
		"delete":   func() error { return c.DeleteEndpoint(ctx, created.ID) },
		"workers":  func() error { _, err := c.ListEndpointWorkers(ctx, created.ID); return err },
		"releases": func() error { _, err := c.ListEndpointReleases(ctx, created.ID); return err },
		"update": func() error {
			_, err := c.UpdateEndpoint(ctx, created.ID, UpdateEndpointRequest{Name: Set("x")})
			return err
		},
	} {
		if err := call(); !IsNotFound(err) {
			t.Errorf("%s after delete: %v, want not found", name, err)
		}
	}
}

func TestCreateEndpointCPUAgainstFake(t *testing.T) {
	c, _ := newFakeClient(t)
	req := CreateEndpointRequest{
		Name: "cpu", Type: EndpointTypeQueue, Image: "python:3.11-slim",
		Scaling: EndpointScaling{Type: ScalerRequestCount, RequestCount: ptr(2)},
		CPU:     []EndpointCPURequest{{ID: "cpu5c", VCPUCount: 4}, {ID: "cpu3g", VCPUCount: 2}},
	}
	got, err := c.CreateEndpoint(t.Context(), req)
	if err != nil {
		t.Fatalf("CreateEndpoint: %v", err)
	}
	want := []EndpointCPU{{ID: "cpu5c", VCPUCount: 4, Memory: 8}, {ID: "cpu3g", VCPUCount: 2, Memory: 8}}
	if got.GPU != nil || !reflect.DeepEqual(got.CPU, want) || got.Workers.IdleTimeout != nil {
		t.Errorf("created %+v", got)
	}
}

// A create answered 5xx may have taken effect: the client must not retry it
// and must say so with ErrAmbiguous.
func TestCreateEndpointAmbiguous(t *testing.T) {
	c, fake := newFakeClient(t)
	fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/serverless", Status: http.StatusBadGateway, AfterHandler: true})
	_, err := c.CreateEndpoint(t.Context(), queueEndpointRequest("ep"))
	if !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("err = %v, want ErrAmbiguous", err)
	}
	if n := fake.CountRequests("POST", "/v2/serverless"); n != 1 {
		t.Errorf("create sent %d times, want once", n)
	}
	if fake.EndpointCount() != 1 {
		t.Errorf("the endpoint was not created: %d", fake.EndpointCount())
	}
}
