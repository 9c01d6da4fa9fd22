package secret_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// fastRetries keeps the read-outage tests quick: one retry after a 1 s wait,
// so two injected 502s exhaust the client's retries as five do by default.
const fastRetries = `
provider "runpod" {
  max_retries = 1
}
`

// A read outage right after a successful create must not fail the apply and
// taint a healthy secret (issue 10, break 1): it stays in state untainted,
// the apply warns about what was not verified, and the next plan is a no-op.
func TestAccSecret_readOutageAfterCreateKeepsIt(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(fastRetries + `
resource "runpod_secret" "s" {
  name        = "outage"
  value       = "outage-value"
  description = "kept"
}`)
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/account/secrets/*", Count: 2, Status: 502})

	apply := cli.RunJSON("apply", "-auto-approve")
	if apply.ExitCode != 0 {
		t.Fatalf("apply failed after a read outage that followed a successful create:\n%s", apply.Output())
	}
	if w := apply.Warnings("Secret Created But Not Read Back"); len(w) != 1 {
		t.Fatalf("want one warning saying the secret was not read back, got %+v", apply.Diagnostics("warning"))
	}
	assertUntainted(t, cli, addr)

	plan := cli.Run("plan", "-detailed-exitcode")
	if plan.ExitCode != 0 {
		t.Fatalf("the plan after the outage is not a no-op (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
	if ids := env.Fake.SecretIDsNamed("outage"); len(ids) != 1 {
		t.Fatalf("secrets named outage: %v, want exactly one", ids)
	}
	if n := env.Fake.CountRequests("POST", "/v2/account/secrets"); n != 1 {
		t.Fatalf("create sent %d times, want 1", n)
	}
}

func assertUntainted(t *testing.T, cli *acctest.CLI, address string) {
	t.Helper()
	st := cli.State()
	if st.Values == nil || st.Values.RootModule == nil {
		t.Fatalf("empty state")
	}
	for _, r := range st.Values.RootModule.Resources {
		if r.Address == address {
			if r.Tainted {
				t.Fatalf("%s is tainted: the next apply would replace it", address)
			}
			return
		}
	}
	t.Fatalf("%s is not in state", address)
}
