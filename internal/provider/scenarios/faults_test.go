package scenarios_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The fault matrix: for every resource kind, every request its create,
// update, refresh and destroy send, and every kind of failure (a 502, 503 or
// 504, or a dropped connection, striking before the server acts or after it
// has acted), the test runs the command with the fault armed, then re-runs it
// against a healthy API, and checks that:
//   - there is never more than one object of the kind in the API (no
//     duplicate from a create sent twice or re-run blindly);
//   - after the re-run, the state and the API agree: the same ids, no object
//     outside state, no state entry without an object;
//   - the next plan is clean (-detailed-exitcode 0).
//
// Faults strike as many times in a row as the provider's retries allow plus
// one (max_retries = 1, no wait), so every request in the table really fails
// once retries are exhausted.

const faultStrikes = 2 // max_retries + 1

// kind is one resource kind in the matrix.
type kind struct {
	name string // resource type
	requests
	apiObject func(env *acctest.Env) []string
}

// config is the kind's configuration, testdata/fault_matrix.tf: the
// provider with short retries (max_retries = 1, no wait) and one object of
// the kind, as first applied or, updated, as changed in place.
func (k kind) config(t testing.TB, updated bool) string {
	t.Helper()
	return acctest.Testdata(t, "fault_matrix", map[string]any{"Kind": k.name, "Updated": updated, "Key": fmKey, "Key2": fmKey2})
}

// requests are the requests of one kind that the matrix makes fail.
type requests struct {
	create  []req // requests the create sends that can fail
	update  []req // requests an in-place update sends (nil: no update API)
	read    req   // the refresh request
	destroy []req // requests the destroy sends
}

// rest is the requests of a kind with a REST collection: the create POSTs
// to it, an update PATCHes and the destroy DELETEs one object, each
// followed by a read of the object. Without inPlace the kind has no update
// API.
func rest(collection string, inPlace bool) requests {
	one := collection + "/*"
	r := requests{
		create:  []req{{"POST", collection, 0}, {"GET", one, 0}},
		read:    req{"GET", one, 0},
		destroy: []req{{"DELETE", one, 0}, {"GET", one, 0}},
	}
	if inPlace {
		r.update = []req{{"PATCH", one, 0}, {"GET", one, 0}}
	}
	return r
}

// confirmedFromList is r for a kind whose deletes are confirmed from a
// list of its collection sent after the DELETE (kinds.Kind.FreshList),
// before any read of the one object: the destroy's list fails too.
func confirmedFromList(r requests, collection string) requests {
	r.destroy = append(r.destroy, req{"GET", collection, 0})
	return r
}

// req is a request matched by method and path ("*" ends a prefix). pass is
// how many matching requests go through untouched before the fault strikes:
// the SSH key resources read the same path before their write and again to
// verify it, and only a pass count makes the fault hit the second read.
type req struct {
	method, path string
	pass         int
}

func (r req) String() string { return r.method + " " + r.path }

// name is how the request appears in the subtest's name, e.g.
// GET_v2_templates (one template), GET_v2_templates_list (the collection)
// or, with a pass count, GET_v2_account_ssh-keys_list_after1.
func (r req) name() string {
	n := r.method + "_" + strings.Trim(strings.ReplaceAll(r.path, "/", "_"), "_*")
	if r.method == "GET" && !strings.HasSuffix(r.path, "*") {
		n += "_list"
	}
	if r.pass > 0 {
		n += fmt.Sprintf("_after%d", r.pass)
	}
	return n
}

const (
	fmKey  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBkGBN0P2d4Xo3b4YzmwN8TjUKjZiUzx4jV7u0m7mU7c"
	fmKey2 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g"
)

// sshKeyRequests are the requests of both SSH key resources: the account's
// keys are one document, read, rewritten whole and read again after a
// settling wait to verify the change. The verifying read is the same GET as
// the read before the write (and, for an update or destroy, the refresh),
// so it is reached by letting those through: one on a create, two (the
// refresh and the read before the write) on an update or destroy.
var sshKeyRequests = func() requests {
	const p = "/v2/account/ssh-keys"
	return requests{
		create:  []req{{"PUT", p, 0}, {"GET", p, 0}, {"GET", p, 1}},
		update:  []req{{"PUT", p, 0}, {"GET", p, 0}, {"GET", p, 2}},
		read:    req{"GET", p, 0},
		destroy: []req{{"PUT", p, 0}, {"GET", p, 0}, {"GET", p, 2}},
	}
}()

