package acctest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// RepeatingKind is what the pending-create tests shared by the kinds whose
// names repeat (pods, clusters, endpoints, network volumes, ECR
// delegations) need to know of one kind.
type RepeatingKind struct {
	Title      string // the kind in diagnostics' summaries: "Pod", "ECR Delegation"
	Address    string // the one resource of Config: "runpod_pod.p"
	Collection string // the list and create path: "/v2/pods"
	Name       string // the name Config gives the object
	Config     string // FastRetries and one object of the kind named Name
}

// Live lists, through the fake's own API, the ids of the kind's objects
// named k.Name that have not ended (a terminated pod still lists).
func (k RepeatingKind) Live(t *testing.T, f *runpodfake.Fake) []string {
	t.Helper()
	r, err := http.NewRequest(http.MethodGet, f.URL()+k.Collection, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Header.Set("Authorization", "Bearer "+runpodfake.DefaultAPIKey)
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatalf("GET %s: %s: %v", k.Collection, body, err)
	}
	if obj, ok := raw.(map[string]any); ok { // a list wrapped in an object
		for _, v := range obj {
			if list, ok := v.([]any); ok {
				raw = list
			}
		}
	}
	list, _ := raw.([]any)
	var ids []string
	for _, v := range list {
		m, _ := v.(map[string]any)
		if m["name"] != k.Name || m["status"] == "TERMINATED" || m["desiredStatus"] == "TERMINATED" {
			continue
		}
		id, _ := m["id"].(string)
		ids = append(ids, id)
	}
	return ids
}

// failLostCreate runs the first apply of k's configuration with its create
// lost (acted: after Runpod made the object, else before) and the list that
// looks for it failing with 502s until retries run out. The fake's clock
// runs 15 minutes behind, so that, when the clock is put right, what it
// made is older than the plan's twin window: a re-run comes "15 minutes
// later". It checks that the apply fails and keeps a pending create, and
// returns the objects the lost create made.
func failLostCreate(t *testing.T, env *Env, cli *CLI, k RepeatingKind, acted bool) []string {
	t.Helper()
	env.Fake.SetClock(func() time.Time { return time.Now().Add(-15 * time.Minute) })
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: k.Collection, Drop: true, AfterHandler: acted,
		Then: []runpodfake.Fault{{Method: "GET", Path: k.Collection, Count: 2, Status: 502}}})
	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the apply reported success although it cannot tell whether the %s exists:\n%s", k.Title, first.Output())
	}
	first.Says(t, "Error: "+k.Title+" Create Recorded As Pending", "It did not send the create again",
		"The next plan lists", "may bill")
	if id, ok := cli.StateAttributes(k.Address)["id"]; !ok || id != "" {
		t.Fatalf("state holds %s with id %v (present %v), want a pending create (id \"\")", k.Address, id, ok)
	}
	lost := k.Live(t, env.Fake)
	if n, want := len(lost), map[bool]int{true: 1, false: 0}[acted]; n != want {
		t.Fatalf("%d %s objects after the faulted apply, want %d", n, k.Title, want)
	}
	env.Fake.ClearFaults()
	env.Fake.SetClock(nil) // 15 minutes later
	return lost
}

