package runpod

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

const podsPath = "/v2/pods"

// Pod statuses (the API's PodStatus).
const (
	PodStatusProvisioning = "PROVISIONING"
	PodStatusStarting     = "STARTING"
	PodStatusRunning      = "RUNNING"
	PodStatusExited       = "EXITED"
	PodStatusError        = "ERROR"
	PodStatusTerminated   = "TERMINATED"
)

// Pod actions for PodAction (the API's PodAction).
const (
	PodActionStart     = "start"
	PodActionStop      = "stop"
	PodActionRestart   = "restart"
	PodActionTerminate = "terminate"
)

// Cloud tiers.
const (
	CloudSecure    = "SECURE"
	CloudCommunity = "COMMUNITY"
)

// Pod is a GPU or CPU pod as the API returns it (/v2/pods): exactly
// one of GPU and CPU is set. Cluster is set only on cluster member pods.
// The create-only flags startSsh and startJupyter are never returned; Env may
// hold the PUBLIC_KEY and JUPYTER_PASSWORD they injected.
type Pod struct {
	ID         string            `json:"id"`
	Name       string            `json:"name"`
	Image      string            `json:"image"`
	Args       string            `json:"args"`
	Entrypoint []string          `json:"entrypoint,omitempty"` // exec form of Args
	Cmd        []string          `json:"cmd,omitempty"`
	Disk       int               `json:"disk"` // container disk, GB
	Ports      []string          `json:"ports"`
	Env        map[string]string `json:"env"`
	Registry   *string           `json:"registry"` // registry credential id
	Status     string            `json:"status"`
	// Actions are the PodAction values valid in the current status.
	Actions      []string    `json:"actions"`
	Mounts       Mounts      `json:"mounts"`
	GPU          *PodGPU     `json:"gpu,omitempty"`
	CPU          *PodCPU     `json:"cpu,omitempty"`
	Cloud        string      `json:"cloud"`
	DataCenterID *string     `json:"dataCenterId"`
	CudaVersion  *string     `json:"cudaVersion"`
	SSH          PodSSH      `json:"ssh"`
	Cluster      *PodCluster `json:"cluster,omitempty"`
	// Template is the id of the template the pod was created from, if any.
	Template *string `json:"template"`
	// Cost is USD per hour now; 0 while EXITED.
	Cost             float64          `json:"cost"`
	Locked           bool             `json:"locked"`
	GlobalNetworking GlobalNetworking `json:"globalNetworking"`
	// Runtime is nil unless the pod is RUNNING.
	Runtime   *PodRuntime `json:"runtime"`
	CreatedAt time.Time   `json:"createdAt"`
	StartedAt *time.Time  `json:"startedAt"`
}

// Mounts is a pod's (or cluster member's) storage: at most one of a
// host-local persistent volume and one network volume. The kind is fixed at
// create; on PATCH an empty Mounts leaves the mount unchanged.
type Mounts struct {
	Persistent *PersistentMount `json:"persistent,omitempty"`
	Network    []NetworkMount   `json:"network,omitempty"`
}

// NetworkMount attaches a network volume (in the pod's data center, Secure
// Cloud only). VolumeID is immutable; Path may change.
type NetworkMount struct {
	VolumeID string `json:"volumeId"`
	Path     string `json:"path"`
}

// PodGPU is a GPU pod's compute. VCPUCount and Memory (GB) are what the
// machine allocated for all Count GPUs; older API versions omit them (0).
type PodGPU struct {
	ID        string  `json:"id"`
	Count     int     `json:"count"`
	VCPUCount float64 `json:"vcpuCount,omitempty"`
	Memory    float64 `json:"memory,omitempty"`
}

// PodCPU is a CPU pod's compute; Memory (GB) follows from the flavour.
type PodCPU struct {
	ID        string `json:"id"`
	VCPUCount int    `json:"vcpuCount"`
	Memory    int    `json:"memory"`
}

// PodSSH is how to reach a pod over SSH. Proxy is nil until a machine is
// assigned; Direct is nil unless 22/tcp is exposed and publicly mapped on a
// running pod.
type PodSSH struct {
	Proxy  *SSHEndpoint `json:"proxy"`
	Direct *SSHEndpoint `json:"direct"`
}

// SSHEndpoint is one way in, as parts and as a ready-to-run command.
type SSHEndpoint struct {
	Host     string `json:"host"`
	Port     int    `json:"port"`
	Username string `json:"username"`
	Command  string `json:"command"`
}

