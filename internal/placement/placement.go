// Package placement decides at plan time whether Runpod can place the
// compute a pod or cluster asks for, and what it will cost, from catalog
// reads alone (GET /v2/catalog/gpus, cpus and datacenters).
//
// Runpod answers a create it cannot place with one 400 ("no instances
// available") whatever the reason, and gives the same answer for a GPU type
// id that does not exist; it never places another type instead. Reading the
// catalog first tells those cases apart and lets the plan fail with what to
// change: the closest valid ids for a typo, the availability read quoted per
// data center for a stock-out, and configurations that do have stock now.
//
// CheckGPU and CheckCPU do the reads through a CatalogReader (the
// provider-wide catalog memo) and call DecideGPU / DecideCPU, which are pure
// functions of the reads so that every outcome can be unit-tested with
// hand-written catalog answers. The Result carries structured findings for
// callers that want to act on them, and ready-made message text for callers
// that only report; turning it into a Terraform diagnostic is the caller's
// business, so this package knows nothing of Terraform.
//
// Serverless endpoints ask for pools and CPU flavours rather than one type:
// ServerlessPools and the CPU flavour lookups hold what the endpoint checks
// and cost estimate read from the same catalog.
package placement

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/suggest"
)

// CatalogReader is what a check reads: the catalog memo the provider shares
// between resources and data sources (providerdata.Catalog) satisfies it.
type CatalogReader interface {
	GPUTypes(ctx context.Context, q runpod.GPUTypeQuery) ([]runpod.GPUType, error)
	CPUTypes(ctx context.Context, q runpod.CPUTypeQuery) ([]runpod.CPUType, error)
	AllDataCenters(ctx context.Context) ([]runpod.DataCenter, error)
}

// Catalog products whose stock a request is checked against.
const (
	ProductPod     = "POD"
	ProductCluster = "CLUSTER"
)

// Disk rates the API does not return (API.md, price addendum), USD per GB
// per month: what a pod's volume disk costs while the pod is stopped, and
// its container disk while it runs.
const (
	StoppedVolumeDiskRate = 0.20
	RunningContainerDisk  = 0.10
)

// Outcome is the verdict on a request.
type Outcome int

const (
	// OK: the catalog has stock for the request now.
	OK Outcome = iota
	// UnknownDataCenter: a requested data center id is not in the catalog.
	UnknownDataCenter
	// UnknownType: the GPU type or CPU flavour id is not in the catalog.
	UnknownType
	// NotInCloud: the type is not offered on the requested cloud at all.
	NotInCloud
	// CountOutOfRange: more GPUs per pod than one machine of the type holds
	// on that cloud, or a vCPU count outside the flavour's range.
	CountOutOfRange
	// NoStock: the type exists but has no stock where it was asked for.
	NoStock
	// NoCudaStock: there is stock, but not on machines running a CUDA
	// version the request accepts.
	NoCudaStock
)

func (o Outcome) String() string {
	switch o {
	case OK:
		return "OK"
	case UnknownDataCenter:
		return "UnknownDataCenter"
	case UnknownType:
		return "UnknownType"
	case NotInCloud:
		return "NotInCloud"
	case CountOutOfRange:
		return "CountOutOfRange"
	case NoStock:
		return "NoStock"
	case NoCudaStock:
		return "NoCudaStock"
	}
	return fmt.Sprintf("Outcome(%d)", int(o))
}

// GPURequest is the GPU compute a pod or cluster asks for.
type GPURequest struct {
	// Product is ProductPod or ProductCluster ("" means POD).
	Product string
	// GPUTypeID is the catalog id, e.g. "NVIDIA GeForce RTX 4090".
	GPUTypeID string
	// GPUCount is GPUs per pod; 0 means 1.
	GPUCount int
	// PodCount is how many pods (a cluster's pod count); 0 means 1. It
	// scales the price only: the catalog reports stock per pod size.
	PodCount int
	// Cloud is runpod.CloudSecure or runpod.CloudCommunity; "" means SECURE.
	Cloud string
	// DataCenterIDs limits placement; empty means any data center.
	DataCenterIDs []string
	// MinCudaVersion ("12.4") and AllowedCudaVersions constrain the host's
	// CUDA version; set at most one.
	MinCudaVersion      string
	AllowedCudaVersions []string
}

