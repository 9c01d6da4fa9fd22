package cluster_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

func apiClient(t *testing.T, fake *runpodfake.Fake) *runpod.Client {
	t.Helper()
	c := runpodtest.Client(t, fake)
	return c
}

// A create whose answer is lost may have made a cluster. The provider sends
// it once and, when exactly one cluster with the requested name, type and
// compute appeared since the request began, adopts it with a warning: a
// pipeline re-running apply must not pay for a second one. An older
// same-name cluster with other compute (someone else's) is left alone.
func TestAccCluster_ambiguousCreateAdoptsTheOneThatAppeared(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	client := apiClient(t, env.Fake)
	ctx := context.Background()

	// An older cluster with the same name, made an hour ago by someone else.
	env.Fake.SetClock(func() time.Time { return time.Now().Add(-time.Hour) })
	older, err := client.CreateCluster(ctx, runpod.CreateClusterRequest{
		Name: "train", Type: "TRAINING", Image: "busybox",
		Compute: runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 1, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	env.Fake.SetClock(nil)
	// The create is carried out, but its answer is lost.
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/clusters", Status: 502, AfterHandler: true})

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: clusterConfig(t, "train"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(v string) error {
						if v == older.ID {
							return fmt.Errorf("adopted the older cluster %s", v)
						}
						return nil
					})),
					acctest.CheckFake(func() error {
						// The older cluster's create plus the provider's one.
						if n := env.Fake.CountRequests("POST", "/v2/clusters"); n != 2 {
							return fmt.Errorf("%d creates sent in all, want 2", n)
						}
						if len(rec.Warnings("Cluster Adopted After a Lost Create Reply")) != 1 {
							return fmt.Errorf("no adoption warning; diagnostics: %v", rec.Diagnostics())
						}
						return nil
					}),
				},
			},
			{
				Config: clusterConfig(t, "train"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
		},
	})
	if _, ok := env.Fake.Cluster(older.ID); !ok {
		t.Errorf("the other cluster named train (%s) was touched", older.ID)
	}
}

// A cluster made from a template has no inline settings to write down: its
// import plans alone. A start flag configured afterwards, which Runpod never
// returns, is written down (an update that sends nothing, with a warning);
// once written, changing it replaces the cluster.
func TestAccCluster_importTemplateCluster(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	tmpl := env.Fake.SeedTemplate(runpodfake.DefaultTemplate("console-trainer", "ghcr.io/acme/trainer:1"))
	c, err := apiClient(t, env.Fake).CreateCluster(context.Background(), runpod.CreateClusterRequest{
		Name: "console-made", Type: "RAY", TemplateID: tmpl.ID,
		Compute: runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 2, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg := func(importID, extra string) string {
		return acctest.Testdata(t, "cluster_from_console_template", map[string]any{
			"ImportID": importID, "TemplateID": tmpl.ID, "Extra": extra,
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				PreConfig: func() { rec.Reset(); env.Fake.ResetRequests() },
				Config:    cfg(c.ID, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
					rec.ExpectNoWarning(summaryRecorded),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringExact(c.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("template_id"), knownvalue.StringExact(tmpl.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(11.96)),
					acctest.CheckFake(func() error {
						if n := len(requestBodies(env.Fake, "POST", "/v2/clusters")) + len(requestBodies(env.Fake, "PATCH", "/v2/clusters/"+c.ID)); n != 0 {
							return fmt.Errorf("%d writes during the import", n)
						}
						return nil
					}),
				},
			},
			{
				Config: cfg("", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
			{
				PreConfig: func() { rec.Reset() },
				Config:    cfg("", "start_ssh = true"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					rec.ExpectWarning(summaryRecorded, "the configuration sets start_ssh"),
				}},
			},
			{
				Config: cfg("", "start_ssh = false"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					expectReplacedBy("start_ssh"),
				}},
			},
		},
	})
}