// PodCluster is a member pod's place in its cluster. Rank is nil until
// assigned; Role is empty for TRAINING and APPLICATION clusters.
type PodCluster struct {
	ID   string `json:"id"`
	Rank *int   `json:"rank"`
	Role string `json:"role,omitempty"`
	IP   string `json:"ip,omitempty"`
}

// GlobalNetworking is the pod's cross-data-center private network; IP and
// InternalDNS are set only when Enabled.
type GlobalNetworking struct {
	Enabled     bool   `json:"enabled"`
	IP          string `json:"ip,omitempty"`
	InternalDNS string `json:"internalDns,omitempty"`
}

// PodRuntime is live data of a running pod.
type PodRuntime struct {
	Uptime int              `json:"uptime"` // seconds since the container started
	GPUs   []GPUUtilization `json:"gpus"`
	CPU    *Utilization     `json:"cpu,omitempty"`
	Memory *Utilization     `json:"memory,omitempty"`
	Ports  []PortMapping    `json:"ports"`
}

// GPUUtilization is one GPU's load, in percent.
type GPUUtilization struct {
	Util       int `json:"util"`
	MemoryUtil int `json:"memoryUtil"`
}

// Utilization is a load in percent.
type Utilization struct {
	Util int `json:"util"`
}

// PortMapping is one exposed port of a running pod. Public and IP are nil
// until the port is publicly mapped.
type PortMapping struct {
	Private int     `json:"private"`
	Public  *int    `json:"public"`
	Type    string  `json:"type"` // http or tcp
	IP      *string `json:"ip"`
}

// CreatePodRequest is the POST /v2/pods body. Set exactly one of GPU and
// CPU; Image is required unless TemplateID is set. Nil and empty fields are
// omitted so that the API's defaults (cloud SECURE, start flags false) and
// the template's settings apply; a non-nil empty slice or map is sent.
type CreatePodRequest struct {
	Name             string            `json:"name"`
	Image            string            `json:"image,omitzero"`
	Args             *string           `json:"args,omitzero"`
	Entrypoint       []string          `json:"entrypoint,omitzero"`
	Cmd              []string          `json:"cmd,omitzero"`
	Disk             *int              `json:"disk,omitzero"`
	Env              map[string]string `json:"env,omitzero"`
	Ports            []string          `json:"ports,omitzero"`
	Registry         *string           `json:"registry,omitzero"`
	Cloud            string            `json:"cloud,omitzero"`
	GPU              *CreatePodGPU     `json:"gpu,omitzero"`
	CPU              *CreatePodCPU     `json:"cpu,omitzero"`
	DataCenterIDs    []string          `json:"dataCenterIds,omitzero"`
	GlobalNetworking *bool             `json:"globalNetworking,omitzero"`
	Mounts           *Mounts           `json:"mounts,omitzero"`
	StartSSH         *bool             `json:"startSsh,omitzero"`
	StartJupyter     *bool             `json:"startJupyter,omitzero"`
	TemplateID       string            `json:"templateId,omitzero"`
}

// CreatePodGPU asks for Count GPUs of exactly the type ID; the API never
// falls back to another type. AllowedCudaVersions (an exact set) and
// MinCudaVersion (a floor) are exclusive unless the set is empty: a non-nil
// empty slice sends `[]`, "no constraint", which also drops a template's
// CUDA list. MinRAMPerGPU and MinVCPUCountPerGPU filter machines (0 omits).
type CreatePodGPU struct {
	ID                  string   `json:"id"`
	Count               int      `json:"count"`
	AllowedCudaVersions []string `json:"allowedCudaVersions,omitzero"`
	MinCudaVersion      string   `json:"minCudaVersion,omitzero"`
	MinRAMPerGPU        int      `json:"minRamPerGpu,omitzero"`
	MinVCPUCountPerGPU  int      `json:"minVcpuCountPerGpu,omitzero"`
}

// CreatePodCPU asks for a CPU flavour with VCPUCount vCPUs (a power of two,
// at least 2).
type CreatePodCPU struct {
	ID        string `json:"id"`
	VCPUCount int    `json:"vcpuCount"`
}

