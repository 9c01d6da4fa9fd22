package runpodfake

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Pod mirrors the API's Pod object. Every field the spec
// requires is always present: nullable ones as null, lists and maps as []
// and {}. GPU and CPU are exclusive; Cluster is set only on cluster members.
//
// Entrypoint and Cmd ([newer-docs]) are derived from Args on every read, as
// for templates.
type Pod struct {
	ID               string            `json:"id"`
	Name             string            `json:"name"`
	Image            string            `json:"image"`
	Args             string            `json:"args"`
	Entrypoint       []string          `json:"entrypoint"`
	Cmd              []string          `json:"cmd"`
	Disk             int               `json:"disk"`
	Ports            []string          `json:"ports"`
	Env              map[string]string `json:"env"`
	Registry         *string           `json:"registry"`
	Status           string            `json:"status"`
	Actions          []string          `json:"actions"`
	Mounts           Mounts            `json:"mounts"`
	GPU              *PodGPU           `json:"gpu,omitempty"`
	CPU              *PodCPU           `json:"cpu,omitempty"`
	Cloud            string            `json:"cloud"`
	DataCenterID     *string           `json:"dataCenterId"`
	CudaVersion      *string           `json:"cudaVersion"`
	SSH              PodSSH            `json:"ssh"`
	Cluster          *PodCluster       `json:"cluster,omitempty"`
	Template         *string           `json:"template"`
	Cost             float64           `json:"cost"`
	Locked           bool              `json:"locked"`
	GlobalNetworking GlobalNetworking  `json:"globalNetworking"`
	Runtime          *PodRuntime       `json:"runtime"`
	CreatedAt        time.Time         `json:"createdAt"`
	StartedAt        *time.Time        `json:"startedAt"`
}

// Mounts is a pod's storage: at most one kind, a host-local persistent
// volume or one network volume (spec Mounts).
type Mounts struct {
	Persistent *PersistentMount `json:"persistent,omitempty"`
	Network    []NetworkMount   `json:"network,omitempty"`
}

// NetworkMount attaches a network volume at a path.
type NetworkMount struct {
	VolumeID string `json:"volumeId"`
	Path     string `json:"path"`
}

// PodGPU is a GPU pod's compute. VCPUCount and Memory (GB) are what the
// machine allocates for Count GPUs ([newer-docs] create-a-pod).
type PodGPU struct {
	ID        string  `json:"id"`
	Count     int     `json:"count"`
	VCPUCount float64 `json:"vcpuCount"`
	Memory    float64 `json:"memory"`
}

// PodCPU is a CPU pod's compute; Memory (GB) follows from the flavour.
type PodCPU struct {
	ID        string `json:"id"`
	VCPUCount int    `json:"vcpuCount"`
	Memory    int    `json:"memory"`
}

// PodSSH is how to reach the pod over SSH (spec PodSsh).
type PodSSH struct {
	Proxy  *SSHEndpoint `json:"proxy"`
	Direct *SSHEndpoint `json:"direct"`
}

// SSHEndpoint is one way in, with a ready-made command.
type SSHEndpoint struct {
	Host     string `json:"host"`
	Port     int    `json:"port"`
	Username string `json:"username"`
	Command  string `json:"command"`
}

// PodCluster is a member pod's place in its cluster.
type PodCluster struct {
	ID   string `json:"id"`
	Rank *int   `json:"rank"`
	Role string `json:"role,omitempty"`
	IP   string `json:"ip,omitempty"`
}

// GlobalNetworking is the pod's cross-data-center private network.
type GlobalNetworking struct {
	Enabled     bool   `json:"enabled"`
	IP          string `json:"ip,omitempty"`
	InternalDNS string `json:"internalDns,omitempty"`
}

// PodRuntime is live data of a RUNNING pod.
type PodRuntime struct {
	Uptime int              `json:"uptime"`
	GPUs   []GPUUtilization `json:"gpus"`
	CPU    Utilization      `json:"cpu"`
	Memory Utilization      `json:"memory"`
	Ports  []PortMapping    `json:"ports"`
}

// GPUUtilization is one GPU's load in percent.
type GPUUtilization struct {
	Util       int `json:"util"`
	MemoryUtil int `json:"memoryUtil"`
}

// Utilization is a load in percent.
type Utilization struct {
	Util int `json:"util"`
}

