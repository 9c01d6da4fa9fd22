package pod_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// global_networking changes in place but applies at the next start: state
// keeps the configured value meanwhile (no drift), and the next start
// applies it.
func TestAccPod_globalNetworkingAtNextStart(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id string
	cfg := func(extra ...string) string {
		return gpuPod(t, "net", append([]string{`data_center_ids = ["EU-RO-1"]`}, extra...)...)
	}
	enabled := func(want bool) statecheck.StateCheck {
		return checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
			if p.GlobalNetworking.Enabled != want {
				return fmt.Errorf("global networking enabled=%v on the pod, want %v", p.GlobalNetworking.Enabled, want)
			}
			return nil
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            cfg(),
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id), enabled(false)},
			},
			{
				Config: cfg(`global_networking = true`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("global_networking"), knownvalue.Bool(true)),
					enabled(false),
				},
			},
			{
				Config: cfg(`global_networking = true`, `desired_status = "EXITED"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
			},
			{
				Config: cfg(`global_networking = true`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("global_networking"), knownvalue.Bool(true)),
					enabled(true),
				},
			},
		},
	})
	warningWith(t, rec, "Global Networking Changes at the Next Start", "does not restart the pod")
}
