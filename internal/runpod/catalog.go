package runpod

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

const (
	catalogGPUsPath        = "/v2/catalog/gpus"
	catalogCPUsPath        = "/v2/catalog/cpus"
	catalogDataCentersPath = "/v2/catalog/datacenters"

	includeAvailability = "AVAILABILITY"
)

// Availability is one row of per-data-center (or per-GPU/CPU) availability:
// Availability is NONE, LOW, MEDIUM or HIGH.
type Availability struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Availability string `json:"availability"`
}

// GPUTypeQuery filters and expands the GPU catalog (GET /v2/catalog/gpus). Every
// filter except CudaVersions/MinCudaVersion is only valid with
// IncludeAvailability, which in turn needs Products; the API answers 400
// otherwise, and the client passes such combinations through unchanged.
type GPUTypeQuery struct {
	IncludeAvailability bool
	Products            []string // POD, CLUSTER, SERVERLESS
	Count               int      // GPUs per pod; 0 omits it
	Cloud               string   // SECURE or COMMUNITY
	CountryCodes        []string // ISO 3166-1 alpha-2, uppercase
	CudaVersions        []string // major.minor, exact
	MinCudaVersion      string   // major or major.minor
}

func (q GPUTypeQuery) values() url.Values {
	v := url.Values{}
	if q.IncludeAvailability {
		v.Set("include", includeAvailability)
	}
	setCSV(v, "product", q.Products)
	if q.Count > 0 {
		v.Set("count", strconv.Itoa(q.Count))
	}
	setString(v, "cloud", q.Cloud)
	setCSV(v, "countryCodes", q.CountryCodes)
	setCSV(v, "cudaVersions", q.CudaVersions)
	setString(v, "minCudaVersion", q.MinCudaVersion)
	return v
}

// GPUPrice is the list price in USD per GPU per hour. Serverless is nil when
// the GPU is in no serverless pool.
type GPUPrice struct {
	Secure     float64  `json:"secure"`
	Community  float64  `json:"community"`
	Serverless *float64 `json:"serverless,omitempty"`
}

// GPUMaxCount is the most GPUs of the type one pod can have, per cloud: a
// ceiling, not stock.
type GPUMaxCount struct {
	Secure    int `json:"secure"`
	Community int `json:"community"`
}

// CudaVersion is a CUDA version offered with a GPU type; Available says
// whether a machine on it has free capacity now.
type CudaVersion struct {
	Version   string `json:"version"`
	Available bool   `json:"available"`
}

// GPUType is one GPU catalog entry. Availability, DataCenters and
// CudaVersions are filled only with IncludeAvailability; an absent
// cudaVersions (AMD GPUs) decodes as nil.
type GPUType struct {
	ID           string         `json:"id"` // e.g. "NVIDIA GeForce RTX 4090"
	Name         string         `json:"name"`
	Pool         *string        `json:"pool"` // serverless pool id, or nil
	Manufacturer string         `json:"manufacturer"`
	Memory       int            `json:"memory"` // GB of VRAM
	Secure       bool           `json:"secure"`
	Community    bool           `json:"community"`
	Price        GPUPrice       `json:"price"`
	MaxCount     GPUMaxCount    `json:"maxCount"`
	Availability string         `json:"availability,omitempty"`
	DataCenters  []Availability `json:"dataCenters,omitempty"`
	CudaVersions []CudaVersion  `json:"cudaVersions,omitempty"`
}

// ListGPUTypes lists the GPU catalog.
func (c *Client) ListGPUTypes(ctx context.Context, q GPUTypeQuery) ([]GPUType, error) {
	return listAll[GPUType](ctx, c, catalogGPUsPath, q.values(), "gpus")
}

