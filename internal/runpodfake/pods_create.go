package runpodfake

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// Pod create: a create body's business rules and its merge with a
// template, before placement.

// podPlan is what a create resolves to before anything is stored.
type podPlan struct {
	image     string
	args      string
	disk      int
	env       map[string]string
	ports     []string
	registry  *string
	mounts    Mounts
	startSSH  bool
	startJup  bool
	cuda      cudaConstraint
	template  *string
	globalNet bool
}

// buildPod validates a create body against the business rules and places
// the pod, consuming stock. Order: cross-field rules (400), the template
// (404 / 422), the merged container settings (400), where the pod may go
// (400), then placement (400). Callers hold f.mu.
func (f *Fake) buildPod(b *podBody, raw map[string]any) (*storedPod, *problem) {
	if p := checkPodShape(b); p != nil {
		return nil, p
	}
	plan, p := f.templatePlan(b)
	if p != nil {
		return nil, p
	}
	if p := f.applyPodBody(&plan, b, raw); p != nil {
		return nil, p
	}
	cloud := "SECURE"
	if b.Cloud != nil {
		cloud = *b.Cloud
	}
	req, p := f.podLocation(&plan, b, cloud)
	if p != nil {
		return nil, p
	}

	s := &storedPod{product: "POD", publicPorts: map[int]int{}}
	s.p = Pod{
		Name: *b.Name, Image: plan.image, Args: plan.args, Disk: plan.disk,
		Ports: plan.ports, Env: plan.env, Registry: plan.registry, Mounts: plan.mounts,
		Cloud: cloud, Template: plan.template,
	}
	if p := f.placePod(s, b, req); p != nil {
		return nil, p
	}
	if f.compute.hideInjected {
		s.injected = f.injectedOnly(s.p.Env, plan.startSSH, plan.startJup)
	} else {
		f.injectStartEnv(s.p.Env, plan.startSSH, plan.startJup)
	}
	s.p.ID = f.ids.next()
	s.seq = f.nextSeq()
	s.p.CreatedAt = f.clockNow().Truncate(time.Second)
	if !f.acquireStock(s, false) {
		// placeGPU/placeCPU checked the stock under the same lock.
		panic("runpodfake: stock vanished during placement")
	}
	if plan.globalNet {
		f.enableGlobal(s)
	}
	f.beginStart(s, PodStatusProvisioning)
	return s, nil
}

// checkPodShape applies the create rules between fields of the body alone
// (400). An explicit empty network list reads as no mount.
func checkPodShape(b *podBody) *problem {
	if (b.GPU == nil) == (b.CPU == nil) {
		return badRequest("exactly one of gpu or cpu must be set")
	}
	if b.GPU != nil && b.GPU.AllowedCudaVersions != nil && len(*b.GPU.AllowedCudaVersions) > 0 && b.GPU.MinCudaVersion != nil {
		return badRequest("gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive")
	}
	if b.Mounts != nil && b.Mounts.Persistent != nil && b.Mounts.Network != nil {
		return badRequest("mounts: set either persistent or network, not both")
	}
	if b.CPU != nil && b.Mounts != nil && b.Mounts.Persistent != nil {
		return badRequest("mounts.persistent is not allowed on CPU pods; use a network volume")
	}
	if b.Mounts != nil && b.Mounts.Network != nil && len(*b.Mounts.Network) == 0 {
		// INFERRED: an explicit empty list on create reads as "no mount";
		// the PATCH refusal of `network: []` is about clearing one.
		b.Mounts.Network = nil
	}
	return nil
}

// templatePlan starts the plan from the defaults, or from templateId's
// container settings when the body names one. Callers hold f.mu.
func (f *Fake) templatePlan(b *podBody) (podPlan, *problem) {
	plan := podPlan{disk: DefaultPodDisk, env: map[string]string{}}
	if b.TemplateID == nil {
		return plan, nil
	}
	t, p := f.podTemplate(*b.TemplateID)
	if p != nil {
		return plan, p
	}
	id := t.ID
	plan.template = &id
	plan.image, plan.args, plan.disk = t.Image, t.Args, t.Disk
	plan.ports = slices.Clone(t.Ports)
	for k, v := range t.Env {
		plan.env[k] = v
	}
	plan.registry = copyString(t.Registry)
	plan.startSSH, plan.startJup = t.StartSSH, t.StartJupyter
	if b.GPU != nil && t.Mounts.Persistent != nil {
		// CPU pods do not inherit a template's persistent mount.
		pm := *t.Mounts.Persistent
		plan.mounts.Persistent = &pm
	}
	if len(t.AllowedCudaVersions) > 0 {
		plan.cuda.exact = slices.Clone(t.AllowedCudaVersions)
	}
	return plan, nil
}

