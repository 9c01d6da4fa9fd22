package catalog_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func TestAccCPUTypes(t *testing.T) {
	env := acctest.New(t)
	const ds = "data.runpod_cpu_types.pod"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			// Refusals first: the last step's configuration is the one destroyed.
			{
				Config: `
data "runpod_cpu_types" "c" {
  product    = "POD"
  vcpu_count = 6
}`,
				ExpectError: regexp.MustCompile(`(?s)Invalid vCPU Count.*6\s+is\s+not\s+a\s+valid\s+vCPU\s+count:\s+it\s+must\s+be\s+a\s+power\s+of\s+two`),
			},
			{
				Config:      `data "runpod_cpu_types" "c" { product = "CLUSTER" }`,
				ExpectError: regexp.MustCompile(`(?s)product.*value must be one of:.*"POD".*"SERVERLESS"`),
			},
			{
				Config: acctest.Testdata(t, "pod_cpu_types", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("cpu_types"), knownvalue.ListExact([]knownvalue.Check{
						acctest.ObjectWithID("cpu3c"), acctest.ObjectWithID("cpu3g"), acctest.ObjectWithID("cpu5c"), acctest.ObjectWithID("cpu5m"),
					})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("cpu_types", 0), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"id":              knownvalue.StringExact("cpu3c"),
						"name":            knownvalue.StringExact("Compute-Optimized"),
						"group":           knownvalue.StringExact("Gen 3"),
						"vcpu":            knownvalue.ObjectExact(map[string]knownvalue.Check{"min": knownvalue.Int64Exact(2), "max": knownvalue.Int64Exact(32)}),
						"ram_gb_per_vcpu": knownvalue.Float64Exact(2),
						"price": knownvalue.ObjectExact(map[string]knownvalue.Check{
							"secure_per_vcpu": knownvalue.Float64Exact(0.03), "serverless_per_vcpu": knownvalue.Float64Exact(0.042),
						}),
						"availability":              knownvalue.StringExact("HIGH"),
						"data_centers":              knownvalue.ListExact([]knownvalue.Check{dcRow("EU-RO-1", "HIGH"), dcRow("US-KS-2", "HIGH")}),
						"available_data_center_ids": acctest.Strings("EU-RO-1", "US-KS-2"),
					})),
					// Offered with nothing free.
					statecheck.ExpectKnownValue(ds, acctest.Attr("cpu_types", 3, "availability"), knownvalue.StringExact("NONE")),
					statecheck.ExpectKnownValue(ds, acctest.Attr("cpu_types", 3, "available_data_center_ids"), knownvalue.ListSizeExact(0)),
					// 64 vCPUs: beyond cpu3c's range; cpu5c has 256 free in US-TX-3.
					statecheck.ExpectKnownValue("data.runpod_cpu_types.big", acctest.Attr("cpu_types", 0, "availability"), knownvalue.StringExact("NONE")),
					statecheck.ExpectKnownValue("data.runpod_cpu_types.big", acctest.Attr("cpu_types", 2, "available_data_center_ids"), acctest.Strings("US-TX-3")),
				},
			},
		},
	})
}