// CPURequest is the CPU compute a CPU pod asks for.
type CPURequest struct {
	CPUTypeID     string // catalog id, e.g. "cpu3c"
	VCPUCount     int    // a power of two, at least 2
	Cloud         string // "" means SECURE
	DataCenterIDs []string
}

// Alternative is another type that would fit, with stock now.
type Alternative struct {
	ID   string
	Name string
	// MemoryGB is the GPU memory (GPU types) or RAM per vCPU rounded
	// (CPU flavours, informational).
	MemoryGB int
	// Price is USD per GPU-hour on the request's cloud, or per vCPU-hour.
	Price float64
	// Availability is the best level in the data centers counted.
	Availability string
	// DataCenterIDs are where it has stock, best-stocked first.
	DataCenterIDs []string
}

// Price is what the request costs per hour while it runs.
type Price struct {
	// Known is false when the type is unknown or has no list price on the
	// cloud.
	Known bool
	// Unit is the price per GPU-hour (or per vCPU-hour for CPU pods).
	Unit float64
	// Units is GPUs per pod × pods, or vCPUs.
	Units int
	// PerHour is Unit × Units.
	PerHour float64
	// Formula reads "2 × $0.69 = $1.38 per hour".
	Formula string
	// What describes the units: "NVIDIA GeForce RTX 4090 GPUs on Secure
	// Cloud".
	What string
}

// Result is the decision on a request.
type Result struct {
	Outcome Outcome
	// Summary and Detail are ready-made message text when Outcome is not
	// OK (empty otherwise). Detail quotes the availability read and lists
	// alternatives.
	Summary, Detail string

	// GPU is the GPU type's catalog entry (from the availability read
	// without a CUDA filter); CPU the flavour's. Nil when unknown.
	GPU *runpod.GPUType
	CPU *runpod.CPUType

	// Stock is the availability read for each data center that counts
	// (the requested ones, in request order, NONE where the type is not
	// offered; or every data center the read lists, best first).
	Stock []runpod.Availability
	// Placeable are the data centers among those counted where the request
	// can be placed now (stock and, for GPUs, an accepted CUDA version),
	// best-stocked first.
	Placeable []string
	// CudaVersions is the GPU type's CUDA versions as read (whether any
	// machine on each has stock), without the request's CUDA filter.
	CudaVersions []runpod.CudaVersion

	// ClosestIDs are catalog ids near an unknown one, best first.
	ClosestIDs []string
	// OtherDataCenters is the same type with stock elsewhere (and, for a
	// CUDA request, an accepted version), best-stocked first.
	OtherDataCenters []runpod.Availability
	// OtherTypes are other types with stock where the request asked: for
	// GPUs, at least the requested type's memory and an accepted CUDA
	// version, cheapest first.
	OtherTypes []Alternative

	// Price is the hourly cost of the request as asked.
	Price Price
}

// OK reports whether the request can be placed now.
func (r *Result) OK() bool { return r.Outcome == OK }

// GPUInputs are the catalog reads DecideGPU works from.
type GPUInputs struct {
	// Types is the GPU list with availability for the request's product,
	// cloud and GPU count, without a CUDA filter.
	Types []runpod.GPUType
	// CudaTypes is the same read with the request's CUDA filter; nil when
	// the request has no CUDA constraint.
	CudaTypes []runpod.GPUType
	// DataCenters is the data-center catalog, to check requested ids;
	// nil skips that check.
	DataCenters []runpod.DataCenter
}

// GPUQuery is the availability read for r (without its CUDA filter); the
// catalog memo shares it with every other request of the same product,
// cloud and GPU count.
func GPUQuery(r GPURequest) runpod.GPUTypeQuery {
	r = r.normalized()
	return runpod.GPUTypeQuery{IncludeAvailability: true, Products: []string{r.Product}, Count: r.GPUCount, Cloud: r.Cloud}
}

