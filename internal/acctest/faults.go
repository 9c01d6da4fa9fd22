package acctest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// FastRetries keeps read-outage tests quick: one retry after a 1 s wait, so
// two injected 502s exhaust the client's retries as five do by default.
const FastRetries = `
provider "runpod" {
  max_retries = 1
}
`

// NamedKind is what the fault tests shared by the kinds that Runpod names
// uniquely (templates, secrets, registry credentials) need to know of one
// kind.
type NamedKind struct {
	// Facts are the kind's noun, for failure messages, and the diagnostic
	// summaries that start with its title, e.g. "Registry Credential".
	kinds.Facts
	// Address is the resource address the configurations declare.
	Address string
	// CollectionPath is the API path that lists and creates the kind, e.g.
	// "/v2/registries"; CollectionPath+"/*" reads one.
	CollectionPath string
	// Config returns a configuration of one resource at Address named name.
	Config func(name string) string
	// IDsNamed lists the ids of the fake's objects named name.
	IDsNamed func(fake *runpodfake.Fake, name string) []string
	// CheckAdopted, when set, checks the object adopted after a lost create
	// reply further (a secret's value, for one).
	CheckAdopted func(fake *runpodfake.Fake, id string) error
}

// ReadOutageAfterCreateKeepsIt: a read outage right after a successful
// create must not fail the apply and taint a healthy object: it stays in
// state untainted, the apply warns about what was not verified, and the next
// plan, which reads it again, is a no-op.
func ReadOutageAfterCreateKeepsIt(t *testing.T, k NamedKind) {
	t.Helper()
	env := New(t)
	cli := env.CLI(t)
	cli.SetConfig(FastRetries + k.Config("outage"))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: k.CollectionPath + "/*", Count: 2, Status: 502})

	apply := cli.RunJSON("apply", "-auto-approve")
	if apply.ExitCode != 0 {
		t.Fatalf("apply failed after a read outage that followed a successful create:\n%s", apply.Output())
	}
	if w := apply.Warnings(k.Title() + " Created But Not Read Back"); len(w) != 1 {
		t.Fatalf("want one warning saying the %s was not read back, got %+v", k.Noun, apply.Diagnostics("warning"))
	}
	cli.AssertUntainted(k.Address)

	plan := cli.Run("plan", "-detailed-exitcode")
	if plan.ExitCode != 0 {
		t.Fatalf("the plan after the outage is not a no-op (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
	if ids := k.IDsNamed(env.Fake, "outage"); len(ids) != 1 {
		t.Fatalf("%ss named outage: %v, want exactly one", k.Noun, ids)
	}
	if n := env.Fake.CountRequests("POST", k.CollectionPath); n != 1 {
		t.Fatalf("create sent %d times, want 1", n)
	}
}

// LostCreateReplyIsNotAdopted: a create whose connection drops after
// Runpod stored the object must not be sent again, and the object the name
// lookup finds is not taken into state either, since another writer may
// have made it in the same window: the apply fails naming its id with the
// import block, the account holds exactly one, and following the error (an
// import block with that id) converges.
func LostCreateReplyIsNotAdopted(t *testing.T, k NamedKind, name string) {
	t.Helper()
	env := New(t)
	cli := env.CLI(t)
	cli.SetConfig(k.Config(name))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: k.CollectionPath, Count: 1, Drop: true, AfterHandler: true})

	apply := cli.Run("apply", "-auto-approve")
	if apply.ExitCode == 0 {
		t.Fatalf("apply took an object into state that another writer may have created:\n%s", apply.Output())
	}
	ids := k.IDsNamed(env.Fake, name)
	if len(ids) != 1 {
		t.Fatalf("%ss named %s: %v, want exactly one", k.Noun, name, ids)
	}
	apply.Says(t, "Error: "+k.Title()+" May Have Been Created", "may be the one this apply created", "another writer",
		"does not take it into state", fmt.Sprintf("id = %q", ids[0]), fmt.Sprintf("%q is taken", name))
	apply.Lacks(t, "Adopted", "Confirmed")
	if n := env.Fake.CountRequests("POST", k.CollectionPath); n != 1 {
		t.Fatalf("create sent %d times, want exactly 1", n)
	}
	if got := cli.StateIDs(k.ResourceType); len(got) != 0 {
		t.Fatalf("state tracks %v after a create whose object may be another writer's", got)
	}
	// A pipeline that re-runs without reading the error: its plan, not its
	// apply, refuses the name now taken (contract seed 343656647).
	plan := cli.RunJSON("plan", "-input=false")
	errs := plan.Diagnostics("error")
	if plan.ExitCode == 0 || len(errs) != 1 || errs[0].Summary != k.Title()+" Name Already Taken" ||
		!strings.Contains(errs[0].Detail, ids[0]) {
		t.Fatalf("the plan after the lost reply exited %d with errors %+v, want one %q naming %s", plan.ExitCode, errs,
			k.Title()+" Name Already Taken", ids[0])
	}
	importAsTold(t, env, cli, k, name, ids[0])
}

