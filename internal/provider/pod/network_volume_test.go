package pod_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A network volume pins the data center: the plan shows it, stock is
// checked there, and the mount path changes in place.
func TestAccPod_networkVolume(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	vol := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "ckpt", Size: 100, DataCenter: "US-KS-2"})
	var id string
	cfg := func(path string) string {
		return acctest.Testdata(t, "pod_rtx4090_network_volume", map[string]any{"VolumeID": vol.ID, "Path": path, "SecondPod": false})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg("/checkpoints"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("US-KS-2")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("US-KS-2")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("network_volume"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"volume_id": knownvalue.StringExact(vol.ID), "path": knownvalue.StringExact("/checkpoints"), "data_center_id": knownvalue.Null(),
					})),
				},
			},
			{
				PreConfig: env.Fake.ResetRequests,
				Config:    cfg("/ckpt"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
						if len(p.Mounts.Network) != 1 || p.Mounts.Network[0].Path != "/ckpt" {
							return fmt.Errorf("mounts %+v", p.Mounts)
						}
						return nil
					}),
					acctest.CheckFake(func() error {
						bodies, _ := requestBodies(env.Fake, "PATCH", "/v2/pods/"+id)
						if len(bodies) != 1 || fmt.Sprint(bodies[0]) != fmt.Sprintf("map[mounts:map[network:[map[path:/ckpt volumeId:%s]]]]", vol.ID) {
							return fmt.Errorf("PATCH bodies %v", bodies)
						}
						return nil
					}),
				},
			},
			{
				// Stock gone where the volume is: a new pod cannot go there.
				PreConfig:   func() { env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", "US-KS-2", 0) },
				Config:      acctest.Testdata(t, "pod_rtx4090_network_volume", map[string]any{"VolumeID": vol.ID, "Path": "/ckpt", "SecondPod": true}),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*US-KS-2:\s+NONE.*in\s+other\s+data\s+centers:\s+EU-RO-1`),
			},
		},
	})
	warningWith(t, rec, "Pod Compute Cost", "The network volume bills separately")
}
