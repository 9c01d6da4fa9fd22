package runpodfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
)

// Pod HTTP handlers: request schemas and bodies, and the routes under
// /v2/pods.

// Request schemas, written from the API reference (CreatePodRequest,
// UpdatePodRequest, PodActionRequest, Mounts).
var (
	// API.md §15: mounts.network[].path is required (422 without it).
	networkMountSchema = sObject(map[string]*schema{
		"volumeId": sString(),
		"path":     sString(),
	}, "volumeId", "path")

	mountsSchema = sObject(map[string]*schema{
		"persistent": persistentMountSchema,
		"network":    {types: []string{"array"}, items: networkMountSchema, maxItems: intp(1)},
	})

	createGPUSchema = sObject(map[string]*schema{
		"id":                  sString(),
		"count":               sIntMin(1),
		"allowedCudaVersions": sArray(sPattern(cudaVersionPattern)),
		"minCudaVersion":      sPattern(cudaVersionPattern),
		// [newer-docs] create-a-pod placement filters.
		"minRamPerGpu":       sIntMin(1),
		"minVcpuCountPerGpu": sIntMin(1),
	}, "id")

	createCPUSchema = sObject(map[string]*schema{
		"id":        sNonEmpty(),
		"vcpuCount": sIntMin(2),
	}, "id", "vcpuCount")

	createPodSchema = sObject(merge(containerConfigProps, map[string]*schema{
		"name":             sNonEmpty(),
		"cloud":            sEnum(clouds...),
		"cpu":              createCPUSchema,
		"gpu":              createGPUSchema,
		"dataCenterIds":    sArray(sString()),
		"globalNetworking": sBool(),
		"mounts":           mountsSchema,
		"startJupyter":     sBool(),
		"startSsh":         sBool(),
		"templateId":       sNonEmpty(),
	}), "name")

	updatePodSchema = sObject(merge(containerConfigProps, map[string]*schema{
		"name":             sNonEmpty(),
		"globalNetworking": sBool(),
		"locked":           sBool(),
		"mounts":           mountsSchema,
		"templateId":       sString(),
	}))

	podActionSchema = sObject(map[string]*schema{
		"action": sEnum(PodActionStart, PodActionStop, PodActionRestart, PodActionTerminate),
	}, "action")
)

type podBody struct {
	Name             *string           `json:"name"`
	Image            *string           `json:"image"`
	Args             *string           `json:"args"`
	Entrypoint       *[]string         `json:"entrypoint"`
	Cmd              *[]string         `json:"cmd"`
	Disk             *int              `json:"disk"`
	Env              map[string]string `json:"env"`
	Ports            *[]string         `json:"ports"`
	Registry         *string           `json:"registry"`
	Cloud            *string           `json:"cloud"`
	GPU              *gpuBody          `json:"gpu"`
	CPU              *cpuBody          `json:"cpu"`
	DataCenterIDs    []string          `json:"dataCenterIds"`
	GlobalNetworking *bool             `json:"globalNetworking"`
	Locked           *bool             `json:"locked"`
	Mounts           *mountsBody       `json:"mounts"`
	StartSSH         *bool             `json:"startSsh"`
	StartJupyter     *bool             `json:"startJupyter"`
	TemplateID       *string           `json:"templateId"`
}

type gpuBody struct {
	ID                  string    `json:"id"`
	Count               *int      `json:"count"`
	AllowedCudaVersions *[]string `json:"allowedCudaVersions"`
	MinCudaVersion      *string   `json:"minCudaVersion"`
	MinRAMPerGPU        *int      `json:"minRamPerGpu"`
	MinVCPUCountPerGPU  *int      `json:"minVcpuCountPerGpu"`
}

type cpuBody struct {
	ID        string `json:"id"`
	VCPUCount int    `json:"vcpuCount"`
}

// mountsBody keeps network as a pointer so that `network: []` (400 on
// PATCH) is told apart from an absent key.
type mountsBody struct {
	Persistent *persistentBody     `json:"persistent"`
	Network    *[]networkMountBody `json:"network"`
}

