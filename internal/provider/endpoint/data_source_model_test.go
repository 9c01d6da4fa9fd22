package endpoint

import (
	"context"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestDataSourceSchemasMatchModels(t *testing.T) {
	for _, c := range []struct {
		new   func() datasource.DataSource
		model any
	}{
		{NewDataSource, endpointModel{}},
		{NewListDataSource, endpointsModel{}},
		{NewWorkersDataSource, workersModel{}},
	} {
		schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, c.new()).Attributes, c.model)
	}
	list := schemacheck.DataSourceSchema(t, NewListDataSource()).Attributes
	schemacheck.ModelMatches(t, schemacheck.Nested(t, list["endpoints"]), endpointModel{})
	workers := schemacheck.DataSourceSchema(t, NewWorkersDataSource()).Attributes
	schemacheck.ModelMatches(t, schemacheck.Nested(t, workers["workers"]), workerModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, workers["summary"]), summaryModel{})
}

// The data source's attributes are the resource's, by name and type, so a
// configuration can move between them.
func TestDataSourceAttributesAreTheResources(t *testing.T) {
	res, _ := schemacheck.ResourceSchema(t, NewResource())
	ds := schemacheck.DataSourceSchema(t, NewDataSource())
	for name, a := range ds.Attributes {
		var want attr.Type
		if r, ok := res.Attributes[name]; ok {
			want = r.GetType()
		} else if b, ok := res.Blocks[name]; ok {
			want = b.Type() // cpu: blocks on the resource, so that typos fail validate
		} else {
			t.Errorf("data source attribute %s is not on the resource", name)
			continue
		}
		if got := a.GetType(); !got.Equal(want) {
			t.Errorf("%s: data source type %s, resource type %s", name, got, want)
		}
		if !a.IsComputed() {
			t.Errorf("%s: not computed on the data source", name)
		}
	}
}

// List results never carry a sensitive value. The endpoint resource has
// none today (env values are plain text in the API); a sensitive attribute
// added to it must be nulled in importedModel, as the pod list does with
// jupyter_password, and this test then updated.
func TestListResultsHaveNoSensitiveAttributes(t *testing.T) {
	res, _ := schemacheck.ResourceSchema(t, NewResource())
	for name, a := range res.Attributes {
		if a.IsSensitive() {
			t.Errorf("runpod_endpoint.%s is sensitive: null it in importedModel before list results carry it", name)
		}
		if n, ok := a.(rschema.ListNestedAttribute); ok {
			for sub, s := range n.NestedObject.Attributes {
				if s.IsSensitive() {
					t.Errorf("runpod_endpoint.%s.%s is sensitive: null it in importedModel", name, sub)
				}
			}
		}
	}
	for name, b := range res.Blocks {
		if n, ok := b.(rschema.ListNestedBlock); ok {
			for sub, s := range n.NestedObject.Attributes {
				if s.IsSensitive() {
					t.Errorf("runpod_endpoint.%s.%s is sensitive: null it in importedModel", name, sub)
				}
			}
		}
	}
}

func refOf[T any](v T) *T { return &v }

func gpuEndpoint(id, name string) runpod.Endpoint {
	return runpod.Endpoint{
		ID: id, Name: name, Type: runpod.EndpointTypeQueue, Image: "runpod/worker-vllm:2.4.0", Disk: 20,
		Ports: []string{}, Env: map[string]string{"MODEL": "llama"},
		GPU:           &runpod.EndpointGPU{Pools: []string{"AMPERE_48", "ADA_24"}, Count: 2, AllowedCudaVersions: []string{}},
		Workers:       runpod.EndpointWorkers{Min: 1, Max: 3, IdleTimeout: refOf(10)},
		Scaling:       runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: refOf(4.0)},
		DataCenterIDs: []string{}, NetworkVolumes: []string{}, Timeout: 300000, FlashBoot: runpod.FlashBootOn,
		RequestURLs: map[string]string{"run": "https://api.runpod.ai/v2/" + id + "/run"},
		CreatedAt:   time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC),
	}
}

func cpuEndpoint(id, name string, cpus ...runpod.EndpointCPU) runpod.Endpoint {
	e := gpuEndpoint(id, name)
	e.GPU, e.CPU = nil, cpus
	e.Type = runpod.EndpointTypeLoadBalancer
	e.Scaling = runpod.EndpointScaling{Type: runpod.ScalerRequestCount, RequestCount: refOf(5)}
	return e
}

