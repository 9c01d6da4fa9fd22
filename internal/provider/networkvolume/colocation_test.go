package networkvolume_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The documented co-location example, as shipped in examples/, run as is.
var colocationExample = config.StaticFile("../../../examples/resources/runpod_network_volume/colocated.tf")

const rtx4090 = "NVIDIA GeForce RTX 4090"

// The RTX 4090 has pod stock in EU-RO-1 (HIGH), US-KS-2 (MEDIUM) and EU-SE-1
// (none, and no network storage there either): the weights go to EU-RO-1.
// When stock later moves, the volume stays where it is.
func TestAccNetworkVolume_colocationExample(t *testing.T) {
	env := acctest.New(t)
	const weights = "runpod_network_volume.weights"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				ConfigFile: colocationExample,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(weights, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(weights, acctest.Attr("data_center_id"), knownvalue.StringExact("EU-RO-1")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("weights_data_center", knownvalue.StringExact("EU-RO-1")),
					statecheck.ExpectKnownValue("data.runpod_gpu_type.rtx4090", acctest.Attr("available_data_center_ids"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("EU-RO-1"), knownvalue.StringExact("US-KS-2")})),
				},
			},
			{
				// Stock moves to US-KS-2 only: the weights stay put.
				PreConfig:  func() { env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", "EU-RO-1", 0) },
				ConfigFile: colocationExample,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(weights, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_gpu_type.rtx4090", acctest.Attr("available_data_center_ids"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("US-KS-2")})),
					statecheck.ExpectKnownOutputValue("weights_data_center", knownvalue.StringExact("EU-RO-1")),
				},
			},
			{
				// No stock anywhere with storage: an existing volume still plans cleanly.
				PreConfig:  func() { env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", "US-KS-2", 0) },
				ConfigFile: colocationExample,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(weights, plancheck.ResourceActionNoop),
				}},
			},
		},
	})
}

// Where nothing has stock, a new volume is refused at plan time, naming the
// reason, and nothing is created.
func TestAccNetworkVolume_colocationExampleWithoutStock(t *testing.T) {
	env := acctest.New(t)
	for _, dc := range []string{"EU-RO-1", "US-KS-2", "EU-SE-1"} {
		env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", dc, 0)
	}
	// Community Cloud stock does not count: network volumes need Secure Cloud.
	env.Fake.SetGPUStock(rtx4090, "POD", "COMMUNITY", "EU-RO-1", 30)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				ConfigFile:  colocationExample,
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*"none-with-rtx-4090-stock"`),
			},
		},
	})
	if n := env.Fake.CountRequests("POST", "/v2/network-volumes"); n != 0 {
		t.Fatalf("%d volumes created without stock", n)
	}
	if vs := env.Fake.CountRequests("GET", "/v2/catalog/gpus/"+rtx4090); vs == 0 {
		t.Fatal("the example never read the GPU's stock")
	}
}