// CudaQuery is GPUQuery with the request's CUDA filter, and false when the
// request has none.
func CudaQuery(r GPURequest) (runpod.GPUTypeQuery, bool) {
	r = r.normalized()
	q := GPUQuery(r)
	switch {
	case r.MinCudaVersion != "":
		q.MinCudaVersion = r.MinCudaVersion
	case len(r.AllowedCudaVersions) > 0:
		q.CudaVersions = slices.Clone(r.AllowedCudaVersions)
		slices.Sort(q.CudaVersions)
	default:
		return q, false
	}
	return q, true
}

// CheckGPU reads what DecideGPU needs through the catalog memo (one to three
// requests, shared with every other check and data source of the run) and
// decides. The error is a failed catalog read.
func CheckGPU(ctx context.Context, cat CatalogReader, req GPURequest) (*Result, error) {
	var in GPUInputs
	var err error
	if len(req.DataCenterIDs) > 0 {
		if in.DataCenters, err = cat.AllDataCenters(ctx); err != nil {
			return nil, err
		}
	}
	if in.Types, err = cat.GPUTypes(ctx, GPUQuery(req)); err != nil {
		return nil, err
	}
	if q, ok := CudaQuery(req); ok {
		if in.CudaTypes, err = cat.GPUTypes(ctx, q); err != nil {
			return nil, err
		}
	}
	return DecideGPU(req, in), nil
}

// CPUInputs are the catalog reads DecideCPU works from.
type CPUInputs struct {
	// Types is the CPU list with availability for product POD and the
	// request's vCPU count.
	Types []runpod.CPUType
	// DataCenters is the data-center catalog; nil skips the id check.
	DataCenters []runpod.DataCenter
}

// CPUQuery is the availability read for r.
func CPUQuery(r CPURequest) runpod.CPUTypeQuery {
	return runpod.CPUTypeQuery{IncludeAvailability: true, Products: []string{ProductPod}, VCPUCount: r.VCPUCount}
}

// CheckCPU is CheckGPU for a CPU pod.
func CheckCPU(ctx context.Context, cat CatalogReader, req CPURequest) (*Result, error) {
	var in CPUInputs
	var err error
	if len(req.DataCenterIDs) > 0 {
		if in.DataCenters, err = cat.AllDataCenters(ctx); err != nil {
			return nil, err
		}
	}
	if in.Types, err = cat.CPUTypes(ctx, CPUQuery(req)); err != nil {
		return nil, err
	}
	return DecideCPU(req, in), nil
}

func (r GPURequest) normalized() GPURequest {
	if r.Product == "" {
		r.Product = ProductPod
	}
	if r.GPUCount < 1 {
		r.GPUCount = 1
	}
	if r.PodCount < 1 {
		r.PodCount = 1
	}
	if r.Cloud == "" {
		r.Cloud = runpod.CloudSecure
	}
	return r
}

// cloudName is how messages name a cloud.
func cloudName(cloud string) string {
	if cloud == runpod.CloudCommunity {
		return "Community Cloud"
	}
	return "Secure Cloud"
}

