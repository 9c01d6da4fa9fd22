package ecrdelegation_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A recent delegation of the same name and repository that this
// configuration does not manage is refused at plan, where state is
// visible, with its id and an import block, and without a billing reason
// (delegations are not billed); allow_duplicate registers one anyway.
func TestAccEcrDelegation_recentTwinRefusedAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	name := "team"
	twin := env.Fake.SeedDelegation(arnApp, &name)
	cli := env.CLI(t)
	cli.SetConfig(config(arnApp, "team"))
	cli.Init()
	plan := cli.Run("plan")
	if plan.ExitCode == 0 {
		t.Fatalf("the plan accepted a second delegation beside a recent twin:\n%s", plan.Output())
	}
	plan.Says(t, "Error: Recent Identical ECR Delegation Exists", twin.ID, "import {", "to = runpod_ecr_delegation.NAME",
		"allow_duplicate = true")
	plan.Lacks(t, "bill")
	if n := env.Fake.CountRequests("POST", "/v2/registries/delegations"); n != 0 {
		t.Fatalf("%d registrations sent by a plan", n)
	}

	cli.SetConfig(`
resource "runpod_ecr_delegation" "d" {
  resource        = "` + arnApp + `"
  name            = "team"
  allow_duplicate = true
}`)
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode != 0 {
		t.Fatalf("allow_duplicate did not register a second delegation:\n%s", res.Output())
	}
	if n := len(env.Fake.Delegations()); n != 2 {
		t.Fatalf("%d delegations in the account, want the twin and the one allow_duplicate registered", n)
	}
	cli.MustRun("destroy", "-auto-approve")
}

// A count set of identical delegations whose first apply registered one
// and failed the other recovers on the re-run within the twin window: the
// member in state is the set's own, not an orphan twin (on CLIs that mark
// the apply's re-plan; see providerdata.SiblingsNote).
func TestAccEcrDelegation_countSetRecoversFromOneFailedCreate(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(`
resource "runpod_ecr_delegation" "team" {
  count    = 2
  resource = "` + arnApp + `"
  name     = "team"
}`)
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/registries/delegations", Status: 400})
	if first := cli.Run("apply", "-auto-approve"); first.ExitCode == 0 {
		t.Fatalf("the faulted apply succeeded:\n%s", first.Output())
	}
	if n := len(env.Fake.Delegations()); n != 1 {
		t.Fatalf("%d delegations after the faulted apply, want 1", n)
	}
	second := cli.Run("apply", "-auto-approve")
	if !cli.MarksApplyPlan() {
		// OpenTofu and Terraform before 1.9 repeat the plan during apply
		// without marking it, where members cannot be told from orphans
		// (providerdata.SiblingsNote): the refusal says so.
		if second.ExitCode == 0 {
			t.Fatalf("the re-run was expected to meet the documented limit of this CLI:\n%s", second.Output())
		}
		second.Says(t, "Error: Recent Identical ECR Delegation Exists", "OpenTofu and Terraform before 1.9")
		return
	}
	if second.ExitCode != 0 {
		t.Fatalf("the re-run within the twin window did not recover:\n%s", second.Output())
	}
	second.Lacks(t, "Identical ECR Delegation")
	if n := len(env.Fake.Delegations()); n != 2 || len(cli.StateIDs("runpod_ecr_delegation")) != 2 {
		t.Fatalf("%d delegations in the account and %v in state, want 2 of each", n, cli.StateIDs("runpod_ecr_delegation"))
	}
	cli.ExpectNoChanges()
	cli.MustRun("destroy", "-auto-approve")
}
