package billing_test

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The documented example applies against the fake as written.
func TestAccBillingExample(t *testing.T) {
	example := acctest.Example(t, "data-sources/runpod_billing/data-source.tf")
	env := acctest.New(t)
	now := time.Date(2026, 6, 10, 12, 0, 0, 0, time.UTC)
	env.Fake.SetClock(func() time.Time { return now })
	env.Fake.AddPodBilling("podA", now.Add(-48*time.Hour), 1.5, 0, 0.25)
	env.Fake.AddPodBilling("podB", now.Add(-time.Hour), 0.5, 0, 0)
	env.Fake.AddPodBilling("podOld", now.AddDate(0, 0, -8), 7, 0, 0) // before the 7 days
	env.Fake.AddClusterBilling("clu1", time.Date(2026, 3, 31, 23, 0, 0, 0, time.UTC), 9, 0, 0.5)
	env.Fake.AddNetworkVolumeBilling("vol1", time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), 3, 0) // April: not March
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config: example,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("pod_spend_last_week", knownvalue.MapExact(map[string]knownvalue.Check{
					"podA": knownvalue.Float64Exact(1.75), "podB": knownvalue.Float64Exact(0.5),
				})),
				statecheck.ExpectKnownOutputValue("account_spend_march", knownvalue.Float64Exact(9.5)),
			},
		}},
	})
}
