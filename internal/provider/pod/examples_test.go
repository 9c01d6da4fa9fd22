package pod_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The documented examples, as shipped in examples/, run as they are.
const examples = "../../../examples/resources/runpod_pod/"

func TestAccPodExample_interactive(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetSSHKeys(sshKey)
	rec := env.Record()
	const notebook = "runpod_pod.notebook"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			ConfigFile: config.StaticFile(examples + "resource.tf"),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(notebook, acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
				statecheck.ExpectKnownOutputValue("jupyter_url", knownvalue.StringRegexp(regexp.MustCompile(`^https://[a-z0-9]+-8888\.proxy\.runpod\.net$`))),
				statecheck.ExpectKnownOutputValue("app_url", knownvalue.StringRegexp(regexp.MustCompile(`^https://[a-z0-9]+-7860\.proxy\.runpod\.net$`))),
				statecheck.ExpectKnownOutputValue("ssh", knownvalue.StringRegexp(regexp.MustCompile(`^ssh root@`))),
				statecheck.ExpectKnownValue(notebook, acctest.Attr("jupyter_password"), knownvalue.NotNull()),
			},
		}},
	})
	warningWith(t, rec, "Pod Compute Cost", "1 × $0.69 = $0.69 per hour", "20 GB volume disk")
}

func TestAccPodExample_training(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	const trainer = "runpod_pod.trainer"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				ConfigFile: config.StaticFile(examples + "training.tf"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(trainer, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue("runpod_network_volume.checkpoints", acctest.Attr("data_center_id"), knownvalue.StringExact("US-KS-2")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("trainer_data_center", knownvalue.StringExact("US-KS-2")),
					statecheck.ExpectKnownValue(trainer, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(3.28)),
					statecheck.ExpectKnownValue(trainer, acctest.Attr("cloud"), knownvalue.StringExact("SECURE")),
					statecheck.ExpectKnownValue(trainer, acctest.Attr("gpu", "min_ram_per_gpu"), knownvalue.Int64Exact(64)),
					acctest.CheckFake(func() error {
						bodies, err := requestBodies(env.Fake, "POST", "/v2/pods")
						if err != nil {
							return err
						}
						if len(bodies) != 1 {
							return fmt.Errorf("%d pod creates, want 1", len(bodies))
						}
						if g := bodies[0]["gpu"].(map[string]any); g["minVcpuCountPerGpu"] != float64(8) || g["minRamPerGpu"] != float64(64) {
							return fmt.Errorf("create gpu = %v, want minVcpuCountPerGpu 8 and minRamPerGpu 64", g)
						}
						return nil
					}),
				},
			},
			{
				// Stock moves away: neither the volume nor the pod moves.
				PreConfig:  func() { env.Fake.SetGPUStock("NVIDIA A100 80GB PCIe", "POD", "SECURE", "US-KS-2", 0) },
				ConfigFile: config.StaticFile(examples + "training.tf"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(trainer, plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction("runpod_network_volume.checkpoints", plancheck.ResourceActionNoop),
				}},
			},
		},
	})
	warningWith(t, rec, "Pod Compute Cost", "2 × $1.64 = $3.28 per hour", "network volume bills separately")
}

func TestAccPodExample_stopped(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	const batch = "runpod_pod.batch"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			ConfigFile: config.StaticFile(examples + "stopped.tf"),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(batch, acctest.Attr("status"), knownvalue.StringExact("EXITED")),
				statecheck.ExpectKnownValue(batch, acctest.Attr("cost_per_hr"), knownvalue.Float64Exact(0)),
			},
		}},
	})
	warningWith(t, rec, "Pod Compute Cost", "stopped right after it is created", "50 GB volume disk (50 GB × $0.20 = $10.00 per month)")
}

func TestAccPodExample_dataSources(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(0)
	// The example reads a pod with this id.
	env.Fake.SeedPod(runpodfakePod("7h9k2m4n6p"))
	both := acctest.Example(t, "data-sources/runpod_pod/data-source.tf", "data-sources/runpod_pods/data-source.tf")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config: both,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("shared_pod", knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"status": knownvalue.StringExact("RUNNING"),
					"cost":   knownvalue.Float64Exact(0.69),
				})),
				statecheck.ExpectKnownOutputValue("hourly_spend", knownvalue.StringExact("0.69")),
				statecheck.ExpectKnownOutputValue("running", knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("shared")})),
			},
		}},
	})
}

// The preference-list example: with the first choice out of stock, the plan
// picks the second, shows it, and the output names it.
func TestAccPodExample_gpuPreferences(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetGPUStock("NVIDIA A100 80GB PCIe", "POD", "SECURE", "US-KS-2", 0)
	rec := env.Record()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			ConfigFile: config.StaticFile(examples + "gpu-preferences.tf"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue("runpod_pod.inference", acctest.Attr("gpu").AtMapKey("type_id"), knownvalue.StringExact("NVIDIA RTX A6000")),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("inference_gpu", knownvalue.StringExact("NVIDIA RTX A6000")),
			},
		}},
	})
	warningWith(t, rec, "GPU Type Chosen From the Preference List", `chose "NVIDIA RTX A6000"`, "NVIDIA A100 80GB PCIe")
	warningWith(t, rec, "Pod Compute Cost", "1 × $0.49 = $0.49 per hour")
}

// The ready_when example: the apply waits for the server's line and the
// output is the proxy URL of the port it listens on.
func TestAccPodExample_readyWhen(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodLogForName("vllm-server", readyBootLog(2))
	rec := env.Record()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			ConfigFile: config.StaticFile(examples + "ready-when.tf"),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("openai_base_url", knownvalue.StringRegexp(regexp.MustCompile(`^https://[a-z0-9]+-8000\.proxy\.runpod\.net/v1$`))),
			},
		}},
	})
	if w := rec.Warnings("Pod Not Ready Yet"); len(w) != 0 {
		t.Fatalf("the example's pod was not ready: %v", w)
	}
}
