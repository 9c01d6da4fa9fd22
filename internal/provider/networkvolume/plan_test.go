package networkvolume_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

const costWarning = "Network Volume Storage Cost"

func TestAccNetworkVolume_costWarnings(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				PreConfig: rec.Reset,
				Config:    volumeConfig("datasets", 2000, "EU-RO-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					rec.ExpectWarning(costWarning,
						`Creating network volume "datasets" (2000 GB, STANDARD, in EU-RO-1) costs about $120.00 per month: `+
							`first 1000 GB × $0.07 + 1000 GB × $0.05 = $70.00 + $50.00 = $120.00.`,
						"It bills from creation until deleted, whatever pods do"),
				}},
			},
			{
				PreConfig: rec.Reset,
				Config:    volumeConfig("datasets", 2500, "EU-RO-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					rec.ExpectWarning(costWarning,
						`Growing network volume "datasets"`, "from 2000 GB to 2500 GB",
						"from about $120.00 to $145.00 per month (+$25.00)", "cannot shrink again",
						"whatever pods do"),
				}},
			},
			{
				// A rename costs nothing more: no warning.
				PreConfig: rec.Reset,
				Config:    volumeConfig("datasets-2", 2500, "EU-RO-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					rec.ExpectNoWarning(costWarning),
				}},
			},
			{
				// HIGH_PERFORMANCE has no published price: say so, with the floor.
				PreConfig: rec.Reset,
				Config:    volumeConfig("hot", 100, "US-TX-3", `type = "HIGH_PERFORMANCE"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
					rec.ExpectWarning(costWarning, `"hot" (100 GB, HIGH_PERFORMANCE, in US-TX-3)`,
						"publishes no figure", "more than the STANDARD rate of $7.00 per month", "whatever pods do"),
				}},
			},
			{
				// Tier left to a data center with two: its default is priced, and named.
				PreConfig: rec.Reset,
				Config: `
resource "runpod_network_volume" "w" {
  name           = "default-tier"
  size_gb        = 100
  data_center_id = "US-TX-3"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("runpod_network_volume.w", plancheck.ResourceActionCreate),
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroy),
					rec.ExpectWarning(costWarning, "(100 GB, STANDARD: the data center's default tier, as type is not set, in US-TX-3)",
						"costs about $7.00 per month"),
					plancheck.ExpectKnownValue("runpod_network_volume.w", acctest.Attr("estimated_cost_per_month"), knownvalue.Float64Exact(7)),
				}},
			},
		},
	})
}

// Without an API key the plan fails naming the key: a plan that cannot check
// the data center or read the storage price must not pass.
func TestAccNetworkVolume_planWithoutAPIKey(t *testing.T) {
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.FactoriesWithEnv(func(string) string { return "" }),
		Steps: []resource.TestStep{{
			Config:      volumeConfig("offline", 10, "EU-SE-1"),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Missing Runpod API Key.*api_key.*RUNPOD_API_KEY`),
		}},
	})
}

// Fifty volumes share the catalog: the data-center list is read once per
// provider process (one per Terraform walk), not once per volume.
func TestAccNetworkVolume_catalogReadOncePerRun(t *testing.T) {
	env := acctest.New(t)
	const volumes = 50
	config := fmt.Sprintf(`
resource "runpod_network_volume" "many" {
  count          = %d
  name           = "shard-${count.index}"
  size_gb        = 10
  data_center_id = "EU-RO-1"
}`, volumes)
	catalogReads := func() int { return env.Fake.CountRequests("GET", "/v2/catalog/datacenters*") }
	var planReads int
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("runpod_network_volume.many[49]", plancheck.ResourceActionCreate),
					acctest.PlanCheckFunc(func() error {
						// The plan walk: one provider process, 50 placement checks.
						planReads = catalogReads()
						t.Logf("catalog requests after planning %d volumes: %d", volumes, planReads)
						if planReads != 1 {
							return fmt.Errorf("planning %d volumes read the data-center catalog %d times, want 1", volumes, planReads)
						}
						return nil
					}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("runpod_network_volume.many[49]", acctest.Attr("type"), knownvalue.StringExact("STANDARD")),
					acctest.CheckFake(func() error {
						// Apply re-plans each create in a second process: one more read.
						n := catalogReads()
						t.Logf("catalog requests after plan and apply of %d volumes: %d", volumes, n)
						if n != 2 {
							return fmt.Errorf("plan and apply of %d volumes read the data-center catalog %d times, want 2 (one per walk)", volumes, n)
						}
						if c := env.Fake.CountRequests("POST", "/v2/network-volumes"); c != volumes {
							return fmt.Errorf("%d creates, want %d", c, volumes)
						}
						return nil
					}),
				},
			},
		},
	})
}
