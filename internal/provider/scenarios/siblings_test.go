package scenarios_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Identical objects of one count set are this configuration's own: the
// duplicate guards that stop a re-run from duplicating a lost create reply's
// object must never refuse a sibling of the same apply.

// sibling is one kind whose names repeat, as a count = 3 set of identical
// objects.
type sibling struct {
	kind, collection, name string
}

func siblings() []sibling {
	return []sibling{
		{"runpod_network_volume", "/v2/network-volumes", "sib-volume"},
		{"runpod_pod", "/v2/pods", "sib-pod"},
		{"runpod_endpoint", "/v2/serverless", "sib-endpoint"},
		{"runpod_cluster", "/v2/clusters", "sib-cluster"},
	}
}

// set is testdata/sibling_set.tf: the provider with short retries and a
// count = n set of the kind's identical objects.
func (s sibling) set(t testing.TB, n int) string {
	t.Helper()
	return acctest.Testdata(t, "sibling_set", map[string]any{"Kind": s.kind, "Count": n})
}

// converged fails t unless the API holds exactly n objects of the set and
// the state tracks exactly those, and the next plan is clean.
func (s sibling) converged(t *testing.T, env *acctest.Env, cli *acctest.CLI, n int, why string) {
	t.Helper()
	api := namedIDs(env, s.collection, s.name)
	state := cli.StateIDs(s.kind)
	if len(api) != n || len(state) != n {
		t.Fatalf("%s: the API holds %d %s (%v) and the state %d (%v), want %d each", why, len(api), s.kind, api, len(state), state, n)
	}
	for _, id := range state {
		if !strings.Contains(strings.Join(api, " "), id) {
			t.Fatalf("%s: state tracks %s, which the API does not hold (%v)", why, id, api)
		}
	}
	cleanPlan(t, cli, why)
}

// A count = 3 set of identical objects applies in one run, every run, even
// when each create's reply comes back long after Runpod made the object (so
// that a sibling's duplicate guard lists it before its create has returned).
func TestAccSiblings_oneApply(t *testing.T) {
	t.Parallel()
	for _, s := range siblings() {
		t.Run(s.kind, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(s.set(t, 3))
			cli.Init()
			for run := 1; run <= 3; run++ {
				// Every create lands at once and is answered 300 ms later,
				// each at its own time.
				env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: s.collection, Count: 3, AfterHandler: true,
					Latency: 300 * time.Millisecond})
				res := cli.Run(applyArgs...)
				env.Fake.ClearFaults()
				if res.ExitCode != 0 {
					t.Fatalf("run %d: apply of three identical %s failed:\n%s", run, s.kind, res.Output())
				}
				res.Lacks(t, "Identical", "Same Name Exists", "May Have Been Created")
				s.converged(t, env, cli, 3, fmt.Sprintf("run %d", run))
				cli.MustRun("destroy", "-auto-approve", "-input=false")
			}
		})
	}
}

// A lost create reply in a count = 3 set (Runpod creates the object, the
// reply is dropped) names the one new object that is not a sibling's and
// does not adopt it (another writer may have made it in the same window);
// nothing is sent twice, and the import block the error gives converges.
func TestAccSiblings_lostReply(t *testing.T) {
	t.Parallel()
	for _, s := range siblings() {
		t.Run(s.kind, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(s.set(t, 3))
			cli.Init()
			env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: s.collection, Count: 2, Latency: 300 * time.Millisecond, AfterHandler: true})
			env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: s.collection, Drop: true, AfterHandler: true})
			res := cli.Run(applyArgs...)
			env.Fake.ClearFaults()
			if res.ExitCode == 0 {
				t.Fatalf("the apply whose third create reply was lost adopted what another writer may have made:\n%s", res.Output())
			}
			if n := env.Fake.CountRequests("POST", s.collection); n != 3 {
				t.Errorf("%d creates sent, want 3", n)
			}
			state := strings.Join(cli.StateIDs(s.kind), " ")
			var orphan, missing string
			for _, id := range namedIDs(env, s.collection, s.name) {
				if !strings.Contains(state, id) {
					orphan = id
				}
			}
			for i := range 3 {
				a := fmt.Sprintf("%s.x[%d]", s.kind, i)
				if !slices.Contains(cli.StateAddresses(), a) {
					missing = a
				}
			}
			if orphan == "" || missing == "" {
				t.Fatalf("want one object outside state and one address without it; state %v", cli.StateAddresses())
			}
			res.Says(t, "May Have Been Created", orphan+" may be the one this apply created", "another writer")
			res.Lacks(t, "Identical", "Same Name Exists")
			cli.SetConfig(s.set(t, 3) + fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", missing, orphan))
			cli.MustRun(applyArgs...)
			s.converged(t, env, cli, 3, "after importing the lost reply's object")
		})
	}
}

