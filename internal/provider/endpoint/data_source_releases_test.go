package endpoint_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

const releasesDS = "data.runpod_endpoint_releases.r"

var rfc3339 = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`)

// diffEntry is the knownvalue check of one diff element.
func diffEntry(field string, old, nu knownvalue.Check) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{"field": knownvalue.StringExact(field), "old": old, "new": nu})
}

// The releases of an endpoint made and changed outside Terraform: the
// first release, then an image change rolling out to a worker that has
// not started yet, and an unknown endpoint.
func TestAccEndpointReleasesDataSource(t *testing.T) {
	env := acctest.New(t)
	env.Fake.SetEndpointWorkerStartDelay(0)
	c := apiClient(t, env.Fake)
	e, err := c.CreateEndpoint(context.Background(), runpod.CreateEndpointRequest{
		Name: "console", Type: runpod.EndpointTypeQueue, Image: "ghcr.io/acme/worker:1",
		Scaling: runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: floatPtr(4)},
		GPU:     &runpod.CreateEndpointGPU{Pools: []string{"ADA_24"}},
		Workers: &runpod.WorkersRequest{Min: intPtr(1)},
	})
	if err != nil {
		t.Fatal(err)
	}
	config := fmt.Sprintf("data \"runpod_endpoint_releases\" \"r\" {\n  endpoint_id = %q\n}\n", e.ID)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				// The first release lists the initial values, old null.
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("endpoint_version"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("rollout"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"in_progress": knownvalue.Bool(false), "workers_on_latest": knownvalue.Int64Exact(1),
						"workers_total": knownvalue.Int64Exact(1), "percent_on_latest": knownvalue.Int64Exact(100),
					})),
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("releases"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"id": knownvalue.NotNull(), "version": knownvalue.Int64Exact(1), "source": knownvalue.StringExact("MANUAL"),
							"build_id": knownvalue.Null(), "created_by_user_id": knownvalue.Null(),
							"worker_count": knownvalue.Int64Exact(1), "created_at": knownvalue.StringRegexp(rfc3339),
							"diff": knownvalue.ListPartial(map[int]knownvalue.Check{
								0: diffEntry("template.imageName", knownvalue.Null(), knownvalue.StringExact(`"ghcr.io/acme/worker:1"`)),
							}),
						}),
					})),
				},
			},
			{
				// A new image in the console: a second release, newest
				// first, rolling out while its worker starts.
				PreConfig: func() {
					env.Fake.SetEndpointWorkerStartDelay(1000)
					if msg := env.Fake.PatchEndpoint(e.ID, map[string]any{"image": "ghcr.io/acme/worker:2"}); msg != "" {
						t.Fatal(msg)
					}
				},
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("endpoint_version"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("rollout"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"in_progress": knownvalue.Bool(true), "workers_on_latest": knownvalue.Int64Exact(1),
						"workers_total": knownvalue.Int64Exact(2), "percent_on_latest": knownvalue.Int64Exact(50),
					})),
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("releases"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"version": knownvalue.Int64Exact(2), "worker_count": knownvalue.Int64Exact(1),
							"diff": knownvalue.ListExact([]knownvalue.Check{
								diffEntry("template.imageName", knownvalue.StringExact(`"ghcr.io/acme/worker:1"`), knownvalue.StringExact(`"ghcr.io/acme/worker:2"`)),
							}),
						}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"version": knownvalue.Int64Exact(1), "worker_count": knownvalue.Int64Exact(1),
						}),
					})),
				},
			},
			{
				Config:      `data "runpod_endpoint_releases" "r" { endpoint_id = "doesnotexist" }`,
				ExpectError: regexp.MustCompile(`(?s)Endpoint Not Found.*"doesnotexist"`),
			},
		},
	})
}

// Releases read after an endpoint update, the way users do it: Terraform
// creates an endpoint, a later apply changes its image, and the releases
// read in that apply (after the update, since the data source depends on
// the endpoint) show two releases, the newest current and rolled out to
// the active worker the apply waited for.
func TestAccEndpointReleases_afterUpdate(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetEndpointWorkerStartDelay(1)
	withReleases := func(image string) string {
		return acctest.Testdata(t, "endpoint_releases_after_update", map[string]any{"Image": image})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: withReleases("ghcr.io/acme/worker:1"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("releases"), knownvalue.ListSizeExact(1)),
					statecheck.ExpectKnownOutputValue("current_is_newest", knownvalue.Bool(true)),
				},
			},
			{
				Config: withReleases("ghcr.io/acme/worker:2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("current_is_newest", knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("rollout"), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"in_progress": knownvalue.Bool(false), "workers_on_latest": knownvalue.Int64Exact(1), "workers_total": knownvalue.Int64Exact(1),
					})),
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("releases"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"version": knownvalue.Int64Exact(2), "source": knownvalue.StringExact("MANUAL"), "worker_count": knownvalue.Int64Exact(1),
							"diff": knownvalue.ListExact([]knownvalue.Check{
								diffEntry("template.imageName", knownvalue.StringExact(`"ghcr.io/acme/worker:1"`), knownvalue.StringExact(`"ghcr.io/acme/worker:2"`)),
							}),
						}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"version": knownvalue.Int64Exact(1), "worker_count": knownvalue.Int64Exact(0),
						}),
					})),
					statecheck.ExpectKnownValue(releasesDS, acctest.Attr("endpoint_version"), knownvalue.Int64Exact(2)),
				},
			},
		},
	})
}
