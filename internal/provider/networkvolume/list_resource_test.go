package networkvolume_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// seedVolumes stores volumes as the console would make them: three of a
// team's (two in EU-RO-1, one HIGH_PERFORMANCE in US-TX-3) and one of
// another team's in EU-RO-1.
func seedVolumes(fake *runpodfake.Fake) (models, cache, fast, other runpodfake.NetworkVolume) {
	mk := func(name string, size int, dc, tier string) runpodfake.NetworkVolume {
		return fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: name, Size: size, DataCenter: dc, Type: tier})
	}
	return mk("team-models", 100, "EU-RO-1", ""),
		mk("team-cache", 20, "EU-RO-1", ""),
		mk("team-fast", 500, "US-TX-3", "HIGH_PERFORMANCE"),
		mk("other", 10, "EU-RO-1", "")
}

func TestAccNetworkVolume_listResource(t *testing.T) {
	env := acctest.New(t)
	models, cache, fast, _ := seedVolumes(env.Fake)

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.Testdata(t, "team_network_volume_lists", nil),
			QueryResultChecks: slices.Concat(
				[]querycheck.QueryResultCheck{querycheck.ExpectLength("runpod_network_volume.team", 3)},
				acctest.ExpectListed("runpod_network_volume.romania", models.ID, cache.ID),
				[]querycheck.QueryResultCheck{
					querycheck.ExpectResourceDisplayName("runpod_network_volume.romania", acctest.ByID(models.ID),
						knownvalue.StringExact("team-models ("+models.ID+", 100 GB in EU-RO-1)")),
				},
				acctest.ExpectOnlyResult("runpod_network_volume.exact", fast.ID, "team-fast", "team-fast ("+fast.ID+", 500 GB in US-TX-3)",
					querycheck.KnownValueCheck{Path: tfjsonpath.New("size_gb"), KnownValue: knownvalue.Int64Exact(500)},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("data_center_id"), KnownValue: knownvalue.StringExact("US-TX-3")},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("type"), KnownValue: knownvalue.StringExact("HIGH_PERFORMANCE")},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("allow_duplicate"), KnownValue: knownvalue.Null()},
				),
			),
		},
		{
			// A mistyped data center is an error naming the right one,
			// not an empty result.
			Config:      acctest.ListBlock("runpod_network_volume", "typo", false, `data_center_id = "EU-RO1"`),
			ExpectError: regexp.MustCompile(`Unknown Data Center[\s\S]*no data center "EU-RO1"[\s\S]*Closest valid ids: "EU-RO-1"`),
		},
	})
}

// A data center that left the catalog still finds the volumes made in it:
// only an id that names neither a catalog data center nor one of the
// account's volumes is an error.
func TestAccNetworkVolume_listResourceRetiredDataCenter(t *testing.T) {
	env := acctest.New(t)
	old := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "old", Size: 10, DataCenter: "EU-RO-1"})
	env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "new", Size: 10, DataCenter: "EU-RO-1"})
	// EU-NL-1 is not in the fake's catalog: as if it had been retired since.
	env.Fake.UpdateNetworkVolume(old.ID, func(v *runpodfake.NetworkVolume) { v.DataCenter = "EU-NL-1" })

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.ListBlock("runpod_network_volume", "retired", false, `data_center_id = "EU-NL-1"`),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("runpod_network_volume.retired", 1),
				querycheck.ExpectIdentity("runpod_network_volume.retired", acctest.HasID(old.ID)),
			},
		},
		{
			Config:      acctest.ListBlock("runpod_network_volume", "nowhere", false, `data_center_id = "EU-NL-2"`),
			ExpectError: regexp.MustCompile(`no data center "EU-NL-2"[\s\S]*The account has volumes in: "EU-NL-1", "EU-RO-1"`),
		},
	})
}

// Volumes made in the console are adopted with terraform query: the
// generated configuration plans to imports and nothing else, and applies to
// a state that plans clean.
func TestAccNetworkVolume_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	models, cache, fast, other := seedVolumes(env.Fake)
	cli := env.QueryCLI(t)

	_, generated := cli.GenerateConfig(`
list "runpod_network_volume" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}
`)
	acctest.ExpectGenerated(t, generated, "volume", []string{models.ID, cache.ID, fast.ID}, []string{other.ID})
	if !regexp.MustCompile(`type\s+= "HIGH_PERFORMANCE"`).MatchString(generated) {
		t.Errorf("generated configuration does not keep the HIGH_PERFORMANCE tier:\n%s", generated)
	}

	cli.PlanGenerated(3, "import")
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
	for _, v := range []runpodfake.NetworkVolume{models, cache, fast} {
		if got, ok := env.Fake.NetworkVolume(v.ID); !ok || got != v {
			t.Errorf("after adopting, the API holds %+v (present=%v), want it unchanged: %+v", got, ok, v)
		}
	}
}