// DecideGPU decides a GPU request from catalog reads. Checks run in the
// order a user would fix them: data center ids, the type id, the cloud, the
// GPU count, stock, then CUDA.
func DecideGPU(req GPURequest, in GPUInputs) *Result {
	req = req.normalized()
	res := &Result{}
	if r := CheckDataCenterIDs(req.DataCenterIDs, in.DataCenters); r != nil {
		return r
	}
	g := findGPU(in.Types, req.GPUTypeID)
	if g == nil {
		res.Outcome = UnknownType
		res.ClosestIDs = closestGPUs(in.Types, req.GPUTypeID)
		res.Summary = "Unknown GPU Type"
		res.Detail = unknownGPUDetail(req.GPUTypeID, res.ClosestIDs, in.Types)
		return res
	}
	res.GPU = g
	res.CudaVersions = g.CudaVersions
	res.Price = gpuPrice(g, req)
	desc := describeGPU(req)

	offered, maxCount := g.Secure, g.MaxCount.Secure
	if req.Cloud == runpod.CloudCommunity {
		offered, maxCount = g.Community, g.MaxCount.Community
	}
	if !offered {
		res.Outcome = NotInCloud
		res.Summary = "GPU Type Not Offered on " + cloudName(req.Cloud)
		other := runpod.CloudSecure
		if req.Cloud == runpod.CloudSecure {
			other = runpod.CloudCommunity
		}
		res.Detail = fmt.Sprintf("%s is not offered on %s, so %s cannot be placed anywhere.", g.ID, cloudName(req.Cloud), desc)
		if (other == runpod.CloudSecure && g.Secure) || (other == runpod.CloudCommunity && g.Community) {
			res.Detail += fmt.Sprintf(" It is offered on %s (cloud = %q).", cloudName(other), other)
		}
		return res
	}
	if maxCount > 0 && req.GPUCount > maxCount {
		res.Outcome = CountOutOfRange
		res.Summary = "Too Many GPUs per Pod"
		res.Detail = fmt.Sprintf("One %s machine on %s holds at most %d GPUs, so a pod with %d cannot be placed. "+
			"Ask for %d or fewer GPUs per pod.", g.ID, cloudName(req.Cloud), maxCount, req.GPUCount, maxCount)
		return res
	}

	res.Stock, res.Placeable = stockRows(g.DataCenters, req.DataCenterIDs)
	if len(res.Placeable) == 0 {
		res.Outcome = NoStock
		res.OtherDataCenters = otherDataCenters(g.DataCenters, req.DataCenterIDs)
		alts := in.Types
		if in.CudaTypes != nil {
			// Alternatives must also satisfy the CUDA constraint.
			alts = in.CudaTypes
			if cg := findGPU(in.CudaTypes, g.ID); cg != nil {
				res.OtherDataCenters = otherDataCenters(cg.DataCenters, req.DataCenterIDs)
			}
		}
		res.OtherTypes = otherGPUTypes(alts, g, req)
		res.Summary = "GPU Type Out of Stock"
		res.Detail = noStockDetail(req, desc, res)
		return res
	}

	if in.CudaTypes != nil {
		var rows []runpod.Availability
		if cg := findGPU(in.CudaTypes, g.ID); cg != nil {
			rows = cg.DataCenters
		}
		cudaStock, cudaPlaceable := stockRows(rows, req.DataCenterIDs)
		if len(cudaPlaceable) == 0 {
			res.Outcome = NoCudaStock
			res.OtherDataCenters = otherDataCenters(rows, req.DataCenterIDs)
			res.OtherTypes = otherGPUTypes(in.CudaTypes, g, req)
			res.Summary = "No GPU Stock With the Requested CUDA Version"
			res.Detail = noCudaStockDetail(req, desc, res)
			return res
		}
		res.Stock, res.Placeable = cudaStock, cudaPlaceable
	}
	return res
}

