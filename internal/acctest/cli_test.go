package acctest_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// TestAccCLI_harness proves the harness reports what the binary printed: the
// planned action, the exit code of a drift check and the state afterwards.
func TestAccCLI_harness(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(`
resource "runpod_template" "t" {
  name  = "harness"
  image = "busybox:latest"
}
`)
	cli.Init()

	plan := cli.RunJSON("plan", "-input=false")
	if got := plan.PlannedActions()["runpod_template.t"]; got != "create" {
		t.Fatalf("planned action = %q, want create; messages: %+v", got, plan.Messages)
	}
	cli.MustRun("apply", "-auto-approve", "-input=false").Contains(t, "Apply complete! Resources: 1 added")
	if got := cli.StateAddresses(); len(got) != 1 || got[0] != "runpod_template.t" {
		t.Fatalf("state addresses = %v", got)
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Fatalf("plan after apply exited %d, want 0 (no changes)", res.ExitCode)
	}

	// An invalid configuration is an error the CLI prints, with its exit code.
	cli.SetConfig(`
resource "runpod_template" "t" {
  name  = "harness"
  image = "busybox:latest"
  ports = ["8888/udp"]
}
`)
	bad := cli.RunJSON("plan")
	if bad.ExitCode == 0 || len(bad.Diagnostics("error")) == 0 {
		t.Fatalf("plan of an invalid port exited %d with errors %v", bad.ExitCode, bad.Diagnostics("error"))
	}
}
