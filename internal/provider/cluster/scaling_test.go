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

// A cluster resized in the console is never destroyed by a plan that did
// not ask for it: the plan warns, the apply fails before writing anything,
// and both say how to adopt or rebuild; adopting
// is an in-place change of record; a size changed in the configuration is a
// replacement with its cost.
func TestAccCluster_scaledOutsideTerraform(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id, firstID string
	sized := func(n int) string {
		return override(clusterConfig("scaled"), "pod_count", fmt.Sprintf("pod_count = %d", n))
	}
	noWrites := acctest.CheckFake(func() error {
		if n := env.Fake.CountRequests("POST", "/v2/clusters") + env.Fake.CountRequests("DELETE", "/v2/clusters/*") +
			env.Fake.CountRequests("PATCH", "/v2/clusters/*"); n != 0 {
			return fmt.Errorf("%d writes sent to the API", n)
		}
		return nil
	})
	scaledError := func(now, configured int) *regexp.Regexp {
		return regexp.MustCompile(fmt.Sprintf(`(?s)Error: Cluster Was Resized Outside Terraform.*has\s+%d\s+pods\s+now.*from\s+the\s+%d\s+pods\s+Terraform\s+last\s+applied.*`+
			`pod_count\s+=\s+%d.*would\s+destroy\s+the\s+running\s+%d-pod\s+cluster.*set\s+pod_count\s+=\s+%d.*terraform\s+apply\s+-replace=ADDRESS.*`+
			`%d\s+pods\s+×\s+8\s+=\s+%d\s+NVIDIA\s+H100\s+80GB\s+HBM3\s+GPUs\s+at\s+\$2\.99\s+per\s+GPU-hour.*Nothing\s+was\s+changed`,
			now, configured, configured, now, now, configured, configured*8))
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: sized(2),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CaptureAttr(addr, "id", &firstID),
				},
			},
			{
				// Scaled to 3 in the console; the configuration still says 2.
				PreConfig: func() {
					if !env.Fake.ScaleCluster(id, 3) {
						t.Fatalf("cluster %s not found", id)
					}
					env.Fake.ResetRequests()
				},
				Config:      sized(2),
				ExpectError: scaledError(3, 2),
			},
			{
				// The refused apply changed nothing; the plan still warns
				// (and is an in-place update that the apply refuses).
				PreConfig: func() {
					if n := env.Fake.CountRequests("POST", "/v2/clusters") + env.Fake.CountRequests("DELETE", "/v2/clusters/*") +
						env.Fake.CountRequests("PATCH", "/v2/clusters/*"); n != 0 {
						t.Errorf("the refused apply sent %d writes", n)
					}
					if c, ok := env.Fake.Cluster(id); !ok || c.Compute.PodCount != 3 {
						t.Errorf("the scaled cluster changed: %+v (present %v)", c.Compute, ok)
					}
				},
				Config:             sized(2),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
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
					statecheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(71.76)),
					noWrites,
				},
			},
			{
				// The adopted size is remembered: shrunk to 2 in the console
				// while the configuration says 3 is refused again.
				PreConfig:   func() { env.Fake.ScaleCluster(id, 2); env.Fake.ResetRequests() },
				Config:      sized(3),
				ExpectError: scaledError(2, 3),
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