// applyPodBody lays the body's container settings over the plan: body
// fields override the template's, env merges per key. Callers hold f.mu.
func (f *Fake) applyPodBody(plan *podPlan, b *podBody, raw map[string]any) *problem {
	if b.Image != nil {
		if strings.TrimSpace(*b.Image) == "" {
			return badRequest("image must not be empty")
		}
		plan.image = *b.Image
	}
	args, p := resolveCommand(plan.args, b.Args, b.Entrypoint, b.Cmd)
	if p != nil {
		return p
	}
	plan.args = args
	if b.Disk != nil {
		plan.disk = *b.Disk
	}
	for k, v := range b.Env {
		plan.env[k] = v
	}
	// API.md §15: ports has no default in v2: without ports (and without a
	// template's), the pod has none ([]).
	if b.Ports != nil {
		plan.ports = slices.Clone(*b.Ports)
	}
	for _, port := range plan.ports {
		if p := checkPort(port); p != nil {
			return p
		}
	}
	if has(raw, "registry") {
		plan.registry = copyString(b.Registry)
	}
	if plan.registry != nil {
		// INFERRED: an unknown credential is a rule violation (400), as for
		// templates.
		if _, ok := f.regs[*plan.registry]; !ok {
			return badRequest("registry credential %q not found", *plan.registry)
		}
	}
	// API.md §15: omitting mounts means no persistent storage (the plan's
	// mounts stay empty unless a template gave some).
	if b.Mounts != nil && (b.Mounts.Persistent != nil || b.Mounts.Network != nil) {
		plan.mounts = Mounts{}
		if b.Mounts.Persistent != nil {
			plan.mounts.Persistent = b.Mounts.Persistent.mount()
		}
		if b.Mounts.Network != nil {
			plan.mounts.Network = networkMounts(*b.Mounts.Network)
		}
	}
	if b.StartSSH != nil {
		plan.startSSH = *b.StartSSH
	}
	if b.StartJupyter != nil {
		plan.startJup = *b.StartJupyter
	}
	plan.cuda = podCuda(plan.cuda, b)
	if plan.image == "" {
		return badRequest("image must not be empty")
	}
	return nil
}

// podCuda is the CUDA constraint a create places under: either CUDA field
// of the body replaces the template's entirely, and CPU pods ignore it.
func podCuda(fromTemplate cudaConstraint, b *podBody) cudaConstraint {
	if b.CPU != nil {
		return cudaConstraint{} // CPU pods ignore the template's CUDA list
	}
	if b.GPU == nil || (b.GPU.AllowedCudaVersions == nil && b.GPU.MinCudaVersion == nil) {
		return fromTemplate
	}
	c := cudaConstraint{}
	if b.GPU.AllowedCudaVersions != nil {
		c.exact = slices.Clone(*b.GPU.AllowedCudaVersions)
	}
	if b.GPU.MinCudaVersion != nil {
		floor, _ := parseCudaVersion(*b.GPU.MinCudaVersion, false)
		c.floor = &floor
	}
	return c
}

// podLocation checks where the pod may go (its network volume's data
// center, dataCenterIds, global networking) and returns the placement
// request; it sets plan.globalNet. Callers hold f.mu.
func (f *Fake) podLocation(plan *podPlan, b *podBody, cloud string) (placement, *problem) {
	volDC, p := f.networkMountDC(plan.mounts, cloud)
	if p != nil {
		return placement{}, p
	}
	for _, dc := range b.DataCenterIDs {
		if f.catalog.dc(dc) == nil {
			return placement{}, badRequest("unknown data center id %q", dc)
		}
	}
	if volDC != "" && len(b.DataCenterIDs) > 0 && !contains(b.DataCenterIDs, volDC) {
		return placement{}, badRequest("network volume %s is in data center %s, which is not among dataCenterIds (%s)",
			plan.mounts.Network[0].VolumeID, volDC, strings.Join(b.DataCenterIDs, ", "))
	}
	if b.GlobalNetworking != nil && *b.GlobalNetworking {
		if p := f.checkGlobalNetworkingCompute(b.GPU != nil, gpuIDOf(b)); p != nil {
			return placement{}, p
		}
		if len(b.DataCenterIDs) > 0 && !slices.ContainsFunc(b.DataCenterIDs, func(id string) bool { return f.catalog.dc(id).globalNetwork }) {
			return placement{}, badRequest("global networking needs a data center with globalNetwork; none of dataCenterIds (%s) has it",
				strings.Join(b.DataCenterIDs, ", "))
		}
		plan.globalNet = true
	}
	return placement{product: "POD", cloud: cloud, prefer: b.DataCenterIDs, volumeDC: volDC, global: plan.globalNet, cuda: plan.cuda}, nil
}

