package runpodfake

import (
	"maps"
	"slices"
	"sort"
	"strings"
	"time"
)

// Serverless endpoints (/v2/serverless): CRUD, the endpoint's bound
// template, simulated workers and releases. This file is the model; the
// area splits by concern like pods: endpoints_handlers.go (routes,
// request schemas and bodies), endpoints_create.go (create and PATCH
// rules), endpoints_placement.go (serverless pools, CUDA, CPU flavours,
// data centers and volumes), endpoints_seed.go (delete, the bound template,
// the out-of-band hooks), endpoints_wire.go (what is served). Workers are
// simulated like pod status (pods_lifecycle.go): counted reads, no
// goroutines, no sleeps. See endpoints_workers.go.

// Endpoint is the fake's model of a serverless endpoint, served as
// endpoints_wire.go declares. Exactly one of GPU and CPU is set. There is
// no template id, status or worker count on it.
type Endpoint struct {
	ID             string
	Name           string
	Type           string
	RequestURLs    map[string]string
	Image          string
	Args           string
	Disk           int
	Ports          []string
	Env            map[string]string
	Registry       *string
	GPU            *EndpointGPU
	CPU            []EndpointCPU
	Workers        EndpointWorkers
	Scaling        EndpointScaling
	DataCenterIDs  []string
	NetworkVolumes []string
	Timeout        int
	FlashBoot      string
	CreatedAt      time.Time
}

// EndpointGPU is a GPU endpoint's placement: pool ids minus excluded GPU
// type ids, GPUs per worker and the CUDA constraints (an empty
// AllowedCudaVersions means any, a nil MinCudaVersion no floor).
type EndpointGPU struct {
	Pools               []string
	ExcludedTypes       []string
	Count               int
	AllowedCudaVersions []string
	MinCudaVersion      *string
}

// EndpointCPU is one eligible CPU configuration; Memory (GB) is derived
// from the flavour's catalog RAM per vCPU.
type EndpointCPU struct {
	ID        string
	VCPUCount int
	Memory    int
}

// EndpointWorkers is the scaling range. IdleTimeout is nil (omitted) for
// QUEUE + REQUEST_COUNT endpoints.
type EndpointWorkers struct {
	Min         int
	Max         int
	IdleTimeout *int
}

// EndpointScaling is QUEUE_DELAY with QueueDelay (seconds) or
// REQUEST_COUNT with RequestCount.
type EndpointScaling struct {
	Type         string
	QueueDelay   *float64
	RequestCount *int
}

// Endpoint enums and defaults (the spec's endpoint schemas).
// DefaultEndpointDisk is INFERRED: the v2 spec gives no container disk
// default for endpoints; the fake uses the console's serverless default.
const (
	EndpointTypeQueue        = "QUEUE"
	EndpointTypeLoadBalancer = "LOAD_BALANCER"
	ScalingQueueDelay        = "QUEUE_DELAY"
	ScalingRequestCount      = "REQUEST_COUNT"
	FlashBootOff             = "OFF"

	DefaultEndpointWorkersMin  = 0
	DefaultEndpointWorkersMax  = 3
	DefaultEndpointIdleTimeout = 10
	// DefaultEndpointTimeout is the spec's default; the live API stores 0
	// for an endpoint created without timeout (API.md §15), as the fake does.
	DefaultEndpointTimeout  = 300000
	DefaultEndpointDisk     = 5
	DefaultEndpointGPUCount = 1

	endpointJobHost = "https://api.runpod.ai"
)

type storedEndpoint struct {
	e        Endpoint // IdleTimeout is always set here; the view omits it
	seq      int64
	template string // bound template id
	version  int
	releases []Release // oldest first
	workers  []*storedWorker
}

func (f *Fake) sortedEndpoints() []*storedEndpoint {
	all := make([]*storedEndpoint, 0, len(f.endpoints))
	for _, s := range f.endpoints {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	return all
}

// view is the model of what the API returns: empty lists and maps as []
// and {}, request URLs derived from the id and type, idleTimeout nil (left
// out) for QUEUE + REQUEST_COUNT.
func (s *storedEndpoint) view() Endpoint {
	e := cloneEndpoint(s.e)
	if e.Ports == nil {
		e.Ports = []string{}
	}
	if e.Env == nil {
		e.Env = map[string]string{}
	}
	if e.DataCenterIDs == nil {
		e.DataCenterIDs = []string{}
	}
	if e.NetworkVolumes == nil {
		e.NetworkVolumes = []string{}
	}
	if e.GPU != nil && e.GPU.AllowedCudaVersions == nil {
		e.GPU.AllowedCudaVersions = []string{}
	}
	if noIdleTimeout(e.Type, e.Scaling.Type) {
		e.Workers.IdleTimeout = nil
	}
	e.RequestURLs = requestURLs(e)
	return e
}

func noIdleTimeout(typ, scaler string) bool {
	return typ == EndpointTypeQueue && scaler == ScalingRequestCount
}

// requestURLs follows the spec's examples: queue endpoints get the job
// routes under api.runpod.ai/v2/<id>, load balancers a host of their own
// whose health path is HEALTH_CHECK_PATH (default /ping).
func requestURLs(e Endpoint) map[string]string {
	if e.Type == EndpointTypeLoadBalancer {
		base := "https://" + e.ID + ".api.runpod.ai"
		path := e.Env["HEALTH_CHECK_PATH"]
		if path == "" {
			path = "/ping"
		}
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		return map[string]string{"base": base, "health": base + path}
	}
	base := endpointJobHost + "/v2/" + e.ID
	return map[string]string{
		"run":        base + "/run",
		"runSync":    base + "/runsync",
		"status":     base + "/status/{job_id}",
		"stream":     base + "/stream/{job_id}",
		"cancel":     base + "/cancel/{job_id}",
		"retry":      base + "/retry/{job_id}",
		"purgeQueue": base + "/purge-queue",
		"health":     base + "/health",
	}
}

func cloneEndpoint(e Endpoint) Endpoint {
	e.Ports = slices.Clone(e.Ports)
	e.Env = maps.Clone(e.Env)
	e.Registry = copyString(e.Registry)
	if e.GPU != nil {
		g := *e.GPU
		g.Pools = slices.Clone(g.Pools)
		g.ExcludedTypes = slices.Clone(g.ExcludedTypes)
		g.AllowedCudaVersions = slices.Clone(g.AllowedCudaVersions)
		g.MinCudaVersion = copyString(g.MinCudaVersion)
		e.GPU = &g
	}
	e.CPU = slices.Clone(e.CPU)
	if e.Workers.IdleTimeout != nil {
		n := *e.Workers.IdleTimeout
		e.Workers.IdleTimeout = &n
	}
	if e.Scaling.QueueDelay != nil {
		v := *e.Scaling.QueueDelay
		e.Scaling.QueueDelay = &v
	}
	if e.Scaling.RequestCount != nil {
		v := *e.Scaling.RequestCount
		e.Scaling.RequestCount = &v
	}
	e.DataCenterIDs = slices.Clone(e.DataCenterIDs)
	e.NetworkVolumes = slices.Clone(e.NetworkVolumes)
	e.RequestURLs = maps.Clone(e.RequestURLs)
	return e
}
