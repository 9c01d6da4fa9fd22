package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// console makes st's change through the fake's hooks; a change to a managed
// object must show in plan -refresh-only -detailed-exitcode (invariant 5).
func (r *runner) console(st Step) {
	obj, ok := r.stateObject(st.Target)
	if !ok {
		return // not created (yet, or refused): nothing to change
	}
	f := r.env.Fake
	res := r.live[find(r.live, st.Target)]
	shows := true
	switch res.Kind {
	case Pod:
		shows = r.consolePod(st.Op, obj)
	case Volume:
		switch st.Op {
		case "grow":
			f.UpdateNetworkVolume(obj.ID, func(v *runpodfake.NetworkVolume) { v.Size += 10 })
		case "rename":
			f.UpdateNetworkVolume(obj.ID, func(v *runpodfake.NetworkVolume) { v.Name += "-console" })
		case "twin":
			v, _ := f.NetworkVolume(obj.ID)
			r.addUnmanaged(f.SeedNetworkVolume(runpodfake.NetworkVolume{Name: v.Name, Size: v.Size, DataCenter: v.DataCenter}).ID, "network_volume")
			shows = false
		}
	case Template:
		f.UpdateTemplate(obj.ID, func(t *runpodfake.Template) { t.Image = "ghcr.io/acme/console:9" })
	case Secret:
		f.DeleteSecret(obj.ID)
	case SSHKey:
		key := PublicKey(res)
		f.SetSSHKeys(slices.DeleteFunc(f.SSHKeys(), func(k string) bool { return k == key })...)
	case Endpoint:
		switch st.Op {
		case "delete":
			f.DeleteEndpoint(obj.ID)
		case "lower-workers":
			shows = res.WorkersMax > 1
			f.LowerEndpointWorkersMax(obj.ID, 1)
		case "lower-min-workers":
			// A person saving money in the console: the plan that
			// restores workers_min restarts billing, and its cost
			// attribute must say so as its warning does (issue 34).
			shows = res.WorkersMin > 0
			if detail := f.PatchEndpoint(obj.ID, map[string]any{"workers": map[string]any{"min": 0}}); detail != "" {
				r.t.Fatalf("contract: the console could not lower workers_min of %s: %s", obj.ID, detail)
			}
		}
	case Cluster:
		switch st.Op {
		case "scale":
			if c, ok := f.Cluster(obj.ID); ok {
				f.ScaleCluster(obj.ID, c.Compute.PodCount+1)
			}
		case "rename":
			f.RenameCluster(obj.ID, res.Name+"-console")
		case "delete":
			f.DeleteCluster(obj.ID)
		}
	default:
		shows = false
	}
	if !shows {
		return
	}
	if out := r.cmd("plan", "-refresh-only", "-detailed-exitcode", "-input=false"); out.ExitCode != 2 {
		r.violate(5, "a console change does not show in plan -refresh-only", st.Op+" "+res.Kind.String()+" "+obj.ID, out)
	}
}

// String is the kind's resource type.
func (k Kind) String() string { return "runpod_" + string(k) }

func (r *runner) consolePod(op string, obj StateObject) bool {
	f := r.env.Fake
	switch op {
	case "delete":
		f.DeletePod(obj.ID)
	case "stop":
		// Away from the status in state, not from the fake's: a second
		// toggle would put back what state holds, which is no change to
		// show (contract seed 343656600).
		if status, _ := obj.Attrs["desired_status"].(string); status == runpodfake.PodStatusExited {
			f.SetPodStatus(obj.ID, runpodfake.PodStatusRunning)
		} else {
			f.SetPodStatus(obj.ID, runpodfake.PodStatusExited)
		}
	case "rename":
		f.UpdatePod(obj.ID, func(p *runpodfake.Pod) { p.Name += "-console" })
	case "twin":
		p, _ := f.Pod(obj.ID)
		twin := runpodfake.Pod{Name: p.Name, Image: p.Image, Cloud: p.Cloud, DataCenterID: p.DataCenterID}
		if p.GPU != nil {
			twin.GPU = &runpodfake.PodGPU{ID: p.GPU.ID, Count: p.GPU.Count}
		}
		if p.CPU != nil {
			twin.CPU = &runpodfake.PodCPU{ID: p.CPU.ID, VCPUCount: p.CPU.VCPUCount}
		}
		r.addUnmanaged(f.SeedPod(twin).ID, "pod")
		return false
	case "stock":
		r.noStock(obj)
		return false
	case "delete-no-stock": // deleted in the console, and its GPU type sold out everywhere
		// Everywhere, not only where it ran: the destroy's refresh plan
		// plans the pod as a create, and its stock check must fail
		// whatever data centers it may use, so that a destroy that ran
		// the create's checks (issue 34) is caught.
		f.DeletePod(obj.ID)
		if id := gpuType(obj); id != "" {
			f.SellOutGPU(id, "POD")
		}
	}
	return true
}

