package secret_test

import (
	"testing"
	"time"

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

// A lost create reply plus a failing name lookup must not leave the secret
// this configuration created blocking its own name (issue 10, break 4): the
// next plain apply takes it into state, with a warning, and the account ends
// with exactly one secret of that name, tracked, holding the value.
func TestAccSecret_lostReplyAndFailedLookupIsResolvedNextRun(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(fastRetries + `
resource "runpod_secret" "s" {
  name  = "double_fault"
  value = "double-fault-value"
}`)
	cli.Init()
	// The name check before the create passes untouched (a fault with only
	// latency just consumes its turn); the create is processed but its reply
	// is dropped; the lookup that follows gets 502s until retries run out.
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/account/secrets", Count: 1, Latency: time.Millisecond})
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/account/secrets", Drop: true, AfterHandler: true})
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/account/secrets", Count: 2, Status: 502})

	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the first apply reported success although it could not tell whether the secret exists:\n%s", first.Output())
	}
	first.Contains(t, "Secret Not Created", "Secret Recorded As Pending")

	second := cli.Run("apply", "-auto-approve")
	if second.ExitCode != 0 {
		t.Fatalf("the re-run failed:\n%s", second.Output())
	}
	second.Lacks(t, "Name Already Taken")
	second.Contains(t, "Secret Found After Lost Create Reply")
	ids := env.Fake.SecretIDsNamed("double_fault")
	if len(ids) != 1 {
		t.Fatalf("secrets named double_fault: %v, want exactly one", ids)
	}
	if got := cli.State().Values.RootModule.Resources[0].AttributeValues["id"]; got != ids[0] {
		t.Fatalf("state tracks %v, the account holds %s", got, ids[0])
	}
	if err := secretValue(env.Fake, ids[0], "double-fault-value"); err != nil {
		t.Fatal(err)
	}
	if plan := cli.Run("plan", "-detailed-exitcode"); plan.ExitCode != 0 {
		t.Fatalf("the plan after the re-run is not a no-op (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
}
