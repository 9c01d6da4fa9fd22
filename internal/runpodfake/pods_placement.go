package runpodfake

import (
	"fmt"
	"math"
	"slices"
)

// Pod placement: which data center, CUDA version and stock a GPU or CPU
// request gets, and taking and returning that stock.

// cudaConstraint is an exact set or a floor (never both).
type cudaConstraint struct {
	exact []string
	floor *cudaVersion
}

func (c cudaConstraint) accepts(v string) bool {
	if len(c.exact) > 0 {
		return contains(c.exact, v)
	}
	if c.floor != nil {
		cv, ok := parseCudaVersion(v, false)
		return ok && cv.atLeast(*c.floor)
	}
	return true
}

func (c cudaConstraint) any() bool { return len(c.exact) > 0 || c.floor != nil }

// placement is one compute request: the GPU type, how many per machine and
// how many machines (a cluster's pods; 0 means 1), the catalog product and
// cloud, and the constraints on the data center.
type placement struct {
	gpu      string
	count    int
	machines int
	product  string
	cloud    string
	cuda     cudaConstraint
	minRAM   int
	minVCPU  int
	prefer   []string // dataCenterIds; empty = any
	volumeDC string   // set when a network volume pins the data center
	global   bool     // needs a globalNetwork data center
}

// hostShape is what a machine gives per GPU: vCPUs and system RAM in GB.
// The catalog does not publish it; the fake's rule (INFERRED) is 16 vCPUs
// and twice the GPU memory (at least 64 GB) per GPU, which matches the
// create-a-pod example (one RTX 4090: 16 vCPUs, 64 GB).
func hostShape(g *gpuDef) (vcpu, ramGB float64) {
	return 16, math.Max(64, 2*float64(g.memory))
}

// noCapacity is the API's capacity refusal: 400 with only a human-readable
// detail. An unknown GPU type id gets exactly the same answer.
func noCapacity(what string) *problem {
	return badRequest("There are no instances currently available for %s. Try another GPU type or count, cloud, or data center.", what)
}

func (q placement) total() int { return q.count * max(q.machines, 1) }

func (q placement) describe() string {
	if q.machines > 1 {
		return fmt.Sprintf("%d pods of %dx %s (%s cloud, %s)", q.machines, q.count, q.gpu, q.cloud, q.product)
	}
	return fmt.Sprintf("%dx %s (%s cloud, %s)", q.count, q.gpu, q.cloud, q.product)
}

// candidateDCs lists the data centers placement may use, in preference
// order: dataCenterIds as given, else the catalog's order. Callers hold f.mu.
func (f *Fake) candidateDCs(q placement) []*dcDef {
	var out []*dcDef
	ids := q.prefer
	if len(ids) == 0 {
		for i := range f.catalog.dcs {
			ids = append(ids, f.catalog.dcs[i].id)
		}
	}
	for _, id := range ids {
		dc := f.catalog.dc(id)
		if dc == nil || (q.volumeDC != "" && dc.id != q.volumeDC) || (q.global && !dc.globalNetwork) {
			continue
		}
		if !slices.Contains(out, dc) {
			out = append(out, dc)
		}
	}
	return out
}

// placeGPU picks the first candidate data center with enough free GPUs of
// the exact type for the product and cloud (all machines in one data
// center) and a CUDA version the constraint accepts. A machine holds at most
// the type's maxCount for the cloud and has a fixed shape (hostShape), so
// asking beyond either is the capacity refusal too. It returns the data center and the highest accepted
// CUDA version there ("" for GPUs that report none). It does not take the
// stock. Callers hold f.mu.
func (f *Fake) placeGPU(q placement) (dc, cuda string, p *problem) {
	g := f.catalog.gpu(q.gpu)
	if g == nil {
		return "", "", noCapacity(q.describe())
	}
	maxCount := g.maxSecure
	if q.cloud == "COMMUNITY" {
		maxCount = g.maxComm
	}
	vcpu, ram := hostShape(g)
	if q.count > maxCount || float64(q.minRAM) > ram || float64(q.minVCPU) > vcpu {
		return "", "", noCapacity(q.describe())
	}
	for _, d := range f.candidateDCs(q) {
		if n, ok := f.catalog.gpuStock[gpuStockKey{g.id, q.product, q.cloud, d.id}]; !ok || n < q.total() {
			continue
		}
		best, found := "", !q.cuda.any()
		for _, v := range f.catalog.cuda[gpuDCKey{g.id, d.id}] {
			if q.cuda.accepts(v) && (best == "" || cudaLess(best, v)) {
				best, found = v, true
			}
		}
		if found {
			return d.id, best, nil
		}
	}
	return "", "", noCapacity(q.describe())
}

