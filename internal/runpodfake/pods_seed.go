package runpodfake

import (
	"math"
	"slices"
	"time"
)

// Pod seeding: helpers tests use to put pods in the fake and change them
// out of band, under the API's rules.

// Pod returns the API view of a pod (cluster members included) without
// counting as a read.
func (f *Fake) Pod(id string) (Pod, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[id]
	if !ok {
		return Pod{}, false
	}
	return f.podView(s), true
}

// SeedPod stores a pod as if created earlier (in the console, say). p needs
// exactly one of GPU (ID, Count) or CPU (ID, VCPUCount); the rest defaults as
// a create would: a minted id, cloud SECURE, disk 50, status RUNNING (with
// ports mapped at once; PROVISIONING or STARTING advance with the start
// delay, at least one read), the first data center that offers the compute,
// and CreatedAt now. It takes stock like a create but never refuses (it takes
// what there is), marks its template, registry and network volume as used,
// and ignores the derived fields (actions, cost, ssh, runtime) and Cluster.
// It panics on an impossible pod or a taken id, a bug in the test.
func (f *Fake) SeedPod(p Pod) Pod {
	f.mu.Lock()
	defer f.mu.Unlock()
	if (p.GPU == nil) == (p.CPU == nil) {
		panic("runpodfake: SeedPod: set exactly one of GPU and CPU")
	}
	p = clonePod(p)
	p.Cluster, p.Actions, p.Runtime = nil, nil, nil
	if p.ID == "" {
		p.ID = f.ids.next()
	} else if !f.ids.claim(p.ID) {
		panic("runpodfake: SeedPod: id " + p.ID + " is already taken")
	}
	if p.Cloud == "" {
		p.Cloud = "SECURE"
	}
	if p.Disk == 0 {
		p.Disk = DefaultPodDisk
	}
	if p.Status == "" {
		p.Status = PodStatusRunning
	}
	if !contains(podStatuses, p.Status) || p.Status == PodStatusTerminated {
		panic("runpodfake: SeedPod: bad status " + p.Status)
	}
	if p.Args == "" && (len(p.Entrypoint) > 0 || len(p.Cmd) > 0) {
		p.Args = encodeArgs(p.Entrypoint, p.Cmd)
	}
	p.Entrypoint, p.Cmd = nil, nil
	f.seedCompute(&p)
	f.seedPlacement(&p)
	if p.CreatedAt.IsZero() {
		p.CreatedAt = f.clockNow().Truncate(time.Second)
	}
	enabled := p.GlobalNetworking.Enabled
	p.GlobalNetworking = GlobalNetworking{}
	s := &storedPod{p: p, seq: f.nextSeq(), product: "POD", publicPorts: map[int]int{}}
	if enabled {
		f.enableGlobal(s)
	}
	switch p.Status {
	case PodStatusExited:
	case PodStatusRunning:
		f.acquireStock(s, true)
		if s.p.StartedAt == nil {
			now := f.clockNow().Truncate(time.Second)
			s.p.StartedAt = &now
		}
		f.mapPorts(s)
	default:
		f.acquireStock(s, true)
		s.startLeft = max(f.compute.startDelay, 1)
	}
	f.pods[p.ID] = s
	f.recordPodUses(s)
	return f.podView(s)
}

// seedCompute completes a seeded pod's GPU or CPU shape as a create would
// (count 1, the machine's vCPUs and memory). Callers hold f.mu.
func (f *Fake) seedCompute(p *Pod) {
	if p.GPU != nil {
		g := f.catalog.gpu(p.GPU.ID)
		if g == nil {
			panic("runpodfake: SeedPod: unknown GPU type " + p.GPU.ID)
		}
		if p.GPU.Count == 0 {
			p.GPU.Count = 1
		}
		vcpu, ram := hostShape(g)
		p.GPU.VCPUCount, p.GPU.Memory = vcpu*float64(p.GPU.Count), ram*float64(p.GPU.Count)
		return
	}
	cpu := f.catalog.cpu(p.CPU.ID)
	if cpu == nil {
		panic("runpodfake: SeedPod: unknown CPU flavour " + p.CPU.ID)
	}
	p.CPU.Memory = int(math.Round(float64(p.CPU.VCPUCount) * cpu.ramPerVcpu))
}

