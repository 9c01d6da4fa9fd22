package networkvolume_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const addr = "runpod_network_volume.v"

func volumeConfig(name string, size int, dc string, extra ...string) string {
	return fmt.Sprintf(`
resource "runpod_network_volume" "v" {
  name           = %q
  size_gb        = %d
  data_center_id = %q
  %s
}`, name, size, dc, strings.Join(extra, "\n  "))
}

// checkVolume asserts what the fake holds for the volume whose id is *id.
func checkVolume(fake *runpodfake.Fake, id *string, want runpodfake.NetworkVolume) statecheck.StateCheck {
	return acctest.CheckFake(func() error {
		got, ok := fake.NetworkVolume(*id)
		want.ID = *id
		if !ok || got != want {
			return fmt.Errorf("the API holds %+v (present=%v), want %+v", got, ok, want)
		}
		return nil
	})
}

func TestAccNetworkVolume_lifecycle(t *testing.T) {
	env := acctest.New(t)
	var id, firstID string

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				// EU-RO-1 offers only STANDARD, so the tier is known at plan time.
				Config: volumeConfig("weights", 50, "EU-RO-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("type"), knownvalue.StringExact("STANDARD")),
					plancheck.ExpectUnknownValue(addr, acctest.Attr("id")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CaptureAttr(addr, "id", &firstID),
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[a-z0-9]+$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("weights")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("size_gb"), knownvalue.Int64Exact(50)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("EU-RO-1")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("type"), knownvalue.StringExact("STANDARD")),
					checkVolume(env.Fake, &id, runpodfake.NetworkVolume{Name: "weights", Size: 50, DataCenter: "EU-RO-1", Type: "STANDARD"}),
					acctest.CheckFake(func() error {
						// The create body names the data center as v2 does, with
						// the tier the plan showed.
						body, err := onlyRequestBody(env.Fake, "POST", "/v2/network-volumes")
						if err != nil {
							return err
						}
						if want := `{"name":"weights","size":50,"dataCenter":"EU-RO-1","type":"STANDARD"}`; body != want {
							return fmt.Errorf("create body %s, want %s", body, want)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// Rename and grow: one PATCH, in place.
				PreConfig: env.Fake.ResetRequests,
				Config:    volumeConfig("weights-v2", 100, "EU-RO-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("weights-v2")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("size_gb"), knownvalue.Int64Exact(100)),
					checkVolume(env.Fake, &id, runpodfake.NetworkVolume{Name: "weights-v2", Size: 100, DataCenter: "EU-RO-1", Type: "STANDARD"}),
					acctest.CheckFake(func() error {
						body, err := onlyRequestBody(env.Fake, "PATCH", "/v2/network-volumes/"+id)
						if err != nil {
							return err
						}
						if want := `{"name":"weights-v2","size":100}`; body != want {
							return fmt.Errorf("PATCH body %s, want %s", body, want)
						}
						return nil
					}),
				},
			},
			{
				// Only the size changes: the PATCH carries only the size.
				PreConfig: env.Fake.ResetRequests,
				Config:    volumeConfig("weights-v2", 120, "EU-RO-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						body, err := onlyRequestBody(env.Fake, "PATCH", "/v2/network-volumes/"+id)
						if err != nil {
							return err
						}
						if body != `{"size":120}` {
							return fmt.Errorf("PATCH body %s, want only the size", body)
						}
						return nil
					}),
				},
			},
			{
				// Shrinking is a plan error on size_gb, never a replacement.
				PreConfig:   env.Fake.ResetRequests,
				Config:      volumeConfig("weights-v2", 60, "EU-RO-1"),
				ExpectError: regexp.MustCompile(`(?s)Network Volume Cannot Shrink.*size_gb\s+=\s+60\s+would\s+shrink\s+network\s+volume.*it\s+is\s+120\s+GB.*Set\s+size_gb\s+=\s+120\s+to\s+match\s+the\s+volume.*would\s+delete\s+its\s+data.*terraform\s+destroy\s+-refresh=false`),
			},
			{
				// ... and nothing changed: the state plans no change and the
				// API still holds the volume as it was, untouched.
				Config: volumeConfig("weights-v2", 120, "EU-RO-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(v string) error {
						if v != firstID {
							return fmt.Errorf("id %s, want the original %s", v, firstID)
						}
						return nil
					})),
					checkVolume(env.Fake, &id, runpodfake.NetworkVolume{Name: "weights-v2", Size: 120, DataCenter: "EU-RO-1", Type: "STANDARD"}),
					acctest.CheckFake(func() error {
						if n := env.Fake.CountRequests("PATCH", "/v2/network-volumes/*") + env.Fake.CountRequests("DELETE", "/v2/network-volumes/*"); n != 0 {
							return fmt.Errorf("the refused shrink sent %d writes", n)
						}
						return nil
					}),
				},
			},
			{
				// Moving to another data center replaces the volume.
				Config: volumeConfig("weights-v2", 120, "US-KS-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("US-KS-2")),
					acctest.CheckFake(func() error {
						if _, ok := env.Fake.NetworkVolume(firstID); ok || id == firstID {
							return fmt.Errorf("the old volume %s was not replaced", firstID)
						}
						return nil
					}),
				},
			},
		},
	})
}

