package cluster_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A cluster resized in the console is never destroyed by a plan that did
// not ask for it: while the configuration says the applied size, the plan
// changes nothing and warns with the size Runpod reports and the line to
// write, and applying it succeeds without a write; adopting the new size is
// an in-place change of record; a size changed in the configuration is a
// replacement with its cost.
func TestAccCluster_scaledOutsideTerraform(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id, firstID string
	sized := func(n int) string {
		return override(clusterConfig(t, "scaled"), "pod_count", fmt.Sprintf("pod_count = %d", n))
	}
	noWrites := acctest.CheckFake(func() error {
		if n := writes(env.Fake); n != 0 {
			return fmt.Errorf("%d writes sent to the API", n)
		}
		return nil
	})
	podCount := func(n int) statecheck.StateCheck {
		return acctest.CheckFake(func() error {
			if c, ok := env.Fake.Cluster(id); !ok || c.Compute.PodCount != n {
				return fmt.Errorf("the cluster has %+v (present %v), want %d pods", c.Compute, ok, n)
			}
			return nil
		})
	}
	sizes := func(configured, reported int64) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			statecheck.ExpectKnownValue(addr, acctest.Attr("pod_count"), knownvalue.Int64Exact(configured)),
			statecheck.ExpectKnownValue(addr, acctest.Attr("reported_pod_count"), knownvalue.Int64Exact(reported)),
		}
	}
	scaledWarning := func(now, applied int) plancheck.PlanCheck {
		return rec.ExpectWarning(summaryScaled, fmt.Sprintf("has %d pods now (reported_pod_count)", now),
			fmt.Sprintf("from the %d pods Terraform last applied", applied), fmt.Sprintf("still says pod_count = %d", applied),
			"No change is planned for it", fmt.Sprintf("write pod_count = %d in the configuration", now),
			"terraform apply -replace=ADDRESS",
			fmt.Sprintf("%d pods × 8 = %d NVIDIA H100 80GB HBM3 GPUs at $2.99 per GPU-hour", applied, applied*8),
			"terraform destroy works as usual")
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: sized(2),
				ConfigStateChecks: append(sizes(2, 2),
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CaptureAttr(addr, "id", &firstID)),
			},
			{
				// Scaled to 3 in the console; the configuration still says 2:
				// no change, a warning, and an apply that writes nothing.
				PreConfig: func() {
					if !env.Fake.ScaleCluster(id, 3) {
						t.Fatalf("cluster %s not found", id)
					}
					rec.Reset()
					env.Fake.ResetRequests()
				},
				Config: sized(2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					scaledWarning(3, 2),
				}},
				ConfigStateChecks: append(sizes(2, 3), noWrites, podCount(3)),
			},
			{
				// Adopting the new size: recorded in place, the cluster untouched.
				PreConfig: func() { rec.Reset(); env.Fake.ResetRequests() },
				Config:    sized(3),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(71.76)),
					rec.ExpectWarning(summarySizeAdopt, "resized outside Terraform from 2 to 3 pods",
						"records the new size in state; the cluster itself is not touched",
						"3 × 8 = 24 GPUs", "= $71.76 per hour"),
					rec.ExpectNoWarning(summaryCost),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(v string) error {
						if v != firstID {
							return fmt.Errorf("id %s, want %s", v, firstID)
						}
						return nil
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("pod_count"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("reported_pod_count"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(71.76)),
					noWrites,
				},
			},
			{
				// The adopted size is remembered: shrunk to 2 in the console
				// while the configuration says 3 warns again.
				PreConfig: func() { env.Fake.ScaleCluster(id, 2); rec.Reset(); env.Fake.ResetRequests() },
				Config:    sized(3),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					scaledWarning(2, 3),
				}},
				ConfigStateChecks: append(sizes(3, 2), noWrites, podCount(2)),
			},
			{
				// Rebuilding at the configured size: taint, then apply.
				PreConfig: func() { rec.Reset(); env.Fake.ResetRequests() },
				Taint:     []string{addr},
				Config:    sized(3),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
					rec.ExpectWarning(summaryCost, "3 × 8 = 24 GPUs", "= $71.76 per hour"),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("pod_count"), knownvalue.Int64Exact(3)),
					acctest.CheckFake(func() error {
						if id == firstID {
							return fmt.Errorf("not rebuilt")
						}
						if _, ok := env.Fake.Cluster(firstID); ok {
							return fmt.Errorf("the old cluster %s survived", firstID)
						}
						if c, _ := env.Fake.Cluster(id); c.Compute.PodCount != 3 || c.Pods.Total != 3 {
							return fmt.Errorf("the new cluster has %+v", c.Compute)
						}
						return nil
					}),
				},
			},
			{
				// Scaled in the console and changed in the configuration to a
				// third size: that is a change of configuration, a replacement
				// whose warning says what the console had set.
				PreConfig: func() { firstID = id; env.Fake.ScaleCluster(id, 4); rec.Reset() },
				Config:    sized(2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					expectReplacedBy("pod_count"),
					rec.ExpectWarning(summaryCost, `Replacing cluster "scaled" (`, "2 × 8 = 16 GPUs",
						"The cluster being replaced has 4 pods now, set outside Terraform; the new one has the configured 2."),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("pod_count"), knownvalue.Int64Exact(2)),
				},
			},
		},
	})
}
