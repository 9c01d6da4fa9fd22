package ecrdelegation_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// API.md §15 (pagination, uncertain): a delegation has no read by id, so
// every refresh finds it in the list. Served one per page, the delegation
// on a later page is still found (no diff, not declared gone); with a list
// that cannot be read whole, the refresh fails instead of planning to
// create it again.
func TestAccEcrDelegation_refreshReadsEveryPage(t *testing.T) {
	env := acctest.New(t)
	for i := range 3 {
		name := fmt.Sprintf("other-%d", i)
		env.Fake.SeedDelegation(fmt.Sprintf("arn:aws:ecr:us-east-2:418399314813:repository/other-%d", i), &name)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             checkRevoked(env.Fake),
		Steps: []resource.TestStep{
			{Config: config(arnApp, "ci")},
			{
				PreConfig: func() {
					env.Fake.SetListPagination(runpodfake.ListPagination{Style: runpodfake.PageCursor, PageSize: 1})
				},
				Config: config(arnApp, "ci"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
			{
				PreConfig: func() {
					env.Fake.SetListPagination(runpodfake.ListPagination{Style: runpodfake.PageHasMore, PageSize: 1})
				},
				Config:      config(arnApp, "ci"),
				ExpectError: regexp.MustCompile(`may be incomplete`),
			},
			{
				// Whole again, for the destroy.
				PreConfig: func() { env.Fake.SetListPagination(runpodfake.ListPagination{}) },
				Config:    config(arnApp, "ci"),
			},
		},
	})
}