// noStock takes all stock of the pod's GPU type in its data center (a stock
// move: Runpod's capacity is not the workspace's to keep).
func (r *runner) noStock(obj StateObject) {
	dc, _ := obj.Attrs["data_center_id"].(string)
	if id := gpuType(obj); id != "" && dc != "" {
		r.env.Fake.SetGPUStock(id, "POD", "SECURE", dc, 0)
	}
}

// gpuType is the GPU type of a pod in state ("" for a CPU pod).
func gpuType(obj StateObject) string {
	gpu, _ := obj.Attrs["gpu"].([]any)
	if len(gpu) == 0 {
		return ""
	}
	g, _ := gpu[0].(map[string]any)
	id, _ := g["type_id"].(string)
	return id
}

// addUnmanaged records an object made outside the workspace (a twin): the
// workspace must never touch it.
func (r *runner) addUnmanaged(id, kind string) {
	for _, o := range r.env.Fake.Inventory() {
		if o.Kind == kind && o.ID == id {
			r.unmanaged[o.Key()] = o
		}
	}
}

// costWarning is "<Kind> Cost: \"<name>\" at $<x>/h" (or /month, or
// ", $<x>/h while idle" for endpoints), as the provider prints them.
var costWarning = regexp.MustCompile(`^(Pod Compute Cost|Network Volume Storage Cost|Serverless Endpoint Cost|Cluster GPU Cost): "(.*)"(?: at \$([0-9.,]+)/(?:h|month)|, \$([0-9.,]+)/h)`)

var costKinds = map[string]struct{ typ, attr string }{
	"Pod Compute Cost":            {"runpod_pod", "estimated_cost_per_hour"},
	"Network Volume Storage Cost": {"runpod_network_volume", "estimated_cost_per_month"},
	"Serverless Endpoint Cost":    {"runpod_endpoint", "estimated_cost_per_hour"},
	"Cluster GPU Cost":            {"runpod_cluster", "estimated_cost_per_hour"},
}

// warned is a cost warning: the object it names, the figure its summary
// prints, and whether it says an update raises the object's cost.
type warned struct {
	typ, name, figure string
	rises             bool
}

// is reports whether w names the object typ/name with figure.
func (w warned) is(typ, name, figure string) bool {
	return w.typ == typ && w.name == name && w.figure == figure
}

// checkCosts: every billable object the plan creates, replaces or changes
// has a known cost attribute, and the warning for it prints that figure
// (invariant 3).
func (r *runner) checkCosts(plan acctest.JSONResult, showJSON string) {
	r.texts = append(r.texts, showJSON)
	var p tfjson.Plan
	if err := json.Unmarshal([]byte(showJSON), &p); err != nil {
		r.violate(3, "show -json of a saved plan is not JSON", err.Error(), acctest.Result{})
		return
	}
	var warnings []warned
	for _, d := range plan.Diagnostics("warning") {
		if m := costWarning.FindStringSubmatch(d.Summary); m != nil {
			fig := m[3] + m[4]
			warnings = append(warnings, warned{costKinds[m[1]].typ, m[2], strings.ReplaceAll(fig, ",", ""), strings.Contains(d.Detail, " raises its ")})
		}
	}
	attrOf := map[string]string{}
	for _, k := range costKinds {
		attrOf[k.typ] = k.attr
	}
	var updates []*tfjson.ResourceChange
	for _, rc := range p.ResourceChanges {
		attr, billable := attrOf[rc.Type]
		if !billable || rc.Mode != tfjson.ManagedResourceMode {
			continue
		}
		creates := rc.Change.Actions.Create() || rc.Change.Actions.Replace()
		if !creates && !rc.Change.Actions.Update() {
			continue
		}
		after, _ := rc.Change.After.(map[string]any)
		unknown, _ := rc.Change.AfterUnknown.(map[string]any)
		if u, _ := unknown[attr].(bool); u {
			r.violate(3, "a billable object's cost attribute is unknown in the saved plan", rc.Address+"."+attr, acctest.Result{})
			continue
		}
		cost, ok := after[attr].(float64)
		if !ok {
			r.violate(3, "a billable object's cost attribute is null in the saved plan", rc.Address+"."+attr, acctest.Result{})
			continue
		}
		if !creates {
			updates = append(updates, rc)
			continue
		}
		name, _ := after["name"].(string)
		figure := fmt.Sprintf("%.2f", cost)
		if i := slices.IndexFunc(warnings, func(w warned) bool { return w.is(rc.Type, name, figure) }); i >= 0 {
			warnings = slices.Delete(warnings, i, i+1)
			continue
		}
		r.violate(3, "no cost warning prints the figure of a created object's cost attribute",
			fmt.Sprintf("%s %s = %s; warnings: %v", rc.Address, attr, figure, warningsFor(warnings, rc.Type, name)), plan.Result)
	}
	// Warnings left are for updates (a start, a grow): each must print the
	// figure of an update of that object, and one that says the cost rises
	// must come with a rise of the attribute, which policies read (issue
	// 34: an endpoint whose workers_min was lowered in the console warned
	// "+$1.10/h" while its attribute stayed 1.1 -> 1.1).
	for _, w := range warnings {
		matched, rose := false, false
		for _, rc := range updates {
			before, _ := rc.Change.Before.(map[string]any)
			after, _ := rc.Change.After.(map[string]any)
			name, _ := after["name"].(string)
			cost, _ := after[attrOf[rc.Type]].(float64)
			if w.is(rc.Type, name, fmt.Sprintf("%.2f", cost)) {
				matched = true
				was, known := before[attrOf[rc.Type]].(float64)
				rose = rose || !known || cost > was
			}
		}
		switch {
		case !matched:
			r.violate(3, "a cost warning's figure matches no planned object's cost attribute",
				fmt.Sprintf("%s %q $%s", w.typ, w.name, w.figure), plan.Result)
		case w.rises && !rose:
			r.violate(3, "a warning says an update raises the cost, and the cost attribute does not rise",
				fmt.Sprintf("%s %q $%s", w.typ, w.name, w.figure), plan.Result)
		}
	}
}

