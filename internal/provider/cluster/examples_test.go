package cluster_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The documented examples apply against the fake as written.
func TestAccClusterExamples(t *testing.T) {
	env := newEnv(t)
	// A frozen clock in the month the billing example reads: spend does not
	// accrue between Terraform's reads.
	env.Fake.SetClock(func() time.Time { return time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC) })
	rec := env.Record()
	base := acctest.Example(t, "resources/runpod_cluster/resource.tf")
	withData := base + acctest.Example(t,
		"data-sources/runpod_cluster/data-source.tf",
		"data-sources/runpod_clusters/data-source.tf",
		"data-sources/runpod_cluster_pods/data-source.tf",
		"data-sources/runpod_cluster_billing/data-source.tf")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				PreConfig: rec.Reset,
				Config:    base,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					rec.ExpectWarning(summaryCost, `Creating cluster "llm-finetune"`, "2 × 8 = 16 GPUs", "$47.84 per hour"),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("estimated_cost_per_hour", knownvalue.Float64Exact(47.84)),
					statecheck.ExpectKnownOutputValue("ssh_to_primary", knownvalue.StringRegexp(
						regexp.MustCompile(`^ssh root@\S+ -p \d+$`))),
				},
			},
			{
				Config: withData,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("train_pods", knownvalue.MapExact(map[string]knownvalue.Check{
						"RUNNING": knownvalue.Int64Exact(2),
					})),
					statecheck.ExpectKnownOutputValue("cluster_gpus", knownvalue.Int64Exact(16)),
					statecheck.ExpectKnownOutputValue("hostfile", knownvalue.StringExact("10.65.0.2 slots=8\n10.65.0.3 slots=8")),
					statecheck.ExpectKnownOutputValue("cluster_rate", knownvalue.Float64Exact(47.84)),
					statecheck.ExpectKnownOutputValue("train_spend_last_7_days", knownvalue.Float64Exact(0)),
					statecheck.ExpectKnownOutputValue("clusters_spend_this_month", knownvalue.Float64Exact(0)),
				},
			},
		},
	})
}

// The preference-list example: no H200 has cluster stock in the fake's
// catalog, so the plan chooses the H100 and says so.
func TestAccClusterExamples_gpuPreferences(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				PreConfig: rec.Reset,
				Config:    acctest.Example(t, "resources/runpod_cluster/gpu-preferences.tf"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					rec.ExpectWarning("GPU Type Chosen From the Preference List", `chose "NVIDIA H100 80GB HBM3"`, "NVIDIA H200: GPU Type Out of Stock"),
					rec.ExpectWarning(summaryCost, `Creating cluster "flexible-finetune"`, "16 GPUs of NVIDIA H100 80GB HBM3", "$47.84 per hour"),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("chosen_gpu_type", knownvalue.StringExact("NVIDIA H100 80GB HBM3")),
				},
			},
		},
	})
}

func TestAccClusterExamples_networkVolume(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: acctest.Example(t, "resources/runpod_cluster/network-volume.tf"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("runpod_cluster.train", acctest.Attr("data_center_id"), knownvalue.StringExact("US-TX-3")),
				},
			},
		},
	})
}

// The private-image example uses a write-only password (Terraform 1.11+).
func TestAccClusterExamples_privateImage(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_11_0)},
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:          acctest.Example(t, "resources/runpod_cluster/private-image.tf"),
				ConfigVariables: config.Variables{"ghcr_token": config.StringVariable("not-a-real-token")},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs("runpod_cluster.private", acctest.Attr("template_id"),
						"runpod_template.trainer", acctest.Attr("id"), compareEqual),
					statecheck.ExpectKnownValue("runpod_cluster.private", acctest.Attr("pods_by_status"), knownvalue.MapExact(map[string]knownvalue.Check{
						"RUNNING": knownvalue.Int64Exact(4),
					})),
				},
			},
		},
	})
}
