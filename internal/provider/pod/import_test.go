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

// An imported pod's create-time settings were never recorded: the first
// apply records the configured ones without replacing the pod.
func TestAccPod_importAdoptsCreateSettings(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetSSHKeys(sshKey)
	seeded := env.Fake.SeedPod(runpodfake.Pod{Name: "console-made", Image: "runpod/base:0.7.0",
		GPU: &runpodfake.PodGPU{ID: rtx4090}, Ports: []string{"22/tcp"}, Env: map[string]string{"PUBLIC_KEY": sshKey}})
	config := func(startSSH bool) string {
		return acctest.Testdata(t, "pod_console_made_with_ssh", map[string]any{"DataCenterID": *seeded.DataCenterID, "StartSSH": startSSH})
	}
	cfg := config(true)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:             cfg,
				ResourceName:       addr,
				ImportState:        true,
				ImportStateId:      seeded.ID,
				ImportStatePersist: true,
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringExact(seeded.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("start_ssh"), knownvalue.Bool(true)),
					// The injected key is not drift.
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapSizeExact(0)),
					acctest.CheckFake(func() error {
						if n := env.Fake.CountRequests("PATCH", "/v2/pods/*") + env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
							return fmt.Errorf("%d writes to record settings the API never returns", n)
						}
						return nil
					}),
				},
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
			{
				// Once recorded, the settings are the pod's own: a change
				// replaces it as for a pod Terraform created, instead of
				// being written down silently.
				Config: config(false),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}