func kinds() []kind {
	listFromAPI := func(path, name string) func(env *acctest.Env) []string {
		return func(env *acctest.Env) []string { return namedIDs(env, path, name) }
	}
	return []kind{
		{
			name:      "runpod_template",
			requests:  confirmedFromList(rest("/v2/templates", true), "/v2/templates"),
			apiObject: listFromAPI("/v2/templates", "fm-template"),
		},
		{
			name:      "runpod_network_volume",
			requests:  confirmedFromList(rest("/v2/network-volumes", true), "/v2/network-volumes"),
			apiObject: listFromAPI("/v2/network-volumes", "fm-volume"),
		},
		{
			name:      "runpod_registry_auth",
			requests:  confirmedFromList(rest("/v2/registries", false), "/v2/registries"),
			apiObject: listFromAPI("/v2/registries", "fm-registry"),
		},
		{
			name:      "runpod_secret",
			requests:  confirmedFromList(rest("/v2/account/secrets", true), "/v2/account/secrets"),
			apiObject: listFromAPI("/v2/account/secrets", "fm_secret"),
		},
		{
			name:     "runpod_ssh_key",
			requests: sshKeyRequests,
			apiObject: func(env *acctest.Env) []string {
				var out []string
				for _, k := range env.Fake.SSHKeys() {
					if strings.Contains(k, fmKey) {
						out = append(out, fmKey)
					}
				}
				return out
			},
		},
		{
			name:      "runpod_pod",
			requests:  rest("/v2/pods", true),
			apiObject: func(env *acctest.Env) []string { return namedIDs(env, "/v2/pods", "fm-pod", "fm-pod-renamed") },
		},
		{
			name:     "runpod_cluster",
			requests: rest("/v2/clusters", true),
			apiObject: func(env *acctest.Env) []string {
				return namedIDs(env, "/v2/clusters", "fm-cluster", "fm-cluster-renamed")
			},
		},
		{
			name:     "runpod_endpoint",
			requests: rest("/v2/serverless", true),
			apiObject: func(env *acctest.Env) []string {
				return namedIDs(env, "/v2/serverless", "fm-endpoint", "fm-endpoint-renamed")
			},
		},
		{
			// No read by id: the twin check before a registration, the
			// read-back, refresh and confirm-gone all list the delegations
			// (the second list of a create is its read-back, of a destroy
			// its confirm, after the refresh's); nothing updates one in
			// place.
			name: "runpod_ecr_delegation",
			requests: func() requests {
				const p = "/v2/registries/delegations"
				return requests{
					create:  []req{{"POST", p, 0}, {"GET", p, 0}, {"GET", p, 1}},
					read:    req{"GET", p, 0},
					destroy: []req{{"DELETE", p + "/*", 0}, {"GET", p, 0}, {"GET", p, 1}},
				}
			}(),
			apiObject: listFromAPI("/v2/registries/delegations", "fm-delegation"),
		},
		{
			name:     "runpod_ssh_keys",
			requests: sshKeyRequests,
			// The singleton is "account" in state; the API holds it while
			// the configured key is registered.
			apiObject: func(env *acctest.Env) []string {
				for _, k := range env.Fake.SSHKeys() {
					if strings.Contains(k, fmKey) {
						return []string{"account"}
					}
				}
				return nil
			},
		},
	}
}

// fault is one way a request fails.
type fault struct {
	status int // 0: dropped connection
	after  bool
}

func (f fault) String() string {
	what := "drop"
	if f.status != 0 {
		what = fmt.Sprint(f.status)
	}
	if f.after {
		return what + "-after"
	}
	return what + "-before"
}

// faultsFor returns the failures tried on one request: a 5xx (502, 503 and
// 504 in turn across the matrix, so each is used) and a dropped connection,
// each before and after the server acts.
func faultsFor(i int) []fault {
	status := []int{502, 503, 504}[i%3]
	return []fault{{status, false}, {status, true}, {0, false}, {0, true}}
}

