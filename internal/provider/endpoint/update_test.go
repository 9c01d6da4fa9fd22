package endpoint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// inPlace is a step that must update the endpoint in place and leave the
// fake holding what check says.
func inPlace(env *acctest.Env, config string, check func(e runpodfake.Endpoint) error) resource.TestStep {
	var id string
	return resource.TestStep{
		Config: config,
		ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
		}},
		ConfigStateChecks: []statecheck.StateCheck{
			acctest.CaptureAttr(addr, "id", &id),
			acctest.CheckFake(func() error {
				e, ok := env.Fake.Endpoint(id)
				if !ok {
					return fmt.Errorf("endpoint %s is gone", id)
				}
				return check(e)
			}),
		},
	}
}

// Every argument that updateEndpoint accepts updates in place, and the API
// then holds the new value; the test framework's plan after each step
// proves there is no diff left.
func TestAccEndpoint_updatesInPlace(t *testing.T) {
	env := newEnv(t)
	base := endpointConfig(t, "upd")
	step := func(check func(e runpodfake.Endpoint) error, lines ...string) resource.TestStep {
		return inPlace(env, endpointConfig(t, "upd", lines...), check)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{Config: base},
			inPlace(env, override(base, "name", `name = "upd-renamed"`), func(e runpodfake.Endpoint) error {
				return expect("name", e.Name, "upd-renamed")
			}),
			inPlace(env, override(base, "image", `image = "ghcr.io/acme/worker:2"`), func(e runpodfake.Endpoint) error {
				return expect("image", e.Image, "ghcr.io/acme/worker:2")
			}),
			step(func(e runpodfake.Endpoint) error {
				return expect("args, disk, ports", all(e.Args, e.Disk, e.Ports), "python serve.py 30 [8000/http]")
			}, `args = "python serve.py"`, "container_disk_gb = 30", `ports = ["8000/http"]`),
			step(func(e runpodfake.Endpoint) error {
				return expect("env", all(e.Env), "map[MODEL:llama]")
			}, `env = { MODEL = "llama" }`),
			// Reordering the priority list updates in place and sends the new order.
			inPlace(env, override(base, "gpu_pools", `gpu_pools = ["AMPERE_48", "ADA_24"]`), func(e runpodfake.Endpoint) error {
				return expect("pools", all(e.GPU.Pools), "[AMPERE_48 ADA_24]")
			}),
			step(func(e runpodfake.Endpoint) error {
				return expect("gpu count, cuda", all(e.GPU.Count, e.GPU.AllowedCudaVersions), "2 [12.8]")
			}, "gpu_count = 2", `allowed_cuda_versions = ["12.8"]`),
			// A CUDA floor replaces the set: both go in one PATCH.
			step(func(e runpodfake.Endpoint) error {
				floor := "<nil>"
				if e.GPU.MinCudaVersion != nil {
					floor = *e.GPU.MinCudaVersion
				}
				return expect("cuda", all(e.GPU.AllowedCudaVersions, floor), "[] 12.4")
			}, `min_cuda_version = "12.4"`),
			step(func(e runpodfake.Endpoint) error {
				return expect("workers", all(e.Workers.Min, e.Workers.Max, *e.Workers.IdleTimeout), "0 6 30")
			}, "workers_max = 6", "idle_timeout_seconds = 30"),
			inPlace(env, override(base, "scaler_value", "scaler_value = 8"), func(e runpodfake.Endpoint) error {
				return expect("scaling", all(e.Scaling.Type, *e.Scaling.QueueDelay), "QUEUE_DELAY 8")
			}),
			// REQUEST_COUNT on a queue endpoint has no idle timeout: it is
			// dropped from the PATCH and from state.
			inPlace(env, override(override(base, "scaler_type", `scaler_type = "REQUEST_COUNT"`), "scaler_value", "scaler_value = 3"),
				func(e runpodfake.Endpoint) error {
					return expect("scaling", all(e.Scaling.Type, *e.Scaling.RequestCount, e.Workers.IdleTimeout == nil), "REQUEST_COUNT 3 true")
				}),
			step(func(e runpodfake.Endpoint) error {
				return expect("data centers, timeout, flashboot", all(e.DataCenterIDs, e.Timeout, e.FlashBoot),
					"[EU-RO-1] 600000 FLASHBOOT")
			}, `data_center_ids = ["EU-RO-1"]`, "execution_timeout_ms = 600000", `flashboot = "FLASHBOOT"`),
			// Back to the base: every setting returns to the API's default.
			inPlace(env, base, func(e runpodfake.Endpoint) error {
				got := all(e.Name, e.Args, e.Ports, len(e.Env), e.GPU.Pools, e.GPU.Count, e.Workers.Max,
					*e.Workers.IdleTimeout, e.DataCenterIDs, e.Timeout, e.FlashBoot)
				return expect("defaults", got, "upd  [] 0 [ADA_24 AMPERE_48] 1 3 10 [] 300000 OFF")
			}),
		},
	})
}

// all is its values with a space between each.
func all(v ...any) string { return strings.TrimSuffix(fmt.Sprintln(v...), "\n") }

func expect(what, got, want string) error {
	if got != want {
		return fmt.Errorf("%s: the API holds %q, want %q", what, got, want)
	}
	return nil
}

// An update plans the API-default attributes it does not change as known
// values, not "(known after apply)": a reviewer sees exactly what changes.
func TestAccEndpoint_updatePlanKeepsDefaultsKnown(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(endpointConfig(t, "known"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.SetConfig(override(endpointConfig(t, "known"), "name", `name = "known-renamed"`))
	_, plan := cli.SavedPlan()
	for _, rc := range plan.ResourceChanges {
		if rc.Address != addr {
			continue
		}
		unknown, _ := rc.Change.AfterUnknown.(map[string]any)
		after, _ := rc.Change.After.(map[string]any)
		for _, a := range []string{"gpu_count", "idle_timeout_seconds", "container_disk_gb", "image", "env"} {
			if unknown[a] == true {
				t.Errorf("%s is unknown in the plan of a rename", a)
			}
		}
		if after["idle_timeout_seconds"] != 10.0 || after["gpu_count"] != 1.0 {
			t.Errorf("the rename plans idle_timeout_seconds %v and gpu_count %v, want 10 and 1", after["idle_timeout_seconds"], after["gpu_count"])
		}
		return
	}
	t.Fatalf("%s is not in the plan", addr)
}

// Excluding a GPU type from the pools is kept, and a PATCH of the pools
// restates it (the API clears exclusions otherwise).
func TestAccEndpoint_excludedTypesSurvivePoolChange(t *testing.T) {
	env := newEnv(t)
	cfg := func(pools string) string {
		return override(endpointConfig(t, "excl", `gpu_excluded_type_ids = ["NVIDIA RTX A5000"]`), "gpu_pools", "gpu_pools = "+pools)
	}
	var id string
	held := func(want string) statecheck.StateCheck {
		return acctest.CheckFake(func() error {
			e, _ := env.Fake.Endpoint(id)
			return expect("gpu", fmt.Sprint(e.GPU.Pools, e.GPU.ExcludedTypes), want)
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            cfg(`["ADA_24", "AMPERE_24"]`),
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id), held("[ADA_24 AMPERE_24] [NVIDIA RTX A5000]")},
			},
			{
				Config:            cfg(`["AMPERE_24", "ADA_24", "AMPERE_48"]`),
				ConfigStateChecks: []statecheck.StateCheck{held("[AMPERE_24 ADA_24 AMPERE_48] [NVIDIA RTX A5000]")},
			},
		},
	})
}