func TestDataFromAPI(t *testing.T) {
	e := gpuEndpoint("ep1", "inference")
	m := dataFromAPI(&e)
	// The API's empty lists are "not set": null, as the resource shows them
	// when the configuration leaves them out.
	for name, v := range map[string]attr.Value{
		"data_center_ids": m.DataCenterIDs, "network_volume_ids": m.NetworkVolumeIDs,
		"gpu_excluded_type_ids": m.GPUExcludedTypeIDs, "allowed_cuda_versions": m.AllowedCudaVersions,
		"min_cuda_version": m.MinCudaVersion, "cpu": m.CPU, "registry_auth_id": m.RegistryAuthID,
	} {
		if !v.IsNull() {
			t.Errorf("%s = %s, want null", name, v)
		}
	}
	// The pools in Runpod's order.
	want := types.ListValueMust(types.StringType, []attr.Value{types.StringValue("AMPERE_48"), types.StringValue("ADA_24")})
	if !m.GPUPools.Equal(want) {
		t.Errorf("gpu_pools = %s, want %s", m.GPUPools, want)
	}
	if m.ScalerValue.ValueFloat64() != 4 || m.GPUCount.ValueInt64() != 2 || m.CreatedAt.ValueString() != "2026-03-01T12:00:00Z" {
		t.Errorf("scaler_value %s, gpu_count %s, created_at %s", m.ScalerValue, m.GPUCount, m.CreatedAt)
	}
}

func TestSelectEndpoints(t *testing.T) {
	all := []runpod.Endpoint{
		gpuEndpoint("ep3", "team-b"), gpuEndpoint("ep2", "team-a"), gpuEndpoint("ep1", "team-b"), gpuEndpoint("ep4", "other"),
	}
	ids := func(ms []endpointModel) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = m.ID.ValueString()
		}
		return out
	}
	// filter sets name and name_prefix; "" leaves one unset.
	filter := func(name, prefix string) endpointsModel {
		var m endpointsModel
		if name != "" {
			m.Name = types.StringValue(name)
		}
		if prefix != "" {
			m.NamePrefix = types.StringValue(prefix)
		}
		return m
	}
	for name, c := range map[string]struct {
		cfg  endpointsModel
		want []string
	}{
		"all, by name then id": {endpointsModel{}, []string{"ep4", "ep2", "ep1", "ep3"}},
		"name":                 {filter("team-b", ""), []string{"ep1", "ep3"}},
		"name prefix":          {filter("", "team-"), []string{"ep2", "ep1", "ep3"}},
		"both":                 {filter("other", "team-"), []string{}},
		"none match":           {filter("nope", ""), []string{}},
	} {
		got := ids(selectEndpoints(all, c.cfg))
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v, want %v", name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: got %v, want %v", name, got, c.want)
				break
			}
		}
	}
}

func TestWorkersFromAPI(t *testing.T) {
	started := time.Date(2026, 3, 1, 12, 0, 0, 0, time.FixedZone("CET", 3600))
	list := &runpod.EndpointWorkerList{
		Workers: []runpod.Worker{
			{ID: "w3", Status: runpod.WorkerRunning, Version: refOf(2), GPUCount: 1, Image: refOf("img:2"),
				UptimeSeconds: refOf(60), GPUTypeID: refOf("NVIDIA L40"), DataCenterID: refOf("EU-RO-1"), StartedAt: &started},
			{ID: "w1", Status: runpod.WorkerIdle, Version: refOf(2), GPUCount: 1},
			{ID: "w2", Status: runpod.WorkerIdle, IsStale: true, Version: refOf(1), GPUCount: 1},
			{ID: "w4", Status: runpod.WorkerInitializing, GPUCount: 1},
			{ID: "w5", Status: runpod.WorkerThrottled, GPUCount: 1},
			{ID: "w6", Status: runpod.WorkerUnhealthy, GPUCount: 1},
		},
		Summary:         runpod.WorkerSummary{Running: 1, Idle: 2, Initializing: 1, Throttled: 1, Unhealthy: 1, Total: 6},
		EndpointVersion: refOf(2),
	}
	m := workersFromAPI(types.StringValue("ep1"), list)
	// Idle or running, and on the current release: w1 and w3, not stale w2.
	if m.ReadyCount.ValueInt64() != 2 {
		t.Errorf("ready_count = %s, want 2", m.ReadyCount)
	}
	if m.EndpointVersion.ValueInt64() != 2 || m.Summary.Idle.ValueInt64() != 2 || m.Summary.Total.ValueInt64() != 6 ||
		m.Summary.Unhealthy.ValueInt64() != 1 || m.Summary.Throttled.ValueInt64() != 1 ||
		m.Summary.Initializing.ValueInt64() != 1 || m.Summary.Running.ValueInt64() != 1 {
		t.Errorf("endpoint_version %s, summary %+v", m.EndpointVersion, m.Summary)
	}
	var order []string
	for _, w := range m.Workers {
		order = append(order, w.ID.ValueString())
	}
	if got := order; len(got) != 6 || got[0] != "w1" || got[2] != "w3" || got[5] != "w6" {
		t.Errorf("workers in order %v, want by id", got)
	}
	placed := m.Workers[2]
	if placed.StartedAt.ValueString() != "2026-03-01T11:00:00Z" || placed.GPUTypeID.ValueString() != "NVIDIA L40" ||
		placed.DataCenterID.ValueString() != "EU-RO-1" || placed.Image.ValueString() != "img:2" ||
		placed.UptimeSeconds.ValueInt64() != 60 || placed.Version.ValueInt64() != 2 {
		t.Errorf("placed worker %+v", placed)
	}
	unplaced := m.Workers[3]
	for name, v := range map[string]attr.Value{
		"version": unplaced.Version, "image": unplaced.Image, "uptime_seconds": unplaced.UptimeSeconds,
		"gpu_type_id": unplaced.GPUTypeID, "data_center_id": unplaced.DataCenterID, "started_at": unplaced.StartedAt,
	} {
		if !v.IsNull() {
			t.Errorf("unplaced worker's %s = %s, want null", name, v)
		}
	}
	if !m.Workers[1].IsStale.ValueBool() {
		t.Errorf("w2 is not stale in the model")
	}

	empty := workersFromAPI(types.StringValue("ep1"), &runpod.EndpointWorkerList{})
	if empty.Workers == nil || len(empty.Workers) != 0 || !empty.EndpointVersion.IsNull() || empty.ReadyCount.ValueInt64() != 0 {
		t.Errorf("no workers: %+v", empty)
	}
}

