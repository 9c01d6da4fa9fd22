package endpoint_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// consoleEndpoints are endpoints made outside Terraform, as a team's
// account holds them.
type consoleEndpoints struct {
	// inference is a queue endpoint on two GPU pools with one active worker;
	// resize a load-balancing CPU endpoint; other another team's; dupA and
	// dupB share a name.
	inference, resize, other, dupA, dupB *runpod.Endpoint
}

func intPtr(v int) *int { return &v }

func floatPtr(v float64) *float64 { return &v }

// seedEndpoints makes them through the API.
func seedEndpoints(t *testing.T, fake *runpodfake.Fake) consoleEndpoints {
	t.Helper()
	client := apiClient(t, fake)
	create := func(req runpod.CreateEndpointRequest) *runpod.Endpoint {
		t.Helper()
		e, err := client.CreateEndpoint(context.Background(), req)
		if err != nil {
			t.Fatalf("creating endpoint %s: %v", req.Name, err)
		}
		return e
	}
	queue := func(name string, pools ...string) runpod.CreateEndpointRequest {
		return runpod.CreateEndpointRequest{
			Name: name, Type: runpod.EndpointTypeQueue, Image: "runpod/worker-v1-vllm:v2.4.0",
			Scaling: runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: floatPtr(4)},
			GPU:     &runpod.CreateEndpointGPU{Pools: pools},
		}
	}
	var s consoleEndpoints
	inference := queue("llm-inference", "AMPERE_48", "ADA_24")
	inference.GPU.Count = intPtr(2)
	inference.Env = map[string]string{"MODEL_NAME": "meta-llama/Llama-3.1-8B", "HF_TOKEN": "{{ RUNPOD_SECRET_hf_token }}"}
	inference.Workers = &runpod.WorkersRequest{Min: intPtr(1), Max: intPtr(4)}
	inference.FlashBoot = runpod.FlashBootOn
	s.inference = create(inference)
	s.resize = create(runpod.CreateEndpointRequest{
		Name: "llm-resize", Type: runpod.EndpointTypeLoadBalancer, Image: "ghcr.io/acme/resize:2.0.1",
		Scaling: runpod.EndpointScaling{Type: runpod.ScalerRequestCount, RequestCount: intPtr(5)},
		CPU:     []runpod.EndpointCPURequest{{ID: "cpu5c", VCPUCount: 4}, {ID: "cpu3c", VCPUCount: 4}},
		Env:     map[string]string{"PORT": "8080"},
	})
	s.other = create(queue("other-team", "ADA_24"))
	s.dupA = create(queue("dup", "ADA_24"))
	s.dupB = create(queue("dup", "AMPERE_48"))
	return s
}