// lostLookup is the phase of the combined create faults: the fault strikes
// the create's POST and arms 502s for the list that looks for the object
// (the collection), until retries run out. The create is kept pending; the
// re-run creates the object if Runpod did not, or names the one it made,
// which the user then adopts (followPendingHint).
const lostLookup = "create+lookup"

type matrixCase struct {
	kind  kind
	phase string // create, update, refresh, destroy
	req   req
	fault fault
}

func matrix() []matrixCase {
	var out []matrixCase
	i := 0
	add := func(k kind, phase string, reqs ...req) {
		for _, r := range reqs {
			for _, f := range faultsFor(i) {
				out = append(out, matrixCase{k, phase, r, f})
			}
			if r.pass == 0 {
				// A row with a pass count shares the next row's status, so
				// that adding one leaves the other rows' names as they were.
				i++
			}
		}
	}
	for _, k := range kinds() {
		add(k, "create", k.create...)
		if post := k.create[0]; post.method == "POST" {
			// Combined: the create's reply is lost (before or after the
			// server acts) and the list that looks for it fails too.
			for _, f := range []fault{{0, false}, {0, true}} {
				out = append(out, matrixCase{k, lostLookup, post, f})
			}
		}
		if k.update != nil {
			add(k, "update", k.update...)
		}
		add(k, "refresh", k.read)
		add(k, "destroy", k.destroy...)
	}
	return out
}

// TestAccFaultMatrix runs every case of the matrix; see the comment above.
func TestAccFaultMatrix(t *testing.T) {
	t.Parallel()
	cases := matrix()
	t.Logf("%d fault cases", len(cases))
	for _, c := range cases {
		name := fmt.Sprintf("%s/%s/%s/%s", c.kind.name, c.phase, c.req.name(), c.fault)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runFaultCase(t, c)
		})
	}
}

func runFaultCase(t *testing.T, c matrixCase) {
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(c.kind.config(t, false))
	cli.Init()

	arm := func() {
		if c.req.pass > 0 {
			// Requests before the one under test take their turn untouched.
			env.Fake.InjectFault(runpodfake.Fault{Method: c.req.method, Path: c.req.path, Count: c.req.pass})
		}
		f := runpodfake.Fault{Method: c.req.method, Path: c.req.path, Count: faultStrikes, AfterHandler: c.fault.after}
		if c.phase == lostLookup {
			f.Count = 1
			f.Then = []runpodfake.Fault{{Method: "GET", Path: c.req.path, Count: faultStrikes, Status: 502}}
		}
		if c.fault.status == 0 {
			f.Drop = true
		} else {
			f.Status = c.fault.status
		}
		env.Fake.InjectFault(f)
	}

	goal := []string{"apply", "-auto-approve", "-input=false"}
	switch c.phase {
	case "create", lostLookup:
		arm()
	case "update", "refresh", "destroy":
		cli.MustRun(goal...)
		if c.phase == "update" {
			cli.SetConfig(c.kind.config(t, true))
		}
		if c.phase == "destroy" {
			goal = []string{"destroy", "-auto-approve", "-input=false"}
		}
		if c.phase == "refresh" {
			goal = []string{"plan", "-input=false"}
		}
		arm()
	}
	first := cli.Run(goal...)
	env.Fake.ClearFaults()
	checkNoDuplicate(t, c, env, "after the faulted run")
	followImportHint(t, c, cli, first)

	// A plain re-run (what a pipeline does) converges.
	if c.phase == "refresh" {
		goal = []string{"apply", "-auto-approve", "-input=false"}
	}
	last := first
	for attempt := 0; attempt < 2 && (last.ExitCode != 0 || attempt == 0); attempt++ {
		last = cli.Run(goal...)
		checkNoDuplicate(t, c, env, fmt.Sprintf("after re-run %d", attempt+1))
		if c.phase == lostLookup && last.ExitCode != 0 {
			followPendingHint(t, c, cli, last)
		}
	}
	if last.ExitCode != 0 {
		t.Fatalf("%s did not converge after the fault: the re-run failed:\n%s", c.kind.name, last.Output())
	}

	stateIDs := cli.StateIDs(c.kind.name)
	apiIDs := c.kind.apiObject(env)
	want := 1
	if c.phase == "destroy" {
		want = 0
	}
	if len(apiIDs) != want || len(stateIDs) != want {
		t.Fatalf("after convergence the API has %d %s (%v) and the state %d (%v), want %d each",
			len(apiIDs), c.kind.name, apiIDs, len(stateIDs), stateIDs, want)
	}
	if c.kind.name != "runpod_ssh_key" && want == 1 && apiIDs[0] != stateIDs[0] {
		t.Fatalf("state tracks %s but the API holds %s", stateIDs[0], apiIDs[0])
	}
	if c.phase != "destroy" {
		if res := cli.Run("plan", "-detailed-exitcode", "-input=false"); res.ExitCode != 0 {
			t.Fatalf("plan after convergence is not clean (exit %d):\n%s", res.ExitCode, res.Output())
		}
	}
}