// persistentBody is a request's persistent mount (pods, clusters,
// templates).
type persistentBody struct {
	Size int    `json:"size"`
	Path string `json:"path"`
}

// mount is the model's copy of b, or nil.
func (b *persistentBody) mount() *PersistentMount {
	if b == nil {
		return nil
	}
	m := PersistentMount(*b)
	return &m
}

// networkMountBody is a request's network mount.
type networkMountBody struct {
	VolumeID string `json:"volumeId"`
	Path     string `json:"path"`
}

// networkMounts is the model's copy of a request's network mounts.
func networkMounts(ns []networkMountBody) []NetworkMount {
	out := make([]NetworkMount, len(ns))
	for i, n := range ns {
		out[i] = NetworkMount(n)
	}
	return out
}

func (f *Fake) podRoutes() {
	f.handle("GET /v2/pods", f.listPods)
	f.handle("POST /v2/pods", f.createPod)
	f.handle("GET /v2/pods/{id}", f.getPod)
	f.handle("PATCH /v2/pods/{id}", f.updatePod)
	f.handle("DELETE /v2/pods/{id}", f.deletePodHandler)
	f.handle("POST /v2/pods/{id}/action", f.podAction)
	f.podLogRoutes()
}

func (f *Fake) sortedPods() []*storedPod {
	all := make([]*storedPod, 0, len(f.pods))
	for _, s := range f.pods {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	return all
}

// listPods reads includeClusterPods and nothing else: API.md §15, GET
// /v2/pods silently ignores unknown query parameters (?desiredStatus=RUNNING
// lists every pod with 200), so no other parameter is refused.
func (f *Fake) listPods(r *http.Request, _ []byte) (int, any, *problem) {
	qr := &queryReader{q: r.URL.Query()}
	include, _ := qr.boolean("includeClusterPods")
	if p := qr.problem(); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Pod{}
	for _, s := range f.sortedPods() {
		if s.p.Cluster != nil && !include {
			continue
		}
		f.observePod(s)
		out = append(out, f.podView(s))
	}
	return http.StatusOK, map[string]any{"pods": podsJSON(out)}, nil
}

func (f *Fake) getPod(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("pod not found")
	}
	f.observePod(s)
	return http.StatusOK, podJSON(f.podView(s)), nil
}

// requireImage is the schema's if/then: image is required unless templateId
// is set. The small schema language has no conditionals, so it is checked
// here and merged into the same 422.
func requireImage(body []byte, p *problem) *problem {
	var m map[string]any
	if json.Unmarshal(body, &m) != nil || m == nil {
		return p
	}
	if has(m, "image") || has(m, "templateId") {
		return p
	}
	const msg = "$: missing property 'image' (required unless templateId is set)"
	if p == nil {
		return unprocessable(msg)
	}
	if p.Status == http.StatusUnprocessableEntity {
		p.Errors = append(p.Errors, msg)
	}
	return p
}

func (f *Fake) createPod(r *http.Request, body []byte) (int, any, *problem) {
	var b podBody
	raw, p := decodeStrict(body, createPodSchema, &b)
	if p = requireImage(body, p); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, p := f.buildPod(&b, raw)
	if p != nil {
		return 0, nil, p
	}
	f.pods[s.p.ID] = s
	f.recordPodUses(s)
	return http.StatusCreated, podJSON(f.podView(s)), nil
}

func (f *Fake) updatePod(r *http.Request, body []byte) (int, any, *problem) {
	var b podBody
	raw, p := decodeStrict(body, updatePodSchema, &b)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("pod not found")
	}
	if s.p.Cluster != nil {
		return 0, nil, newProblem(http.StatusConflict, "Pod belongs to a cluster and cannot be modified via the pod endpoints; manage it through /v2/clusters/"+s.p.Cluster.ID)
	}
	next, p := f.patchPod(s.p, &b, raw)
	if p != nil {
		return 0, nil, p
	}
	pendingGlobal, p := f.patchGlobalNetworking(next, b.GlobalNetworking)
	if p != nil {
		return 0, nil, p
	}

	// Everything is valid: commit.
	if !ptrEqual(next.Registry, s.p.Registry) {
		user := ref{kindPod, s.p.ID}
		if s.p.Registry != nil {
			f.dropUse(ref{kindRegistry, *s.p.Registry}, user)
		}
		if next.Registry != nil {
			f.addUse(ref{kindRegistry, *next.Registry}, user)
		}
	}
	s.p = next
	if pendingGlobal != nil {
		// Takes effect on the next start or restart, not live.
		s.pendingGlobal = pendingGlobal
	}
	if s.mapped {
		f.mapPorts(s) // newly exposed TCP ports of a running pod
	}
	return http.StatusOK, podJSON(f.podView(s)), nil
}

