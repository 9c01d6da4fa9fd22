package contract

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Values from the fake's catalog (runpodfake/catalog.go): placements with
// stock, and the ones without.
var (
	podImage     = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
	podImage2    = "runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04"
	workerImages = []string{"ghcr.io/acme/worker:1", "ghcr.io/acme/worker:2"}
	clusterImage = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"

	// volumeDCs offer network volumes; EU-SE-1 offers none.
	volumeDCs = []string{"EU-RO-1", "US-KS-2", "US-TX-3"}

	inStock = []placement{
		{"NVIDIA GeForce RTX 4090", "EU-RO-1"},
		{"NVIDIA GeForce RTX 4090", "US-KS-2"},
		{"NVIDIA L40S", "US-KS-2"},
		{"NVIDIA L40S", "EU-RO-1"},
		{"NVIDIA RTX A6000", "US-KS-2"},
		{"NVIDIA H100 80GB HBM3", "US-TX-3"},
		{"NVIDIA RTX A5000", "EU-SE-1"},
	}
	outOfStock = []placement{
		{"NVIDIA H200", "US-TX-3"},
		{"NVIDIA GeForce RTX 4090", "EU-SE-1"},
	}
	clusters = []placement{
		{"NVIDIA H100 80GB HBM3", "US-TX-3"},
		{"NVIDIA A100 80GB PCIe", "US-KS-2"},
	}
	clusterOutOfStock = placement{"NVIDIA H200", "US-TX-3"}
	// endpointPools are serverless pools with stock, and the data centers
	// that have it.
	endpointPools = map[string][]string{"ADA_24": {"EU-RO-1", "US-KS-2"}, "AMPERE_48": {"US-KS-2"}}
)

type placement struct{ GPU, DC string }

// gen draws one scenario; every draw goes through rng, in a fixed order.
type gen struct {
	rng *rand.Rand
	// invalid is the chance that a drawn pod is one the plan refuses (out
	// of stock, or away from its volume): low for the first configuration,
	// so that something gets created, high for later additions and edits,
	// which then meet a workspace that holds objects.
	invalid   float64
	resources []Resource
	n         int // labels handed out
}

// Generate draws the scenario of seed: 2–8 resources, 3–8 steps and a final
// destroy (implicit). The same seed always gives the same scenario.
func Generate(seed uint64) Scenario {
	g := &gen{rng: rand.New(rand.NewPCG(seed, 0x636f6e7472616374)), invalid: 0.05}
	want := 2 + g.rng.IntN(7)
	for len(g.resources) < want {
		g.group(want - len(g.resources))
	}
	sc := Scenario{Seed: seed, Resources: g.resources}
	g.invalid = 0.4
	steps := 3 + g.rng.IntN(6)
	sc.Steps = append(sc.Steps, Step{Kind: Apply})
	live := slices.Clone(g.resources)
	for len(sc.Steps) < steps {
		st := g.step(live)
		if st.Kind == Edit {
			live = ApplyEdit(live, st)
		}
		if st.Kind == Fault && st.EditOp != "" {
			live = ApplyEdit(live, Step{Kind: Edit, Op: st.EditOp, Target: st.Target})
		}
		sc.Steps = append(sc.Steps, st)
	}
	return sc
}

func (g *gen) chance(p float64) bool { return g.rng.Float64() < p }

func pick[T any](g *gen, xs []T) T { return xs[g.rng.IntN(len(xs))] }

