package networkvolume_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func TestAccNetworkVolumeDataSources(t *testing.T) {
	env := acctest.New(t)
	console := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "console-made", Size: 250, DataCenter: "US-TX-3", Type: "HIGH_PERFORMANCE"})
	env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{ID: "zzzzdup001", Name: "dup", Size: 10, DataCenter: "EU-RO-1"})
	env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{ID: "aaaadup002", Name: "dup", Size: 20, DataCenter: "AP-JP-1"})

	vol := func(i int) tfjsonpath.Path { return tfjsonpath.New("network_volumes").AtSliceIndex(i) }
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "network_volume_data_sources", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_network_volume.by_name", tfjsonpath.New("id"), knownvalue.StringExact(console.ID)),
					statecheck.ExpectKnownValue("data.runpod_network_volume.by_name", tfjsonpath.New("size_gb"), knownvalue.Int64Exact(250)),
					statecheck.ExpectKnownValue("data.runpod_network_volume.by_name", tfjsonpath.New("data_center_id"), knownvalue.StringExact("US-TX-3")),
					statecheck.ExpectKnownValue("data.runpod_network_volume.by_name", tfjsonpath.New("type"), knownvalue.StringExact("HIGH_PERFORMANCE")),
					statecheck.ExpectKnownValue("data.runpod_network_volume.by_id", tfjsonpath.New("name"), knownvalue.StringExact("dup")),
					statecheck.ExpectKnownValue("data.runpod_network_volume.by_id", tfjsonpath.New("data_center_id"), knownvalue.StringExact("AP-JP-1")),
					statecheck.ExpectKnownValue("data.runpod_network_volumes.all", tfjsonpath.New("network_volumes"), knownvalue.ListSizeExact(3)),
					// Sorted by name, then id.
					statecheck.ExpectKnownValue("data.runpod_network_volumes.all", vol(0).AtMapKey("name"), knownvalue.StringExact("console-made")),
					statecheck.ExpectKnownValue("data.runpod_network_volumes.all", vol(1).AtMapKey("id"), knownvalue.StringExact("aaaadup002")),
					statecheck.ExpectKnownValue("data.runpod_network_volumes.all", vol(2).AtMapKey("id"), knownvalue.StringExact("zzzzdup001")),
					statecheck.ExpectKnownValue("data.runpod_network_volumes.all", vol(2).AtMapKey("size_gb"), knownvalue.Int64Exact(10)),
				},
			},
		},
	})
}

func TestAccNetworkVolumeDataSource_errors(t *testing.T) {
	env := acctest.New(t)
	env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{ID: "zzzzdup001", Name: "dup", Size: 10, DataCenter: "EU-RO-1"})
	env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{ID: "aaaadup002", Name: "dup", Size: 20, DataCenter: "AP-JP-1"})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `data "runpod_network_volume" "v" { name = "dup" }`,
				ExpectError: regexp.MustCompile(`(?s)Network Volume Name Is Ambiguous.*2\s+network\s+volumes\s+are\s+named\s+"dup".*` +
					`aaaadup002\s+\(20\s+GB\s+in\s+AP-JP-1\).*zzzzdup001\s+\(10\s+GB\s+in\s+EU-RO-1\).*Read\s+it\s+by\s+id`),
			},
			{
				Config:      `data "runpod_network_volume" "v" { name = "nope" }`,
				ExpectError: regexp.MustCompile(`(?s)Network Volume Not Found.*no\s+network\s+volume\s+named\s+"nope"`),
			},
			{
				Config:      `data "runpod_network_volume" "v" { id = "doesnotexist" }`,
				ExpectError: regexp.MustCompile(`(?s)Network Volume Not Found.*"doesnotexist"`),
			},
			{
				Config:      `data "runpod_network_volume" "v" {}`,
				ExpectError: regexp.MustCompile(`(?s)Missing Attribute Configuration.*Exactly one of these attributes must be\s+configured: \[id,name\]`),
			},
		},
	})
}
