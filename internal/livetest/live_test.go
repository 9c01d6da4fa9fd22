package livetest

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// destroyed checks, with the second client, that every object of a
// resource type in the last state is gone.
func destroyed[T any](r *Run, resourceType string, get func(*runpod.Client, context.Context, string) (*T, error)) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		for _, rs := range s.RootModule().Resources {
			if rs.Type != resourceType {
				continue
			}
			if err := Gone(context.Background(), func(ctx context.Context, id string) (*T, error) { return get(r.Client, ctx, id) }, rs.Primary.ID); err != nil {
				return fmt.Errorf("%s: %w", resourceType, err)
			}
		}
		return nil
	}
}

// A template: create and read back, import, update in place, drift made by
// a second API call, destroy confirmed by a 404.
func TestAccLive_template(t *testing.T) {
	r := Setup(t)
	name := r.Name("template")
	addr := "runpod_template.t"
	config := func(image string) string {
		return fmt.Sprintf(`
resource "runpod_template" "t" {
  name  = %q
  image = %q
  ports = ["8888/http"]
}`, name, image)
	}
	var id string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: r.Factories,
		CheckDestroy:             destroyed(r, "runpod_template", (*runpod.Client).GetTemplate),
		Steps: []resource.TestStep{
			{
				Config: config("runpod/base:0.6.2"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("name"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("image"), knownvalue.StringExact("runpod/base:0.6.2")),
				},
				Check: func(s *terraform.State) error { id = s.RootModule().Resources[addr].Primary.ID; return nil },
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{
				// The data source finds it by its (unique) name.
				Config: config("runpod/base:0.6.2") + fmt.Sprintf(`
data "runpod_template" "by_name" {
  name = %q
}`, name),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs("data.runpod_template.by_name", tfjsonpath.New("id"), addr, tfjsonpath.New("id"), compare.ValuesSame()),
				},
			},
			{
				Config: config("runpod/base:0.7.0"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
			},
			{
				// Drift: the image changed outside Terraform shows in the plan.
				PreConfig: func() {
					if _, err := r.Client.UpdateTemplate(context.Background(), id, runpod.UpdateTemplateRequest{Image: runpod.Set("runpod/base:0.6.2")}); err != nil {
						t.Fatalf("changing the template outside Terraform: %v", err)
					}
				},
				Config:             config("runpod/base:0.7.0"),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

// A secret: create, import (the value is never read back), description in
// place, deleted by a second API call (the plan re-creates it), destroy.
func TestAccLive_secret(t *testing.T) {
	r := Setup(t)
	name := r.Name("secret")
	addr := "runpod_secret.s"
	var id string
	config := func(desc string) string {
		return fmt.Sprintf(`
resource "runpod_secret" "s" {
  name        = %q
  value       = "live-test-value"
  description = %q
}`, name, desc)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: r.Factories,
		CheckDestroy:             destroyed(r, "runpod_secret", (*runpod.Client).GetSecret),
		Steps: []resource.TestStep{
			{Config: config("first"), Check: func(s *terraform.State) error { id = s.RootModule().Resources[addr].Primary.ID; return nil }},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"value"}},
			{
				Config: config("second"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
			},
			{
				PreConfig: func() {
					if err := r.Client.DeleteSecret(context.Background(), id); err != nil {
						t.Fatalf("deleting the secret outside Terraform: %v", err)
					}
				},
				Config: config("second"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

// The smallest network volume (10 GB, STANDARD) in RUNPOD_LIVE_DATA_CENTER
// (default EU-RO-1): create, import, grow in place to 11 GB, destroy. It
// bills about $0.07 per GB per month while it exists: minutes here.
func TestAccLive_networkVolume(t *testing.T) {
	r := Setup(t)
	dc := os.Getenv("RUNPOD_LIVE_DATA_CENTER")
	if dc == "" {
		dc = "EU-RO-1"
	}
	addr := "runpod_network_volume.v"
	config := func(size int) string {
		return fmt.Sprintf(`
resource "runpod_network_volume" "v" {
  name           = %q
  size_gb        = %d
  data_center_id = %q
}`, r.Name("volume"), size, dc)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: r.Factories,
		CheckDestroy:             destroyed(r, "runpod_network_volume", (*runpod.Client).GetNetworkVolume),
		Steps: []resource.TestStep{
			{Config: config(10)},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{
				Config: config(11),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
			},
		},
	})
}

// The cheapest CPU pod with stock (2 vCPU, no volume): create and wait for
// it to run, import, rename in place, destroy confirmed by a 404.
func TestAccLive_cpuPod(t *testing.T) {
	r := Setup(t)
	cpu, err := CheapestCPU(t.Context(), r.Client)
	if err != nil {
		t.Fatal(err)
	}
	addr := "runpod_pod.p"
	config := func(suffix string) string {
		return fmt.Sprintf(`
resource "runpod_pod" "p" {
  name  = %q
  image = "runpod/base:0.6.2"
  cpu {
    type_id    = %q
    vcpu_count = %d
  }
}`, r.Name(suffix), cpu.ID, PodVCPUs)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: r.Factories,
		CheckDestroy:             destroyed(r, "runpod_pod", (*runpod.Client).GetPod),
		Steps: []resource.TestStep{
			{
				Config: config("pod"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("status"), knownvalue.StringExact("RUNNING")),
				},
			},
			{
				ResourceName: addr, ImportState: true, ImportStateVerify: true,
				// Settings Runpod never returns, kept from configuration.
				ImportStateVerifyIgnore: []string{"start_ssh", "start_jupyter", "data_center_ids", "allow_duplicate", "ready_when", "timeouts"},
			},
			{
				Config: config("pod-renamed"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
			},
		},
	})
}