// slowReads makes the refresh of the set's existing members slow, so that
// the plan of a new member runs before its siblings have been read, as it
// may under load: the plan must wait for them, not take them for orphans.
func (s sibling) slowReads(env *acctest.Env) {
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: s.collection + "*", Count: 4, Latency: 700 * time.Millisecond})
}

// After one create of a count = 3 set fails before Runpod acts (a 500), a
// plain re-run creates the missing member: the two that exist are the
// configuration's own, not the orphans of a lost reply.
func TestAccSiblings_rerunAfterFailedCreate(t *testing.T) {
	t.Parallel()
	for _, s := range siblings() {
		t.Run(s.kind, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(s.set(t, 3))
			cli.Init()
			env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: s.collection, Status: 500})
			if res := cli.Run(applyArgs...); res.ExitCode == 0 {
				t.Fatalf("the apply whose create got a 500 succeeded:\n%s", res.Output())
			}
			env.Fake.ClearFaults()
			if api := namedIDs(env, s.collection, s.name); len(api) != 2 {
				t.Fatalf("after the failed create the API holds %v, want two members", api)
			}
			s.slowReads(env)
			res := cli.Run(applyArgs...)
			env.Fake.ClearFaults()
			if !cli.MarksApplyPlan() {
				// OpenTofu and Terraform before 1.9 plan the create again
				// during apply without saying so, and that plan cannot tell
				// the set's members from orphans: it refuses, says why, and
				// creates nothing.
				if res.ExitCode == 0 {
					t.Fatalf("the re-run created the missing member although this CLI gives no apply-walk signal:\n%s", res.Output())
				}
				res.Contains(t, "Terraform before 1.9 plan each create again during apply")
				if api := namedIDs(env, s.collection, s.name); len(api) != 2 {
					t.Fatalf("after the refused re-run the API holds %v, want the two members", api)
				}
				return
			}
			if res.ExitCode != 0 {
				t.Fatalf("the re-run did not create the missing member:\n%s", res.Output())
			}
			res.Lacks(t, "Identical", "Same Name Exists", "May Have Been Created")
			res.Contains(t, "1 added, 0 changed, 0 destroyed")
			s.converged(t, env, cli, 3, "after the re-run")
		})
	}
}

