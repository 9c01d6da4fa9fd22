package pod_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A pod from a template shows the template's settings for what it leaves
// out, and keeps them on the next plan.
func TestAccPod_fromTemplate(t *testing.T) {
	env := newEnv(t)
	tmpl := runpodfake.DefaultTemplate("app", "ghcr.io/example/app:1.4")
	tmpl.Ports = []string{"8888/http"}
	tmpl.Env = map[string]string{"FROM_TEMPLATE": "1"}
	tmpl.Args = "python serve.py"
	tmpl.Disk = 30
	tmpl = env.Fake.SeedTemplate(tmpl)
	var id string
	cfg := podConfig(`name = "from-template"`, fmt.Sprintf(`template_id = %q`, tmpl.ID), `gpu { type_id = "NVIDIA GeForce RTX 4090" }`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectUnknownValue(addr, acctest.Attr("ports")),
					plancheck.ExpectUnknownValue(addr, acctest.Attr("env")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("image"), knownvalue.StringExact("ghcr.io/example/app:1.4")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("args"), knownvalue.StringExact("python serve.py")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("container_disk_gb"), knownvalue.Int64Exact(30)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ports"), knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("8888/http")})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{"FROM_TEMPLATE": knownvalue.StringExact("1")})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("template_id"), knownvalue.StringExact(tmpl.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("proxy_urls"), knownvalue.MapSizeExact(1)),
					// The template starts Jupyter.
					statecheck.ExpectKnownValue(addr, acctest.Attr("jupyter_password"), knownvalue.NotNull()),
					acctest.CheckFake(func() error {
						bodies, _ := requestBodies(env.Fake, "POST", "/v2/pods")
						if len(bodies) != 1 || bodies[0]["templateId"] != tmpl.ID || bodies[0]["image"] != nil || bodies[0]["ports"] != nil || bodies[0]["env"] != nil {
							return fmt.Errorf("create body %v: the template's settings must be left to the template", bodies)
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
				// Setting env adds to the template's, keeping the template's
				// keys (out of state) and the injected password on the pod.
				Config: podConfig(`name = "from-template"`, fmt.Sprintf(`template_id = %q`, tmpl.ID),
					`gpu { type_id = "NVIDIA GeForce RTX 4090" }`, `env = { MODE = "prod" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{"MODE": knownvalue.StringExact("prod")})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("jupyter_password"), knownvalue.NotNull()),
					checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
						if p.Env["MODE"] != "prod" || p.Env["JUPYTER_PASSWORD"] == "" || p.Env["FROM_TEMPLATE"] != "1" {
							return fmt.Errorf("env %v", p.Env)
						}
						return nil
					}),
				},
			},
		},
	})
}

// A network volume pins the data center: the plan shows it, stock is
// checked there, and the mount path changes in place.
func TestAccPod_networkVolume(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	vol := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "ckpt", Size: 100, DataCenter: "US-KS-2"})
	var id string
	cfg := func(path string) string {
		return gpuPod("trainer", fmt.Sprintf(`network_volume {
  volume_id = %q
  path = %q
}`, vol.ID, path))
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
						"volume_id": knownvalue.StringExact(vol.ID), "path": knownvalue.StringExact("/checkpoints"),
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
				Config:      cfg("/ckpt") + "\nresource \"runpod_pod\" \"q\" {\n  name = \"second\"\n  image = \"runpod/base:0.7.0\"\n  gpu { type_id = \"NVIDIA GeForce RTX 4090\" }\n  network_volume {\n    volume_id = \"" + vol.ID + "\"\n    path = \"/ckpt\"\n  }\n}\n",
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*US-KS-2:\s+NONE.*in\s+other\s+data\s+centers:\s+EU-RO-1`),
			},
		},
	})
	warningWith(t, rec, "Pod Compute Cost", "The network volume bills separately")
}

// A CPU pod: priced per vCPU.
func TestAccPod_cpu(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			Config: podConfig(`name = "cpu"`, `image = "runpod/base:0.7.0"`, `cpu {
  type_id = "cpu3c"
  vcpu_count = 4
}`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, acctest.Attr("cpu"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"type_id": knownvalue.StringExact("cpu3c"), "vcpu_count": knownvalue.Int64Exact(4),
				})),
				statecheck.ExpectKnownValue(addr, acctest.Attr("gpu"), knownvalue.Null()),
				statecheck.ExpectKnownValue(addr, acctest.Attr("cuda_version"), knownvalue.Null()),
				statecheck.ExpectKnownValue(addr, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(0.12)),
			},
		}},
	})
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
				Config: podConfig(`name = "switch"`, `image = "runpod/base:0.7.0"`, "cpu {\n    type_id    = \"cpu3c\"\n    vcpu_count = 4\n  }"),
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