// PendingCreateSettles: a create of k whose reply is lost (acted: after
// Runpod made the object) and whose look-up fails too is kept in state as
// pending; the plain re-run a pipeline makes after the twin window sends
// no second create. When Runpod made nothing, it creates the object: one
// in the account, tracked, a clean plan, and destroy leaves none. When
// Runpod made it, the re-run never adopts it (another writer may have made
// it): it fails naming it with the ways out, and following the one that
// adopts it (state rm, then an import block) ends with it tracked and a
// clean plan.
func PendingCreateSettles(t *testing.T, env *Env, k RepeatingKind, acted bool) {
	t.Helper()
	cli := env.CLI(t)
	cli.SetConfig(k.Config)
	cli.Init()
	lost := failLostCreate(t, env, cli, k, acted)
	posts := env.Fake.CountRequests("POST", k.Collection)

	second := cli.Run("apply", "-auto-approve")
	if !acted {
		if second.ExitCode != 0 {
			t.Fatalf("the re-run failed:\n%s", second.Output())
		}
		second.Lacks(t, "May Have Been Created", "Not Adopted")
		live := k.Live(t, env.Fake)
		if len(live) != 1 {
			t.Fatalf("%s objects after the re-run: %v, want exactly one", k.Title, live)
		}
		if got := cli.StateID(k.Address); got != live[0] {
			t.Fatalf("state tracks %q, the account holds %s", got, live[0])
		}
		if plan := cli.Run("plan", "-detailed-exitcode"); plan.ExitCode != 0 {
			t.Fatalf("the plan after the re-run is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
		}
		cli.MustRun("destroy", "-auto-approve")
		if live := k.Live(t, env.Fake); len(live) != 0 {
			t.Fatalf("%s objects left after destroy: %v", k.Title, live)
		}
		return
	}
	if second.ExitCode == 0 {
		t.Fatalf("the re-run went ahead although the pending create may have made %v:\n%s", lost, second.Output())
	}
	second.Says(t, "Error: "+k.Title+" May Have Been Created", lost[0], "Runpod console",
		"terraform state rm "+typeOf(k.Address)+".NAME", "import {", fmt.Sprintf("id = %q", lost[0]))
	if n := env.Fake.CountRequests("POST", k.Collection); n != posts {
		t.Fatalf("the re-run sent %d creates, want none", n-posts)
	}
	if id, ok := cli.StateAttributes(k.Address)["id"]; !ok || id != "" {
		t.Fatalf("after the refused re-run state holds %s with id %v (present %v), want the pending create kept", k.Address, id, ok)
	}

	// The way out that adopts it.
	cli.MustRun("state", "rm", k.Address)
	cli.SetConfig(k.Config + fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", k.Address, lost[0]))
	cli.MustRun("apply", "-auto-approve")
	if got, live := cli.StateID(k.Address), k.Live(t, env.Fake); got != lost[0] || len(live) != 1 {
		t.Fatalf("after the import state tracks %q and the account holds %v, want %s only", got, live, lost[0])
	}
	if plan := cli.Run("plan", "-detailed-exitcode"); plan.ExitCode != 0 {
		t.Fatalf("the plan after the import is not clean (exit %d):\n%s", plan.ExitCode, plan.Output())
	}
}

// PendingCreateDestroyed: destroy of a pending create whose lost create
// made its object (see PendingCreateSettles) works, with or without a
// refresh (refresh false: -refresh=false), empties the state and deletes
// nothing: the object may be another writer's, so it is left in the
// account and named.
//
// The destroy runs the provider as Terraform starts a release
// (PluginCLI), so that the refresh plan a destroy makes first skips the
// plan's checks as it does for users (destroyrefresh).
func PendingCreateDestroyed(t *testing.T, env *Env, k RepeatingKind, refresh bool) {
	t.Helper()
	cli := env.PluginCLI(t)
	cli.SetConfig(k.Config)
	cli.Init()
	lost := failLostCreate(t, env, cli, k, true)
	args := []string{"destroy", "-auto-approve"}
	if !refresh {
		args = append(args, "-refresh=false")
	}
	res := cli.Run(args...)
	if res.ExitCode != 0 {
		t.Fatalf("destroy failed:\n%s", res.Output())
	}
	res.Says(t, "Warning: "+k.Title+" Not Adopted After a Lost Create Reply", lost[0], "none was deleted", "import")
	if live := k.Live(t, env.Fake); len(live) != 1 || live[0] != lost[0] {
		t.Fatalf("%s objects after destroy: %v, want %s left alone", k.Title, live, lost[0])
	}
	if addrs := cli.StateAddresses(); len(addrs) != 0 {
		t.Fatalf("state after destroy: %v", addrs)
	}
}

// PendingCreateDestroyedUnchecked: destroy of a pending create whose list
// fails again works: the record leaves state with a warning to check the
// console, and nothing is deleted. It runs as PendingCreateDestroyed.
func PendingCreateDestroyedUnchecked(t *testing.T, env *Env, k RepeatingKind) {
	t.Helper()
	cli := env.PluginCLI(t)
	cli.SetConfig(k.Config)
	cli.Init()
	lost := failLostCreate(t, env, cli, k, true)
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: k.Collection, Count: 100, Status: 502})
	res := cli.Run("destroy", "-auto-approve")
	env.Fake.ClearFaults()
	if res.ExitCode != 0 {
		t.Fatalf("destroy failed while the list fails:\n%s", res.Output())
	}
	res.Says(t, "Warning: Pending "+k.Title+" Create Removed Unchecked", "Check the Runpod console")
	if live := k.Live(t, env.Fake); len(live) != 1 || live[0] != lost[0] {
		t.Fatalf("%s objects after destroy: %v, want %s left alone", k.Title, live, lost[0])
	}
	if addrs := cli.StateAddresses(); len(addrs) != 0 {
		t.Fatalf("state after destroy: %v", addrs)
	}
}