// GetGPUType reads one GPU type by id; ids contain spaces and are
// path-escaped. An unknown id gives IsNotFound.
func (c *Client) GetGPUType(ctx context.Context, id string, q GPUTypeQuery) (*GPUType, error) {
	path, err := pathID("GPU type", catalogGPUsPath, id)
	if err != nil {
		return nil, err
	}
	var out GPUType
	if err := c.do(ctx, http.MethodGet, path, q.values(), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DataCenterQuery filters and expands the data-center catalog. Regions are
// ORed; NetworkVolumeTypes and Compliance are ANDed; families combine with
// AND. GetDataCenter honours only the two Include flags.
type DataCenterQuery struct {
	IncludeGPUAvailability bool
	IncludeCPUAvailability bool
	Regions                []string
	NetworkVolumeTypes     []string // STANDARD, HIGH_PERFORMANCE
	Compliance             []string
	GlobalNetwork          *bool
}

func (q DataCenterQuery) includeValues() url.Values {
	v := url.Values{}
	var include []string
	if q.IncludeGPUAvailability {
		include = append(include, "GPU_AVAILABILITY")
	}
	if q.IncludeCPUAvailability {
		include = append(include, "CPU_AVAILABILITY")
	}
	setCSV(v, "include", include)
	return v
}

func (q DataCenterQuery) values() url.Values {
	v := q.includeValues()
	setCSV(v, "regions", q.Regions)
	setCSV(v, "networkVolumeTypes", q.NetworkVolumeTypes)
	setCSV(v, "compliance", q.Compliance)
	if q.GlobalNetwork != nil {
		v.Set("globalNetwork", strconv.FormatBool(*q.GlobalNetwork))
	}
	return v
}

// DataCenter is one data center. An empty NetworkVolumeTypes means no network
// storage there. GPUAvailability/CPUAvailability are filled only when asked
// for, and stay nil when the DC offers none.
type DataCenter struct {
	ID                 string         `json:"id"` // e.g. "EU-RO-1"
	Name               string         `json:"name"`
	Region             string         `json:"region"`
	GlobalNetwork      bool           `json:"globalNetwork"`
	NetworkVolumeTypes []string       `json:"networkVolumeTypes"`
	Compliance         []string       `json:"compliance"`
	GPUAvailability    []Availability `json:"gpuAvailability,omitempty"`
	CPUAvailability    []Availability `json:"cpuAvailability,omitempty"`
}

// ListDataCenters lists data centers matching q.
func (c *Client) ListDataCenters(ctx context.Context, q DataCenterQuery) ([]DataCenter, error) {
	return listAll[DataCenter](ctx, c, catalogDataCentersPath, q.values(), "dataCenters")
}

// GetDataCenter reads one data center. Only the Include flags of q are sent:
// the single read accepts no filters.
func (c *Client) GetDataCenter(ctx context.Context, id string, q DataCenterQuery) (*DataCenter, error) {
	path, err := pathID("data center", catalogDataCentersPath, id)
	if err != nil {
		return nil, err
	}
	var out DataCenter
	if err := c.do(ctx, http.MethodGet, path, q.includeValues(), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CPUTypeQuery filters and expands the CPU catalog. Products is required
// with IncludeAvailability and only valid with it; VCPUCount (a power of
// two, at least 2) scopes availability.
type CPUTypeQuery struct {
	IncludeAvailability bool
	Products            []string // POD, SERVERLESS
	VCPUCount           int      // 0 omits it
}

func (q CPUTypeQuery) values() url.Values {
	v := url.Values{}
	if q.IncludeAvailability {
		v.Set("include", includeAvailability)
	}
	setCSV(v, "product", q.Products)
	if q.VCPUCount > 0 {
		v.Set("vcpuCount", strconv.Itoa(q.VCPUCount))
	}
	return v
}

// VCPURange is the vCPU counts a CPU flavour can be ordered with.
type VCPURange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// CPUPrice is USD per vCPU per hour. ServerlessPerVCPU is a pointer because
// a flavour without serverless pricing may omit it.
type CPUPrice struct {
	SecurePerVCPU     float64  `json:"securePerVcpu"`
	ServerlessPerVCPU *float64 `json:"serverlessPerVcpu,omitempty"`
}

// CPUType is one CPU flavour. Availability and DataCenters are filled only
// with IncludeAvailability.
type CPUType struct {
	ID           string         `json:"id"` // e.g. "cpu5c"
	Name         string         `json:"name"`
	Group        string         `json:"group"`
	VCPU         VCPURange      `json:"vcpu"`
	RAMGBPerVCPU float64        `json:"ramGbPerVcpu"`
	Price        CPUPrice       `json:"price"`
	Availability string         `json:"availability,omitempty"`
	DataCenters  []Availability `json:"dataCenters,omitempty"`
}

// ListCPUTypes lists the CPU catalog.
func (c *Client) ListCPUTypes(ctx context.Context, q CPUTypeQuery) ([]CPUType, error) {
	return listAll[CPUType](ctx, c, catalogCPUsPath, q.values(), "cpus")
}

// GetCPUType reads one CPU flavour by id; IsNotFound for an unknown id.
func (c *Client) GetCPUType(ctx context.Context, id string, q CPUTypeQuery) (*CPUType, error) {
	path, err := pathID("CPU type", catalogCPUsPath, id)
	if err != nil {
		return nil, err
	}
	var out CPUType
	if err := c.do(ctx, http.MethodGet, path, q.values(), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// setCSV sets key to the comma-joined list (the API's style=form,
// explode=false), or leaves it out when the list is empty.
func setCSV(v url.Values, key string, list []string) {
	if len(list) > 0 {
		v.Set(key, strings.Join(list, ","))
	}
}

func setString(v url.Values, key, s string) {
	if s != "" {
		v.Set(key, s)
	}
}