// onlyRequestBody returns the body of the one request matching method and
// path since the log was last reset.
func onlyRequestBody(fake *runpodfake.Fake, method, path string) (string, error) {
	var bodies []string
	for _, r := range fake.Requests() {
		if r.Method == method && r.Path == path {
			var compact map[string]any
			if err := json.Unmarshal(r.Body, &compact); err != nil {
				return "", err
			}
			bodies = append(bodies, string(r.Body))
		}
	}
	if len(bodies) != 1 {
		return "", fmt.Errorf("want exactly one %s %s, got %d", method, path, len(bodies))
	}
	return bodies[0], nil
}

func TestAccNetworkVolume_tier(t *testing.T) {
	env := acctest.New(t)
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				// US-TX-3 offers two tiers: the plan shows (and prices) its
				// primary one, the default the catalog lists first.
				Config: volumeConfig("fast", 20, "US-TX-3"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("type"), knownvalue.StringExact("STANDARD")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("type"), knownvalue.StringExact("STANDARD")),
					acctest.CheckFake(func() error {
						// The tier the plan showed is asked for: the volume is
						// the one the plan priced.
						body, err := onlyRequestBody(env.Fake, "POST", "/v2/network-volumes")
						if err != nil {
							return err
						}
						if want := `{"name":"fast","size":20,"dataCenter":"US-TX-3","type":"STANDARD"}`; body != want {
							return fmt.Errorf("create body %s, want %s", body, want)
						}
						return nil
					}),
				},
			},
			{
				// Writing down the tier it already has changes nothing.
				Config: volumeConfig("fast", 20, "US-TX-3", `type = "STANDARD"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
			{
				// Another tier is another volume.
				Config: volumeConfig("fast", 20, "US-TX-3", `type = "HIGH_PERFORMANCE"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("type"), knownvalue.StringExact("HIGH_PERFORMANCE")),
					acctest.CheckFake(func() error {
						if _, ok := env.Fake.NetworkVolume(id); ok {
							return fmt.Errorf("the STANDARD volume %s survived the tier change", id)
						}
						return nil
					}),
				},
			},
			{
				// Removing the attribute keeps the tier the volume has.
				Config: volumeConfig("fast", 20, "US-TX-3"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
		},
	})
}