func cudaLess(a, b string) bool {
	x, _ := parseCudaVersion(a, false)
	y, _ := parseCudaVersion(b, false)
	return !x.atLeast(y)
}

// placeCPU picks a data center with enough free vCPUs of the flavour. The
// vCPU count must be a power of two within the flavour's range (400). An
// unknown flavour, or COMMUNITY cloud (the catalog has CPU stock on Secure
// Cloud only), gets the capacity refusal (INFERRED, like unknown GPUs).
// Callers hold f.mu.
func (f *Fake) placeCPU(id string, vcpus int, cloud string, q placement) (string, *problem) {
	what := fmt.Sprintf("CPU %s with %d vCPUs (%s cloud)", id, vcpus, cloud)
	if vcpus&(vcpus-1) != 0 {
		return "", badRequest("cpu.vcpuCount must be a power of two")
	}
	cpu := f.catalog.cpu(id)
	if cpu == nil || cloud != "SECURE" {
		return "", noCapacity(what)
	}
	if vcpus < cpu.vcpuMin || vcpus > cpu.vcpuMax {
		return "", badRequest("cpu.vcpuCount %d is outside %s's range %d-%d", vcpus, id, cpu.vcpuMin, cpu.vcpuMax)
	}
	for _, d := range f.candidateDCs(q) {
		if n, ok := f.catalog.cpuStock[cpuStockKey{id, "POD", d.id}]; ok && n >= vcpus {
			return d.id, nil
		}
	}
	return "", noCapacity(what)
}

// acquireStock takes the pod's compute from catalog stock in its data
// center. Without force it takes nothing and reports false when there is
// not enough; with force (seeding, out-of-band hooks) it takes what there
// is. held records what was taken, so releaseStock gives back exactly that.
// Callers hold f.mu.
func (f *Fake) acquireStock(s *storedPod, force bool) bool {
	if s.held > 0 || s.p.DataCenterID == nil {
		return true
	}
	need, have, ok := 0, 0, false
	set := func(int) {}
	dc := *s.p.DataCenterID
	switch {
	case s.p.GPU != nil:
		k := gpuStockKey{s.p.GPU.ID, s.product, s.p.Cloud, dc}
		need = s.p.GPU.Count
		have, ok = f.catalog.gpuStock[k]
		set = func(n int) { f.catalog.gpuStock[k] = n }
	case s.p.CPU != nil:
		k := cpuStockKey{s.p.CPU.ID, "POD", dc}
		need = s.p.CPU.VCPUCount
		have, ok = f.catalog.cpuStock[k]
		set = func(n int) { f.catalog.cpuStock[k] = n }
	}
	if !ok || have < need {
		if !force {
			return false
		}
		need = have
	}
	if ok {
		set(have - need)
	}
	s.held = need
	return true
}

// releaseStock gives back what acquireStock took, unless the offer was
// withdrawn meanwhile (SetGPUStock with a negative count). Callers hold f.mu.
func (f *Fake) releaseStock(s *storedPod) {
	if s.held == 0 || s.p.DataCenterID == nil {
		return
	}
	dc := *s.p.DataCenterID
	switch {
	case s.p.GPU != nil:
		k := gpuStockKey{s.p.GPU.ID, s.product, s.p.Cloud, dc}
		if n, ok := f.catalog.gpuStock[k]; ok {
			f.catalog.gpuStock[k] = n + s.held
		}
	case s.p.CPU != nil:
		k := cpuStockKey{s.p.CPU.ID, "POD", dc}
		if n, ok := f.catalog.cpuStock[k]; ok {
			f.catalog.cpuStock[k] = n + s.held
		}
	}
	s.held = 0
}