// DecideCPU decides a CPU request from catalog reads.
func DecideCPU(req CPURequest, in CPUInputs) *Result {
	if req.Cloud == "" {
		req.Cloud = runpod.CloudSecure
	}
	res := &Result{}
	if r := CheckDataCenterIDs(req.DataCenterIDs, in.DataCenters); r != nil {
		return r
	}
	var c *runpod.CPUType
	for i := range in.Types {
		if in.Types[i].ID == req.CPUTypeID {
			c = &in.Types[i]
		}
	}
	if c == nil {
		ids := make([]suggest.Candidate, 0, len(in.Types))
		for _, t := range in.Types {
			ids = append(ids, suggest.Candidate{ID: t.ID, Names: []string{t.ID, t.Name}})
		}
		res.Outcome = UnknownType
		res.ClosestIDs = suggest.Closest(req.CPUTypeID, ids, 3, suggest.BestKind)
		res.Summary = "Unknown CPU Flavour"
		res.Detail = fmt.Sprintf("CPU flavour %q is not in Runpod's CPU catalog. The closest ids: %s. The runpod_cpu_types "+
			"data source lists every flavour with its prices and stock.", req.CPUTypeID, pricing.IDList(res.ClosestIDs))
		return res
	}
	res.CPU = c
	units := req.VCPUCount
	res.Price.Unit = c.Price.SecurePerVCPU
	res.Price.Units = units
	res.Price.PerHour, res.Price.Formula = pricing.Hourly(c.Price.SecurePerVCPU, units)
	res.Price.Known = c.Price.SecurePerVCPU > 0
	res.Price.What = fmt.Sprintf("vCPUs of CPU flavour %s", c.ID)
	desc := fmt.Sprintf("a %s CPU pod with %d vCPUs", c.ID, req.VCPUCount)

	if req.Cloud != runpod.CloudSecure {
		// The catalog prices CPU flavours for Secure Cloud only, and has no
		// Community Cloud stock for them.
		res.Outcome = NotInCloud
		res.Summary = "CPU Pods Run on Secure Cloud Only"
		res.Detail = fmt.Sprintf("Runpod offers CPU flavours on Secure Cloud only (the catalog prices them per vCPU for "+
			"Secure Cloud and lists no Community Cloud stock), so %s cannot be placed on %s. Set cloud = %q.",
			desc, cloudName(req.Cloud), runpod.CloudSecure)
		return res
	}
	if req.VCPUCount < c.VCPU.Min || req.VCPUCount > c.VCPU.Max {
		res.Outcome = CountOutOfRange
		res.Summary = "vCPU Count Out of Range"
		res.Detail = fmt.Sprintf("CPU flavour %s comes with %d to %d vCPUs (a power of two); %d is outside that range.",
			c.ID, c.VCPU.Min, c.VCPU.Max, req.VCPUCount)
		return res
	}
	res.Stock, res.Placeable = stockRows(c.DataCenters, req.DataCenterIDs)
	if len(res.Placeable) > 0 {
		return res
	}
	res.Outcome = NoStock
	res.OtherDataCenters = otherDataCenters(c.DataCenters, req.DataCenterIDs)
	for _, t := range in.Types {
		if t.ID == c.ID || req.VCPUCount < t.VCPU.Min || req.VCPUCount > t.VCPU.Max {
			continue
		}
		if _, placeable := stockRows(t.DataCenters, req.DataCenterIDs); len(placeable) > 0 {
			res.OtherTypes = append(res.OtherTypes, Alternative{
				ID: t.ID, Name: t.Name, MemoryGB: int(t.RAMGBPerVCPU * float64(req.VCPUCount)),
				Price: t.Price.SecurePerVCPU, Availability: bestLevel(t.DataCenters, req.DataCenterIDs), DataCenterIDs: placeable,
			})
		}
	}
	sortAlternatives(res.OtherTypes)
	res.Summary = "CPU Flavour Out of Stock"
	var b strings.Builder
	fmt.Fprintf(&b, "Runpod's catalog has no stock for %s (product POD, %s) %s. The availability read:\n%s",
		desc, cloudName(req.Cloud), where(req.DataCenterIDs), quoteStock(res.Stock))
	b.WriteString("\nThe API would refuse the create with \"no instances available\".")
	writeCPUAlternatives(&b, res)
	b.WriteString("\n\n" + stockNote)
	res.Detail = b.String()
	return res
}

// stockNote ends every stock message: stock is a snapshot.
const stockNote = "Stock changes minute to minute; the plan reads it once per run. The runpod_gpu_types, runpod_gpu_type " +
	"and runpod_cpu_types data sources read the same availability, so a configuration can choose from what has stock."

