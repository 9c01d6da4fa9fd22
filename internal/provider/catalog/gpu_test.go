package catalog_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func dcRow(id, availability string) knownvalue.Check {
	return knownvalue.ObjectPartial(map[string]knownvalue.Check{
		"id": knownvalue.StringExact(id), "availability": knownvalue.StringExact(availability),
	})
}

// The fake's default catalog stocks the RTX 4090 for pods on Secure Cloud in
// EU-RO-1 (12 free), US-KS-2 (4) and EU-SE-1 (0); see runpodfake/catalog.go.
func TestAccGPUType(t *testing.T) {
	env := acctest.New(t)
	const ds = "data.runpod_gpu_type.rtx"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
data "runpod_gpu_type" "rtx" {
  id      = "NVIDIA GeForce RTX 4090"
  product = "POD"
}`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("name"), knownvalue.StringExact("RTX 4090")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("manufacturer"), knownvalue.StringExact("NVIDIA")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("memory_gb"), knownvalue.Int64Exact(24)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("pool"), knownvalue.StringExact("ADA_24")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("secure_cloud"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("community_cloud"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("price"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"secure": knownvalue.Float64Exact(0.69), "community": knownvalue.Float64Exact(0.34), "serverless": knownvalue.Float64Exact(1.10),
					})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("max_count"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"secure": knownvalue.Int64Exact(8), "community": knownvalue.Int64Exact(8),
					})),
					// Defaults of the query are shown.
					statecheck.ExpectKnownValue(ds, acctest.Attr("cloud"), knownvalue.StringExact("SECURE")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("gpu_count"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("availability"), knownvalue.StringExact("HIGH")),
					// Best-stocked first, the empty data center last.
					statecheck.ExpectKnownValue(ds, acctest.Attr("data_centers"), knownvalue.ListExact([]knownvalue.Check{
						dcRow("EU-RO-1", "HIGH"), dcRow("US-KS-2", "MEDIUM"), dcRow("EU-SE-1", "NONE"),
					})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("data_centers", 0, "name"), knownvalue.StringExact("EU Romania 1")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("available_data_center_ids"), acctest.Strings("EU-RO-1", "US-KS-2")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("cuda_versions"), knownvalue.ListExact([]knownvalue.Check{
						cuda("12.4", true), cuda("12.6", true), cuda("12.8", true),
					})),
				},
			},
			{
				// Four GPUs per pod, community cloud, on a CUDA floor.
				Config: acctest.Testdata(t, "rtx4090_four_community_gpus", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("data_centers"), knownvalue.ListExact([]knownvalue.Check{
						dcRow("US-KS-2", "MEDIUM"), // 20 free / 4
						dcRow("CA-MTL-1", "NONE"),  // 3 free: not enough for 4
					})),
					acctest.CheckFake(func() error {
						return sentQuery(env, "/v2/catalog/gpus/NVIDIA GeForce RTX 4090",
							"cloud=COMMUNITY&count=4&include=AVAILABILITY&minCudaVersion=12.4&product=POD")
					}),
				},
			},
			{
				// Counting only some data centers recomputes the overall level.
				Config: `
data "runpod_gpu_type" "rtx" {
  id              = "NVIDIA GeForce RTX 4090"
  product         = "POD"
  data_center_ids = ["US-KS-2", "EU-SE-1", "AP-JP-1"]
}`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("availability"), knownvalue.StringExact("MEDIUM")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("data_centers"), knownvalue.ListExact([]knownvalue.Check{
						dcRow("US-KS-2", "MEDIUM"), dcRow("EU-SE-1", "NONE"),
					})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("available_data_center_ids"), acctest.Strings("US-KS-2")),
				},
			},
			{
				// Stock differs by product.
				Config: acctest.Testdata(t, "gpu_types_by_product", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_gpu_type.h100", acctest.Attr("data_centers"), knownvalue.ListExact([]knownvalue.Check{
						dcRow("US-TX-3", "HIGH"),
					})),
					// AMD reports no CUDA; no serverless pool, no serverless price.
					statecheck.ExpectKnownValue("data.runpod_gpu_type.mi300x", acctest.Attr("cuda_versions"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue("data.runpod_gpu_type.mi300x", acctest.Attr("pool"), knownvalue.Null()),
					statecheck.ExpectKnownValue("data.runpod_gpu_type.mi300x", acctest.Attr("price", "serverless"), knownvalue.Null()),
					// No stock anywhere.
					statecheck.ExpectKnownValue("data.runpod_gpu_type.h200", acctest.Attr("availability"), knownvalue.StringExact("NONE")),
					statecheck.ExpectKnownValue("data.runpod_gpu_type.h200", acctest.Attr("available_data_center_ids"), knownvalue.ListSizeExact(0)),
				},
			},
		},
	})
}

func cuda(version string, available bool) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"version": knownvalue.StringExact(version), "available": knownvalue.Bool(available),
	})
}

// sentQuery checks that a request to path carried exactly this query string.
func sentQuery(env *acctest.Env, path, want string) error {
	var got []string
	for _, r := range env.Fake.Requests() {
		if r.Path == path {
			if r.RawQuery == want {
				return nil
			}
			got = append(got, r.RawQuery)
		}
	}
	return fmt.Errorf("no request to %s with query %q; got %q", path, want, got)
}

func TestAccGPUTypes(t *testing.T) {
	env := acctest.New(t)
	const ds = "data.runpod_gpu_types.big"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "gpu_types_filters", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					// Sorted by id; smaller GPUs left out.
					statecheck.ExpectKnownValue(ds, acctest.Attr("gpu_types"), knownvalue.ListExact([]knownvalue.Check{
						acctest.ObjectWithID("AMD Instinct MI300X OAM"), acctest.ObjectWithID("NVIDIA A100 80GB PCIe"), acctest.ObjectWithID("NVIDIA H100 80GB HBM3"), acctest.ObjectWithID("NVIDIA H200"),
					})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("gpu_types", 1, "available_data_center_ids"), acctest.Strings("US-KS-2", "AP-JP-1", "CA-MTL-1")),
					// Only what a Japanese data center offers.
					statecheck.ExpectKnownValue("data.runpod_gpu_types.japan", acctest.Attr("gpu_types"), knownvalue.ListExact([]knownvalue.Check{
						acctest.ObjectWithID("NVIDIA A100 80GB PCIe"),
					})),
					statecheck.ExpectKnownValue("data.runpod_gpu_types.cuda129", acctest.Attr("gpu_types"), knownvalue.ListPartial(map[int]knownvalue.Check{
						3: knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id":           knownvalue.StringExact("NVIDIA H100 80GB HBM3"),
							"data_centers": knownvalue.ListExact([]knownvalue.Check{dcRow("US-TX-3", "HIGH")}),
						}),
					})),
				},
			},
		},
	})
}

func TestAccGPUType_refusals(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
data "runpod_gpu_type" "g" {
  id      = "NVIDIA RTX 9999"
  product = "POD"
}`,
				ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*no\s+GPU\s+type\s+"NVIDIA\s+RTX\s+9999".*runpod_gpu_types`),
			},
			{
				Config:      `data "runpod_gpu_type" "g" { id = "NVIDIA L40S" }`,
				ExpectError: regexp.MustCompile(`(?s)The argument "product" is required`),
			},
			{
				Config:      `data "runpod_gpu_types" "g" { product = "PODS" }`,
				ExpectError: regexp.MustCompile(`(?s)product.*value must be one of:.*"POD".*"CLUSTER".*"SERVERLESS"`),
			},
			{
				Config: `
data "runpod_gpu_types" "g" {
  product          = "POD"
  min_cuda_version      = "12"
  allowed_cuda_versions = ["12.8"]
}`,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*"allowed_cuda_versions"`),
			},
			{
				Config: `
data "runpod_gpu_types" "g" {
  product       = "POD"
  country_codes = ["usa"]
}`,
				ExpectError: regexp.MustCompile(`(?s)country_codes.*ISO 3166-1 alpha-2`),
			},
			{
				Config: `
data "runpod_gpu_types" "g" {
  product               = "POD"
  allowed_cuda_versions = ["12"]
}`,
				ExpectError: regexp.MustCompile(`(?s)allowed_cuda_versions.*"major.minor"`),
			},
		},
	})
	if n := env.Fake.CountRequests("GET", "/v2/catalog/gpus*"); n != 2 {
		t.Fatalf("invalid configurations reached the API: %d GPU catalog requests, want only the unknown id's and the list its suggestions come from", n)
	}
}