func TestListDisplayName(t *testing.T) {
	gpu := gpuEndpoint("ep1", "inference")
	one := gpuEndpoint("ep2", "single")
	one.GPU.Count = 0
	one.GPU.Pools = []string{"ADA_24"}
	for _, c := range []struct {
		e    runpod.Endpoint
		want string
	}{
		{gpu, "inference (ep1, QUEUE, 2x AMPERE_48/ADA_24)"},
		{one, "single (ep2, QUEUE, 1x ADA_24)"},
		{cpuEndpoint("ep3", "cpu", runpod.EndpointCPU{ID: "cpu5c", VCPUCount: 4}, runpod.EndpointCPU{ID: "cpu3c", VCPUCount: 4}),
			"cpu (ep3, LOAD_BALANCER, 4 vCPU cpu5c/cpu3c)"},
		{cpuEndpoint("ep4", "mixed", runpod.EndpointCPU{ID: "cpu5c", VCPUCount: 4}, runpod.EndpointCPU{ID: "cpu3c", VCPUCount: 2}),
			"mixed (ep4, LOAD_BALANCER, 4 vCPU cpu5c; 2 vCPU cpu3c)"},
	} {
		if got := displayName(&c.e); got != c.want {
			t.Errorf("displayName = %q, want %q", got, c.want)
		}
	}
}

func TestListFilterMatchesType(t *testing.T) {
	queue, lb := gpuEndpoint("ep1", "a"), cpuEndpoint("ep2", "b", runpod.EndpointCPU{ID: "cpu5c", VCPUCount: 2})
	unfiltered := listFilter{}
	onlyLB := listFilter{Type: types.StringValue(runpod.EndpointTypeLoadBalancer)}
	if !unfiltered.Matches(&queue) || !unfiltered.Matches(&lb) || onlyLB.Matches(&queue) || !onlyLB.Matches(&lb) {
		t.Error("type filter")
	}
}

// With include_resource, a result is what an import reads: the API's view,
// and null for what only a configuration knows.
func TestImportedModel(t *testing.T) {
	e := gpuEndpoint("ep1", "inference")
	m, diags := importedModel(context.Background(), &e)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if m.ID.ValueString() != "ep1" || m.Image.ValueString() != "runpod/worker-vllm:2.4.0" || m.WorkersMin.ValueInt64() != 1 {
		t.Errorf("model %+v", m.endpointModel)
	}
	if !m.TemplateID.IsNull() || !m.WaitForReadyWorkers.IsNull() || !m.Timeouts.IsNull() || !m.DataCenterIDs.IsNull() {
		t.Errorf("template_id %s, wait_for_ready_workers %s, timeouts %s, data_center_ids %s: want null",
			m.TemplateID, m.WaitForReadyWorkers, m.Timeouts, m.DataCenterIDs)
	}
	env := map[string]string{}
	if d := m.Env.ElementsAs(context.Background(), &env, false); d.HasError() || env["MODEL"] != "llama" {
		t.Errorf("env %s", m.Env)
	}
}
