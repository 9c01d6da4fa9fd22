package endpoint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// Changing type replaces the endpoint, and the plan Terraform prints says
// what the new one bills (a replacement keeps only its first plan call's
// warnings, so the provider states it there).
func TestAccEndpoint_typeChangeReplacesAndStatesCost(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(endpointConfig(t, "swap", "workers_min = 1"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	first := cli.StateID(addr)

	cli.SetConfig(override(override(endpointConfig(t, "swap", "workers_min = 1"), "type", `type = "LOAD_BALANCER"`),
		"scaler_type", `scaler_type = "REQUEST_COUNT"`))
	res := cli.Run("plan", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", res.Output())
	}
	res.Contains(t, "must be replaced", "Warning: "+summaryCost, `Replacing endpoint "swap"`)
	if n := res.Count("Warning: " + summaryCost); n != 1 {
		t.Errorf("the cost warning is printed %d times, want once", n)
	}
	jr := cli.RunJSON("plan", "-input=false")
	if got := jr.PlannedActions()[addr]; got != "replace" {
		t.Errorf("planned action %q, want replace", got)
	}
	if ws := jr.Warnings(summaryCost); len(ws) != 1 || !strings.Contains(ws[0].Detail, "new id and request URLs") ||
		!strings.Contains(ws[0].Detail, "= $1.10/h") {
		t.Errorf("-json cost warnings %+v", ws)
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	second := cli.StateID(addr)
	if _, ok := env.Fake.Endpoint(first); ok || second == first {
		t.Errorf("the endpoint was not replaced (old %s, new %s)", first, second)
	}
	if e, _ := env.Fake.Endpoint(second); e.Type != "LOAD_BALANCER" || e.RequestURLs["base"] == "" {
		t.Errorf("the new endpoint is %+v, want a load balancer with a base URL", e)
	}
	cli.ExpectNoChanges()
}

// A CPU endpoint: created with its flavours in order, updated in place
// when they change, replaced when it moves to GPUs.
func TestAccEndpoint_cpuEndpoint(t *testing.T) {
	env := newEnv(t)
	cpuCfg := func(flavours ...any) string {
		return override(endpointConfig(t, "cpu"), "gpu_pools", cpuBlocks(flavours...))
	}
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cpuCfg("cpu3c", 4, "cpu5c", 2),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CheckFake(func() error {
						e, _ := env.Fake.Endpoint(id)
						return expect("cpu", fmt.Sprint(e.CPU), "[{cpu3c 4 8} {cpu5c 2 4}]")
					}),
				},
			},
			{
				Config: cpuCfg("cpu5c", 8),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{acctest.CheckFake(func() error {
					e, _ := env.Fake.Endpoint(id)
					return expect("cpu", fmt.Sprint(e.CPU), "[{cpu5c 8 16}]")
				})},
			},
			{
				Config: endpointConfig(t, "cpu"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{acctest.CheckFake(func() error {
					if _, ok := env.Fake.Endpoint(id); ok {
						return fmt.Errorf("the CPU endpoint %s is still there", id)
					}
					return nil
				})},
			},
		},
	})
}
