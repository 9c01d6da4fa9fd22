package template_test

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

// templatesNamed counts the fake's templates named name.
func templatesNamed(fake *runpodfake.Fake, name string) int { return len(fake.TemplateIDsNamed(name)) }

// A read outage right after a successful create must not fail the apply and
// taint a healthy template (issue 10, break 1): it stays in state untainted,
// the apply warns about what was not verified, and the next plan, which
// reads it again, is a no-op.
func TestAccTemplate_readOutageAfterCreateKeepsIt(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(fastRetries + `
resource "runpod_template" "t" {
  name  = "outage"
  image = "runpod/base:0.6.2"
  env   = { A = "1" }
}`)
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates/*", Count: 2, Status: 502})

	apply := cli.RunJSON("apply", "-auto-approve")
	if apply.ExitCode != 0 {
		t.Fatalf("apply failed after a read outage that followed a successful create:\n%s", apply.Output())
	}
	w := apply.Warnings("Template Created But Not Read Back")
	if len(w) != 1 {
		t.Fatalf("want one warning saying the template was not read back, got %+v", apply.Diagnostics("warning"))
	}
	assertUntainted(t, cli, addr)

	plan := cli.Run("plan", "-detailed-exitcode")
	if plan.ExitCode != 0 {
		t.Fatalf("the plan after the outage is not a no-op (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
	if n := templatesNamed(env.Fake, "outage"); n != 1 {
		t.Fatalf("%d templates named outage, want 1", n)
	}
	if n := env.Fake.CountRequests("POST", "/v2/templates"); n != 1 {
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

// A lost create reply plus a failing name lookup must not leave the
// template this configuration created blocking its own name (issue 10,
// break 4): the next plain apply takes it into state, with a warning, and
// the account ends with exactly one template of that name, tracked.
func TestAccTemplate_lostReplyAndFailedLookupIsResolvedNextRun(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(fastRetries + `
resource "runpod_template" "t" {
  name  = "double-fault"
  image = "runpod/base:0.6.2"
}`)
	cli.Init()
	// The name check before the create passes untouched (a fault with only
	// latency just consumes its turn); the create is processed but its reply
	// is dropped; the lookup that follows gets 502s until retries run out.
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Count: 1, Latency: time.Millisecond})
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/templates", Drop: true, AfterHandler: true})
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates", Count: 2, Status: 502})

	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the first apply reported success although it could not tell whether the template exists:\n%s", first.Output())
	}
	first.Contains(t, "Template Not Created", "Template Recorded As Pending")

	second := cli.Run("apply", "-auto-approve")
	if second.ExitCode != 0 {
		t.Fatalf("the re-run failed:\n%s", second.Output())
	}
	second.Lacks(t, "Name Already Taken")
	second.Contains(t, "Template Found After Lost Create Reply")
	ids := env.Fake.TemplateIDsNamed("double-fault")
	if len(ids) != 1 {
		t.Fatalf("templates named double-fault: %v, want exactly one", ids)
	}
	st := cli.State()
	if got := st.Values.RootModule.Resources[0].AttributeValues["id"]; got != ids[0] {
		t.Fatalf("state tracks %v, the account holds %s", got, ids[0])
	}
	if plan := cli.Run("plan", "-detailed-exitcode"); plan.ExitCode != 0 {
		t.Fatalf("the plan after the re-run is not a no-op (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
}