// start_ssh with no key on the account warns; the pod is still created.
func TestAccPod_sshWithoutKeyWarns(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			Config: gpuPod("no-key", `start_ssh = true`, `ports = ["22/tcp"]`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
			},
		}},
	})
	warningWith(t, rec, "No SSH Key Registered", "without SSH access", "runpod_ssh_key")
}

// The data sources read any pod, cluster members included on request; a
// cluster member imported as a runpod_pod cannot be terminated one by one,
// and the error says why.
func TestAccPod_dataSourcesAndClusterMembers(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(0)
	solo := env.Fake.SeedPod(runpodfake.Pod{Name: "solo", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090}, Ports: []string{"8888/http"}})
	client, err := runpod.New(runpod.Config{APIKey: runpodfake.DefaultAPIKey, BaseURL: env.Fake.URL()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cluster, err := client.CreateCluster(ctx, runpod.CreateClusterRequest{
		Name: "train", Type: runpod.ClusterTypeTraining, Image: "runpod/base:0.7.0",
		Compute: runpod.ClusterCompute{GPUTypeID: "NVIDIA A100 80GB PCIe", GPUCountPerPod: 8, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	members, err := client.ListClusterPods(ctx, cluster.ID)
	if err != nil || len(members) != 2 {
		t.Fatalf("cluster members %v %v", members, err)
	}
	member := members[0]
	memberConfig := podConfig(`name = "`+member.Name+`"`, `image = "runpod/base:0.7.0"`,
		`gpu {
  type_id = "NVIDIA A100 80GB PCIe"
  count = 8
}`)

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: fmt.Sprintf(`
data "runpod_pods" "mine" {}
data "runpod_pods" "all" {
  include_cluster_pods = true
}
data "runpod_pods" "named" {
  name = "solo"
}
data "runpod_pod" "solo" {
  id = %q
}
data "runpod_pod" "member" {
  id = %q
}`, solo.ID, member.ID),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_pods.mine", acctest.Attr("pods"), knownvalue.ListSizeExact(1)),
					statecheck.ExpectKnownValue("data.runpod_pods.all", acctest.Attr("pods"), knownvalue.ListSizeExact(3)),
					statecheck.ExpectKnownValue("data.runpod_pods.named", acctest.Attr("pods").AtSliceIndex(0).AtMapKey("id"), knownvalue.StringExact(solo.ID)),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("gpu"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"type_id": knownvalue.StringExact(rtx4090), "count": knownvalue.Int64Exact(1),
					})),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("proxy_urls").AtMapKey("8888"),
						knownvalue.StringExact("https://"+solo.ID+"-8888.proxy.runpod.net")),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("cluster_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue("data.runpod_pod.member", acctest.Attr("cluster_id"), knownvalue.StringExact(cluster.ID)),
				},
			},
			{
				Config:      `data "runpod_pod" "gone" { id = "nosuchpod" }`,
				ExpectError: regexp.MustCompile(`(?s)Pod Not Found.*"nosuchpod"`),
			},
			{
				// A cluster member can be adopted to read it ...
				Config:             memberConfig,
				ResourceName:       addr,
				ImportState:        true,
				ImportStateId:      member.ID,
				ImportStatePersist: true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].Attributes["cluster_id"] != cluster.ID {
						return fmt.Errorf("imported %v, want cluster_id %s", states, cluster.ID)
					}
					return nil
				},
			},
			{
				// ... but not terminated on its own.
				Config:      `output "x" { value = 1 }`,
				ExpectError: regexp.MustCompile(`(?s)Pod Not Terminated.*belongs\s+to\s+cluster\s+` + cluster.ID + `.*runpod_cluster`),
			},
			{
				Config: `
removed {
  from = runpod_pod.p
  lifecycle {
    destroy = false
  }
}`,
			},
		},
	})
}

// An imported pod's create-time settings were never recorded: the first
// apply records the configured ones without replacing the pod.
func TestAccPod_importAdoptsCreateSettings(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetSSHKeys(sshKey)
	seeded := env.Fake.SeedPod(runpodfake.Pod{Name: "console-made", Image: "runpod/base:0.7.0",
		GPU: &runpodfake.PodGPU{ID: rtx4090}, Ports: []string{"22/tcp"}, Env: map[string]string{"PUBLIC_KEY": sshKey}})
	cfg := podConfig(`name = "console-made"`, `image = "runpod/base:0.7.0"`, `gpu { type_id = "NVIDIA GeForce RTX 4090" }`,
		`ports = ["22/tcp"]`, `start_ssh = true`, `data_center_ids = ["`+*seeded.DataCenterID+`"]`)
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
				Config: strings.Replace(cfg, "start_ssh = true", "start_ssh = false", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

// global_networking changes in place but applies at the next start: state
// keeps the configured value meanwhile (no drift), and the next start
// applies it.
func TestAccPod_globalNetworkingAtNextStart(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id string
	cfg := func(extra ...string) string {
		return gpuPod("net", append([]string{`data_center_ids = ["EU-RO-1"]`}, extra...)...)
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