// patchPod returns a copy of cur with a PATCH body's settings applied, or
// the first refusal; cur is not changed. templateId applies the template's
// container settings once, as if they were in this body; explicit fields
// win and env merges per key. Its mounts are not applied and no link is
// kept (`template` is unchanged). Callers hold f.mu.
func (f *Fake) patchPod(cur Pod, b *podBody, raw map[string]any) (Pod, *problem) {
	next := clonePod(cur)
	env, envSet := b.Env, has(raw, "env")
	if b.TemplateID != nil {
		t, p := f.podTemplate(*b.TemplateID)
		if p != nil {
			return Pod{}, p
		}
		next.Image, next.Args, next.Disk = t.Image, t.Args, t.Disk
		next.Ports = slices.Clone(t.Ports)
		next.Registry = copyString(t.Registry)
		merged := map[string]string{}
		for k, v := range t.Env {
			merged[k] = v
		}
		for k, v := range b.Env {
			merged[k] = v
		}
		env, envSet = merged, true
	}
	if b.Name != nil {
		next.Name = *b.Name
	}
	if b.Image != nil {
		if strings.TrimSpace(*b.Image) == "" {
			return Pod{}, badRequest("image must not be empty")
		}
		next.Image = *b.Image
	}
	args, p := resolveCommand(next.Args, b.Args, b.Entrypoint, b.Cmd)
	if p != nil {
		return Pod{}, p
	}
	next.Args = args
	if b.Disk != nil {
		next.Disk = *b.Disk
	}
	if envSet {
		// A sent env replaces the whole map; {} clears it.
		next.Env = env
	}
	if b.Ports != nil {
		next.Ports = slices.Clone(*b.Ports)
	}
	for _, port := range next.Ports {
		if p := checkPort(port); p != nil {
			return Pod{}, p
		}
	}
	if has(raw, "registry") {
		next.Registry = copyString(b.Registry)
	}
	if next.Registry != nil && !ptrEqual(next.Registry, cur.Registry) {
		if _, ok := f.regs[*next.Registry]; !ok {
			return Pod{}, badRequest("registry credential %q not found", *next.Registry)
		}
	}
	if b.Mounts != nil {
		if p := patchMounts(&next.Mounts, b.Mounts); p != nil {
			return Pod{}, p
		}
	}
	if b.Locked != nil {
		next.Locked = *b.Locked
	}
	return next, nil
}

// patchGlobalNetworking checks a PATCH's globalNetworking against the
// patched pod and returns the value to apply at the next start (nil: not
// sent). Turning it on needs an NVIDIA GPU pod in a data center that has
// global networking (400). Callers hold f.mu.
func (f *Fake) patchGlobalNetworking(next Pod, want *bool) (*bool, *problem) {
	if want == nil {
		return nil, nil
	}
	if *want {
		isGPU := next.GPU != nil
		id := ""
		if isGPU {
			id = next.GPU.ID
		}
		if p := f.checkGlobalNetworkingCompute(isGPU, id); p != nil {
			return nil, p
		}
		if dc := f.catalog.dc(deref(next.DataCenterID)); dc == nil || !dc.globalNetwork {
			return nil, badRequest("global networking is not available in data center %s", deref(next.DataCenterID))
		}
	}
	v := *want
	return &v, nil
}