// PortMapping is one exposed port. Public and IP are null until mapped.
type PortMapping struct {
	Private int     `json:"private"`
	Public  *int    `json:"public"`
	Type    string  `json:"type"`
	IP      *string `json:"ip"`
}

// Pod statuses and actions (spec PodStatus, PodAction).
const (
	PodStatusProvisioning = "PROVISIONING"
	PodStatusStarting     = "STARTING"
	PodStatusRunning      = "RUNNING"
	PodStatusExited       = "EXITED"
	PodStatusError        = "ERROR"
	PodStatusTerminated   = "TERMINATED"

	PodActionStart     = "start"
	PodActionStop      = "stop"
	PodActionRestart   = "restart"
	PodActionTerminate = "terminate"
)

// Lifecycle defaults. A new pod needs DefaultPodStartDelay GET reads to reach
// RUNNING and its TCP ports DefaultPortMappingDelay more reads to get public
// mappings, so that every test exercises the provider's waiting.
// DefaultPodDisk is INFERRED from v1's containerDiskInGb default (v2 gives
// none).
const (
	DefaultPodStartDelay    = 2
	DefaultPortMappingDelay = 1
	DefaultPodDisk          = 50
)

var podStatuses = []string{PodStatusProvisioning, PodStatusStarting, PodStatusRunning, PodStatusExited, PodStatusError, PodStatusTerminated}

// computeState holds the settings and counters of the pod and cluster areas;
// the pods and clusters themselves are maps on Fake. Guarded by Fake.mu.
type computeState struct {
	startDelay int
	portDelay  int
	clock      func() time.Time
	nextPort   int // next public TCP port handed out
	nextHost   int // next public IP suffix
	nextGlobal int // next global-networking IP suffix
	nextVxlan  int
	segments   []billSegment // cluster cost accrual, see billing.go
	charges    []billCharge  // AddClusterBilling entries
}

func newComputeState() computeState {
	return computeState{
		startDelay: DefaultPodStartDelay,
		portDelay:  DefaultPortMappingDelay,
		clock:      time.Now,
		nextPort:   20000,
		nextVxlan:  100,
	}
}

// storedPod is a pod plus the fake's bookkeeping. p holds the configuration
// and state; view() adds the derived fields (actions, cost, ssh, runtime).
type storedPod struct {
	p   Pod
	seq int64

	product string // catalog product the compute came from: POD or CLUSTER
	held    int    // GPUs (GPU pod) or vCPUs (CPU pod) taken from catalog stock

	startLeft     int  // reads until RUNNING
	portLeft      int  // reads after RUNNING until TCP ports are mapped
	mapped        bool // TCP ports have public mappings
	publicIP      string
	publicPorts   map[int]int // private -> public, stable for the pod's life
	pendingGlobal *bool       // globalNetworking PATCHed, applied at next start
}

// clockNow is the fake's time (SetClock), in UTC. Callers hold f.mu.
func (f *Fake) clockNow() time.Time { return f.compute.clock().UTC() }

// SetClock replaces the clock that stamps createdAt/startedAt, measures
// uptime and drives cluster billing; nil restores time.Now. Tests use it to
// make time-dependent answers exact without sleeping.
func (f *Fake) SetClock(now func() time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if now == nil {
		now = time.Now
	}
	f.compute.clock = now
}

// SetPodStartDelay sets how many GET reads a pod needs to reach RUNNING
// after a create, start or restart: with n reads the create answers
// PROVISIONING, reads 1..n-1 show STARTING and read n RUNNING; 0 makes pods
// RUNNING at once. It applies to transitions that begin afterwards. A read
// is any GET whose answer reports the pod's status: GET /v2/pods/{id}, a
// pod list that includes it, and for cluster members also the cluster
// reads (the summary reports their status).
func (f *Fake) SetPodStartDelay(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compute.startDelay = max(n, 0)
}

// SetPortMappingDelay sets how many reads after the one that first shows
// RUNNING a pod's TCP ports stay without a public mapping (runtime.ports
// public/ip null, ssh.direct null); 0 maps them as soon as it runs.
func (f *Fake) SetPortMappingDelay(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compute.portDelay = max(n, 0)
}