// PendingCreateDuplicateAllowed: with optOut (the kind's allow_duplicate
// set in configuration optOut), the plan of a pending create whose object
// appeared forgets it with a warning naming it, and creates a new one
// beside it: two in the account, the new one tracked.
func PendingCreateDuplicateAllowed(t *testing.T, env *Env, k RepeatingKind, optOut string) {
	t.Helper()
	cli := env.CLI(t)
	cli.SetConfig(k.Config)
	cli.Init()
	lost := failLostCreate(t, env, cli, k, true)
	cli.SetConfig(optOut)
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode != 0 {
		t.Fatalf("allow_duplicate did not create a new one beside the pending create's:\n%s", res.Output())
	}
	res.Says(t, "Warning: "+k.Title+" Not Adopted After a Lost Create Reply", lost[0], "may bill")
	live := k.Live(t, env.Fake)
	if got := cli.StateID(k.Address); len(live) != 2 || got == "" || got == lost[0] || !slices.Contains(live, got) {
		t.Fatalf("after the apply the account holds %v and state tracks %q: want %s and a new one, tracked", live, got, lost[0])
	}
}

// PendingCreateRefusedAmongTwins: when two objects like the pending
// create's appeared since it was sent (its own and one made in the
// console), the re-run adopts neither and creates nothing, naming both.
func PendingCreateRefusedAmongTwins(t *testing.T, env *Env, k RepeatingKind, seedTwin func() string) {
	t.Helper()
	cli := env.CLI(t)
	cli.SetConfig(k.Config)
	cli.Init()
	lost := failLostCreate(t, env, cli, k, true)
	twin := seedTwin()
	posts := env.Fake.CountRequests("POST", k.Collection)
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode == 0 {
		t.Fatalf("the re-run went ahead beside two lookalikes:\n%s", res.Output())
	}
	res.Says(t, "Error: "+k.Title+" May Have Been Created", lost[0], twin, fmt.Sprintf("to = %s.NAME", typeOf(k.Address)))
	if n := env.Fake.CountRequests("POST", k.Collection); n != posts {
		t.Fatalf("the re-run sent %d creates, want none", n-posts)
	}
}

func typeOf(address string) string {
	for i := range address {
		if address[i] == '.' {
			return address[:i]
		}
	}
	return address
}

// LostBeforeActingAndFailedLookupIsCreatedNextRun: a create of a kind
// named uniquely that was lost before Runpod acted, whose name look-up
// failed too, is kept pending; the next plain apply finds no object of the
// name, drops the pending create (with the empty identity a read that
// removes an object must still return, on Terraform 1.12 and later) and
// creates it: exactly one object, tracked.
func LostBeforeActingAndFailedLookupIsCreatedNextRun(t *testing.T, k NamedKind, name string) {
	t.Helper()
	env := New(t)
	cli := env.CLI(t)
	cli.SetConfig(FastRetries + k.Config(name))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: k.CollectionPath, Drop: true,
		Then: []runpodfake.Fault{{Method: "GET", Path: k.CollectionPath, Count: 2, Status: 502}}})
	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the first apply reported success although it could not tell whether the %s exists:\n%s", k.Noun, first.Output())
	}
	first.Contains(t, k.Title()+" Recorded As Pending")
	if ids := k.IDsNamed(env.Fake, name); len(ids) != 0 {
		t.Fatalf("the create was lost before Runpod acted, yet %v exist", ids)
	}

	second := cli.Run("apply", "-auto-approve")
	if second.ExitCode != 0 {
		t.Fatalf("the re-run failed:\n%s", second.Output())
	}
	second.Lacks(t, "Found After Lost Create Reply", "Missing Resource Identity")
	ids := k.IDsNamed(env.Fake, name)
	if len(ids) != 1 {
		t.Fatalf("%ss named %s: %v, want exactly one", k.Noun, name, ids)
	}
	if got := cli.StateID(k.Address); got != ids[0] {
		t.Fatalf("state tracks %q, the account holds %s", got, ids[0])
	}
}