// UpdatePodRequest is the PATCH /v2/pods/{id} body; unset fields are left
// alone. To clear: Ports = Set[[]string](nil) sends `[]`, Env =
// Set[map[string]string](nil) sends `{}` (a sent Env replaces the whole
// map), Registry = Set[*string](nil) sends `null`. Mounts may change only
// the path of the existing mount. GlobalNetworking applies at the next
// start or restart. TemplateID applies the template's container settings
// once. Compute, cloud, data centers and the start flags cannot change.
type UpdatePodRequest struct {
	Name             Optional[string]            `json:"name,omitzero"`
	Image            Optional[string]            `json:"image,omitzero"`
	Args             Optional[string]            `json:"args,omitzero"`
	Entrypoint       Optional[[]string]          `json:"entrypoint,omitzero"`
	Cmd              Optional[[]string]          `json:"cmd,omitzero"`
	Disk             Optional[int]               `json:"disk,omitzero"`
	Env              Optional[map[string]string] `json:"env,omitzero"`
	Ports            Optional[[]string]          `json:"ports,omitzero"`
	Registry         Optional[*string]           `json:"registry,omitzero"`
	Locked           Optional[bool]              `json:"locked,omitzero"`
	GlobalNetworking Optional[bool]              `json:"globalNetworking,omitzero"`
	Mounts           Optional[Mounts]            `json:"mounts,omitzero"`
	TemplateID       Optional[string]            `json:"templateId,omitzero"`
}

// ListPods returns the account's pods; cluster member pods only with
// includeClusterPods.
func (c *Client) ListPods(ctx context.Context, includeClusterPods bool) ([]Pod, error) {
	var q url.Values
	if includeClusterPods {
		q = url.Values{"includeClusterPods": {"true"}}
	}
	return listAll[Pod](ctx, c, podsPath, q, "pods")
}

// GetPod reads one pod; IsNotFound(err) once it is terminated or gone.
func (c *Client) GetPod(ctx context.Context, id string) (*Pod, error) {
	path, err := pathID("pod", podsPath, id)
	if err != nil {
		return nil, err
	}
	var out Pod
	if err := c.do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreatePod creates a pod, which bills from now on. No capacity answers 400
// (IsCapacity; an unknown GPU type id reads the same). A 5xx or dropped
// connection is not retried and yields an error matching ErrAmbiguous: the
// pod may exist. A GPU Count of 0 is sent as 1 (the API's default), because
// omitting count has been seen to fail placement.
func (c *Client) CreatePod(ctx context.Context, req CreatePodRequest) (*Pod, error) {
	if req.GPU != nil && req.GPU.Count == 0 {
		gpu := *req.GPU
		gpu.Count = 1
		req.GPU = &gpu
	}
	var out Pod
	if err := c.do(ctx, http.MethodPost, podsPath, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdatePod patches the fields set in req and returns the pod. A cluster
// member is refused with 409 (IsConflict).
func (c *Client) UpdatePod(ctx context.Context, id string, req UpdatePodRequest) (*Pod, error) {
	path, err := pathID("pod", podsPath, id)
	if err != nil {
		return nil, err
	}
	var out Pod
	if err := c.do(ctx, http.MethodPatch, path, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeletePod terminates a pod for good (its persistent mount with it; a
// network volume is only detached). A cluster member is refused with 409.
func (c *Client) DeletePod(ctx context.Context, id string) error {
	path, err := pathID("pod", podsPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}

// PodAction starts, stops, restarts or terminates a pod. start, stop and
// restart return the updated pod; terminate returns (nil, nil) on its 204.
// An action the current status does not allow is 409 (IsConflict); a start
// without free capacity is 400 (IsCapacity). Actions are POSTs and so are
// never retried after an ambiguous failure.
func (c *Client) PodAction(ctx context.Context, id, action string) (*Pod, error) {
	path, err := pathID("pod", podsPath, id)
	if err != nil {
		return nil, err
	}
	path += "/action"
	body := struct {
		Action string `json:"action"`
	}{action}
	if action == PodActionTerminate {
		return nil, c.do(ctx, http.MethodPost, path, nil, body, nil)
	}
	var out Pod
	if err := c.do(ctx, http.MethodPost, path, nil, body, &out); err != nil {
		return nil, err
	}
	if out.ID == "" {
		// A 204 (or an empty object) where a pod was promised: the action
		// happened, but there is nothing to show for it.
		return nil, &ambiguousError{err: fmt.Errorf("POST %s: %s answered without a pod", path, action)}
	}
	return &out, nil
}