// CheckDataCenterIDs is the verdict on requested data center ids against
// the catalog's data centers: nil when every id is known (or dcs is nil, not
// read), else an UnknownDataCenter result naming the first unknown id with
// the closest ones. Pods, clusters and endpoints share it.
func CheckDataCenterIDs(ids []string, dcs []runpod.DataCenter) *Result {
	if dcs == nil {
		return nil
	}
	known := make([]suggest.Candidate, 0, len(dcs))
	for _, dc := range dcs {
		known = append(known, suggest.Candidate{ID: dc.ID, Names: []string{dc.ID, dc.Name}})
	}
	for _, id := range ids {
		if slices.ContainsFunc(dcs, func(dc runpod.DataCenter) bool { return dc.ID == id }) {
			continue
		}
		res := &Result{Outcome: UnknownDataCenter, ClosestIDs: suggest.Closest(id, known, 3, suggest.BestKind)}
		all := make([]string, 0, len(dcs))
		for _, dc := range dcs {
			all = append(all, dc.ID)
		}
		res.Summary = "Unknown Data Center"
		res.Detail = fmt.Sprintf("Data center %q is not in Runpod's catalog. The closest ids: %s. Every data center: %s "+
			"(the runpod_data_centers data source lists them with their regions and features).",
			id, pricing.IDList(res.ClosestIDs), pricing.IDList(all))
		return res
	}
	return nil
}

func findGPU(types []runpod.GPUType, id string) *runpod.GPUType {
	for i := range types {
		if types[i].ID == id {
			return &types[i]
		}
	}
	return nil
}

func gpuPrice(g *runpod.GPUType, req GPURequest) Price {
	unit := g.Price.Secure
	if req.Cloud == runpod.CloudCommunity {
		unit = g.Price.Community
	}
	units := req.GPUCount * req.PodCount
	p := Price{Known: unit > 0, Unit: unit, Units: units, What: fmt.Sprintf("%s GPUs on %s", g.ID, cloudName(req.Cloud))}
	p.PerHour, p.Formula = pricing.Hourly(unit, units)
	return p
}

// describeGPU reads "2 × NVIDIA H200 per pod (Secure Cloud, product POD)".
func describeGPU(req GPURequest) string {
	s := fmt.Sprintf("%d × %s per pod", req.GPUCount, req.GPUTypeID)
	if req.PodCount > 1 {
		s = fmt.Sprintf("%d pods of %s", req.PodCount, s)
	}
	return fmt.Sprintf("%s (%s, product %s)", s, cloudName(req.Cloud), req.Product)
}

func where(dcs []string) string {
	if len(dcs) == 0 {
		return "in any data center"
	}
	return "in the requested data centers (" + strings.Join(dcs, ", ") + ")"
}

// stockRows picks the availability rows that count: the requested data
// centers in request order (NONE where the read does not list one), or
// every row read, best first. It also returns the placeable ones.
func stockRows(rows []runpod.Availability, requested []string) (counted []runpod.Availability, placeable []string) {
	if len(requested) == 0 {
		counted = slices.Clone(rows)
		sortByAvailability(counted)
	} else {
		for _, id := range requested {
			row := runpod.Availability{ID: id, Availability: "NONE"}
			for _, r := range rows {
				if r.ID == id {
					row = r
				}
			}
			counted = append(counted, row)
		}
	}
	best := slices.Clone(counted)
	sortByAvailability(best)
	for _, r := range best {
		if HasStock(r.Availability) && !slices.Contains(placeable, r.ID) {
			placeable = append(placeable, r.ID)
		}
	}
	return counted, placeable
}