func TestAccEndpointDataSources(t *testing.T) {
	env := acctest.New(t)
	s := seedEndpoints(t, env.Fake)
	const one, byID, llm, every = "data.runpod_endpoint.by_name", "data.runpod_endpoint.by_id", "data.runpod_endpoints.llm", "data.runpod_endpoints.all"

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				// A shared name says which endpoints share it.
				Config: `data "runpod_endpoint" "e" { name = "dup" }`,
				ExpectError: regexp.MustCompile(`(?s)Endpoint Name Is Ambiguous.*2 endpoints are named "dup".*` +
					regexp.QuoteMeta(first(s.dupA.ID, s.dupB.ID)) + `.*` + regexp.QuoteMeta(second(s.dupA.ID, s.dupB.ID)) +
					`.*runpod_endpoints`),
			},
			{
				Config:      `data "runpod_endpoint" "e" { name = "nope" }`,
				ExpectError: regexp.MustCompile(`(?s)Endpoint Not Found.*no endpoint named "nope"`),
			},
			{
				Config:      `data "runpod_endpoint" "e" { id = "doesnotexist" }`,
				ExpectError: regexp.MustCompile(`(?s)Endpoint Not Found.*"doesnotexist"`),
			},
			{
				Config:      `data "runpod_endpoints" "e" { name_prefix = "" }`,
				ExpectError: regexp.MustCompile(`(?s)name_prefix.*at least 1`),
			},
			{
				Config: acctest.Testdata(t, "endpoint_data_sources_by_name_and_id", map[string]any{"ID": s.resize.ID}),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(one, acctest.Attr("id"), knownvalue.StringExact(s.inference.ID)),
					statecheck.ExpectKnownValue(one, acctest.Attr("type"), knownvalue.StringExact("QUEUE")),
					statecheck.ExpectKnownValue(one, acctest.Attr("image"), knownvalue.StringExact("runpod/worker-v1-vllm:v2.4.0")),
					// The pools in the order they were given.
					statecheck.ExpectKnownValue(one, acctest.Attr("gpu_pools"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("AMPERE_48"), knownvalue.StringExact("ADA_24"),
					})),
					statecheck.ExpectKnownValue(one, acctest.Attr("gpu_count"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(one, acctest.Attr("cpu"), knownvalue.Null()),
					statecheck.ExpectKnownValue(one, acctest.Attr("workers_min"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(one, acctest.Attr("workers_max"), knownvalue.Int64Exact(4)),
					// The API's defaults.
					statecheck.ExpectKnownValue(one, acctest.Attr("idle_timeout_seconds"), knownvalue.Int64Exact(10)),
					// Created without a timeout: 0 (API.md §15), not the spec's 300000.
					statecheck.ExpectKnownValue(one, acctest.Attr("execution_timeout_ms"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(one, acctest.Attr("scaler_type"), knownvalue.StringExact("QUEUE_DELAY")),
					statecheck.ExpectKnownValue(one, acctest.Attr("scaler_value"), knownvalue.Float64Exact(4)),
					statecheck.ExpectKnownValue(one, acctest.Attr("flashboot"), knownvalue.StringExact("FLASHBOOT")),
					// Lists the API answers empty are unset.
					statecheck.ExpectKnownValue(one, acctest.Attr("data_center_ids"), knownvalue.Null()),
					statecheck.ExpectKnownValue(one, acctest.Attr("network_volume_ids"), knownvalue.Null()),
					statecheck.ExpectKnownValue(one, acctest.Attr("allowed_cuda_versions"), knownvalue.Null()),
					// A secret reference stays a reference.
					statecheck.ExpectKnownValue(one, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{
						"MODEL_NAME": knownvalue.StringExact("meta-llama/Llama-3.1-8B"),
						"HF_TOKEN":   knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}"),
					})),
					statecheck.ExpectKnownValue(one, acctest.Attr("request_urls").AtMapKey("run"), knownvalue.StringRegexp(
						regexp.MustCompile(`^https://api\.runpod\.ai/v2/`+s.inference.ID+`/run$`))),
					statecheck.ExpectKnownValue(one, acctest.Attr("created_at"), knownvalue.StringRegexp(
						regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`))),

					statecheck.ExpectKnownValue(byID, acctest.Attr("name"), knownvalue.StringExact("llm-resize")),
					statecheck.ExpectKnownValue(byID, acctest.Attr("type"), knownvalue.StringExact("LOAD_BALANCER")),
					statecheck.ExpectKnownValue(byID, acctest.Attr("gpu_pools"), knownvalue.Null()),
					statecheck.ExpectKnownValue(byID, acctest.Attr("gpu_count"), knownvalue.Null()),
					statecheck.ExpectKnownValue(byID, acctest.Attr("cpu"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"type_id": knownvalue.StringExact("cpu5c"), "vcpu_count": knownvalue.Int64Exact(4),
						}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"type_id": knownvalue.StringExact("cpu3c"), "vcpu_count": knownvalue.Int64Exact(4),
						}),
					})),
					statecheck.ExpectKnownValue(byID, acctest.Attr("scaler_type"), knownvalue.StringExact("REQUEST_COUNT")),
					statecheck.ExpectKnownValue(byID, acctest.Attr("scaler_value"), knownvalue.Float64Exact(5)),
					statecheck.ExpectKnownValue(byID, acctest.Attr("request_urls"), knownvalue.MapSizeExact(2)),

					// Filtered by prefix, sorted by name.
					statecheck.ExpectKnownValue(llm, acctest.Attr("endpoints"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(acctest.HasID(s.inference.ID)),
						knownvalue.ObjectPartial(acctest.HasID(s.resize.ID)),
					})),
					statecheck.ExpectKnownValue(every, acctest.Attr("endpoints"), knownvalue.ListSizeExact(5)),
					statecheck.ExpectKnownValue(every, acctest.Attr("endpoints").AtSliceIndex(4).AtMapKey("name"), knownvalue.StringExact("other-team")),
					statecheck.ExpectKnownValue("data.runpod_endpoints.dup", acctest.Attr("endpoints"), knownvalue.ListSizeExact(2)),
				},
			},
		},
	})
}

func first(a, b string) string {
	if a < b {
		return a
	}
	return b
}

func second(a, b string) string {
	if a < b {
		return b
	}
	return a
}

func TestAccEndpointWorkersDataSource(t *testing.T) {
	env := acctest.New(t)
	// Workers made now start at once; the slow endpoint's never do here.
	env.Fake.SetEndpointWorkerStartDelay(0)
	s := seedEndpoints(t, env.Fake)
	env.Fake.SetEndpointWorkerStartDelay(1000)
	slow, err := apiClient(t, env.Fake).CreateEndpoint(context.Background(), runpod.CreateEndpointRequest{
		Name: "slow", Type: runpod.EndpointTypeQueue, Image: "ghcr.io/acme/big:1",
		Scaling: runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: floatPtr(4)},
		GPU:     &runpod.CreateEndpointGPU{Pools: []string{"ADA_24"}},
		Workers: &runpod.WorkersRequest{Min: intPtr(2)},
	})
	if err != nil {
		t.Fatal(err)
	}
	const ds, slowDS = "data.runpod_endpoint_workers.w", "data.runpod_endpoint_workers.slow"
	config := acctest.Testdata(t, "endpoint_workers_of_three_endpoints", map[string]any{
		"Inference": s.inference.ID, "Idle": s.other.ID, "Slow": slow.ID,
	})
	worker := knownvalue.ObjectPartial(map[string]knownvalue.Check{
		"status":         knownvalue.StringExact("IDLE"),
		"is_stale":       knownvalue.Bool(false),
		"gpu_count":      knownvalue.Int64Exact(2),
		"image":          knownvalue.StringExact("runpod/worker-v1-vllm:v2.4.0"),
		"gpu_type_id":    knownvalue.NotNull(),
		"data_center_id": knownvalue.NotNull(),
		"started_at":     knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`)),
	})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				// One active worker, started and ready; none on the flex-only endpoint.
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("workers"), knownvalue.ListExact([]knownvalue.Check{worker})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("ready_count"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("summary"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"idle": knownvalue.Int64Exact(1), "running": knownvalue.Int64Exact(0),
						"initializing": knownvalue.Int64Exact(0), "throttled": knownvalue.Int64Exact(0),
						"unhealthy": knownvalue.Int64Exact(0), "total": knownvalue.Int64Exact(1),
					})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("endpoint_version"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("data.runpod_endpoint_workers.idle", acctest.Attr("workers"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue("data.runpod_endpoint_workers.idle", acctest.Attr("ready_count"), knownvalue.Int64Exact(0)),
					// Starting: listed, not ready, not placed yet.
					statecheck.ExpectKnownValue(slowDS, acctest.Attr("ready_count"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(slowDS, acctest.Attr("summary").AtMapKey("initializing"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(slowDS, acctest.Attr("summary").AtMapKey("total"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(slowDS, acctest.Attr("workers").AtSliceIndex(0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"status": knownvalue.StringExact("INITIALIZING"), "started_at": knownvalue.Null(),
						"uptime_seconds": knownvalue.Null(),
					})),
				},
			},
			{
				// Waiting for capacity: listed, not ready.
				PreConfig: func() {
					if !env.Fake.SetEndpointWorkersStatus(s.inference.ID, runpodfake.WorkerThrottled) {
						t.Fatal("no such endpoint in the fake")
					}
				},
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("ready_count"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("summary").AtMapKey("throttled"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("summary").AtMapKey("idle"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("workers").AtSliceIndex(0).AtMapKey("status"), knownvalue.StringExact("THROTTLED")),
				},
			},
			{
				Config:      `data "runpod_endpoint_workers" "w" { endpoint_id = "doesnotexist" }`,
				ExpectError: regexp.MustCompile(`(?s)Endpoint Not Found.*"doesnotexist"`),
			},
		},
	})
}