// placePod places the pod's GPU or CPU compute and sets what it got (the
// machine's shape, the data center, the CUDA version). Callers hold f.mu.
func (f *Fake) placePod(s *storedPod, b *podBody, req placement) *problem {
	if b.GPU == nil {
		dc, p := f.placeCPU(b.CPU.ID, b.CPU.VCPUCount, s.p.Cloud, req)
		if p != nil {
			return p
		}
		cpu := f.catalog.cpu(b.CPU.ID)
		s.p.CPU = &PodCPU{ID: cpu.id, VCPUCount: b.CPU.VCPUCount, Memory: int(math.Round(float64(b.CPU.VCPUCount) * cpu.ramPerVcpu))}
		s.p.DataCenterID = &dc
		return nil
	}
	req.gpu, req.count = b.GPU.ID, 1
	if b.GPU.Count != nil {
		req.count = *b.GPU.Count
	}
	if b.GPU.MinRAMPerGPU != nil {
		req.minRAM = *b.GPU.MinRAMPerGPU
	}
	if b.GPU.MinVCPUCountPerGPU != nil {
		req.minVCPU = *b.GPU.MinVCPUCountPerGPU
	}
	dc, cuda, p := f.placeGPU(req)
	if p != nil {
		return p
	}
	g := f.catalog.gpu(req.gpu)
	vcpu, ram := hostShape(g)
	s.p.GPU = &PodGPU{ID: g.id, Count: req.count, VCPUCount: vcpu * float64(req.count), Memory: ram * float64(req.count)}
	s.p.DataCenterID = &dc
	if cuda != "" {
		s.p.CudaVersion = &cuda
	}
	return nil
}

func gpuIDOf(b *podBody) string {
	if b.GPU == nil {
		return ""
	}
	return b.GPU.ID
}

// podTemplate resolves templateId for a pod: unknown → 404, serverless →
// 422 (both per the spec's templateId description). Public catalog
// templates are allowed. Callers hold f.mu.
func (f *Fake) podTemplate(id string) (Template, *problem) {
	s, ok := f.tmpls[id]
	if !ok {
		return Template{}, notFound("template %q not found", id)
	}
	if s.t.Serverless {
		return Template{}, unprocessable(fmt.Sprintf("$.templateId: template %s is a serverless template; pods need a pod template", id))
	}
	t := cloneTemplate(s.t)
	if !s.owned() {
		t.Registry = nil
	}
	return t, nil
}

// networkMountDC checks a network mount: the volume must exist (400) and the
// compute must be on Secure Cloud (400); it returns the volume's data
// center, which placement must use. Callers hold f.mu.
func (f *Fake) networkMountDC(m Mounts, cloud string) (string, *problem) {
	if len(m.Network) == 0 {
		return "", nil
	}
	id := m.Network[0].VolumeID
	v, ok := f.vols[id]
	if !ok {
		return "", badRequest("network volume %q not found", id)
	}
	if cloud != "SECURE" {
		return "", badRequest("network volumes can only be attached to Secure Cloud compute (cloud is %s)", cloud)
	}
	return v.v.DataCenter, nil
}

// checkGlobalNetworkingCompute: global networking needs an NVIDIA GPU
// ("enforced upstream"; the fake answers 400). Callers hold f.mu.
func (f *Fake) checkGlobalNetworkingCompute(isGPU bool, gpuID string) *problem {
	if !isGPU {
		return badRequest("global networking requires an NVIDIA GPU pod")
	}
	if g := f.catalog.gpu(gpuID); g != nil && g.manufacturer != "NVIDIA" {
		return badRequest("global networking requires an NVIDIA GPU pod (%s is %s)", gpuID, g.manufacturer)
	}
	return nil
}

// injectedOnly is what injectStartEnv would add to env, without adding it.
// Callers hold f.mu.
func (f *Fake) injectedOnly(env map[string]string, startSSH, startJupyter bool) map[string]string {
	all := maps.Clone(env)
	f.injectStartEnv(all, startSSH, startJupyter)
	out := map[string]string{}
	for k, v := range all {
		if _, set := env[k]; !set {
			out[k] = v
		}
	}
	return out
}

// injectStartEnv applies startSsh and startJupyter: PUBLIC_KEY carries the
// account's registered keys (nothing when there are none) and
// JUPYTER_PASSWORD a generated password, each unless env already sets it.
// Callers hold f.mu.
func (f *Fake) injectStartEnv(env map[string]string, startSSH, startJupyter bool) {
	if _, set := env["PUBLIC_KEY"]; startSSH && !set && len(f.sshKeys) > 0 {
		env["PUBLIC_KEY"] = strings.Join(f.sshKeys, "\n")
	}
	if _, set := env["JUPYTER_PASSWORD"]; startJupyter && !set {
		env["JUPYTER_PASSWORD"] = f.ids.next()
	}
}