func sortByAvailability(rows []runpod.Availability) {
	slices.SortStableFunc(rows, func(a, b runpod.Availability) int {
		if d := AvailabilityRank(b.Availability) - AvailabilityRank(a.Availability); d != 0 {
			return d
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// otherDataCenters are rows with stock outside the requested data centers
// (none when no data center was requested: then every one was counted).
func otherDataCenters(rows []runpod.Availability, requested []string) []runpod.Availability {
	if len(requested) == 0 {
		return nil
	}
	var out []runpod.Availability
	for _, r := range rows {
		if HasStock(r.Availability) && !slices.Contains(requested, r.ID) {
			out = append(out, r)
		}
	}
	sortByAvailability(out)
	return out
}

func bestLevel(rows []runpod.Availability, requested []string) string {
	_, placeable := stockRows(rows, requested)
	if len(placeable) == 0 {
		return "NONE"
	}
	for _, r := range rows {
		if r.ID == placeable[0] {
			return r.Availability
		}
	}
	return "NONE"
}

// otherGPUTypes are types other than g with at least its memory that have
// stock where the request asked (types holds the read to use: with the CUDA
// filter when the request has one), cheapest first, at most five.
func otherGPUTypes(types []runpod.GPUType, g *runpod.GPUType, req GPURequest) []Alternative {
	var out []Alternative
	for _, t := range types {
		if t.ID == g.ID || t.Memory < g.Memory {
			continue
		}
		_, placeable := stockRows(t.DataCenters, req.DataCenterIDs)
		if len(placeable) == 0 {
			continue
		}
		price := t.Price.Secure
		if req.Cloud == runpod.CloudCommunity {
			price = t.Price.Community
		}
		out = append(out, Alternative{
			ID: t.ID, Name: t.Name, MemoryGB: t.Memory, Price: price,
			Availability: bestLevel(t.DataCenters, req.DataCenterIDs), DataCenterIDs: placeable,
		})
	}
	sortAlternatives(out)
	if len(out) > 5 {
		out = out[:5]
	}
	return out
}

func sortAlternatives(alts []Alternative) {
	slices.SortStableFunc(alts, func(a, b Alternative) int {
		switch {
		case a.Price != b.Price:
			if a.Price < b.Price {
				return -1
			}
			return 1
		case a.MemoryGB != b.MemoryGB:
			return a.MemoryGB - b.MemoryGB
		}
		return strings.Compare(a.ID, b.ID)
	})
}

func quoteStock(rows []runpod.Availability) string {
	if len(rows) == 0 {
		return "  (no data center reports stock of it)\n"
	}
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "  - %s: %s\n", r.ID, r.Availability)
	}
	return b.String()
}

func quoteLevels(rows []runpod.Availability) string {
	parts := make([]string, 0, len(rows))
	for _, r := range rows {
		parts = append(parts, fmt.Sprintf("%s (%s)", r.ID, r.Availability))
	}
	return strings.Join(parts, ", ")
}

// writeCPUAlternatives lists the CPU configurations with stock instead.
func writeCPUAlternatives(b *strings.Builder, res *Result) {
	if len(res.OtherDataCenters) == 0 && len(res.OtherTypes) == 0 {
		b.WriteString("\n\nNo other data center or CPU flavour has stock for this vCPU count now.")
		return
	}
	b.WriteString("\n\nWith stock now:")
	if len(res.OtherDataCenters) > 0 {
		fmt.Fprintf(b, "\n  - the same flavour in other data centers: %s", quoteLevels(res.OtherDataCenters))
	}
	for _, a := range res.OtherTypes {
		fmt.Fprintf(b, "\n  - flavour %q (%s, %s per vCPU-hour) in %s", a.ID, a.Name, pricing.USD(a.Price), strings.Join(a.DataCenterIDs, ", "))
	}
}

func unknownGPUDetail(id string, closestIDs []string, types []runpod.GPUType) string {
	var b strings.Builder
	fmt.Fprintf(&b, "GPU type %q is not in Runpod's GPU catalog. GPU type ids are the catalog's full names, such as "+
		"\"NVIDIA GeForce RTX 4090\", not the short display names.", id)
	if len(closestIDs) > 0 {
		b.WriteString(" The closest ids:")
		for _, c := range closestIDs {
			if g := findGPU(types, c); g != nil {
				fmt.Fprintf(&b, "\n  - %q (%s, %d GB)", g.ID, g.Name, g.Memory)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\nThe runpod_gpu_types data source lists every id. The plan checks this because Runpod answers an " +
		"unknown GPU type with the same \"no instances available\" error as a stock-out.")
	return b.String()
}

func noStockDetail(req GPURequest, desc string, res *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Runpod's catalog has no stock for %s %s. The availability read:\n%s", desc, where(req.DataCenterIDs), quoteStock(res.Stock))
	b.WriteString("\nThe API would refuse the create with \"no instances available\"; it never places another GPU type instead.")
	writeGPUAlternatives(&b, res, req, fmt.Sprintf("with at least %d GB", res.GPU.Memory))
	b.WriteString("\n\n" + stockNote)
	return b.String()
}

func noCudaStockDetail(req GPURequest, desc string, res *Result) string {
	var b strings.Builder
	constraint := "CUDA " + req.MinCudaVersion + " or later"
	if req.MinCudaVersion == "" {
		constraint = "one of CUDA " + strings.Join(req.AllowedCudaVersions, ", ")
	}
	fmt.Fprintf(&b, "Runpod's catalog has stock for %s %s, but not on machines running %s. The availability read "+
		"(without the CUDA filter):\n%s", desc, where(req.DataCenterIDs), constraint, quoteStock(res.Stock))
	if len(res.CudaVersions) > 0 {
		var with, without []string
		for _, v := range res.CudaVersions {
			if v.Available {
				with = append(with, v.Version)
			} else {
				without = append(without, v.Version)
			}
		}
		fmt.Fprintf(&b, "\nCUDA versions of %s machines with stock (any data center): %s", req.GPUTypeID, orNone(with))
		if len(without) > 0 {
			fmt.Fprintf(&b, "; without stock: %s", strings.Join(without, ", "))
		}
		b.WriteString(".")
	} else {
		fmt.Fprintf(&b, "\n%s machines report no CUDA version (AMD GPUs do not run CUDA), so no CUDA constraint can be met.", req.GPUTypeID)
	}
	b.WriteString("\n\nThe API would refuse the create with \"no instances available\". Lower the CUDA requirement if the image allows it.")
	writeGPUAlternatives(&b, res, req, fmt.Sprintf("with at least %d GB on an accepted CUDA version", res.GPU.Memory))
	b.WriteString("\n\n" + stockNote)
	return b.String()
}

// AddAlternatives fills r's OtherDataCenters and OtherTypes (what has
// stock instead of the request's GPU type) from types, the catalog read
// for req, as for a stock-out. A check that found stock leaves them empty;
// this is for a create the API refused for capacity all the same (a
// cluster: the catalog reports stock per pod, not for the whole cluster).
func (r *Result) AddAlternatives(types []runpod.GPUType, req GPURequest) {
	if r.GPU == nil {
		return
	}
	r.OtherDataCenters = otherDataCenters(r.GPU.DataCenters, req.DataCenterIDs)
	r.OtherTypes = otherGPUTypes(types, r.GPU, req)
}

// AlternativesText is r's alternatives (AddAlternatives) as a stock-out's
// error lists them.
func AlternativesText(r *Result, req GPURequest) string {
	var b strings.Builder
	writeGPUAlternatives(&b, r, req, fmt.Sprintf("with at least %d GB", r.GPU.Memory))
	return b.String()
}

// writeGPUAlternatives lists what has stock instead; qual qualifies the
// other GPU types ("with at least 80 GB").
func writeGPUAlternatives(b *strings.Builder, res *Result, req GPURequest, qual string) {
	if len(res.OtherDataCenters) == 0 && len(res.OtherTypes) == 0 {
		fmt.Fprintf(b, "\n\nNothing similar has stock now: ")
		if len(req.DataCenterIDs) > 0 {
			fmt.Fprintf(b, "%s has no stock in other data centers, and ", req.GPUTypeID)
		}
		fmt.Fprintf(b, "no other GPU type %s has stock %s for %s per pod on %s.", qual, where(req.DataCenterIDs), plural(req.GPUCount, "GPU"), cloudName(req.Cloud))
		return
	}
	b.WriteString("\n\nWith stock now:")
	if len(res.OtherDataCenters) > 0 {
		fmt.Fprintf(b, "\n  - %s in other data centers: %s", req.GPUTypeID, quoteLevels(res.OtherDataCenters))
	}
	if len(res.OtherTypes) > 0 {
		fmt.Fprintf(b, "\n  - other GPU types %s %s:", qual, where(req.DataCenterIDs))
		for _, a := range res.OtherTypes {
			fmt.Fprintf(b, "\n      %q (%s, %d GB, %s per GPU-hour): %s", a.ID, a.Name, a.MemoryGB, pricing.USD(a.Price), strings.Join(a.DataCenterIDs, ", "))
		}
	}
}

// plural reads "1 GPU", "2 GPUs".
func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}
