package runpod

import (
	"context"
	"net/http"
	"time"
)

const endpointsPath = "/v2/serverless"

// Endpoint types (the API's EndpointType).
const (
	EndpointTypeQueue        = "QUEUE"
	EndpointTypeLoadBalancer = "LOAD_BALANCER"
)

// Scaler types (the discriminator of the API's EndpointScaling).
const (
	ScalerQueueDelay   = "QUEUE_DELAY"
	ScalerRequestCount = "REQUEST_COUNT"
)

// FlashBoot modes.
const (
	FlashBootOff      = "OFF"
	FlashBootOn       = "FLASHBOOT"
	FlashBootPriority = "PRIORITY_FLASHBOOT"
)

// Worker statuses (the API's WorkerStatus).
const (
	WorkerRunning      = "RUNNING"
	WorkerIdle         = "IDLE"
	WorkerInitializing = "INITIALIZING"
	WorkerThrottled    = "THROTTLED"
	WorkerUnhealthy    = "UNHEALTHY"
)

// Endpoint is a serverless endpoint (/v2/serverless). Exactly one of GPU
// and CPU is set. The endpoint keeps no link to the template it was made
// from: the container fields are its own copy.
type Endpoint struct {
	ID             string            `json:"id"`
	Name           string            `json:"name"`
	Type           string            `json:"type"`
	RequestURLs    map[string]string `json:"requestUrls,omitempty"` // run, runSync, … or base, health
	Image          string            `json:"image"`
	Args           string            `json:"args"`
	Disk           int               `json:"disk"`
	Ports          []string          `json:"ports"`
	Env            map[string]string `json:"env"`
	Registry       *string           `json:"registry"` // registry credential id, or nil
	GPU            *EndpointGPU      `json:"gpu,omitempty"`
	CPU            []EndpointCPU     `json:"cpu,omitempty"`
	Workers        EndpointWorkers   `json:"workers"`
	Scaling        EndpointScaling   `json:"scaling"`
	DataCenterIDs  []string          `json:"dataCenterIds"`
	NetworkVolumes []string          `json:"networkVolumes"`
	Timeout        int               `json:"timeout"` // execution timeout, milliseconds
	FlashBoot      string            `json:"flashboot"`
	CreatedAt      time.Time         `json:"createdAt"`
}

// EndpointGPU is a GPU endpoint's placement: serverless pool ids (catalog
// GPUType.Pool), in the caller's priority order, minus ExcludedTypes (GPU
// type ids). An empty AllowedCudaVersions means any; a nil MinCudaVersion
// means no floor.
type EndpointGPU struct {
	Pools               []string `json:"pools"`
	ExcludedTypes       []string `json:"excludedTypes,omitempty"`
	Count               int      `json:"count,omitempty"`
	AllowedCudaVersions []string `json:"allowedCudaVersions"`
	MinCudaVersion      *string  `json:"minCudaVersion"`
}

// EndpointCPU is one eligible CPU configuration of a CPU endpoint, as read.
// Memory (GB) is derived by the API from the flavour.
type EndpointCPU struct {
	ID        string `json:"id"`
	VCPUCount int    `json:"vcpuCount"`
	Memory    int    `json:"memory"`
}

// EndpointCPURequest is one CPU configuration in a create or update body:
// the spec's CreateCpuConfig is closed and has no memory (the API derives
// it), so the read type EndpointCPU is not sent.
type EndpointCPURequest struct {
	ID        string `json:"id"`
	VCPUCount int    `json:"vcpuCount"`
}

// EndpointWorkers is the endpoint's scaling range. IdleTimeout (seconds) is
// nil for QUEUE + REQUEST_COUNT endpoints, which do not have one.
type EndpointWorkers struct {
	Min         int  `json:"min"`
	Max         int  `json:"max"`
	IdleTimeout *int `json:"idleTimeout,omitempty"`
}

// EndpointScaling is the autoscaling signal: QueueDelay (seconds) for
// QUEUE_DELAY, RequestCount for REQUEST_COUNT. The API needs the type and
// its value together.
type EndpointScaling struct {
	Type         string   `json:"type"`
	QueueDelay   *float64 `json:"queueDelay,omitempty"`
	RequestCount *int     `json:"requestCount,omitempty"`
}

// WorkersRequest is the workers object of a create or update body; nil
// fields are omitted so the API keeps (update) or defaults (create) them.
type WorkersRequest struct {
	Min         *int `json:"min,omitzero"`
	Max         *int `json:"max,omitzero"`
	IdleTimeout *int `json:"idleTimeout,omitzero"`
}