// patchMounts applies a PATCH mounts object: {} leaves the mount; the kind
// is fixed at create; `network: []` and a different volumeId are 400; the
// path may change. Resizing a persistent mount is undocumented, so the fake
// refuses a size change with 400 (INFERRED).
func patchMounts(cur *Mounts, b *mountsBody) *problem {
	if b.Persistent != nil && b.Network != nil {
		return badRequest("mounts: set either persistent or network, not both")
	}
	if b.Network != nil {
		if len(*b.Network) == 0 {
			return badRequest("mounts.network: [] is not allowed; a mount cannot be removed")
		}
		if len(cur.Network) == 0 {
			return badRequest("mounts: the mount kind is fixed at create; this pod has no network mount")
		}
		nm := (*b.Network)[0]
		if nm.VolumeID != cur.Network[0].VolumeID {
			return badRequest("mounts.network[0].volumeId is immutable (%s)", cur.Network[0].VolumeID)
		}
		cur.Network = []NetworkMount{NetworkMount(nm)}
	}
	if b.Persistent != nil {
		if cur.Persistent == nil {
			return badRequest("mounts: the mount kind is fixed at create; this pod has no persistent mount")
		}
		if b.Persistent.Size != cur.Persistent.Size {
			return badRequest("mounts.persistent.size cannot be changed (%d GB)", cur.Persistent.Size)
		}
		cur.Persistent = b.Persistent.mount()
	}
	return nil
}

func (f *Fake) deletePodHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("pod not found")
	}
	if s.p.Cluster != nil {
		return 0, nil, newProblem(http.StatusConflict, "Pod belongs to a cluster and cannot be terminated via the pod endpoints; delete the cluster /v2/clusters/"+s.p.Cluster.ID)
	}
	f.removePod(s)
	return http.StatusNoContent, nil, nil
}

func (f *Fake) podAction(r *http.Request, body []byte) (int, any, *problem) {
	var b struct {
		Action string `json:"action"`
	}
	if _, p := decodeStrict(body, podActionSchema, &b); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("pod not found")
	}
	conflict := func(format string, args ...any) *problem {
		return newProblem(http.StatusConflict, fmt.Sprintf(format, args...))
	}
	if s.p.Cluster != nil {
		// INFERRED: member pods are managed through the cluster; the spec
		// refuses PATCH and DELETE with 409 and the fake refuses every
		// action the same way.
		return 0, nil, conflict("Pod belongs to a cluster and cannot be managed via the pod endpoints")
	}
	if !contains(actionsFor(s.p.Status), b.Action) {
		return 0, nil, conflict("Action %s is not valid for a pod in status %s (valid: %s)", b.Action, s.p.Status, strings.Join(actionsFor(s.p.Status), ", "))
	}
	if s.p.Locked && (b.Action == PodActionStop || b.Action == PodActionRestart) {
		// INFERRED: "locked pods cannot be stopped or reset"; the code is
		// undocumented and 409 is the action route's refusal.
		return 0, nil, conflict("Pod is locked; unlock it (PATCH locked=false) before %s", map[string]string{PodActionStop: "stopping", PodActionRestart: "restarting"}[b.Action])
	}
	switch b.Action {
	case PodActionTerminate:
		f.removePod(s)
		return http.StatusNoContent, nil, nil
	case PodActionStop:
		f.stop(s)
	case PodActionRestart:
		f.beginStart(s, PodStatusStarting)
	case PodActionStart:
		// A stopped pod resumes on its machine, so its compute must be free
		// again in that data center; otherwise the capacity refusal.
		if !f.acquireStock(s, false) {
			what := ""
			if s.p.GPU != nil {
				what = fmt.Sprintf("%dx %s (%s cloud, %s) in %s", s.p.GPU.Count, s.p.GPU.ID, s.p.Cloud, s.product, deref(s.p.DataCenterID))
			} else {
				what = fmt.Sprintf("CPU %s with %d vCPUs in %s", s.p.CPU.ID, s.p.CPU.VCPUCount, deref(s.p.DataCenterID))
			}
			return 0, nil, noCapacity(what)
		}
		f.beginStart(s, PodStatusStarting)
	}
	return http.StatusOK, podJSON(f.podView(s)), nil
}
