package pod_test

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Create waits for RUNNING and for the ports to be mapped (the fake maps
// them three reads after the pod runs), then every computed attribute is
// in state; import reads the same back.
func TestAccPod_createWaitsForPorts(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetSSHKeys(sshKey)
	env.Fake.SetPortMappingDelay(3)
	rec := env.Record()
	var id string
	cfg := gpuPod(t, "interactive",
		`ports = ["8888/http", "22/tcp"]`,
		`env   = { MODE = "dev" }`,
		`start_ssh     = true`,
		`start_jupyter = true`,
		`data_center_ids = ["EU-RO-1", "US-KS-2"]`,
		`persistent_volume = { size_gb = 20, path = "/workspace" }`,
	)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					plancheck.ExpectUnknownValue(addr, acctest.Attr("proxy_urls")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("desired_status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("EU-RO-1")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cuda_version"), knownvalue.StringExact("12.8")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(0.69)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cloud"), knownvalue.StringExact("SECURE")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("gpu"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"type_id": knownvalue.StringExact(rtx4090), "type_ids": knownvalue.Null(), "count": knownvalue.Int64Exact(1),
						"min_cuda_version": knownvalue.Null(), "allowed_cuda_versions": knownvalue.Null(),
						"min_ram_per_gpu": knownvalue.Null(), "min_vcpu_count_per_gpu": knownvalue.Null(),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{
						"MODE": knownvalue.StringExact("dev"),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("jupyter_password"), knownvalue.StringRegexp(regexp.MustCompile(`^.{8,}$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("proxy_urls"), knownvalue.MapExact(map[string]knownvalue.Check{
						"8888": knownvalue.StringFunc(func(v string) error {
							if want := "https://" + id + "-8888.proxy.runpod.net"; v != want {
								return fmt.Errorf("proxy URL %s, want %s", v, want)
							}
							return nil
						}),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("port_mappings"), knownvalue.MapExact(map[string]knownvalue.Check{
						"22": knownvalue.Int64Func(func(v int64) error {
							if v < 1024 {
								return fmt.Errorf("public port %d", v)
							}
							return nil
						}),
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("public_ip"), knownvalue.StringRegexp(regexp.MustCompile(`^203\.0\.113\.\d+$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ssh_direct"), knownvalue.StringRegexp(regexp.MustCompile(`^ssh root@203\.0\.113\.\d+ -p \d+$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ssh_proxy"), knownvalue.StringRegexp(regexp.MustCompile(`^ssh \S+@ssh\.runpod\.io$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("persistent_volume"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"size_gb": knownvalue.Int64Exact(20), "path": knownvalue.StringExact("/workspace"),
					})),
					countPOSTs(env.Fake, 1),
					checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
						// The platform injected the key and a password.
						if p.Env["PUBLIC_KEY"] != sshKey || p.Env["JUPYTER_PASSWORD"] == "" {
							return fmt.Errorf("injected env %v", p.Env)
						}
						return nil
					}),
					acctest.CheckFake(func() error {
						bodies, err := requestBodies(env.Fake, "POST", "/v2/pods")
						if err != nil || len(bodies) != 1 {
							return fmt.Errorf("create bodies %v %v", bodies, err)
						}
						b := bodies[0]
						gpu, _ := b["gpu"].(map[string]any)
						if gpu["id"] != rtx4090 || gpu["count"] != float64(1) || b["startSsh"] != true || b["startJupyter"] != true ||
							b["cloud"] != "SECURE" || fmt.Sprint(b["dataCenterIds"]) != "[EU-RO-1 US-KS-2]" {
							return fmt.Errorf("create body %v", b)
						}
						return nil
					}),
				},
			},
			{
				// Read back by import: everything but what the API never
				// returns.
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"start_ssh", "start_jupyter", "data_center_ids"},
			},
			{
				// Nothing changes on a second plan: injected env keys and
				// the start flags are not drift.
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
		},
	})
	warningWith(t, rec, "Pod Compute Cost", `Creating pod "interactive"`, "1 × $0.69 = $0.69 per hour",
		"bills whether it is used or not", "20 GB volume disk (20 GB × $0.20 = $4.00 per month)", "until it is destroyed")
	if ws := rec.Warnings("No SSH Key Registered"); len(ws) > 0 {
		t.Errorf("SSH warning with a key registered: %v", ws)
	}
	if slices.ContainsFunc(rec.Diagnostics(), func(d acctest.Diagnostic) bool { return d.Summary == "Pod Not Ready Yet" }) {
		t.Error("the create did not wait for the ports")
	}
	// The state the create itself returned (not a later refresh) has the
	// mapped ports: the apply waited for them.
	for _, s := range []string{id + "-8888.proxy.runpod.net", "ssh root@203.0.113."} {
		if !slices.Contains(rec.PayloadLeaks(s), "ApplyResourceChange runpod_pod") {
			t.Errorf("the create's state lacks %q: the apply did not wait for the mappings", s)
		}
	}
}

// webPodData fills testdata/pod_web_2.tf, the pod "web-2" that
// TestAccPod_updateInPlaceOrReplace changes step by step.
type webPodData struct {
	StartJupyter  bool
	Count         int    // gpu count, unset when 0
	MinCUDA       string // gpu min_cuda_version, unset when empty
	DataCenterIDs string // an HCL list
	Locked        bool
}

func webPod(t testing.TB, d webPodData) string {
	t.Helper()
	return acctest.Testdata(t, "pod_web_2", d)
}

// What the API can change is patched in place, with only the changed
// fields; env keeps the injected SSH key on the pod. Create-time settings
// and the compute replace the pod, unless the running pod already
// satisfies a new placement constraint.
func TestAccPod_updateInPlaceOrReplace(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetSSHKeys(sshKey)
	rec := env.Record()
	var id, firstID string
	base := []string{`start_ssh = true`, `data_center_ids = ["EU-RO-1"]`}
	step := func(extra ...string) string {
		return gpuPod(t, "web", append(slices.Clone(base), extra...)...)
	}
	sameID := func(want *string) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(v string) error {
			if v != *want {
				return fmt.Errorf("id %s, want %s (the pod was replaced)", v, *want)
			}
			return nil
		}))
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: step(`ports = ["8888/http"]`, `env = { A = "1" }`),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CaptureAttr(addr, "id", &firstID),
				},
			},
			{
				PreConfig: env.Fake.ResetRequests,
				Config:    webPod(t, webPodData{DataCenterIDs: `["EU-RO-1"]`, Locked: true}),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID(&firstID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("web-2")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{"A": knownvalue.StringExact("2")})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("ssh_direct"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("locked"), knownvalue.Bool(true)),
					acctest.CheckFake(func() error {
						bodies, err := requestBodies(env.Fake, "PATCH", "/v2/pods/"+id)
						if err != nil || len(bodies) != 1 {
							return fmt.Errorf("PATCH bodies %v %v", bodies, err)
						}
						b := bodies[0]
						envSent, _ := b["env"].(map[string]any)
						if b["name"] != "web-2" || b["image"] != "runpod/base:0.7.0" || b["args"] != "sleep infinity" ||
							b["disk"] != float64(40) || b["locked"] != true || len(b) != 7 ||
							envSent["A"] != "2" || envSent["PUBLIC_KEY"] != sshKey {
							return fmt.Errorf("PATCH body %v", b)
						}
						return nil
					}),
					checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
						if p.Env["PUBLIC_KEY"] != sshKey || !p.Locked || p.Disk != 40 {
							return fmt.Errorf("pod after PATCH: env %v locked %v disk %d", p.Env, p.Locked, p.Disk)
						}
						return nil
					}),
				},
			},
			{
				// A CUDA floor the pod's host (12.8) meets, and a data-center
				// list that still holds its data center: recorded, no replace.
				PreConfig: env.Fake.ResetRequests,
				Config:    webPod(t, webPodData{MinCUDA: "12.4", DataCenterIDs: `["US-KS-2", "EU-RO-1"]`}),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID(&firstID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("gpu").AtMapKey("min_cuda_version"), knownvalue.StringExact("12.4")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("locked"), knownvalue.Bool(false)),
					acctest.CheckFake(func() error {
						// Only the unlock went out.
						bodies, _ := requestBodies(env.Fake, "PATCH", "/v2/pods/"+id)
						if len(bodies) != 1 || len(bodies[0]) != 1 || bodies[0]["locked"] != false {
							return fmt.Errorf("PATCH bodies %v", bodies)
						}
						return nil
					}),
				},
			},
			{
				// A CUDA floor nothing with stock meets: the replacement's
				// plan fails, and nothing is touched.
				Config:      webPod(t, webPodData{MinCUDA: "12.9", DataCenterIDs: `["US-KS-2", "EU-RO-1"]`}),
				ExpectError: regexp.MustCompile(`(?s)No GPU Stock With the Requested CUDA Version.*not\s+on\s+machines\s+running\s+CUDA\s+12\.9\s+or\s+later`),
			},
			{
				// A create-time flag replaces the pod, and the plan prices
				// the new one.
				PreConfig: rec.Reset,
				Config:    webPod(t, webPodData{StartJupyter: true, MinCUDA: "12.4", DataCenterIDs: `["US-KS-2", "EU-RO-1"]`}),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("jupyter_password"), knownvalue.NotNull()),
					acctest.CheckFake(func() error {
						if _, ok := env.Fake.Pod(firstID); ok || id == firstID {
							return fmt.Errorf("pod %s was not replaced", firstID)
						}
						// Said once, by the plan, of the replacement: the
						// plan Terraform makes again during apply (where
						// the new pod is a create) does not repeat it.
						for _, w := range rec.Warnings("Pod Compute Cost") {
							if regexp.MustCompile(`Replacing pod "web-2" .*: .*\$0\.69 per hour`).MatchString(w.Detail) {
								return nil
							}
						}
						return fmt.Errorf("no cost warning for the replacement: %v", rec.Diagnostics())
					}),
				},
			},
			{
				// More GPUs is another pod; so is a data-center list without
				// the pod's data center.
				Config: webPod(t, webPodData{StartJupyter: true, Count: 2, MinCUDA: "12.4", DataCenterIDs: `["US-KS-2", "EU-RO-1"]`}),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &firstID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(1.38)),
					// The first data center listed that has stock.
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("US-KS-2")),
				},
			},
			{
				Config: webPod(t, webPodData{StartJupyter: true, Count: 2, MinCUDA: "12.4", DataCenterIDs: `["EU-RO-1"]`}),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("EU-RO-1")),
				},
			},
		},
	})
}

// desired_status stops and starts the pod and waits; changes made outside
// Terraform show in the next plan.
func TestAccPod_stopStartAndDrift(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	var id, firstID, dc string
	cfg := func(extra ...string) string {
		return gpuPod(t, "job", append([]string{`persistent_volume = { size_gb = 50, path = "/workspace" }`}, extra...)...)
	}
	status := func(want string) statecheck.StateCheck {
		return checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
			if p.Status != want {
				return fmt.Errorf("pod is %s, want %s", p.Status, want)
			}
			return nil
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg(),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CaptureAttr(addr, "id", &firstID),
					status("RUNNING"),
				},
			},
			{
				PreConfig: rec.Reset,
				Config:    cfg(`desired_status = "EXITED"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("EXITED")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(0)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("proxy_urls"), knownvalue.MapSizeExact(0)),
					status("EXITED"),
					acctest.CheckFake(func() error {
						if w := rec.Warnings("Stopping a Pod"); len(w) == 0 {
							return fmt.Errorf("no stop warning: %v", rec.Diagnostics())
						}
						return nil
					}),
				},
			},
			{
				PreConfig: rec.Reset,
				Config:    cfg(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(v string) error {
						if v != firstID {
							return fmt.Errorf("start replaced the pod")
						}
						return nil
					})),
					status("RUNNING"),
					acctest.CheckFake(func() error {
						for _, w := range rec.Warnings("Pod Compute Cost") {
							if regexp.MustCompile(`Starting pod "job": .*1 × \$0\.69 = \$0\.69 per hour`).MatchString(w.Detail) {
								return nil
							}
						}
						return fmt.Errorf("no start cost warning: %v", rec.Diagnostics())
					}),
				},
			},
			{
				// Stopped outside Terraform: the plan starts it again.
				PreConfig: func() { env.Fake.SetPodStatus(id, "EXITED") },
				Config:    cfg(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("desired_status"), knownvalue.StringExact("RUNNING")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{status("RUNNING")},
			},
			{
				// Renamed outside Terraform: renamed back.
				PreConfig: func() { env.Fake.UpdatePod(id, func(p *runpodfake.Pod) { p.Name = "renamed" }) },
				Config:    cfg(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{checkPod(env.Fake, &id, func(p runpodfake.Pod) error {
					if p.Name != "job" {
						return fmt.Errorf("name %q", p.Name)
					}
					return nil
				})},
			},
			{
				// Locked: a stop is refused at plan time.
				Config: cfg(`locked = true`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
			},
			{
				Config:      cfg(`locked = true`, `desired_status = "EXITED"`),
				ExpectError: regexp.MustCompile(`(?s)Locked Pod Cannot Be Stopped.*Set\s+locked\s+=\s+false`),
			},
			{
				// Unlocked in the same change: unlocked first, then stopped.
				Config: cfg(`locked = false`, `desired_status = "EXITED"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{status("EXITED")},
			},
			{
				// Its GPUs were taken while it was stopped: the plan warns,
				// the start fails, and the pod stays stopped in state.
				PreConfig: func() {
					rec.Reset()
					p, _ := env.Fake.Pod(id)
					dc = *p.DataCenterID
					env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", dc, 0)
				},
				Config:      cfg(),
				ExpectError: regexp.MustCompile(`(?s)Pod Not Started.*GPUs\s+were\s+taken.*stays\s+stopped`),
			},
			{
				PreConfig: func() {
					if len(rec.Warnings("Pod May Not Start")) == 0 {
						t.Errorf("no warning before the refused start: %v", rec.Diagnostics())
					}
					env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", dc, 4)
				},
				Config: cfg(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{status("RUNNING")},
			},
			{
				// Terminated outside Terraform: the plan creates a new pod.
				PreConfig: func() { env.Fake.DeletePod(id) },
				Config:    cfg(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					status("RUNNING"),
				},
			},
		},
	})
}
