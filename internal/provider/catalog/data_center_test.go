package catalog_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func TestAccDataCenters(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "data_center_filters", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_data_centers.all", acctest.Attr("data_centers"),
						acctest.IDs("AP-JP-1", "CA-MTL-1", "EU-RO-1", "EU-SE-1", "US-KS-2", "US-TX-3")),
					statecheck.ExpectKnownValue("data.runpod_data_centers.storage", acctest.Attr("data_centers"),
						acctest.IDs("AP-JP-1", "CA-MTL-1", "EU-RO-1", "US-KS-2", "US-TX-3")),
					statecheck.ExpectKnownValue("data.runpod_data_centers.fast_storage", acctest.Attr("data_centers"), acctest.IDs("US-TX-3")),
					statecheck.ExpectKnownValue("data.runpod_data_centers.fast_storage", acctest.Attr("data_centers", 0, "network_volume_types"),
						acctest.Strings("STANDARD", "HIGH_PERFORMANCE")),
					statecheck.ExpectKnownValue("data.runpod_data_centers.eu", acctest.Attr("data_centers"), acctest.IDs("EU-RO-1", "EU-SE-1")),
					statecheck.ExpectKnownValue("data.runpod_data_centers.eu_global", acctest.Attr("data_centers"), acctest.IDs("EU-RO-1")),
					statecheck.ExpectKnownValue("data.runpod_data_centers.all", acctest.Attr("data_centers", 2), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"name":                 knownvalue.StringExact("EU Romania 1"),
						"region":               knownvalue.StringExact("EUROPE"),
						"global_network":       knownvalue.Bool(true),
						"network_volume_types": acctest.Strings("STANDARD"),
						"compliance":           acctest.Strings("GDPR", "ISO_IEC_27001", "SOC_2_TYPE_2"),
					})),
					acctest.CheckFake(func() error {
						return sentQuery(env, "/v2/catalog/datacenters",
							"globalNetwork=true&include=GPU_AVAILABILITY%2CCPU_AVAILABILITY&regions=ASIA%2CEUROPE")
					}),
				},
			},
		},
	})
}

func TestAccDataCenter(t *testing.T) {
	env := acctest.New(t)
	const ds = "data.runpod_data_center.se"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
data "runpod_data_center" "se" {
  id = "EU-SE-1"
}`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("name"), knownvalue.StringExact("EU Sweden 1")),
					// No network storage here.
					statecheck.ExpectKnownValue(ds, acctest.Attr("network_volume_types"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(ds, acctest.Attr("gpu_availability"), knownvalue.ListExact([]knownvalue.Check{
						dcRow("NVIDIA RTX A5000", "HIGH"), dcRow("NVIDIA GeForce RTX 4090", "NONE"),
					})),
					statecheck.ExpectKnownValue(ds, acctest.Attr("cpu_availability"), knownvalue.ListExact([]knownvalue.Check{dcRow("cpu5c", "HIGH")})),
				},
			},
			{
				Config:      `data "runpod_data_center" "x" { id = "EU-XX-1" }`,
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*no\s+data\s+center\s+"EU-XX-1".*"AP-JP-1",\s+"CA-MTL-1"`),
			},
		},
	})
}

// Catalog reads are shared within one provider process: identical queries
// from several data sources cost one request, and runpod_data_center is
// answered from the same full list as an unfiltered runpod_data_centers.
func TestAccCatalogReadsAreShared(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				PreConfig: env.Fake.ResetRequests,
				Config:    acctest.Testdata(t, "data_centers_and_gpu_types", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_data_center.jp", acctest.Attr("region"), knownvalue.StringExact("ASIA")),
					acctest.CheckFake(func() error {
						// Each provider process (terraform runs one per command)
						// sends each distinct catalog query exactly once: the
						// three data-center lookups share the full list, and the
						// two POD GPU lists share one query.
						perQuery := map[string]int{}
						for _, r := range env.Fake.Requests() {
							if strings.HasPrefix(r.Path, "/v2/catalog/") {
								perQuery[r.Path+"?"+r.RawQuery]++
							}
						}
						t.Logf("catalog requests per distinct query: %v", perQuery)
						if len(perQuery) != 3 {
							return fmt.Errorf("%d distinct catalog queries, want 3 (data centers, POD GPUs, CLUSTER GPUs): %v", len(perQuery), perQuery)
						}
						processes := perQuery["/v2/catalog/gpus?cloud=SECURE&count=1&include=AVAILABILITY&product=CLUSTER"]
						for q, n := range perQuery {
							if n != processes || n == 0 {
								return fmt.Errorf("query %s sent %d times, want once per provider process (%d): %v", q, n, processes, perQuery)
							}
						}
						return nil
					}),
				},
			},
		},
	})
}
