package runpodfake

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"time"
)

// The pod model: what a pod is (Pod, the object GET /v2/pods/{podId}
// serves), how the fake stores it, and the read-only views of it (cost,
// SSH, the served copy). HTTP handlers are in pods_handlers.go, create
// rules in pods_create.go, GPU/CPU and data center choice in
// pods_placement.go, status transitions in pods_lifecycle.go and the
// helpers tests use to put pods in the fake in pods_seed.go.

// Pod is the fake's model of a pod: what tests seed and read, and what
// podJSON (pods_wire.go) serves as the API's Pod object. Every field the
// spec requires is always served: nullable ones as null, lists and maps as
// [] and {}. GPU and CPU are exclusive; Cluster is set only on cluster
// members.
//
// Entrypoint and Cmd ([newer-docs]) are derived from Args on every read, as
// for templates.
type Pod struct {
	ID               string
	Name             string
	Image            string
	Args             string
	Entrypoint       []string
	Cmd              []string
	Disk             int
	Ports            []string
	Env              map[string]string
	Registry         *string
	Status           string
	Actions          []string
	Mounts           Mounts
	GPU              *PodGPU
	CPU              *PodCPU
	Cloud            string
	DataCenterID     *string
	CudaVersion      *string
	SSH              PodSSH
	Cluster          *PodCluster
	Template         *string
	Cost             float64
	Locked           bool
	GlobalNetworking GlobalNetworking
	Runtime          *PodRuntime
	CreatedAt        time.Time
	StartedAt        *time.Time
}

// Mounts is a pod's storage: at most one kind, a host-local persistent
// volume or one network volume (spec Mounts).
type Mounts struct {
	Persistent *PersistentMount
	Network    []NetworkMount
}

// NetworkMount attaches a network volume at a path.
type NetworkMount struct {
	VolumeID string
	Path     string
}

// PodGPU is a GPU pod's compute. VCPUCount and Memory (GB) are what the
// machine allocates for Count GPUs ([newer-docs] create-a-pod).
type PodGPU struct {
	ID        string
	Count     int
	VCPUCount float64
	Memory    float64
}

// PodCPU is a CPU pod's compute; Memory (GB) follows from the flavour.
type PodCPU struct {
	ID        string
	VCPUCount int
	Memory    int
}

// PodSSH is how to reach the pod over SSH (spec PodSsh).
type PodSSH struct {
	Proxy  *SSHEndpoint
	Direct *SSHEndpoint
}

// SSHEndpoint is one way in, with a ready-made command.
type SSHEndpoint struct {
	Host     string
	Port     int
	Username string
	Command  string
}

// PodCluster is a member pod's place in its cluster.
type PodCluster struct {
	ID   string
	Rank *int
	Role string
	IP   string
}

// GlobalNetworking is the pod's cross-data-center private network.
type GlobalNetworking struct {
	Enabled     bool
	IP          string
	InternalDNS string
}

// PodRuntime is live data of a RUNNING pod.
type PodRuntime struct {
	Uptime int
	GPUs   []GPUUtilization
	CPU    Utilization
	Memory Utilization
	Ports  []PortMapping
}

// GPUUtilization is one GPU's load in percent.
type GPUUtilization struct {
	Util       int
	MemoryUtil int
}

// Utilization is a load in percent.
type Utilization struct {
	Util int
}

// PortMapping is one exposed port. Public and IP are null until mapped.
type PortMapping struct {
	Private int
	Public  *int
	Type    string
	IP      *string
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
	// hideInjected is SetInjectedEnvEcho(false): the start flags' env keys
	// are kept off the pod's returned env.
	hideInjected bool
	segments     []billSegment // cluster cost accrual, see billing.go
	charges      []billCharge  // AddClusterBilling entries
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
	// injected are the env keys startSsh/startJupyter injected and reads
	// do not return (SetInjectedEnvEcho(false)): in the container, not on
	// the wire.
	injected map[string]string
}

// clockNow is the fake's time (SetClock), in UTC. Callers hold f.mu.
func (f *Fake) clockNow() time.Time { return f.compute.clock().UTC() }

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
