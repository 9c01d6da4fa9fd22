package cluster_test

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

// configOnly are the arguments Runpod never returns for a cluster, so an
// import cannot restore them.
var configOnly = []string{
	"data_center_ids", "image", "args", "entrypoint", "cmd", "container_disk_gb", "env", "ports",
	"persistent_volume", "network_volume", "start_ssh", "start_jupyter", "timeouts", "gpu_type_ids",
}

func TestAccCluster_lifecycle(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id, firstID string

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				// Create: the plan states the money and shows the estimate;
				// the apply waits for every member to run.
				PreConfig: rec.Reset,
				Config:    clusterConfig(t, "train"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(47.84)),
					rec.ExpectWarning(summaryCost,
						`Creating cluster "train": pod_count × gpu_count_per_pod = 2 × 8 = 16 GPUs of NVIDIA H100 80GB HBM3 `+
							`(H100 SXM) at $2.99 per GPU-hour (catalog, Secure Cloud price) = $47.84 per hour (about $1,148.16 `+
							`per day) from creation until destroyed.`,
						"Stock for clusters now: US-TX-3 HIGH",
						"Cluster pods can bill above pod prices, so the real spend is in the runpod_cluster_billing data source"),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CaptureAttr(addr, "id", &firstID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("train")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("type"), knownvalue.StringExact("TRAINING")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("gpu_type_id"), knownvalue.StringExact(h100)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("gpu_count_per_pod"), knownvalue.Int64Exact(8)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("pod_count"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("US-TX-3")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("pods_by_status"), knownvalue.MapExact(map[string]knownvalue.Check{
						"RUNNING": knownvalue.Int64Exact(2),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("primary_pod_id"), knownvalue.StringRegexp(regexp.MustCompile(`^[a-z0-9]{10}$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("network_cidr"), knownvalue.StringExact("10.65.0.0/16")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("created_at"), knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("template_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(47.84)),
					acctest.CheckFake(func() error {
						c, ok := env.Fake.Cluster(id)
						if !ok {
							return fmt.Errorf("cluster %s is not in the API", id)
						}
						if c.Pods.Total != 2 || c.Pods.ByStatus["RUNNING"] != 2 {
							return fmt.Errorf("the API's members: %+v, want 2 RUNNING", c.Pods)
						}
						bodies := requestBodies(env.Fake, "POST", "/v2/clusters")
						want := `{"compute":{"gpuCountPerPod":8,"gpuTypeId":"NVIDIA H100 80GB HBM3","podCount":2},` +
							`"dataCenterIds":["US-TX-3"],"image":"runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",` +
							`"name":"train","ports":["22/tcp","8888/http"],"type":"TRAINING"}`
						if len(bodies) != 1 || bodies[0] != want {
							return fmt.Errorf("create bodies %v, want exactly %s", bodies, want)
						}
						// The fake needs two reads per member to reach RUNNING: the
						// provider waited, reading more than once.
						if n := env.Fake.CountRequests("GET", "/v2/clusters/"+id); n < 2 {
							return fmt.Errorf("the create read the cluster %d times; it did not wait", n)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: configOnly,
			},
			{
				// Rename: one PATCH with only the name, in place.
				PreConfig: func() { env.Fake.ResetRequests(); rec.Reset() },
				Config:    clusterConfig(t, "train-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(47.84)),
					rec.ExpectNoWarning(summaryCost),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("train-2")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(v string) error {
						if v != firstID {
							return fmt.Errorf("id %s, want the original %s", v, firstID)
						}
						return nil
					})),
					acctest.CheckFake(func() error {
						bodies := requestBodies(env.Fake, "PATCH", "/v2/clusters/"+id)
						if len(bodies) != 1 || bodies[0] != `{"name":"train-2"}` {
							return fmt.Errorf("PATCH bodies %v, want one with only the name", bodies)
						}
						if c, _ := env.Fake.Cluster(id); c.Name != "train-2" {
							return fmt.Errorf("the API's name is %q", c.Name)
						}
						if n := env.Fake.CountRequests("POST", "/v2/clusters") + env.Fake.CountRequests("DELETE", "/v2/clusters/*"); n != 0 {
							return fmt.Errorf("a rename sent %d creates or deletes", n)
						}
						return nil
					}),
				},
			},
			{
				// Renamed in the console: an in-place update puts it back.
				PreConfig: func() { env.Fake.RenameCluster(id, "renamed-in-console") },
				Config:    clusterConfig(t, "train-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("train-2")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						if c, _ := env.Fake.Cluster(id); c.Name != "train-2" {
							return fmt.Errorf("the API's name is %q, want it put back", c.Name)
						}
						return nil
					}),
				},
			},
			{
				// Deleted in the console: the plan creates it again.
				PreConfig: func() { env.Fake.DeleteCluster(id); rec.Reset() },
				Config:    clusterConfig(t, "train-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					rec.ExpectWarning(summaryCost, `Creating cluster "train-2"`, "= $47.84 per hour"),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CheckFake(func() error {
						if id == firstID {
							return fmt.Errorf("the id did not change")
						}
						if _, ok := env.Fake.Cluster(id); !ok {
							return fmt.Errorf("cluster %s is not in the API", id)
						}
						return nil
					}),
				},
			},
		},
	})
}

// A wait that runs out leaves the cluster in state with a warning, and the
// next plan is empty: the resource is not tainted, so nothing creates a
// second cluster.
func TestAccCluster_createTimeout(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(1 << 20)
	rec := env.Record()
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				PreConfig: rec.Reset,
				Config:    clusterConfig(t, "slow", `timeouts { create = "300ms" }`),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("pods_by_status"), knownvalue.MapExact(map[string]knownvalue.Check{
						"STARTING": knownvalue.Int64Exact(2),
					})),
					acctest.CheckFake(func() error {
						ws := rec.Warnings(summaryNotReady)
						if len(ws) != 1 {
							return fmt.Errorf("want one %q warning, got %v", summaryNotReady, rec.Diagnostics())
						}
						for _, want := range []string{
							`Cluster "slow" (` + id + `) was created and is billing, but only 0 of its 2 member pods are RUNNING after waiting 300ms`,
							"Pods by status: STARTING 2.",
							"will not be created again",
							"raise timeouts.create",
						} {
							if !regexp.MustCompile(regexp.QuoteMeta(want)).MatchString(ws[0].Detail) {
								return fmt.Errorf("warning lacks %q: %s", want, ws[0].Detail)
							}
						}
						if n := env.Fake.CountRequests("POST", "/v2/clusters"); n != 1 {
							return fmt.Errorf("%d creates sent, want 1", n)
						}
						return nil
					}),
				},
			},
			{
				// The next apply plans nothing and creates nothing.
				Config: clusterConfig(t, "slow", `timeouts { create = "300ms" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						if n := env.Fake.CountRequests("POST", "/v2/clusters"); n != 1 {
							return fmt.Errorf("%d creates sent, want 1", n)
						}
						return nil
					}),
				},
			},
		},
	})
}