// CreateEndpointGPU is the gpu object of a create body. A nil
// AllowedCudaVersions is omitted (any version, or the template's); a
// non-nil empty one is sent as [] (no constraint).
type CreateEndpointGPU struct {
	Pools               []string `json:"pools"`
	ExcludedTypes       []string `json:"excludedTypes,omitzero"`
	Count               *int     `json:"count,omitzero"`
	AllowedCudaVersions []string `json:"allowedCudaVersions,omitzero"`
	MinCudaVersion      string   `json:"minCudaVersion,omitzero"`
}

// CreateEndpointRequest is the POST /v2/serverless body. Exactly one of GPU
// and CPU; Image unless TemplateID. Nil and empty fields are omitted so the
// API's defaults apply; a non-nil empty slice or map is sent.
type CreateEndpointRequest struct {
	Name           string               `json:"name"`
	Type           string               `json:"type"`
	Scaling        EndpointScaling      `json:"scaling"`
	TemplateID     string               `json:"templateId,omitzero"`
	Image          string               `json:"image,omitzero"`
	Args           *string              `json:"args,omitzero"`
	Disk           *int                 `json:"disk,omitzero"`
	Ports          []string             `json:"ports,omitzero"`
	Env            map[string]string    `json:"env,omitzero"`
	Registry       *string              `json:"registry,omitzero"`
	GPU            *CreateEndpointGPU   `json:"gpu,omitzero"`
	CPU            []EndpointCPURequest `json:"cpu,omitzero"`
	Workers        *WorkersRequest      `json:"workers,omitzero"`
	DataCenterIDs  []string             `json:"dataCenterIds,omitzero"`
	NetworkVolumes []string             `json:"networkVolumes,omitzero"`
	Timeout        *int                 `json:"timeout,omitzero"`
	FlashBoot      string               `json:"flashboot,omitzero"`
}

// UpdateEndpointGPU is the gpu object of a PATCH. Pools replaces the
// selection and clears the exclusions unless ExcludedTypes is restated, so
// send both together. AllowedCudaVersions = Set[[]string](nil) and
// MinCudaVersion = Set("") clear.
type UpdateEndpointGPU struct {
	Pools               []string           `json:"pools,omitzero"`
	ExcludedTypes       Optional[[]string] `json:"excludedTypes,omitzero"`
	Count               *int               `json:"count,omitzero"`
	AllowedCudaVersions Optional[[]string] `json:"allowedCudaVersions,omitzero"`
	MinCudaVersion      Optional[string]   `json:"minCudaVersion,omitzero"`
}

// UpdateEndpointRequest is the PATCH /v2/serverless/{id} body: only set
// fields change. Env and CPU replace the whole value, Scaling needs its
// type and value, and TemplateID is applied once (no link is kept). Type
// and the compute family (gpu ↔ cpu) cannot change.
type UpdateEndpointRequest struct {
	Name           Optional[string]               `json:"name,omitzero"`
	TemplateID     Optional[string]               `json:"templateId,omitzero"`
	Image          Optional[string]               `json:"image,omitzero"`
	Args           Optional[string]               `json:"args,omitzero"`
	Disk           Optional[int]                  `json:"disk,omitzero"`
	Ports          Optional[[]string]             `json:"ports,omitzero"`
	Env            Optional[map[string]string]    `json:"env,omitzero"`
	Registry       Optional[*string]              `json:"registry,omitzero"`
	GPU            Optional[UpdateEndpointGPU]    `json:"gpu,omitzero"`
	CPU            Optional[[]EndpointCPURequest] `json:"cpu,omitzero"`
	Workers        Optional[WorkersRequest]       `json:"workers,omitzero"`
	Scaling        Optional[EndpointScaling]      `json:"scaling,omitzero"`
	DataCenterIDs  Optional[[]string]             `json:"dataCenterIds,omitzero"`
	NetworkVolumes Optional[[]string]             `json:"networkVolumes,omitzero"`
	Timeout        Optional[int]                  `json:"timeout,omitzero"`
	FlashBoot      Optional[string]               `json:"flashboot,omitzero"`
}

// Worker is one active worker of an endpoint. Status is one of the Worker*
// constants; IsStale means it runs an older configuration than the
// endpoint's. The nullable fields are nil until the worker is placed.
type Worker struct {
	ID            string     `json:"id"`
	Status        string     `json:"status"`
	IsStale       bool       `json:"isStale"`
	Version       *int       `json:"version"`
	GPUCount      int        `json:"gpuCount"`
	Image         *string    `json:"image"`
	UptimeSeconds *int       `json:"uptimeSeconds"`
	GPUTypeID     *string    `json:"gpuTypeId"`
	DataCenterID  *string    `json:"dataCenterId"`
	StartedAt     *time.Time `json:"startedAt"`
}

