package pod_test

import (
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
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

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
				Config:      gpuPod(t, "broken"),
				ExpectError: regexp.MustCompile(`(?s)Pod Failed to Start.*went\s+to\s+status\s+ERROR.*tainted`),
			},
			{
				Config: gpuPod(t, "broken"),
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

// A wait that runs out is a warning: the pod stays in state, untainted,
// and the next plan creates nothing.
func TestAccPod_waitRunsOut(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(1 << 30)
	rec := env.Record()
	var id string
	cfg := gpuPod(t, "slow-pull", `ports = ["8888/http"]`, `timeouts { create = "300ms" }`)
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

// Created and left stopped: it exists, stopped, and the plan said what a
// stopped pod bills.
func TestAccPod_createdStopped(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id string
	cfg := gpuPod(t, "parked", `desired_status = "EXITED"`, `locked = true`, `persistent_volume = { size_gb = 50, path = "/workspace" }`)
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

// A short read outage right after create (five 502s on GET /v2/pods/{id},
// more than the client retries) keeps the healthy pod, untainted, with a
// warning; the next plan is clean and the next apply replaces nothing.
func TestAccPod_readOutageAfterCreateKeepsPod(t *testing.T) {
	env := newEnv(t)
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/pods/*", Count: 5, Status: 502})
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "outage", `ports = ["8888/http"]`))
	cli.Init()
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed:\n%s", res.Output())
	}
	says(t, res, "Warning: Pod Not Verified", "it is not tainted", "Not verified: that it reached RUNNING")
	res.Lacks(t, "Error:")
	ids := cli.StateIDs("runpod_pod")
	if len(ids) != 1 {
		t.Fatalf("state tracks %v, want one pod", ids)
	}
	for _, r := range cli.State().Values.RootModule.Resources {
		if r.Tainted {
			t.Errorf("%s is tainted", r.Address)
		}
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Errorf("the plan after the outage is not clean (exit %d):\n%s", res.ExitCode, res.Output())
	}
	cli.MustRun("apply", "-auto-approve")
	if got := cli.StateIDs("runpod_pod"); len(got) != 1 || got[0] != ids[0] {
		t.Errorf("state tracks %v after the next apply, want [%s] (the pod was replaced)", got, ids[0])
	}
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want exactly 1", n)
	}
}
