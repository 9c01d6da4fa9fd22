package acctest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
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
// later". It checks that the apply fails and keeps a pending create.
func failLostCreate(t *testing.T, env *Env, cli *CLI, k RepeatingKind, acted bool) {
	t.Helper()
	env.Fake.SetClock(func() time.Time { return time.Now().Add(-15 * time.Minute) })
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: k.Collection, Drop: true, AfterHandler: acted,
		Then: []runpodfake.Fault{{Method: "GET", Path: k.Collection, Count: 2, Status: 502}}})
	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the apply reported success although it cannot tell whether the %s exists:\n%s", k.Title, first.Output())
	}
	first.Says(t, "Error: "+k.Title+" Create Recorded As Pending", "The next plan, apply or destroy lists")
	if id, ok := cli.StateAttributes(k.Address)["id"]; !ok || id != "" {
		t.Fatalf("state holds %s with id %v (present %v), want a pending create (id \"\")", k.Address, id, ok)
	}
	if n, want := len(k.Live(t, env.Fake)), map[bool]int{true: 1, false: 0}[acted]; n != want {
		t.Fatalf("%d %s objects after the faulted apply, want %d", n, k.Title, want)
	}
	env.Fake.ClearFaults()
	env.Fake.SetClock(nil) // 15 minutes later
}

// PendingCreateSettles: a create of k whose reply is lost (acted: after
// Runpod made the object) and whose look-up fails too is kept in state as
// pending; the plain re-run a pipeline makes after the twin window settles
// it (adopts the object made, or creates the one that was not) and the
// account ends with exactly one object, tracked, and a clean plan; destroy
// leaves none.
func PendingCreateSettles(t *testing.T, env *Env, k RepeatingKind, acted bool) {
	t.Helper()
	cli := env.CLI(t)
	cli.SetConfig(k.Config)
	cli.Init()
	failLostCreate(t, env, cli, k, acted)
	lost := k.Live(t, env.Fake)

	second := cli.Run("apply", "-auto-approve")
	if second.ExitCode != 0 {
		t.Fatalf("the re-run failed:\n%s", second.Output())
	}
	if acted {
		second.Says(t, "Warning: "+k.Title+" Found After Lost Create Reply", lost[0])
	} else {
		second.Lacks(t, "Found After Lost Create Reply")
	}
	live := k.Live(t, env.Fake)
	if len(live) != 1 {
		t.Fatalf("%s objects after the re-run: %v, want exactly one (the lost create made %v)", k.Title, live, lost)
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
}

// PendingCreateDestroyed: destroy without a refresh (-refresh=false) of a
// pending create (see PendingCreateSettles) deletes the object it made, or
// nothing when it made none, and empties the state.
func PendingCreateDestroyed(t *testing.T, env *Env, k RepeatingKind, acted bool) {
	t.Helper()
	cli := env.CLI(t)
	cli.SetConfig(k.Config)
	cli.Init()
	failLostCreate(t, env, cli, k, acted)
	res := cli.Run("destroy", "-auto-approve", "-refresh=false")
	if res.ExitCode != 0 {
		t.Fatalf("destroy failed:\n%s", res.Output())
	}
	if live := k.Live(t, env.Fake); len(live) != 0 {
		t.Fatalf("%s objects left after destroy: %v", k.Title, live)
	}
	if addrs := cli.StateAddresses(); len(addrs) != 0 {
		t.Fatalf("state after destroy: %v", addrs)
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
	failLostCreate(t, env, cli, k, true)
	lost := k.Live(t, env.Fake)
	twin := seedTwin()
	posts := env.Fake.CountRequests("POST", k.Collection)
	res := cli.Run("apply", "-auto-approve")
	if res.ExitCode == 0 {
		t.Fatalf("the re-run adopted one of two lookalikes:\n%s", res.Output())
	}
	res.Says(t, "Error: Pending "+k.Title+" Create Not Settled", lost[0], twin, fmt.Sprintf("to = %s.NAME", typeOf(k.Address)))
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