// WorkerSummary counts the listed workers per status; Total is all of them.
type WorkerSummary struct {
	Running      int `json:"running"`
	Idle         int `json:"idle"`
	Initializing int `json:"initializing"`
	Throttled    int `json:"throttled"`
	Unhealthy    int `json:"unhealthy"`
	Total        int `json:"total"`
}

// EndpointWorkerList is GET /v2/serverless/{id}/workers: only active
// workers are listed.
type EndpointWorkerList struct {
	Workers         []Worker      `json:"workers"`
	Summary         WorkerSummary `json:"summary"`
	EndpointVersion *int          `json:"endpointVersion"`
}

// Rollout says how far the newest release has reached the workers.
type Rollout struct {
	InProgress      bool `json:"inProgress"`
	WorkersOnLatest int  `json:"workersOnLatest"`
	WorkersTotal    int  `json:"workersTotal"`
	PercentOnLatest int  `json:"percentOnLatest"`
}

// Release is one configuration version of an endpoint.
type Release struct {
	ID              string             `json:"id"`
	Version         *int               `json:"version"`
	Source          string             `json:"source"` // GIT_BUILD or MANUAL
	BuildID         *string            `json:"buildId"`
	CreatedByUserID *string            `json:"createdByUserId"`
	WorkerCount     int                `json:"workerCount"`
	CreatedAt       time.Time          `json:"createdAt"`
	Diff            []ReleaseDiffEntry `json:"diff"`
}

// ReleaseDiffEntry is one changed field of a release, with legacy field
// names (template.imageName, locations) and raw JSON values.
type ReleaseDiffEntry struct {
	Field string `json:"field"`
	Old   any    `json:"old"`
	New   any    `json:"new"`
}

// EndpointReleases is GET /v2/serverless/{id}/releases, newest first.
type EndpointReleases struct {
	EndpointVersion *int      `json:"endpointVersion"`
	Rollout         Rollout   `json:"rollout"`
	Releases        []Release `json:"releases"`
}

// ListEndpoints returns every serverless endpoint of the account.
func (c *Client) ListEndpoints(ctx context.Context) ([]Endpoint, error) {
	return listAll[Endpoint](ctx, c, endpointsPath, nil, "endpoints")
}

// GetEndpoint reads one endpoint; IsNotFound(err) when it is gone.
func (c *Client) GetEndpoint(ctx context.Context, id string) (*Endpoint, error) {
	path, err := pathID("endpoint", endpointsPath, id)
	if err != nil {
		return nil, err
	}
	var out Endpoint
	if err := c.do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateEndpoint creates an endpoint; workers (and billing) start only when
// Workers.Min > 0 or jobs arrive. A 5xx or dropped connection is not retried
// and yields an error matching ErrAmbiguous: the endpoint may exist.
func (c *Client) CreateEndpoint(ctx context.Context, req CreateEndpointRequest) (*Endpoint, error) {
	var out Endpoint
	if err := c.do(ctx, http.MethodPost, endpointsPath, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateEndpoint patches the fields set in req and returns the result.
func (c *Client) UpdateEndpoint(ctx context.Context, id string, req UpdateEndpointRequest) (*Endpoint, error) {
	path, err := pathID("endpoint", endpointsPath, id)
	if err != nil {
		return nil, err
	}
	var out Endpoint
	if err := c.do(ctx, http.MethodPatch, path, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteEndpoint deletes an endpoint: it terminates its workers, cancels
// its jobs and deletes the template bound to it.
func (c *Client) DeleteEndpoint(ctx context.Context, id string) error {
	path, err := pathID("endpoint", endpointsPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}

// ListEndpointWorkers returns an endpoint's active workers and their
// summary; IsNotFound(err) when the endpoint is gone.
func (c *Client) ListEndpointWorkers(ctx context.Context, id string) (*EndpointWorkerList, error) {
	path, err := pathID("endpoint", endpointsPath, id)
	if err != nil {
		return nil, err
	}
	var out EndpointWorkerList
	if err := c.do(ctx, http.MethodGet, path+"/workers", nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListEndpointReleases returns an endpoint's releases and the rollout of
// the newest; IsNotFound(err) when the endpoint is gone.
func (c *Client) ListEndpointReleases(ctx context.Context, id string) (*EndpointReleases, error) {
	path, err := pathID("endpoint", endpointsPath, id)
	if err != nil {
		return nil, err
	}
	var out EndpointReleases
	if err := c.do(ctx, http.MethodGet, path+"/releases", nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