// Bad input is refused before any request: size bounds and the tier enum by
// validation, the placement by the catalog at plan time.
func TestAccNetworkVolume_planTimeRefusals(t *testing.T) {
	env := acctest.New(t)
	storageDCs := `"AP-JP-1",\s+"CA-MTL-1",\s+"EU-RO-1",\s+"US-KS-2",\s+"US-TX-3"`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config:      volumeConfig("v", 9, "EU-RO-1"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)size_gb.*must be between 10 and 4096, got: 9`),
			},
			{
				Config:      volumeConfig("v", 4097, "EU-RO-1"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)size_gb.*must be between 10 and 4096, got: 4097`),
			},
			{
				Config:      volumeConfig("v", 10, "EU-RO-1", `type = "FAST"`),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)type.*value must be one of:.*"STANDARD".*"HIGH_PERFORMANCE"`),
			},
			{
				Config:   volumeConfig("v", 10, "EU-SE-1"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Data Center Offers No Network Storage.*data_center_id.*"EU-SE-1"\s+\(EU\s+Sweden\s+1\)\s+offers\s+no\s+network\s+volumes.*` +
					`Data\s+centers\s+that\s+offer\s+network\s+storage:\s+` + storageDCs),
			},
			{
				Config:   volumeConfig("v", 10, "EU-XX-9"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*"EU-XX-9"\s+is\s+not\s+in\s+Runpod's\s+catalog.*` +
					`offer\s+network\s+storage:\s+` + storageDCs),
			},
			{
				Config:   volumeConfig("v", 10, "EU-RO-1", `type = "HIGH_PERFORMANCE"`),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Data Center Does Not Offer This Storage Tier.*"EU-RO-1"\s+\(EU\s+Romania\s+1\)\s+offers\s+"STANDARD"\s+network\s+volumes,\s+not\s+HIGH_PERFORMANCE.*` +
					`offer\s+HIGH_PERFORMANCE\s+network\s+storage:\s+"US-TX-3"\.`),
			},
		},
	})
	if n := env.Fake.CountRequests("POST", "/v2/network-volumes"); n != 0 {
		t.Fatalf("a refused volume reached the API: %d creates", n)
	}
}

func TestAccNetworkVolume_drift(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	var id string
	config := volumeConfig("drift", 50, "CA-MTL-1")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			{
				// Renamed in the console: the plan renames it back in place.
				PreConfig: func() {
					env.Fake.UpdateNetworkVolume(id, func(v *runpodfake.NetworkVolume) { v.Name = "renamed-in-console" })
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					checkVolume(env.Fake, &id, runpodfake.NetworkVolume{Name: "drift", Size: 50, DataCenter: "CA-MTL-1", Type: "STANDARD"}),
				},
			},
			{
				// Grown in the console: no change is planned (the configuration
				// did not change), Runpod's size is reported_size_gb, and a
				// warning names the line to write.
				PreConfig: func() {
					rec.Reset()
					env.Fake.UpdateNetworkVolume(id, func(v *runpodfake.NetworkVolume) { v.Size = 80 })
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
					rec.ExpectWarning(resizedOutside, "Runpod reports 80 GB", "size_gb = 50", "size_gb = 80"),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("size_gb"), knownvalue.Int64Exact(50)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("reported_size_gb"), knownvalue.Int64Exact(80)),
				},
			},
			{
				// Catching up with the console records the size, sending nothing.
				PreConfig: env.Fake.ResetRequests,
				Config:    volumeConfig("drift", 80, "CA-MTL-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("size_gb"), knownvalue.Int64Exact(80)),
					acctest.CheckFake(func() error {
						if n := env.Fake.CountRequests("PATCH", "/v2/network-volumes/*"); n != 0 {
							return fmt.Errorf("recording the console size sent %d PATCHes", n)
						}
						return nil
					}),
				},
			},
			{
				// Deleted in the console: the plan re-creates it, without error.
				PreConfig: func() { env.Fake.DeleteNetworkVolume(id) },
				Config:    volumeConfig("drift", 80, "CA-MTL-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(v string) error {
						if v == id {
							return fmt.Errorf("the re-created volume kept the deleted id %s", id)
						}
						return nil
					})),
				},
			},
		},
	})
}

func TestAccNetworkVolume_inUse(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := volumeConfig("busy", 30, "US-KS-2")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			{
				PreConfig: func() { env.Fake.MarkNetworkVolumeUsedByPod(id, "trainpod01") },
				Config:    config,
				Destroy:   true,
				ExpectError: regexp.MustCompile(`(?s)Network Volume Is In Use.*"busy".*in\s+use.*must\s+remove\s+this\s+network\s+volume\s+from\s+all\s+pods.*trainpod01` +
					`.*does\s+not\s+detach\s+the\s+volume\s+or\s+delete\s+pods`),
			},
			{
				// Still in state and in the API, untouched, after the refusal.
				PreConfig: func() { env.Fake.ReleaseNetworkVolume(id) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					checkVolume(env.Fake, &id, runpodfake.NetworkVolume{Name: "busy", Size: 30, DataCenter: "US-KS-2", Type: "STANDARD"}),
				},
			},
		},
	})
}

func TestAccNetworkVolume_failedCreateBeforeProcessing(t *testing.T) {
	env := acctest.New(t)
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/network-volumes", Count: 1, Status: 503})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config:      volumeConfig("unlucky", 10, "EU-RO-1"),
				ExpectError: regexp.MustCompile(`(?s)Network Volume Not Created.*503.*"unlucky"\s+was\s+not\s+created:\s+a\s+lookup\s+by\s+name\s+found\s+none`),
			},
		},
	})
	if n := env.Fake.CountRequests("POST", "/v2/network-volumes"); n != 1 {
		t.Fatalf("create was sent %d times after a 503, want exactly 1", n)
	}
}