// followImportHint does what a user does after a create whose reply was
// lost while an object appeared that it may have made: the provider does
// not adopt it (another writer may have made it) and names it with an
// import block, which the user adds for the resource's address.
func followImportHint(t *testing.T, c matrixCase, cli *acctest.CLI, first acctest.Result) {
	t.Helper()
	if !strings.Contains(first.Output(), "May Have Been Created") {
		return
	}
	m := regexp.MustCompile(`to = \S+\.NAME\s+id = "([^"]+)"`).FindStringSubmatch(first.Output())
	if m == nil {
		t.Fatalf("the error names no object to import:\n%s", first.Output())
	}
	cli.SetConfig(c.kind.config(t, c.phase == "update") + fmt.Sprintf("\nimport {\n  to = %s.x\n  id = %q\n}\n", c.kind.name, m[1]))
}

// followPendingHint does what a user does when the re-run after a pending
// create (lostLookup) names an object it may have made: the provider never
// adopts it, and says to remove the pending record from state (an import
// into an address already in state is ignored), then import it.
func followPendingHint(t *testing.T, c matrixCase, cli *acctest.CLI, res acctest.Result) {
	t.Helper()
	out := res.Output()
	if !strings.Contains(out, "May Have Been Created") && !strings.Contains(out, "Not Adopted") {
		return
	}
	if slices.Contains(cli.StateAddresses(), c.kind.name+".x") {
		cli.MustRun("state", "rm", c.kind.name+".x")
	}
	followImportHint(t, c, cli, acctest.Result{Stdout: strings.ReplaceAll(out, "Not Adopted", "May Have Been Created")})
}

func checkNoDuplicate(t *testing.T, c matrixCase, env *acctest.Env, when string) {
	t.Helper()
	if ids := c.kind.apiObject(env); len(ids) > 1 {
		t.Fatalf("%s: the API holds %d %s objects: %v", when, len(ids), c.kind.name, ids)
	}
}

// namedIDs lists, through the fake's own API, the ids of the objects at
// path whose name is one of names.
func namedIDs(env *acctest.Env, path string, names ...string) []string {
	r, err := http.NewRequest(http.MethodGet, env.Fake.URL()+path, nil)
	if err != nil {
		panic(err)
	}
	r.Header.Set("Authorization", "Bearer "+runpodfake.DefaultAPIKey)
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	// Lists come bare or wrapped in an object ({"templates": [...]}).
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		panic(fmt.Sprintf("GET %s: %s: %v", path, body, err))
	}
	if obj, ok := raw.(map[string]any); ok {
		for _, v := range obj {
			if list, ok := v.([]any); ok {
				raw = list
			}
		}
	}
	list, _ := raw.([]any)
	type item struct{ ID, Name string }
	var items []item
	for _, v := range list {
		m, _ := v.(map[string]any)
		id, _ := m["id"].(string)
		name, _ := m["name"].(string)
		items = append(items, item{id, name})
	}
	var out []string
	for _, it := range items {
		if slices.Contains(names, it.Name) {
			out = append(out, it.ID)
		}
	}
	return out
}