func warningsFor(ws []warned, typ, name string) []string {
	var out []string
	for _, w := range ws {
		if w.typ == typ && w.name == name {
			out = append(out, "$"+w.figure)
		}
	}
	return out
}

// typeOfKind maps the fake's inventory kinds to resource types.
var typeOfKind = map[string]string{
	"pod": "runpod_pod", "network_volume": "runpod_network_volume", "template": "runpod_template",
	"registry": "runpod_registry_auth", "secret": "runpod_secret", "endpoint": "runpod_endpoint",
	"cluster": "runpod_cluster", "ssh_key": "runpod_ssh_key",
}

// checkOwnership, after a successful apply: every object the workspace
// made is in state exactly once, and everything in state exists
// (invariant 6).
func (r *runner) checkOwnership() {
	state := r.state()
	inState := map[string]int{}
	for _, o := range state {
		key := o.Type + "/" + o.ID
		if o.Type == "runpod_ssh_key" {
			k, _ := o.Attrs["public_key"].(string)
			key = o.Type + "/" + k
		}
		inState[key]++
	}
	for key, n := range inState {
		if n > 1 {
			r.violate(6, "one object is in state twice", key, acctest.Result{})
		}
	}
	live := map[string]bool{}
	for _, o := range r.env.Fake.Inventory() {
		typ, ok := typeOfKind[o.Kind]
		if !ok {
			continue
		}
		key := typ + "/" + o.ID
		live[key] = true
		if _, un := r.unmanaged[o.Key()]; un || o.Parent != "" {
			continue
		}
		if inState[key] == 0 && !r.toldToImport(o.ID) {
			r.violate(6, "an object the workspace made is not in state", key+" "+o.Name, acctest.Result{})
		}
	}
	keys := make([]string, 0, len(inState))
	for k := range inState {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		if !live[key] {
			r.violate(6, "state holds an object that does not exist", key, acctest.Result{})
		}
	}
}

// secretsNowhere: no write-only value in any CLI output, plan JSON, the
// state (and its backup) or the trace log (invariant 7).
func (r *runner) secretsNowhere() {
	canaries := make([]string, 0, len(r.canaries))
	for c := range r.canaries {
		canaries = append(canaries, c)
	}
	slices.Sort(canaries)
	where := map[string][]byte{}
	for i, s := range r.texts {
		where[fmt.Sprintf("CLI output %d", i)] = []byte(s)
	}
	for _, name := range []string{"terraform.tfstate", "terraform.tfstate.backup", "trace.log"} {
		if b, err := os.ReadFile(filepath.Join(r.cli.Dir, name)); err == nil {
			where[name] = b
		}
	}
	names := make([]string, 0, len(where))
	for n := range where {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, c := range canaries {
		for _, n := range names {
			if bytes.Contains(where[n], []byte(c)) {
				r.violate(7, "a write-only value appears where it must not", "a secret value is in "+n, acctest.Result{})
			}
		}
	}
}

// toldToImport reports whether a run's error named object id as one the
// provider would not take into state after a lost create reply (it may be
// this apply's or another writer's) and told the user to import it: the
// contract then leaves the object to the user, so it is not a lost or
// leftover object of the workspace.
func (r *runner) toldToImport(id string) bool {
	if id == "" {
		return false
	}
	for _, text := range r.texts {
		if strings.Contains(text, id) && strings.Contains(text, "import") &&
			(strings.Contains(text, "May Have Been Created") || strings.Contains(text, "Not Adopted")) {
			return true
		}
	}
	return false
}
