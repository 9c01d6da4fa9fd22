package template_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// API.md §15 (pagination, uncertain): the name check before a create reads
// the whole list. With the account's templates served two per page, a
// template of the same name on the last page still refuses the create with
// its id; and with a list that says there is more but not how to read it,
// the create is refused as unverifiable instead of taking the first page as
// the whole set. Nothing is created either way.
func TestAccTemplate_nameCheckReadsEveryPage(t *testing.T) {
	env := acctest.New(t)
	for i := range 4 {
		env.Fake.SeedTemplate(runpodfake.DefaultTemplate(fmt.Sprintf("other-%d", i), "img"))
	}
	taken := env.Fake.SeedTemplate(runpodfake.DefaultTemplate("paged", "img"))
	config := `
resource "runpod_template" "t" {
  name  = "paged"
  image = "runpod/base:0.6.2"
}`
	noCreate := func() {
		if n := env.Fake.CountRequests("POST", "/v2/templates"); n != 0 {
			t.Fatalf("%d template creates sent; the name check must stop them", n)
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					env.Fake.SetListPagination(runpodfake.ListPagination{Style: runpodfake.PageCursor, PageSize: 2})
				},
				Config:      config,
				ExpectError: regexp.MustCompile(`(?s)Template Name Already Taken.*` + taken.ID),
			},
			{
				PreConfig: func() {
					noCreate()
					env.Fake.SetListPagination(runpodfake.ListPagination{Style: runpodfake.PageHasMore, PageSize: 2})
				},
				Config:      config,
				ExpectError: regexp.MustCompile(`(?s)Cannot Check Template Name.*may be incomplete.*"hasMore": true`),
			},
			{
				PreConfig: noCreate,
				Config:    config,
				PlanOnly:  true, ExpectNonEmptyPlan: true,
			},
		},
	})
}