// seedPlacement gives a seeded pod without one the first data center that
// offers its compute (in the catalog's order) and, on a GPU, the newest
// CUDA version there. Callers hold f.mu.
func (f *Fake) seedPlacement(p *Pod) {
	if p.DataCenterID == nil {
		for k := range f.catalog.gpuStock {
			if p.GPU != nil && k.gpu == p.GPU.ID && k.product == "POD" && k.cloud == p.Cloud &&
				(p.DataCenterID == nil || f.dcIndex(k.dc) < f.dcIndex(*p.DataCenterID)) {
				dc := k.dc
				p.DataCenterID = &dc
			}
		}
		for k := range f.catalog.cpuStock {
			if p.CPU != nil && k.cpu == p.CPU.ID && k.product == "POD" &&
				(p.DataCenterID == nil || f.dcIndex(k.dc) < f.dcIndex(*p.DataCenterID)) {
				dc := k.dc
				p.DataCenterID = &dc
			}
		}
		if p.DataCenterID == nil {
			panic("runpodfake: SeedPod: no data center offers this compute")
		}
	}
	if p.GPU != nil && p.CudaVersion == nil {
		if vs := f.catalog.cuda[gpuDCKey{p.GPU.ID, *p.DataCenterID}]; len(vs) > 0 {
			v := slices.MaxFunc(vs, func(a, b string) int {
				if cudaLess(a, b) {
					return -1
				}
				return 1
			})
			p.CudaVersion = &v
		}
	}
}

func (f *Fake) dcIndex(id string) int {
	for i := range f.catalog.dcs {
		if f.catalog.dcs[i].id == id {
			return i
		}
	}
	return len(f.catalog.dcs)
}

// UpdatePod changes a pod out of band, as if edited in the console, so
// tests can provoke drift. fn gets the current view; changes to name,
// image, args (or entrypoint/cmd), disk, ports, env, registry, mounts,
// locked and template are kept, the derived fields are recomputed (use
// SetPodStatus for the status). No validation. False if id is unknown.
func (f *Fake) UpdatePod(id string, fn func(*Pod)) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[id]
	if !ok {
		return false
	}
	before := f.podView(s)
	v := clonePod(before)
	fn(&v)
	if v.Args == before.Args && (!sameStrings(v.Entrypoint, before.Entrypoint) || !sameStrings(v.Cmd, before.Cmd)) {
		v.Args = encodeArgs(v.Entrypoint, v.Cmd)
	}
	f.releasePodUses(id)
	s.p.Name, s.p.Image, s.p.Args, s.p.Disk = v.Name, v.Image, v.Args, v.Disk
	s.p.Ports, s.p.Env, s.p.Registry, s.p.Mounts = v.Ports, v.Env, v.Registry, v.Mounts
	s.p.Locked, s.p.Template = v.Locked, v.Template
	f.recordPodUses(s)
	if s.mapped {
		f.mapPorts(s)
	}
	return true
}

// SetPodStatus changes a pod's status out of band (the container exited,
// the host failed, ...). EXITED frees the compute; PROVISIONING, STARTING,
// RUNNING and ERROR take it back (without refusing when stock is short);
// PROVISIONING and STARTING then advance with the start delay (at least one
// read), RUNNING maps ports after the port delay; TERMINATED removes the
// pod like DeletePod.
// It panics on an unknown status and reports false for an unknown pod.
func (f *Fake) SetPodStatus(id, status string) bool {
	if !contains(podStatuses, status) {
		panic("runpodfake: SetPodStatus: unknown status " + status)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[id]
	if !ok {
		return false
	}
	switch status {
	case PodStatusTerminated:
		f.removePod(s)
		return true
	case PodStatusExited:
		f.stop(s)
	case PodStatusError:
		f.acquireStock(s, true)
		s.p.Status = PodStatusError
		s.mapped = false
	case PodStatusRunning:
		f.acquireStock(s, true)
		f.becomeRunning(s)
	default:
		f.acquireStock(s, true)
		s.p.Status = status
		s.mapped = false
		s.startLeft = max(f.compute.startDelay, 1)
	}
	if s.p.Cluster != nil {
		f.syncClusterRate(s.p.Cluster.ID)
	}
	return true
}

// DeletePod removes a pod out of band (terminated in the console or by the
// host), cluster members included: its compute returns to stock and its
// in-use marks are cleared. False if id is unknown.
func (f *Fake) DeletePod(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[id]
	if !ok {
		return false
	}
	f.removePod(s)
	return true
}