func (g *gen) label(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

func (g *gen) add(r Resource) Resource {
	g.resources = append(g.resources, r)
	return r
}

// group draws one group of related resources, at most room of them when it
// can (a group of one fits anywhere).
func (g *gen) group(room int) {
	switch k := g.rng.IntN(9); {
	case k == 0 && room >= 2: // a pod mounting a volume of the same configuration
		v := g.volume(false)
		p := g.pod()
		p.Volume = v.Label
		switch g.rng.IntN(3) {
		case 0:
			p.DCFromVolume = true
			p.DataCenters = nil
		case 1: // literal, matching
			p.DataCenters = []string{v.DataCenter}
		default: // unset
			p.DataCenters = nil
		}
		if g.chance(g.invalid) { // literal, not matching: the plan must refuse it
			p.DataCenters, p.DCFromVolume = []string{pick(g, without1(volumeDCs, v.DataCenter))}, false
		}
		p.CPU, p.Count = "", 0
		p.GPU = pickGPUIn(g, v.DataCenter)
		p.VolumeDC = g.chance(0.5)
		g.add(p)
	case k == 1 && room >= 3: // registry credential, template, pod from it
		reg := g.add(Resource{Kind: Registry, Label: g.label("reg"), Name: g.name("reg"), Version: 1})
		t := g.add(Resource{Kind: Template, Label: g.label("tmpl"), Name: g.name("tmpl"), Image: "ghcr.io/acme/private:1", RegistryRef: reg.Label})
		p := g.pod()
		p.Template, p.Image = t.Label, ""
		g.add(p)
	case k == 2 && room >= 3: // secret, serverless template, endpoint
		s := g.add(Resource{Kind: Secret, Label: g.label("sec"), Name: g.name("sec"), Version: 1})
		t := g.add(Resource{Kind: Template, Label: g.label("tmpl"), Name: g.name("tmpl"), Image: pick(g, workerImages), Serverless: true, SecretRef: s.Label})
		e := g.endpoint()
		e.Template, e.Image = t.Label, ""
		g.add(e)
	case k == 3 && room >= 2: // endpoint with a volume
		v := g.volume(false)
		e := g.endpoint()
		e.Volume = v.Label
		if g.chance(0.8) {
			e.DataCenters = []string{v.DataCenter}
		}
		g.add(e)
	case k == 4:
		g.cluster()
	case k == 5 && room >= 2: // an SSH key and a pod that uses it
		g.add(Resource{Kind: SSHKey, Label: g.label("key"), KeySeed: g.rng.Uint64()})
		p := g.pod()
		p.StartSSH = true
		g.add(p)
	case k == 6:
		g.add(Resource{Kind: Secret, Label: g.label("sec"), Name: g.name("sec"), Version: 1})
	case k == 7:
		g.volume(true)
	default:
		g.add(g.pod())
	}
}

func (g *gen) name(prefix string) string { return fmt.Sprintf("%s_%d", prefix, g.rng.IntN(1000)) }

// volume draws a network volume (a count set when counted allows it) and
// adds it.
func (g *gen) volume(counted bool) Resource {
	v := Resource{Kind: Volume, Label: g.label("vol"), Name: g.name("vol"), SizeGB: 10 * (1 + g.rng.IntN(5)), DataCenter: pick(g, volumeDCs)}
	if counted && g.chance(0.3) {
		v.Count = 2
	}
	if g.chance(0.05) {
		v.DataCenter = "EU-SE-1" // offers no volumes: refused
	}
	return g.add(v)
}

// pod draws a pod, not added: GPU or CPU, in stock or not, literal data
// centers or none, sometimes a count set, stopped or fed by a data source.
func (g *gen) pod() Resource {
	p := Resource{Kind: Pod, Label: g.label("pod"), Name: g.name("pod"), Image: podImage, GPUCount: 1}
	switch {
	case g.chance(0.15):
		p.CPU, p.VCPU = "cpu3c", pick(g, []int{2, 4})
		p.DataCenters = []string{pick(g, []string{"EU-RO-1", "US-KS-2"})}
	case g.chance(g.invalid):
		pl := pick(g, outOfStock)
		p.GPU, p.DataCenters = pl.GPU, []string{pl.DC}
	default:
		pl := pick(g, inStock)
		p.GPU = pl.GPU
		if g.chance(0.7) {
			p.DataCenters = []string{pl.DC}
		}
		p.GPUFromData = g.chance(0.25)
	}
	if g.chance(0.2) {
		p.Count = 2
	}
	p.Stopped = g.chance(0.1)
	return p
}

func (g *gen) endpoint() Resource {
	pool := pick(g, []string{"ADA_24", "AMPERE_48"})
	e := Resource{Kind: Endpoint, Label: g.label("ep"), Name: g.name("ep"), Image: pick(g, workerImages),
		Pools: []string{pool}, WorkersMin: g.rng.IntN(2), WorkersMax: 2 + g.rng.IntN(2)}
	if g.chance(0.3) {
		e.DataCenters = []string{pick(g, endpointPools[pool])}
	}
	return e
}

func (g *gen) cluster() {
	pl := pick(g, clusters)
	if g.chance(g.invalid / 2) {
		pl = clusterOutOfStock
	}
	g.add(Resource{Kind: Cluster, Label: g.label("cl"), Name: g.name("cl"), GPU: pl.GPU, GPUCount: 8,
		PodCount: 2, DataCenters: []string{pl.DC}, Image: clusterImage})
}

func without1(xs []string, x string) []string {
	return slices.DeleteFunc(slices.Clone(xs), func(s string) bool { return s == x })
}

// pickGPUIn draws a GPU with pod stock in dc (or any when dc has none).
func pickGPUIn(g *gen, dc string) string {
	var in []string
	for _, pl := range inStock {
		if pl.DC == dc {
			in = append(in, pl.GPU)
		}
	}
	if len(in) == 0 {
		return inStock[0].GPU
	}
	return pick(g, in)
}

// Edit ops per kind; "remove" and "add" apply to any.
var editOps = map[Kind][]string{
	Volume:   {"grow", "shrink", "rename"},
	Pod:      {"rename", "image", "stop", "start", "datacenters", "grow"},
	Template: {"image", "rename"},
	Registry: {"rotate"},
	Secret:   {"rotate", "rename"},
	SSHKey:   {"rotate"},
	Endpoint: {"workers", "rename", "image"},
	Cluster:  {"rename", "scale"},
}

// consoleOps per kind: changes made in the console (the fake's hooks).
var consoleOps = map[Kind][]string{
	Volume:   {"grow", "rename", "twin"},
	Pod:      {"delete", "stop", "rename", "twin", "stock", "delete-no-stock"},
	Template: {"image"},
	Secret:   {"delete"},
	SSHKey:   {"delete"},
	Endpoint: {"delete", "lower-workers", "lower-min-workers"},
	Cluster:  {"scale", "rename", "delete"},
}

var faultOps = []string{"500", "drop", "drop-after", "502-after", "latency"}

// collections are each kind's API collection, for faults.
var collections = map[Kind]string{
	Volume: "/v2/network-volumes", Pod: "/v2/pods", Template: "/v2/templates", Registry: "/v2/registries",
	Secret: "/v2/account/secrets", SSHKey: "/v2/account/ssh-keys", Endpoint: "/v2/serverless", Cluster: "/v2/clusters",
}

// step draws one step for the configuration live.
func (g *gen) step(live []Resource) Step {
	if len(live) == 0 {
		return Step{Kind: Edit, Op: "add", Add: g.addition()}
	}
	target := pick(g, live)
	switch k := g.rng.IntN(10); {
	case k < 2:
		return Step{Kind: Apply}
	case k < 5:
		switch {
		case g.chance(0.1):
			return Step{Kind: Edit, Op: "remove", Target: target.Label}
		case g.chance(0.2):
			return Step{Kind: Edit, Op: "add", Add: g.addition()}
		}
		return Step{Kind: Edit, Op: pick(g, editOps[target.Kind]), Target: target.Label}
	case k < 8:
		ops := consoleOps[target.Kind]
		if len(ops) == 0 {
			return Step{Kind: Apply}
		}
		return Step{Kind: Console, Op: pick(g, ops), Target: target.Label}
	default:
		st := Step{Kind: Fault, Op: pick(g, faultOps), Target: target.Label}
		if ops := editOps[target.Kind]; g.chance(0.7) {
			st.EditOp = pick(g, ops)
		}
		st.Path = collections[target.Kind] + "*"
		if g.chance(0.6) {
			st.Method = pick(g, []string{"POST", "PATCH", "DELETE", "PUT"})
			if target.Kind == SSHKey {
				st.Method = "PUT"
			}
		}
		return st
	}
}

// addition draws a lone resource for an "add" edit.
func (g *gen) addition() *Resource {
	saved := g.resources
	g.resources = nil
	switch g.rng.IntN(3) {
	case 0:
		g.add(g.pod())
	case 1:
		g.volume(true)
	default:
		g.add(Resource{Kind: Secret, Label: g.label("sec"), Name: g.name("sec"), Version: 1})
	}
	r := g.resources[0]
	g.resources = saved
	return &r
}

// ApplyEdit returns resources with the edit st made (a copy; resources is
// not changed). An edit whose target is gone changes nothing.
func ApplyEdit(resources []Resource, st Step) []Resource {
	out := without(resources, "") // a deep enough copy
	if st.Op == "add" && st.Add != nil {
		if find(out, st.Add.Label) < 0 {
			out = append(out, *st.Add)
		}
		return out
	}
	i := find(out, st.Target)
	if i < 0 {
		return out
	}
	r := &out[i]
	switch st.Op {
	case "remove":
		return without(out, st.Target)
	case "grow":
		switch r.Kind {
		case Volume:
			r.SizeGB += 10
		case Pod:
			if r.CPU != "" {
				r.VCPU *= 2
			} else {
				r.GPUCount++
			}
		}
	case "shrink": // refused for a volume (sizes only grow), never below the schema's 10
		r.SizeGB = max(r.SizeGB-10, 10)
	case "rename":
		r.Name += "x"
	case "image":
		switch r.Image {
		case podImage:
			r.Image = podImage2
		case "":
		case workerImages[0]:
			r.Image = workerImages[1]
		default:
			r.Image = workerImages[0]
		}
	case "stop":
		r.Stopped = true
	case "start":
		r.Stopped = false
	case "datacenters":
		if v := find(out, r.Volume); v >= 0 { // away from its volume: refused at plan time
			r.DataCenters, r.DCFromVolume = without1(volumeDCs, out[v].DataCenter)[:1], false
			break
		}
		if len(r.DataCenters) > 0 {
			r.DataCenters = nil
		} else if r.GPU != "" {
			for _, pl := range inStock {
				if pl.GPU == r.GPU {
					r.DataCenters = []string{pl.DC}
					break
				}
			}
		}
		r.DCFromVolume = false
	case "rotate":
		r.Version++
		r.KeySeed++
	case "workers":
		r.WorkersMax = 5 - r.WorkersMax
	case "scale":
		r.PodCount = 5 - r.PodCount
	}
	return out
}
