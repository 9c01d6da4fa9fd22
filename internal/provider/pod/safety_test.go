package pod_test

import (
	"context"
	"fmt"
	"regexp"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// What the API would refuse, or answer ambiguously, fails the plan, before
// any create is sent.
func TestAccPod_planTimeRefusals(t *testing.T) {
	env := newEnv(t)
	vol := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "ckpt", Size: 50, DataCenter: "US-KS-2"})
	pod := func(gpu string, extra ...string) string {
		return podConfig(append([]string{`name = "x"`, `image = "runpod/base:0.7.0"`, "gpu " + gpu}, extra...)...)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				// The display name, not the id: the API would say "no
				// instances available", the plan names the id.
				Config:      pod(`{ type_id = "RTX 4090" }`),
				ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*"RTX 4090"\s+is\s+not\s+in\s+Runpod's\s+GPU\s+catalog.*"NVIDIA GeForce RTX 4090"\s+\(RTX\s+4090,\s+24\s+GB\)`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA H200" }`),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*no\s+stock\s+for\s+1\s+×\s+NVIDIA\s+H200\s+per\s+pod` +
					`.*"AMD Instinct MI300X OAM"\s+\(MI300X,\s+192\s+GB`),
			},
			{
				// Stock elsewhere is offered.
				Config:      pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `data_center_ids = ["EU-SE-1"]`),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*EU-SE-1:\s+NONE.*NVIDIA\s+GeForce\s+RTX\s+4090\s+in\s+other\s+data\s+centers:\s+EU-RO-1\s+\(HIGH\),\s+US-KS-2\s+\(MEDIUM\)`),
			},
			{
				Config: pod(`{
  type_id = "NVIDIA GeForce RTX 4090"
  min_cuda_version = "12.9"
}`),
				ExpectError: regexp.MustCompile(`(?s)No GPU Stock With the Requested CUDA Version.*CUDA\s+12\.9\s+or\s+later` +
					`.*with\s+stock\s+\(any\s+data\s+center\):\s+12\.4,\s+12\.6,\s+12\.8`),
			},
			{
				Config:      pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `data_center_ids = ["EU-RO-2"]`),
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*"EU-RO-2".*"EU-RO-1"`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `cloud = "COMMUNITY"`, fmt.Sprintf(`network_volume {
  volume_id = %q
  path = "/ckpt"
}`, vol.ID)),
				ExpectError: regexp.MustCompile(`(?s)Network Volumes Need Secure Cloud`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `data_center_ids = ["EU-RO-1"]`,
					fmt.Sprintf(`network_volume {
  volume_id = %q
  path = "/ckpt"
}`, vol.ID)),
				ExpectError: regexp.MustCompile(`(?s)Network Volume in Another Data Center.*is\s+in\s+data\s+center\s+US-KS-2,\s+which\s+is\s+not\s+in\s+data_center_ids\s+\(EU-RO-1\)`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `network_volume {
  volume_id = "nope"
  path = "/ckpt"
}`),
				ExpectError: regexp.MustCompile(`(?s)Network Volume Not Found.*"nope"`),
			},
			{
				Config:      pod(`{ type_id = "NVIDIA L40S" }`, `cloud = "COMMUNITY"`),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Not Offered on Community Cloud`),
			},
			{
				Config: pod(`{
  type_id = "NVIDIA GeForce RTX 4090"
  count = 9
}`),
				ExpectError: regexp.MustCompile(`(?s)Too Many GPUs per Pod.*at\s+most\s+8`),
			},
			{
				Config: podConfig(`name = "x"`, `image = "runpod/base:0.7.0"`, `cpu {
  type_id = "cpu5m"
  vcpu_count = 2
}`),
				ExpectError: regexp.MustCompile(`(?s)CPU Flavour Out of Stock.*no\s+stock\s+for\s+a\s+cpu5m\s+CPU\s+pod\s+with\s+2\s+vCPUs.*flavour\s+"cpu3c"\s+\(Compute-Optimized,\s+\$0\.03\s+per\s+vCPU-hour\)`),
			},
			{
				Config: podConfig(`name = "x"`, `image = "runpod/base:0.7.0"`, `cpu {
  type_id = "cpu3c"
  vcpu_count = 6
}`),
				ExpectError: regexp.MustCompile(`(?s)Invalid vCPU Count.*power\s+of\s+two`),
			},
			{
				Config: podConfig(`name = "x"`, `image = "runpod/base:0.7.0"`, `cpu {
  type_id = "cpu3c"
  vcpu_count = 2
}`,
					`persistent_volume = { size_gb = 20, path = "/w" }`),
				ExpectError: regexp.MustCompile(`Volume Disk Not Available on CPU Pods`),
			},
			{
				Config:      podConfig(`name = "x"`, `image = "runpod/base:0.7.0"`),
				ExpectError: regexp.MustCompile(`(?s)Exactly\s+one\s+of\s+these\s+attributes\s+must\s+be\s+configured:\s+\[gpu,cpu\]`),
			},
			{
				Config:      podConfig(`name = "x"`, `gpu { type_id = "NVIDIA GeForce RTX 4090" }`),
				ExpectError: regexp.MustCompile(`(?s)At\s+least\s+one\s+of\s+these\s+attributes\s+must\s+be\s+configured:\s+\[image,template_id\]`),
			},
			{
				// After all that, nothing was ever created.
				Config:             `output "created" { value = "none" }`,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				PreConfig: func() {
					if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
						t.Errorf("%d creates sent despite the plan errors", n)
					}
				},
			},
		},
	})
}

// A wait that runs out is a warning: the pod stays in state, untainted,
// and the next plan creates nothing.
func TestAccPod_waitRunsOut(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(1 << 30)
	rec := env.Record()
	var id string
	cfg := gpuPod("slow-pull", `ports = ["8888/http"]`, `timeouts { create = "300ms" }`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("STARTING")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("desired_status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("proxy_urls"), knownvalue.MapSizeExact(0)),
					countPOSTs(env.Fake, 1),
				},
			},
			{
				// Not tainted: the same configuration plans nothing.
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{countPOSTs(env.Fake, 1)},
			},
			{
				// Once it runs, the next refresh shows its URL, still with
				// the one pod.
				PreConfig: func() { env.Fake.SetPodStatus(id, "RUNNING") },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("proxy_urls"), knownvalue.MapSizeExact(1)),
					countPOSTs(env.Fake, 1),
				},
			},
		},
	})
	warningWith(t, rec, "Pod Not Ready Yet", `Pod "slow-pull"`, "was still STARTING after waiting 300ms (timeouts.create)",
		"Slow image pulls are normal", "not tainted", "creates nothing", "bills from now on")
}

// A pod that goes to ERROR fails the apply; it stays in state, tainted, so
// the next apply replaces it instead of leaving it behind.
func TestAccPod_errorFailsCreate(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(3)
	var id string
	// The host fails the first pod as soon as it is created.
	var once sync.Once
	pod.OnCreated(t, "broken", func(id string) { once.Do(func() { env.Fake.SetPodStatus(id, "ERROR") }) })
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:      gpuPod("broken"),
				ExpectError: regexp.MustCompile(`(?s)Pod Failed to Start.*went\s+to\s+status\s+ERROR.*tainted`),
			},
			{
				Config: gpuPod("broken"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
					countPOSTs(env.Fake, 2),
					acctest.CheckFake(func() error {
						if ids, err := listPodIDs(env.Fake); err != nil || len(ids) != 1 || ids[0] != id {
							return fmt.Errorf("pods %v (%v), want only the replacement %s", ids, err, id)
						}
						return nil
					}),
				},
			},
		},
	})
}

// Created and left stopped: it exists, stopped, and the plan said what a
// stopped pod bills.
func TestAccPod_createdStopped(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id string
	cfg := gpuPod("parked", `desired_status = "EXITED"`, `locked = true`, `persistent_volume = { size_gb = 50, path = "/workspace" }`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("EXITED")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("desired_status"), knownvalue.StringExact("EXITED")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("locked"), knownvalue.Bool(true)),
					checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
						if p.Status != "EXITED" || !p.Locked {
							return fmt.Errorf("pod %s locked=%v", p.Status, p.Locked)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
				// The plan's catalog estimate is not in the API; an
				// imported stopped pod has none until it runs.
				ImportStateVerifyIgnore: []string{"estimated_cost_per_hour"},
			},
		},
	})
	warningWith(t, rec, "Pod Compute Cost", "stopped right after it is created", "50 GB volume disk (50 GB × $0.20 = $10.00 per month)")
}

// listPodIDs lists the pods in the account through the API (reads that
// advance pod lifecycles, so only once nothing waits for them).
func listPodIDs(fake *runpodfake.Fake) ([]string, error) {
	client, err := runpod.New(runpod.Config{APIKey: runpodfake.DefaultAPIKey, BaseURL: fake.URL()})
	if err != nil {
		return nil, err
	}
	pods, err := client.ListPods(context.Background(), true)
	var ids []string
	for _, p := range pods {
		ids = append(ids, p.ID)
	}
	return ids, err
}

// A GPU type known only at apply is checked when Terraform plans again
// with it known, still before any create is sent.
func TestAccPod_checkedAtApplyWhenUnknownAtPlan(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config: `
resource "terraform_data" "gpu" {
  input = "RTX 4090"
}
` + podConfig(`name = "late"`, `image = "runpod/base:0.7.0"`, `gpu { type_id = terraform_data.gpu.output }`),
			ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*"RTX 4090"\s+is\s+not\s+in\s+Runpod's\s+GPU\s+catalog`),
		}},
	})
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
		t.Errorf("%d creates sent for an unknown GPU type", n)
	}
}
