package scenarios_test

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// refreshKinds are the collections whose objects the workspace below holds,
// by the API path that lists them.
var refreshKinds = []string{"/v2/templates", "/v2/network-volumes", "/v2/account/secrets", "/v2/pods"}

// refreshRequests counts, per collection, the list requests and the
// single-object GETs in the fake's log.
func refreshRequests(fake *runpodfake.Fake) (lists, gets map[string]int) {
	lists, gets = map[string]int{}, map[string]int{}
	for _, r := range fake.Requests() {
		if r.Method != http.MethodGet {
			continue
		}
		for _, kind := range refreshKinds {
			switch {
			case r.Path == kind:
				lists[kind]++
			case strings.HasPrefix(r.Path, kind+"/") && !strings.Contains(r.Path[len(kind)+1:], "/"):
				gets[kind]++
			}
		}
	}
	return lists, gets
}

// getsOf returns the statuses of the single-object GETs of path in the log.
func getsOf(fake *runpodfake.Fake, path string) []int {
	var out []int
	for _, r := range fake.Requests() {
		if r.Method == http.MethodGet && r.Path == path {
			out = append(out, r.Status)
		}
	}
	return out
}

// Refreshing a workspace with several objects of each kind reads each kind
// with one list (plus the first object's own GET), and still shows every
// change made outside Terraform: an edit, a deletion, and a deletion
// followed by a new object of the same name (which the list does not
// mistake for the old one).
func TestAccScenario_listBackedRefresh(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	const n = 4
	config := func(image string) string {
		return acctest.Testdata(t, "refresh_counted_objects", map[string]any{"Count": n, "Image": image})
	}
	cli.SetConfig(config("img:1"))
	cli.Init()
	cli.MustRun(applyArgs...).Lacks(t, "Error")
	cleanPlan(t, cli, "after create")

	// A clean plan: one list per kind and at most the first read's GET.
	env.Fake.ResetRequests()
	cleanPlan(t, cli, "refresh served from lists")
	lists, gets := refreshRequests(env.Fake)
	for _, kind := range refreshKinds {
		if lists[kind] != 1 || gets[kind] > 1 {
			t.Errorf("refreshing the %s objects sent %d lists and %d single GETs, want 1 list and at most 1 GET",
				kind, lists[kind], gets[kind])
		}
	}

	// Changes made in the console after the apply.
	id := func(address string) string { return cli.StateID(address) }
	env.Fake.UpdateTemplate(id("runpod_template.t[1]"), func(tp *runpodfake.Template) { tp.Image = "img:console" })
	env.Fake.UpdateNetworkVolume(id("runpod_network_volume.v[1]"), func(v *runpodfake.NetworkVolume) { v.Name = "renamed-in-console" })
	env.Fake.UpdatePod(id("runpod_pod.p[1]"), func(p *runpodfake.Pod) { p.Image = "img:console" })
	env.Fake.DeleteTemplate(id("runpod_template.t[2]"))
	env.Fake.DeleteSecret(id("runpod_secret.s[2]"))
	// Deleted and made again under the same name: a new id.
	oldVolume := id("runpod_network_volume.v[3]")
	env.Fake.DeleteNetworkVolume(oldVolume)
	again := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "refresh-3", Size: 10, DataCenter: "EU-RO-1"})
	if again.ID == oldVolume {
		t.Fatal("the fake reused the deleted volume's id")
	}

	env.Fake.ResetRequests()
	plan := cli.RunJSON("plan", "-input=false")
	want := map[string]string{
		"runpod_template.t[1]":       "update",
		"runpod_network_volume.v[1]": "update",
		"runpod_pod.p[1]":            "update",
		"runpod_template.t[2]":       "create",
		"runpod_secret.s[2]":         "create",
	}
	got := plan.PlannedActions()
	var mismatches []string
	for address, action := range want {
		if got[address] != action {
			mismatches = append(mismatches, fmt.Sprintf("%s: %q, want %q", address, got[address], action))
		}
	}
	for address, action := range got {
		if _, expected := want[address]; !expected && action != "no-op" && action != "read" {
			mismatches = append(mismatches, fmt.Sprintf("%s: unexpected %q", address, action))
		}
	}
	sort.Strings(mismatches)
	if len(mismatches) > 0 {
		t.Errorf("plan after console changes:\n  %s", strings.Join(mismatches, "\n  "))
	}
	// The volume deleted in the console is not planned as a create beside
	// the identical one made by hand, which no address manages: the plan
	// refuses, naming it, as the apply would have.
	if !strings.Contains(plan.Stdout, "Identical Network Volume Exists") || !strings.Contains(plan.Stdout, again.ID) {
		t.Errorf("the plan does not refuse to create runpod_network_volume.v[3] beside %s:\n%s", again.ID, plan.Output())
	}
	// The objects missing from the lists were confirmed gone by their own GET.
	for _, path := range []string{"/v2/network-volumes/" + oldVolume} {
		if statuses := getsOf(env.Fake, path); len(statuses) != 1 || statuses[0] != http.StatusNotFound {
			t.Errorf("GET %s during refresh answered %v, want one 404 confirming the deletion", path, statuses)
		}
	}

	// Apply puts the configuration back (the console's new volume of the
	// same name goes first: the provider refuses to create a twin of a
	// volume it does not manage); the next refresh reads the provider's own
	// writes.
	env.Fake.DeleteNetworkVolume(again.ID)
	cli.MustRun(applyArgs...).Lacks(t, "Error")
	cleanPlan(t, cli, "after repairing the drift")
	if tp, _ := env.Fake.Template(id("runpod_template.t[1]")); tp.Image != "img:1" {
		t.Errorf("template t[1] image in the API = %q after apply, want img:1", tp.Image)
	}
	cli.SetConfig(config("img:2"))
	cli.MustRun(applyArgs...).Lacks(t, "Error")
	cleanPlan(t, cli, "after updating every template")
}