// A run killed after Runpod made a member but before Terraform saved it
// leaves an object that no address manages (here: removed from state).
// Re-runs refuse to create a second one, naming that object and not the
// members the configuration manages; importing it, as the error says,
// converges.
func TestAccSiblings_orphanOfAKilledRun(t *testing.T) {
	t.Parallel()
	for _, s := range siblings() {
		t.Run(s.kind, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(s.set(t, 3))
			cli.Init()
			cli.MustRun(applyArgs...)
			orphan := cli.StateID(s.kind + ".x[2]")
			managed := []string{cli.StateID(s.kind + ".x[0]"), cli.StateID(s.kind + ".x[1]")}
			cli.MustRun("state", "rm", s.kind+".x[2]")
			for run := 1; run <= 2; run++ {
				s.slowReads(env)
				res := cli.Run(applyArgs...)
				env.Fake.ClearFaults()
				if res.ExitCode == 0 {
					t.Fatalf("re-run %d created a second object beside the orphan %s:\n%s", run, orphan, res.Output())
				}
				refusal := res.Output()[max(strings.Index(res.Output(), "Error:"), 0):]
				if !strings.Contains(refusal, orphan) || !strings.Contains(refusal, "import") {
					t.Errorf("re-run %d: the refusal does not name the orphan %s with the import command:\n%s", run, orphan, refusal)
				}
				for _, id := range managed {
					if strings.Contains(refusal, id) {
						t.Errorf("re-run %d: the refusal names %s, which the configuration manages:\n%s", run, id, refusal)
					}
				}
				if api := namedIDs(env, s.collection, s.name); len(api) != 3 {
					t.Fatalf("re-run %d: the API holds %v, want the three objects", run, api)
				}
			}
			cli.MustRun("import", "-input=false", s.kind+".x[2]", orphan)
			// An imported cluster records the settings Runpod does not
			// return in one apply that changes nothing in the account.
			cli.MustRun(applyArgs...)
			s.converged(t, env, cli, 3, "after importing the orphan")
		})
	}
}

// With -parallelism=1 Terraform holds its only slot for the whole plan of a
// new member, so that plan may run before any sibling has been read, and
// the siblings cannot be read until it returns. The re-run of a count = 3
// set after one member's create failed must still create the missing
// member, whatever the order of the walk (random among the set's
// instances: each re-run here is one more draw), and create nothing twice.
// The provider is started as Terraform starts a release (PluginCLI): it
// reads -parallelism from the command that started it.
func TestAccSiblings_rerunWithParallelismOne(t *testing.T) {
	t.Parallel()
	for _, s := range siblings() {
		if s.kind != "runpod_pod" && s.kind != "runpod_endpoint" {
			continue // the kinds whose guard runs at plan for a count set of identical objects
		}
		t.Run(s.kind, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.PluginCLI(t)
			cli.SetConfig(s.set(t, 3))
			cli.Init()
			env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: s.collection, Status: 500})
			if res := cli.Run(applyArgs...); res.ExitCode == 0 {
				t.Fatalf("the apply whose create got a 500 succeeded:\n%s", res.Output())
			}
			env.Fake.ClearFaults()
			for run := 1; run <= 6; run++ {
				if api := namedIDs(env, s.collection, s.name); len(api) != 2 {
					t.Fatalf("run %d: before the re-run the API holds %v, want two members", run, api)
				}
				managed := cli.StateIDs(s.kind)
				res := cli.Run(append(slices.Clone(applyArgs), "-parallelism=1")...)
				if res.ExitCode != 0 {
					t.Fatalf("run %d: the re-run with -parallelism=1 did not create the missing member:\n%s", run, res.Output())
				}
				res.Lacks(t, "Identical", "Same Name Exists", "May Have Been Created")
				res.Contains(t, "1 added, 0 changed, 0 destroyed")
				for _, warning := range strings.Split(res.Output(), "Lookalikes Not Read Yet")[1:] {
					// The bad order: the plan could not classify its
					// siblings, says so and names only them.
					warning, _, _ = strings.Cut(warning, "Terraform planned this")
					res.Contains(t, "-parallelism=1")
					for _, id := range namedIDs(env, s.collection, s.name) {
						if !slices.Contains(managed, id) && strings.Contains(warning, id) {
							t.Errorf("run %d: the warning names %s, which did not exist at plan:\n%s", run, id, warning)
						}
					}
				}
				s.converged(t, env, cli, 3, fmt.Sprintf("run %d", run))
				// Back to two members: the state of a failed create.
				cli.MustRun("destroy", "-auto-approve", "-input=false", "-target="+s.kind+".x[2]")
			}
		})
	}
}