// importAsTold follows the way out the errors give: an import block with
// id at the resource's address; the apply imports it, state tracks it, and
// the next plan is a no-op.
func importAsTold(t *testing.T, env *Env, cli *CLI, k NamedKind, name, id string) {
	t.Helper()
	cli.SetConfig(k.Config(name) + fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", k.Address, id))
	cli.MustRun("apply", "-auto-approve")
	if got := cli.StateID(k.Address); got != id {
		t.Fatalf("after the import block state tracks %q, want %s", got, id)
	}
	if k.CheckAdopted != nil {
		if err := k.CheckAdopted(env.Fake, id); err != nil {
			t.Fatal(err)
		}
	}
	if plan := cli.Run("plan", "-detailed-exitcode"); plan.ExitCode != 0 {
		t.Fatalf("the plan after the import is not a no-op (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
}

// LostCreateRequestSaysNotCreated: a create whose connection drops before
// Runpod acts is not sent again; the name lookup finds nothing and the error
// says so, not that the object may exist, nor that base_url may be wrong
// (the name check of the same run reached the API); the next apply creates
// it.
func LostCreateRequestSaysNotCreated(t *testing.T, k NamedKind, name string) {
	t.Helper()
	env := New(t)
	cli := env.CLI(t)
	cli.SetConfig(k.Config(name))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: k.CollectionPath, Count: 1, Drop: true})

	apply := cli.Run("apply", "-auto-approve")
	if apply.ExitCode == 0 {
		t.Fatalf("apply succeeded although the create was lost:\n%s", apply.Output())
	}
	apply.Says(t, "Error: "+k.Title()+" Not Created", fmt.Sprintf("%s %q was not created: a lookup by name found none", k.Noun, name),
		"Applying again is safe")
	// The name check before the create reached the API: the address is
	// right, so the connection dropped mid-run and base_url is not blamed.
	apply.Says(t, "Earlier requests of this run reached the Runpod API", "the connection dropped during the run")
	apply.Lacks(t, "may exist in the account", "Recorded As Pending", "base_url", "could not reach")
	if ids := k.IDsNamed(env.Fake, name); len(ids) != 0 {
		t.Fatalf("%ss named %s: %v after a create lost before Runpod acted", k.Noun, name, ids)
	}
	cli.MustRun("apply", "-auto-approve")
	if ids := k.IDsNamed(env.Fake, name); len(ids) != 1 || cli.StateID(k.Address) != ids[0] {
		t.Fatalf("after the re-run the account holds %v and state %q", ids, cli.StateID(k.Address))
	}
}

// LostReplyAndFailedLookupIsSettledNextRun: a lost create reply plus a
// failing name lookup records the create as pending; the next run finds the
// name taken and, since another writer may have made that object, names it
// with the import block instead of taking it into state, creating a second
// or deleting it. Following the error converges with exactly one object.
func LostReplyAndFailedLookupIsSettledNextRun(t *testing.T, k NamedKind, name string) {
	t.Helper()
	env := New(t)
	cli := env.CLI(t)
	cli.SetConfig(FastRetries + k.Config(name))
	cli.Init()
	// The name checks (at plan, and before the create) pass untouched; the
	// create is processed but its reply is dropped; the lookup that follows
	// gets 502s until retries run out.
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: k.CollectionPath, Drop: true, AfterHandler: true,
		Then: []runpodfake.Fault{{Method: "GET", Path: k.CollectionPath, Count: 2, Status: 502}}})

	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the first apply reported success although it could not tell whether the %s exists:\n%s", k.Noun, first.Output())
	}
	first.Contains(t, k.Title()+" Not Created", k.Title()+" Recorded As Pending")
	ids := k.IDsNamed(env.Fake, name)
	if len(ids) != 1 {
		t.Fatalf("%ss named %s: %v, want exactly one", k.Noun, name, ids)
	}

	second := cli.Run("apply", "-auto-approve")
	if second.ExitCode == 0 {
		t.Fatalf("the re-run took into state a %s that another writer may have created:\n%s", k.Noun, second.Output())
	}
	second.Says(t, k.Title()+" Not Adopted After a Lost Create Reply", "another writer", fmt.Sprintf("id = %q", ids[0]),
		k.Title()+" Name Already Taken")
	if got := k.IDsNamed(env.Fake, name); len(got) != 1 || got[0] != ids[0] {
		t.Fatalf("%ss named %s after the re-run: %v, want only %s", k.Noun, name, got, ids[0])
	}
	if n := env.Fake.CountRequests("POST", k.CollectionPath); n != 1 {
		t.Fatalf("create sent %d times, want 1", n)
	}
	cli.SetConfig(k.Config(name))
	importAsTold(t, env, cli, k, name, ids[0])
}

// AssertUntainted fails the test unless address is in the state and not
// tainted (a tainted resource is replaced by the next apply).
func (c *CLI) AssertUntainted(address string) {
	c.t.Helper()
	st := c.State()
	if st.Values == nil || st.Values.RootModule == nil {
		c.t.Fatalf("empty state")
	}
	for _, r := range st.Values.RootModule.Resources {
		if r.Address == address {
			if r.Tainted {
				c.t.Fatalf("%s is tainted: the next apply would replace it", address)
			}
			return
		}
	}
	c.t.Fatalf("%s is not in state", address)
}

// NameTakenIsRefused: creating an object of kind k named name, when the
// account's object existingID, named existingName, holds that name, fails
// with the error that names the holder and the command that imports it, and
// never creates over it. creates is how many create requests reach Runpod:
// 0 when the provider's own name check finds the holder, 1 when only the
// API's 409 does (a name that differs in case).
func (e *Env) NameTakenIsRefused(t *testing.T, k NamedKind, name, existingName, existingID string, creates int) {
	t.Helper()
	resourceType, _, _ := strings.Cut(k.Address, ".")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: e.Factories,
		Steps: []resource.TestStep{
			{
				Config: k.Config(name),
				ExpectError: regexp.MustCompile(`(?s)` + k.Title() + ` Name Already Taken.*"` + regexp.QuoteMeta(existingName) + `".*` +
					existingID + `.*terraform import ` + resourceType + `.NAME ` + existingID),
			},
		},
	})
	if n := e.Fake.CountRequests("POST", k.CollectionPath); n != creates {
		t.Fatalf("provider sent %d create requests for a taken name, want %d", n, creates)
	}
}
