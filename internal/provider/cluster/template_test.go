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

// templateCluster is testdata/cluster_from_private_template.tf: a SLURM
// cluster made from a template with a private image and its registry
// credential, with extra lines added.
func templateCluster(t testing.TB, extra string) string {
	t.Helper()
	return acctest.Testdata(t, "cluster_from_private_template", map[string]any{"Extra": extra})
}

// A private image reaches a cluster only through a template, which carries
// the registry credential; the API's template rules fail at plan time.
func TestAccCluster_template(t *testing.T) {
	env := newEnv(t)
	var clusterID, templateID, registryID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: templateCluster(t, `image = "ghcr.io/acme/other:2"`),
				ExpectError: regexp.MustCompile(`(?s)Conflicting Cluster Settings.*image\s+cannot\s+be\s+set\s+together\s+with\s+template_id.*` +
					`registry\s+credential.*Runpod\s+refuses`),
			},
			{
				Config: templateCluster(t, `network_volume {
  volume_id = "abc"
  path = "/data"
}
  env = { A = "1" }`),
				ExpectError: regexp.MustCompile(`(?s)Conflicting Cluster Settings.*(env|network_volume)\s+cannot\s+be\s+set.*Conflicting\s+Cluster\s+Settings`),
			},
			{
				Config:      acctest.Testdata(t, "cluster_without_image", nil),
				ExpectError: regexp.MustCompile(`(?s)Missing Cluster Image.*either\s+image.*or\s+template_id.*A\s+private\s+image\s+needs\s+template_id`),
			},
			{
				Config: clusterConfig(t, "reg", `registry_auth_id = "abc123"`),
				ExpectError: regexp.MustCompile(`(?s)Clusters Take No Registry Credential.*registry_auth_id.*Create\s+a\s+runpod_template\s+with\s+the\s+image\s+and\s+` +
					`registry_auth_id.*set\s+template_id`),
			},
			{
				Config: templateCluster(t, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &clusterID),
					acctest.CaptureAttr("runpod_template.trainer", "id", &templateID),
					acctest.CaptureAttr("runpod_registry_auth.ghcr", "id", &registryID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("template_id"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("primary_ssh_endpoint"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9.]+:\d+$`))),
					acctest.CheckFake(func() error {
						c, _ := env.Fake.Cluster(clusterID)
						if c.Template != templateID {
							return fmt.Errorf("the API's cluster template is %q, want %s", c.Template, templateID)
						}
						bodies := requestBodies(env.Fake, "POST", "/v2/clusters")
						want := fmt.Sprintf(`{"compute":{"gpuCountPerPod":8,"gpuTypeId":"NVIDIA H100 80GB HBM3","podCount":2},`+
							`"name":"private","templateId":%q,"type":"SLURM"}`, templateID)
						if len(bodies) != 1 || bodies[0] != want {
							return fmt.Errorf("create body %v, want only the template and compute: %s", bodies, want)
						}
						// Every member pulls the private image with the template's credential.
						p, ok := env.Fake.Pod(c.Primary.PodID)
						if !ok || p.Image != "ghcr.io/acme/private-trainer:1.0" || p.Registry == nil || *p.Registry != registryID {
							return fmt.Errorf("primary pod %+v does not run the template's private image with credential %s", p, registryID)
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
		},
	})
}

// A network volume pins the cluster to its data center: created together
// (the volume's id unknown at plan time) they land in the same data center;
// a data_center_ids without the volume's data center is refused at plan
// time once the volume exists.
func TestAccCluster_networkVolume(t *testing.T) {
	env := newEnv(t)
	config := func(dcs string) string {
		return acctest.Testdata(t, "cluster_on_new_network_volume", map[string]any{"DataCenterIDs": dcs})
	}
	var clusterID, volumeID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: config(`[runpod_network_volume.ckpt.data_center_id]`),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &clusterID),
					acctest.CaptureAttr("runpod_network_volume.ckpt", "id", &volumeID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("US-TX-3")),
					acctest.CheckFake(func() error {
						c, _ := env.Fake.Cluster(clusterID)
						p, _ := env.Fake.Pod(c.Primary.PodID)
						if len(p.Mounts.Network) != 1 || p.Mounts.Network[0].VolumeID != volumeID || p.Mounts.Network[0].Path != "/checkpoints" {
							return fmt.Errorf("primary pod mounts %+v, want volume %s at /checkpoints", p.Mounts, volumeID)
						}
						return nil
					}),
				},
			},
			{
				Config: config(`["EU-RO-1"]`),
				ExpectError: regexp.MustCompile(`(?s)Network Volume in Another Data Center.*network_volume.*"checkpoints"\s+\(` +
					`[a-z0-9]+\)\s+is\s+in\s+US-TX-3,\s+which\s+is\s+not\s+in\s+data_center_ids\s+\(EU-RO-1\)`),
			},
		},
	})
}