// Request schemas, written from the API reference (CreatePodRequest,
// UpdatePodRequest, PodActionRequest, Mounts).
var (
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
	Persistent *PersistentMount `json:"persistent"`
	Network    *[]NetworkMount  `json:"network"`
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

// --- reads -----------------------------------------------------------------

func (f *Fake) sortedPods() []*storedPod {
	all := make([]*storedPod, 0, len(f.pods))
	for _, s := range f.pods {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	return all
}

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
	return http.StatusOK, map[string]any{"pods": out}, nil
}

func (f *Fake) getPod(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.pods[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("pod not found")
	}
	f.observePod(s)
	return http.StatusOK, f.podView(s), nil
}

// --- create ----------------------------------------------------------------

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
	return http.StatusCreated, f.podView(s), nil
}

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

// buildPod validates a create body against the business rules and places
// the pod, consuming stock. Order: cross-field rules (400), the template
// (404 / 422), the merged container settings (400), then placement (400).
// Callers hold f.mu.
func (f *Fake) buildPod(b *podBody, raw map[string]any) (*storedPod, *problem) {
	if (b.GPU == nil) == (b.CPU == nil) {
		return nil, badRequest("exactly one of gpu or cpu must be set")
	}
	if b.GPU != nil && b.GPU.AllowedCudaVersions != nil && len(*b.GPU.AllowedCudaVersions) > 0 && b.GPU.MinCudaVersion != nil {
		return nil, badRequest("gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive")
	}
	if b.Mounts != nil && b.Mounts.Persistent != nil && b.Mounts.Network != nil {
		return nil, badRequest("mounts: set either persistent or network, not both")
	}
	if b.CPU != nil && b.Mounts != nil && b.Mounts.Persistent != nil {
		return nil, badRequest("mounts.persistent is not allowed on CPU pods; use a network volume")
	}
	if b.Mounts != nil && b.Mounts.Network != nil && len(*b.Mounts.Network) == 0 {
		// INFERRED: an explicit empty list on create reads as "no mount";
		// the PATCH refusal of `network: []` is about clearing one.
		b.Mounts.Network = nil
	}

	plan := podPlan{disk: DefaultPodDisk, env: map[string]string{}}
	if b.TemplateID != nil {
		t, p := f.podTemplate(*b.TemplateID)
		if p != nil {
			return nil, p
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
	}

	// Body fields override the template's; env merges per key.
	if b.Image != nil {
		if strings.TrimSpace(*b.Image) == "" {
			return nil, badRequest("image must not be empty")
		}
		plan.image = *b.Image
	}
	args, p := resolveCommand(plan.args, b.Args, b.Entrypoint, b.Cmd)
	if p != nil {
		return nil, p
	}
	plan.args = args
	if b.Disk != nil {
		plan.disk = *b.Disk
	}
	for k, v := range b.Env {
		plan.env[k] = v
	}
	if b.Ports != nil {
		plan.ports = slices.Clone(*b.Ports)
	}
	for _, port := range plan.ports {
		if p := checkPort(port); p != nil {
			return nil, p
		}
	}
	if has(raw, "registry") {
		plan.registry = copyString(b.Registry)
	}
	if plan.registry != nil {
		// INFERRED: an unknown credential is a rule violation (400), as for
		// templates.
		if _, ok := f.regs[*plan.registry]; !ok {
			return nil, badRequest("registry credential %q not found", *plan.registry)
		}
	}
	if b.Mounts != nil && (b.Mounts.Persistent != nil || b.Mounts.Network != nil) {
		plan.mounts = Mounts{}
		if b.Mounts.Persistent != nil {
			pm := *b.Mounts.Persistent
			plan.mounts.Persistent = &pm
		}
		if b.Mounts.Network != nil {
			plan.mounts.Network = slices.Clone(*b.Mounts.Network)
		}
	}
	if b.StartSSH != nil {
		plan.startSSH = *b.StartSSH
	}
	if b.StartJupyter != nil {
		plan.startJup = *b.StartJupyter
	}
	if b.GPU != nil && (b.GPU.AllowedCudaVersions != nil || b.GPU.MinCudaVersion != nil) {
		// Either CUDA field replaces the template's constraint entirely.
		plan.cuda = cudaConstraint{}
		if b.GPU.AllowedCudaVersions != nil {
			plan.cuda.exact = slices.Clone(*b.GPU.AllowedCudaVersions)
		}
		if b.GPU.MinCudaVersion != nil {
			floor, _ := parseCudaVersion(*b.GPU.MinCudaVersion, false)
			plan.cuda.floor = &floor
		}
	}
	if b.CPU != nil {
		plan.cuda = cudaConstraint{} // CPU pods ignore the template's CUDA list
	}
	if plan.image == "" {
		return nil, badRequest("image must not be empty")
	}

	cloud := "SECURE"
	if b.Cloud != nil {
		cloud = *b.Cloud
	}
	volDC, p := f.networkMountDC(plan.mounts, cloud)
	if p != nil {
		return nil, p
	}
	for _, dc := range b.DataCenterIDs {
		if f.catalog.dc(dc) == nil {
			return nil, badRequest("unknown data center id %q", dc)
		}
	}
	if volDC != "" && len(b.DataCenterIDs) > 0 && !contains(b.DataCenterIDs, volDC) {
		return nil, badRequest("network volume %s is in data center %s, which is not among dataCenterIds (%s)",
			plan.mounts.Network[0].VolumeID, volDC, strings.Join(b.DataCenterIDs, ", "))
	}
	if b.GlobalNetworking != nil && *b.GlobalNetworking {
		if p := f.checkGlobalNetworkingCompute(b.GPU != nil, gpuIDOf(b)); p != nil {
			return nil, p
		}
		if len(b.DataCenterIDs) > 0 && !slices.ContainsFunc(b.DataCenterIDs, func(id string) bool { return f.catalog.dc(id).globalNetwork }) {
			return nil, badRequest("global networking needs a data center with globalNetwork; none of dataCenterIds (%s) has it",
				strings.Join(b.DataCenterIDs, ", "))
		}
		plan.globalNet = true
	}

	s := &storedPod{product: "POD", publicPorts: map[int]int{}}
	s.p = Pod{
		Name: *b.Name, Image: plan.image, Args: plan.args, Disk: plan.disk,
		Ports: plan.ports, Env: plan.env, Registry: plan.registry, Mounts: plan.mounts,
		Cloud: cloud, Template: plan.template,
	}
	req := placement{product: "POD", cloud: cloud, prefer: b.DataCenterIDs, volumeDC: volDC, global: plan.globalNet}
	if b.GPU != nil {
		req.gpu, req.count, req.cuda = b.GPU.ID, 1, plan.cuda
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
			return nil, p
		}
		g := f.catalog.gpu(req.gpu)
		vcpu, ram := hostShape(g)
		s.p.GPU = &PodGPU{ID: g.id, Count: req.count, VCPUCount: vcpu * float64(req.count), Memory: ram * float64(req.count)}
		s.p.DataCenterID = &dc
		if cuda != "" {
			s.p.CudaVersion = &cuda
		}
	} else {
		dc, p := f.placeCPU(b.CPU.ID, b.CPU.VCPUCount, cloud, req)
		if p != nil {
			return nil, p
		}
		cpu := f.catalog.cpu(b.CPU.ID)
		s.p.CPU = &PodCPU{ID: cpu.id, VCPUCount: b.CPU.VCPUCount, Memory: int(math.Round(float64(b.CPU.VCPUCount) * cpu.ramPerVcpu))}
		s.p.DataCenterID = &dc
	}
	f.injectStartEnv(s.p.Env, plan.startSSH, plan.startJup)
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

// --- placement -------------------------------------------------------------

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

// --- lifecycle -------------------------------------------------------------

// beginStart starts the way to RUNNING (create, start, restart): status is
// PROVISIONING or STARTING until the configured number of reads, or RUNNING
// at once with a delay of 0. A PATCHed globalNetworking takes effect here.
// Callers hold f.mu.
func (f *Fake) beginStart(s *storedPod, status string) {
	if s.pendingGlobal != nil {
		if *s.pendingGlobal {
			f.enableGlobal(s)
		} else {
			s.p.GlobalNetworking = GlobalNetworking{}
		}
		s.pendingGlobal = nil
	}
	s.mapped = false
	s.startLeft = f.compute.startDelay
	if s.startLeft == 0 {
		f.becomeRunning(s)
		return
	}
	s.p.Status = status
}

// becomeRunning marks the pod RUNNING now and schedules its port mappings.
// Callers hold f.mu.
func (f *Fake) becomeRunning(s *storedPod) {
	now := f.clockNow().Truncate(time.Second)
	s.p.Status = PodStatusRunning
	s.p.StartedAt = &now
	s.startLeft = 0
	s.mapped = false
	s.portLeft = f.compute.portDelay
	if s.portLeft == 0 {
		f.mapPorts(s)
	}
}

// observePod applies one read to the pod's lifecycle counters (see
// SetPodStartDelay). Callers hold f.mu.
func (f *Fake) observePod(s *storedPod) {
	switch s.p.Status {
	case PodStatusProvisioning, PodStatusStarting:
		if s.startLeft > 0 {
			s.startLeft--
		}
		if s.startLeft == 0 {
			f.becomeRunning(s)
		} else {
			s.p.Status = PodStatusStarting
		}
	case PodStatusRunning:
		if !s.mapped {
			if s.portLeft > 0 {
				s.portLeft--
			}
			if s.portLeft == 0 {
				f.mapPorts(s)
			}
		}
	}
}

// mapPorts gives every TCP port a public mapping. Public IPs come from
// 203.0.113.0/24 (TEST-NET-3) and ports from 20000 up; a pod keeps its
// numbers for its whole life, so a restart does not look like drift.
// Callers hold f.mu.
func (f *Fake) mapPorts(s *storedPod) {
	s.mapped = true
	if s.publicIP == "" {
		f.compute.nextHost++
		s.publicIP = fmt.Sprintf("203.0.113.%d", 1+(f.compute.nextHost-1)%254)
	}
	for _, port := range s.p.Ports {
		n, proto, ok := parsePort(port)
		if !ok || proto != "tcp" {
			continue
		}
		if _, done := s.publicPorts[n]; !done {
			s.publicPorts[n] = f.compute.nextPort
			f.compute.nextPort++
		}
	}
}

func parsePort(port string) (int, string, bool) {
	num, proto, ok := strings.Cut(port, "/")
	n, err := strconv.Atoi(num)
	return n, proto, ok && err == nil
}

// enableGlobal gives the pod a global-networking address (10.66.0.0/16).
// Callers hold f.mu.
func (f *Fake) enableGlobal(s *storedPod) {
	if s.p.GlobalNetworking.Enabled {
		return
	}
	f.compute.nextGlobal++
	n := f.compute.nextGlobal
	s.p.GlobalNetworking = GlobalNetworking{
		Enabled:     true,
		IP:          fmt.Sprintf("10.66.%d.%d", n/250, 2+n%250),
		InternalDNS: s.p.ID + ".runpod.internal",
	}
}

// stop moves the pod to EXITED and frees its compute (the disk stays).
// Callers hold f.mu.
func (f *Fake) stop(s *storedPod) {
	s.p.Status = PodStatusExited
	s.mapped = false
	f.releaseStock(s)
}

// --- views -----------------------------------------------------------------

func actionsFor(status string) []string {
	switch status {
	case PodStatusRunning:
		return []string{PodActionStop, PodActionRestart, PodActionTerminate}
	case PodStatusExited, PodStatusError:
		return []string{PodActionStart, PodActionTerminate}
	case PodStatusProvisioning, PodStatusStarting:
		return []string{PodActionStop, PodActionTerminate}
	}
	return []string{}
}

// podCost is USD per hour: the catalog price for the pod's cloud times its
// GPU count (or the per-vCPU price times vCPUs), 0 when EXITED or
// TERMINATED. Cluster members pay the Secure price. Rounded to 1e-4 so
// that sums read cleanly. Callers hold f.mu.
func (f *Fake) podCost(s *storedPod) float64 {
	if s.p.Status == PodStatusExited || s.p.Status == PodStatusTerminated {
		return 0
	}
	var c float64
	switch {
	case s.p.GPU != nil:
		if g := f.catalog.gpu(s.p.GPU.ID); g != nil {
			price := g.priceSecure
			if s.p.Cloud == "COMMUNITY" {
				price = g.priceComm
			}
			c = price * float64(s.p.GPU.Count)
		}
	case s.p.CPU != nil:
		if cpu := f.catalog.cpu(s.p.CPU.ID); cpu != nil {
			c = cpu.priceSecure * float64(s.p.CPU.VCPUCount)
		}
	}
	return math.Round(c*1e4) / 1e4
}

// proxyUser is the SSH proxy's routing token: the pod id and a stable
// 8-hex suffix, like "7h9k2m4n6p-64411eb2".
func proxyUser(id string) string {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	return fmt.Sprintf("%s-%08x", id, h.Sum32())
}

// directSSH is the public 22/tcp mapping, or nil while there is none.
func (s *storedPod) directSSH() *SSHEndpoint {
	if s.p.Status != PodStatusRunning || !s.mapped || !contains(s.p.Ports, "22/tcp") {
		return nil
	}
	port, ok := s.publicPorts[22]
	if !ok {
		return nil
	}
	return &SSHEndpoint{
		Host: s.publicIP, Port: port, Username: "root",
		Command: fmt.Sprintf("ssh root@%s -p %d", s.publicIP, port),
	}
}

// podView is the JSON the API returns for a stored pod. Callers hold f.mu.
//
//   - ssh.proxy is null while PROVISIONING (no machine yet), then set;
//   - ssh.direct is set only while RUNNING with 22/tcp publicly mapped;
//   - runtime is null unless RUNNING; its ports list every exposed port:
//     TCP ports with their public ip/port once mapped (null before), HTTP
//     ports always null, as they are reached through the HTTPS proxy
//     (https://<podId>-<port>.proxy.runpod.net; INFERRED);
//   - utilisation figures are 0: nothing runs in the fake.
func (f *Fake) podView(s *storedPod) Pod {
	p := clonePod(s.p)
	p.Entrypoint, p.Cmd = decodeArgs(p.Args)
	if p.Entrypoint == nil {
		p.Entrypoint = []string{}
	}
	if p.Cmd == nil {
		p.Cmd = []string{}
	}
	if p.Ports == nil {
		p.Ports = []string{}
	}
	if p.Env == nil {
		p.Env = map[string]string{}
	}
	p.Actions = actionsFor(p.Status)
	p.Cost = f.podCost(s)
	p.SSH = PodSSH{}
	if p.Status != PodStatusProvisioning {
		u := proxyUser(p.ID)
		p.SSH.Proxy = &SSHEndpoint{Host: "ssh.runpod.io", Port: 22, Username: u, Command: "ssh " + u + "@ssh.runpod.io"}
	}
	p.SSH.Direct = s.directSSH()
	p.Runtime = nil
	if p.Status == PodStatusRunning {
		rt := &PodRuntime{GPUs: []GPUUtilization{}, Ports: []PortMapping{}}
		if p.StartedAt != nil {
			rt.Uptime = max(0, int(f.clockNow().Sub(*p.StartedAt).Seconds()))
		}
		if p.GPU != nil {
			rt.GPUs = make([]GPUUtilization, p.GPU.Count)
		}
		for _, port := range p.Ports {
			n, proto, ok := parsePort(port)
			if !ok {
				continue
			}
			m := PortMapping{Private: n, Type: proto}
			if pub, ok := s.publicPorts[n]; ok && s.mapped && proto == "tcp" {
				ip := s.publicIP
				m.Public, m.IP = &pub, &ip
			}
			rt.Ports = append(rt.Ports, m)
		}
		p.Runtime = rt
	}
	return p
}

func clonePod(p Pod) Pod {
	p.Entrypoint = slices.Clone(p.Entrypoint)
	p.Cmd = slices.Clone(p.Cmd)
	p.Ports = slices.Clone(p.Ports)
	p.Actions = slices.Clone(p.Actions)
	if p.Env != nil {
		env := make(map[string]string, len(p.Env))
		for k, v := range p.Env {
			env[k] = v
		}
		p.Env = env
	}
	p.Registry = copyString(p.Registry)
	p.Template = copyString(p.Template)
	p.DataCenterID = copyString(p.DataCenterID)
	p.CudaVersion = copyString(p.CudaVersion)
	if p.Mounts.Persistent != nil {
		pm := *p.Mounts.Persistent
		p.Mounts.Persistent = &pm
	}
	p.Mounts.Network = slices.Clone(p.Mounts.Network)
	if p.GPU != nil {
		g := *p.GPU
		p.GPU = &g
	}
	if p.CPU != nil {
		c := *p.CPU
		p.CPU = &c
	}
	if p.Cluster != nil {
		c := *p.Cluster
		if c.Rank != nil {
			r := *c.Rank
			c.Rank = &r
		}
		p.Cluster = &c
	}
	if p.StartedAt != nil {
		t := *p.StartedAt
		p.StartedAt = &t
	}
	return p
}

// --- in-use bookkeeping ----------------------------------------------------

// recordPodUses marks what the pod references so that deleting it is
// refused: its source template, its registry
// credential and its network volume. Callers hold f.mu.
func (f *Fake) recordPodUses(s *storedPod) {
	user := ref{kindPod, s.p.ID}
	if s.p.Template != nil {
		f.addUse(ref{kindTemplate, *s.p.Template}, user)
	}
	if s.p.Registry != nil {
		f.addUse(ref{kindRegistry, *s.p.Registry}, user)
	}
	for _, m := range s.p.Mounts.Network {
		f.addUse(ref{kindNetworkVolume, m.VolumeID}, user)
	}
}

// dropUse forgets one user of one target. Callers hold f.mu.
func (f *Fake) dropUse(target, user ref) {
	if m := f.users[target]; m != nil {
		delete(m, user)
		if len(m) == 0 {
			delete(f.users, target)
		}
	}
}

// releasePodUses forgets every reference the pod holds. Callers hold f.mu.
func (f *Fake) releasePodUses(podID string) {
	user := ref{kindPod, podID}
	for target := range f.users {
		f.dropUse(target, user)
	}
}

// removePod terminates a pod: its compute returns to stock, its references
// are released, and it disappears (later reads get 404). Cluster billing
// is updated. Callers hold f.mu.
func (f *Fake) removePod(s *storedPod) {
	f.releaseStock(s)
	f.releasePodUses(s.p.ID)
	delete(f.pods, s.p.ID)
	if s.p.Cluster != nil {
		f.syncClusterRate(s.p.Cluster.ID)
	}
}

// --- update, delete, actions -----------------------------------------------

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
	next := clonePod(s.p)

	// templateId applies the template's container settings once, as if they
	// were in this body; explicit fields win and env merges per key. Its
	// mounts are not applied and no link is kept (`template` is unchanged).
	env, envSet := b.Env, has(raw, "env")
	if b.TemplateID != nil {
		t, p := f.podTemplate(*b.TemplateID)
		if p != nil {
			return 0, nil, p
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
			return 0, nil, badRequest("image must not be empty")
		}
		next.Image = *b.Image
	}
	args, p := resolveCommand(next.Args, b.Args, b.Entrypoint, b.Cmd)
	if p != nil {
		return 0, nil, p
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
			return 0, nil, p
		}
	}
	if has(raw, "registry") {
		next.Registry = copyString(b.Registry)
	}
	if next.Registry != nil && !ptrEqual(next.Registry, s.p.Registry) {
		if _, ok := f.regs[*next.Registry]; !ok {
			return 0, nil, badRequest("registry credential %q not found", *next.Registry)
		}
	}
	if b.Mounts != nil {
		if p := patchMounts(&next.Mounts, b.Mounts); p != nil {
			return 0, nil, p
		}
	}
	if b.Locked != nil {
		next.Locked = *b.Locked
	}
	var pendingGlobal *bool
	if b.GlobalNetworking != nil {
		if *b.GlobalNetworking {
			isGPU := next.GPU != nil
			id := ""
			if isGPU {
				id = next.GPU.ID
			}
			if p := f.checkGlobalNetworkingCompute(isGPU, id); p != nil {
				return 0, nil, p
			}
			if dc := f.catalog.dc(deref(next.DataCenterID)); dc == nil || !dc.globalNetwork {
				return 0, nil, badRequest("global networking is not available in data center %s", deref(next.DataCenterID))
			}
		}
		v := *b.GlobalNetworking
		pendingGlobal = &v
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
	return http.StatusOK, f.podView(s), nil
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
		cur.Network = []NetworkMount{nm}
	}
	if b.Persistent != nil {
		if cur.Persistent == nil {
			return badRequest("mounts: the mount kind is fixed at create; this pod has no persistent mount")
		}
		if b.Persistent.Size != cur.Persistent.Size {
			return badRequest("mounts.persistent.size cannot be changed (%d GB)", cur.Persistent.Size)
		}
		pm := *b.Persistent
		cur.Persistent = &pm
	}
	return nil
}

func copyString(s *string) *string {
	if s == nil {
		return nil
	}
	c := *s
	return &c
}

func ptrEqual(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
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
	return http.StatusOK, f.podView(s), nil
}

// --- hooks -----------------------------------------------------------------

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
	} else {
		cpu := f.catalog.cpu(p.CPU.ID)
		if cpu == nil {
			panic("runpodfake: SeedPod: unknown CPU flavour " + p.CPU.ID)
		}
		p.CPU.Memory = int(math.Round(float64(p.CPU.VCPUCount) * cpu.ramPerVcpu))
	}
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
