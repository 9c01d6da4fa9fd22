package pod_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A CPU pod: priced per vCPU.
func TestAccPod_cpu(t *testing.T) {
	rec := applyOnce(t, cpuPod(t, "cpu", "cpu3c", 4),
		statecheck.ExpectKnownValue(addr, acctest.Attr("cpu"), knownvalue.ObjectExact(map[string]knownvalue.Check{
			"type_id": knownvalue.StringExact("cpu3c"), "vcpu_count": knownvalue.Int64Exact(4),
		})),
		statecheck.ExpectKnownValue(addr, acctest.Attr("gpu"), knownvalue.Null()),
		statecheck.ExpectKnownValue(addr, acctest.Attr("cuda_version"), knownvalue.Null()),
		statecheck.ExpectKnownValue(addr, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(0.12)),
	)
	warningWith(t, rec, "Pod Compute Cost", "vCPUs of CPU flavour cpu3c", "4 × $0.03 = $0.12 per hour")
}

// Switching between the gpu and cpu blocks replaces the pod: the plan
// modifiers of the blocks and their arguments (presenceChanged,
// RequiresReplace) still act now that gpu and cpu are blocks rather than
// nested attributes.
func TestAccPod_computeSwitchReplaces(t *testing.T) {
	env := newEnv(t)
	var gpuID, cpuID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            podConfig(`name = "switch"`, `image = "runpod/base:0.7.0"`, `gpu { type_id = "NVIDIA GeForce RTX 4090" }`),
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &gpuID)},
			},
			{
				Config: cpuPod(t, "switch", "cpu3c", 4),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &cpuID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("gpu"), knownvalue.Null()),
					acctest.CheckFake(func() error {
						if _, ok := env.Fake.Pod(gpuID); ok || cpuID == gpuID {
							return fmt.Errorf("GPU pod %s was not replaced (new id %s)", gpuID, cpuID)
						}
						return nil
					}),
				},
			},
		},
	})
}
