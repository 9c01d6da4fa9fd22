package runpodfake

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The catalog (/v2/catalog) is static reference data plus mutable stock.
//
// Stock model:
//   - GPU stock is an integer count of free GPUs per (GPU type, product POD |
//     CLUSTER | SERVERLESS, cloud SECURE | COMMUNITY, data center). A key
//     that exists means the data center offers that GPU for that product and
//     cloud, even with 0 free (availability NONE there).
//   - Per (GPU type, data center) the CUDA versions its machines run; all
//     stock in that data center counts for each of them.
//   - CPU stock is a count of free vCPUs per (CPU flavour, product POD |
//     SERVERLESS, data center).
//
// Availability levels are derived from stock and the size asked for
// (`count` GPUs, or `vcpuCount` vCPUs): units = stock / size, then
// NONE if units == 0, LOW for 1–2, MEDIUM for 3–7, HIGH for 8 or more.
// The thresholds are the fake's own (the API documents only the names).
const (
	levelNone   = "NONE"
	levelLow    = "LOW"
	levelMedium = "MEDIUM"
	levelHigh   = "HIGH"
)

func availabilityLevel(stock, size int) string {
	if size < 1 {
		size = 1
	}
	units := stock / size
	switch {
	case units <= 0:
		return levelNone
	case units <= 2:
		return levelLow
	case units <= 7:
		return levelMedium
	default:
		return levelHigh
	}
}

func levelRank(l string) int {
	switch l {
	case levelLow:
		return 1
	case levelMedium:
		return 2
	case levelHigh:
		return 3
	default:
		return 0
	}
}

func maxLevel(a, b string) string {
	if levelRank(b) > levelRank(a) {
		return b
	}
	return a
}

type gpuDef struct {
	id, name     string
	pool         string // "" = not in a serverless pool (null)
	manufacturer string
	memory       int
	secure       bool
	community    bool
	priceSecure  float64
	priceComm    float64
	priceSrvless float64 // 0 = no serverless price (omitted)
	maxSecure    int
	maxComm      int
}

type dcDef struct {
	id, name      string
	region        string
	country       string // ISO 3166-1 alpha-2, for countryCodes; not returned
	globalNetwork bool
	volumeTypes   []string
	compliance    []string
}

type cpuDef struct {
	id, name, group string
	vcpuMin         int
	vcpuMax         int
	ramPerVcpu      float64
	priceSecure     float64
	priceSrvless    float64
}

type gpuStockKey struct{ gpu, product, cloud, dc string }
type gpuDCKey struct{ gpu, dc string }
type cpuStockKey struct{ cpu, product, dc string }

type catalog struct {
	gpus     []gpuDef
	dcs      []dcDef
	cpus     []cpuDef
	gpuStock map[gpuStockKey]int
	cuda     map[gpuDCKey][]string
	cpuStock map[cpuStockKey]int
}

var (
	gpuProducts = []string{"POD", "CLUSTER", "SERVERLESS"}
	cpuProducts = []string{"POD", "SERVERLESS"}
	clouds      = []string{"SECURE", "COMMUNITY"}
)

// defaultCatalog is a realistic slice of Runpod's catalog: real GPU type
// and data center ids, list prices in USD per GPU-hour close to the public
// ones, and stock chosen so that every availability level, a GPU with no
// stock anywhere (H200), an AMD GPU without CUDA, a data center without
// network storage (EU-SE-1) and one with HIGH_PERFORMANCE storage (US-TX-3)
// all occur.
func defaultCatalog() *catalog {
	c := &catalog{
		gpus: []gpuDef{
			{id: "NVIDIA GeForce RTX 4090", name: "RTX 4090", pool: "ADA_24", manufacturer: "NVIDIA", memory: 24, secure: true, community: true, priceSecure: 0.69, priceComm: 0.34, priceSrvless: 1.10, maxSecure: 8, maxComm: 8},
			{id: "NVIDIA RTX A5000", name: "RTX A5000", pool: "AMPERE_24", manufacturer: "NVIDIA", memory: 24, secure: true, community: true, priceSecure: 0.27, priceComm: 0.16, priceSrvless: 0.68, maxSecure: 8, maxComm: 8},
			{id: "NVIDIA RTX A6000", name: "RTX A6000", pool: "AMPERE_48", manufacturer: "NVIDIA", memory: 48, secure: true, community: true, priceSecure: 0.49, priceComm: 0.33, priceSrvless: 1.22, maxSecure: 8, maxComm: 8},
			{id: "NVIDIA L40S", name: "L40S", pool: "ADA_48_PRO", manufacturer: "NVIDIA", memory: 48, secure: true, community: false, priceSecure: 0.86, priceComm: 0, priceSrvless: 1.91, maxSecure: 8, maxComm: 0},
			{id: "NVIDIA A100 80GB PCIe", name: "A100 PCIe", pool: "AMPERE_80", manufacturer: "NVIDIA", memory: 80, secure: true, community: true, priceSecure: 1.64, priceComm: 1.19, priceSrvless: 2.72, maxSecure: 8, maxComm: 8},
			{id: "NVIDIA H100 80GB HBM3", name: "H100 SXM", pool: "ADA_80_PRO", manufacturer: "NVIDIA", memory: 80, secure: true, community: true, priceSecure: 2.99, priceComm: 2.69, priceSrvless: 4.18, maxSecure: 8, maxComm: 8},
			{id: "NVIDIA H200", name: "H200 SXM", pool: "HOPPER_141", manufacturer: "NVIDIA", memory: 141, secure: true, community: false, priceSecure: 3.99, priceComm: 0, priceSrvless: 5.58, maxSecure: 8, maxComm: 0},
			{id: "AMD Instinct MI300X OAM", name: "MI300X", pool: "", manufacturer: "AMD", memory: 192, secure: true, community: false, priceSecure: 2.49, priceComm: 0, maxSecure: 8, maxComm: 0},
		},
		dcs: []dcDef{
			{id: "US-KS-2", name: "US Kansas 2", region: "NORTH_AMERICA", country: "US", globalNetwork: true, volumeTypes: []string{"STANDARD"}, compliance: []string{"ISO_IEC_27001", "SOC_2_TYPE_2"}},
			{id: "US-TX-3", name: "US Texas 3", region: "NORTH_AMERICA", country: "US", globalNetwork: true, volumeTypes: []string{"STANDARD", "HIGH_PERFORMANCE"}, compliance: []string{"ISO_IEC_27001", "SOC_2_TYPE_2", "HIPAA"}},
			{id: "CA-MTL-1", name: "CA Montreal 1", region: "NORTH_AMERICA", country: "CA", globalNetwork: false, volumeTypes: []string{"STANDARD"}, compliance: []string{"SOC_2_TYPE_2", "RENEWABLE"}},
			{id: "EU-RO-1", name: "EU Romania 1", region: "EUROPE", country: "RO", globalNetwork: true, volumeTypes: []string{"STANDARD"}, compliance: []string{"GDPR", "ISO_IEC_27001", "SOC_2_TYPE_2"}},
			{id: "EU-SE-1", name: "EU Sweden 1", region: "EUROPE", country: "SE", globalNetwork: false, volumeTypes: []string{}, compliance: []string{"GDPR", "RENEWABLE"}},
			{id: "AP-JP-1", name: "AP Japan 1", region: "ASIA", country: "JP", globalNetwork: false, volumeTypes: []string{"STANDARD"}, compliance: []string{"ISO_IEC_27001"}},
		},
		cpus: []cpuDef{
			{id: "cpu3c", name: "Compute-Optimized", group: "Gen 3", vcpuMin: 2, vcpuMax: 32, ramPerVcpu: 2, priceSecure: 0.03, priceSrvless: 0.042},
			{id: "cpu3g", name: "General Purpose", group: "Gen 3", vcpuMin: 2, vcpuMax: 32, ramPerVcpu: 4, priceSecure: 0.04, priceSrvless: 0.056},
			{id: "cpu5c", name: "Compute-Optimized", group: "Gen 5", vcpuMin: 2, vcpuMax: 64, ramPerVcpu: 2, priceSecure: 0.035, priceSrvless: 0.049},
			{id: "cpu5m", name: "Memory-Optimized", group: "Gen 5", vcpuMin: 2, vcpuMax: 32, ramPerVcpu: 8, priceSecure: 0.06, priceSrvless: 0.084},
		},
		gpuStock: map[gpuStockKey]int{},
		cuda:     map[gpuDCKey][]string{},
		cpuStock: map[cpuStockKey]int{},
	}
	c.stockDefaults()
	return c
}

// stockDefaults sets defaultCatalog's stock per GPU type, product, cloud
// and data center, the CUDA versions of its NVIDIA machines, and the CPU
// stock per flavour, product and data center.
func (c *catalog) stockDefaults() {
	type s struct {
		gpu, product, cloud, dc string
		n                       int
	}
	for _, x := range []s{
		{"NVIDIA GeForce RTX 4090", "POD", "SECURE", "EU-RO-1", 12},
		{"NVIDIA GeForce RTX 4090", "POD", "SECURE", "US-KS-2", 4},
		{"NVIDIA GeForce RTX 4090", "POD", "SECURE", "EU-SE-1", 0},
		{"NVIDIA GeForce RTX 4090", "POD", "COMMUNITY", "US-KS-2", 20},
		{"NVIDIA GeForce RTX 4090", "POD", "COMMUNITY", "CA-MTL-1", 3},
		{"NVIDIA GeForce RTX 4090", "SERVERLESS", "SECURE", "EU-RO-1", 20},
		{"NVIDIA GeForce RTX 4090", "SERVERLESS", "SECURE", "US-KS-2", 10},
		{"NVIDIA RTX A5000", "POD", "SECURE", "CA-MTL-1", 6},
		{"NVIDIA RTX A5000", "POD", "SECURE", "EU-SE-1", 10},
		{"NVIDIA RTX A5000", "POD", "COMMUNITY", "EU-RO-1", 15},
		{"NVIDIA RTX A5000", "SERVERLESS", "SECURE", "EU-SE-1", 10},
		{"NVIDIA RTX A6000", "POD", "SECURE", "US-KS-2", 5},
		{"NVIDIA RTX A6000", "POD", "SECURE", "CA-MTL-1", 2},
		{"NVIDIA RTX A6000", "POD", "COMMUNITY", "US-TX-3", 8},
		{"NVIDIA L40S", "POD", "SECURE", "US-KS-2", 9},
		{"NVIDIA L40S", "POD", "SECURE", "EU-RO-1", 3},
		{"NVIDIA L40S", "SERVERLESS", "SECURE", "US-KS-2", 6},
		{"NVIDIA A100 80GB PCIe", "POD", "SECURE", "US-KS-2", 16},
		{"NVIDIA A100 80GB PCIe", "POD", "SECURE", "CA-MTL-1", 1},
		{"NVIDIA A100 80GB PCIe", "POD", "SECURE", "AP-JP-1", 4},
		{"NVIDIA A100 80GB PCIe", "POD", "COMMUNITY", "US-TX-3", 2},
		{"NVIDIA A100 80GB PCIe", "CLUSTER", "SECURE", "US-KS-2", 16},
		{"NVIDIA A100 80GB PCIe", "SERVERLESS", "SECURE", "US-KS-2", 8},
		{"NVIDIA H100 80GB HBM3", "POD", "SECURE", "US-TX-3", 32},
		{"NVIDIA H100 80GB HBM3", "POD", "SECURE", "EU-RO-1", 2},
		{"NVIDIA H100 80GB HBM3", "POD", "COMMUNITY", "US-KS-2", 8},
		{"NVIDIA H100 80GB HBM3", "CLUSTER", "SECURE", "US-TX-3", 64},
		{"NVIDIA H100 80GB HBM3", "SERVERLESS", "SECURE", "US-TX-3", 12},
		{"NVIDIA H200", "POD", "SECURE", "US-TX-3", 0},
		{"NVIDIA H200", "CLUSTER", "SECURE", "US-TX-3", 0},
		{"AMD Instinct MI300X OAM", "POD", "SECURE", "US-TX-3", 8},
	} {
		c.gpuStock[gpuStockKey{x.gpu, x.product, x.cloud, x.dc}] = x.n
	}
	// CUDA versions per data center; every NVIDIA GPU offered there runs
	// them. AMD machines report none.
	dcCuda := map[string][]string{
		"US-KS-2":  {"12.4", "12.6", "12.8"},
		"US-TX-3":  {"12.6", "12.8", "12.9"},
		"CA-MTL-1": {"12.2", "12.4"},
		"EU-RO-1":  {"12.4", "12.6", "12.8"},
		"EU-SE-1":  {"12.6", "12.8"},
		"AP-JP-1":  {"12.4", "12.6"},
	}
	for k := range c.gpuStock {
		if c.gpu(k.gpu).manufacturer == "NVIDIA" {
			c.cuda[gpuDCKey{k.gpu, k.dc}] = dcCuda[k.dc]
		}
	}
	for _, x := range []struct {
		cpu, product, dc string
		n                int
	}{
		{"cpu3c", "POD", "US-KS-2", 128},
		{"cpu3c", "POD", "EU-RO-1", 64},
		{"cpu3c", "SERVERLESS", "US-KS-2", 64},
		{"cpu3g", "POD", "CA-MTL-1", 32},
		{"cpu5c", "POD", "US-TX-3", 256},
		{"cpu5c", "POD", "EU-SE-1", 16},
		{"cpu5c", "SERVERLESS", "US-TX-3", 128},
		{"cpu5m", "POD", "EU-RO-1", 0},
	} {
		c.cpuStock[cpuStockKey{x.cpu, x.product, x.dc}] = x.n
	}
}

func (c *catalog) gpu(id string) *gpuDef {
	for i := range c.gpus {
		if c.gpus[i].id == id {
			return &c.gpus[i]
		}
	}
	return nil
}

func (c *catalog) dc(id string) *dcDef {
	for i := range c.dcs {
		if c.dcs[i].id == id {
			return &c.dcs[i]
		}
	}
	return nil
}

func (c *catalog) cpu(id string) *cpuDef {
	for i := range c.cpus {
		if c.cpus[i].id == id {
			return &c.cpus[i]
		}
	}
	return nil
}

// SetGPUStock sets how many GPUs of a type are free for a product ("POD",
// "CLUSTER", "SERVERLESS") and cloud ("SECURE", "COMMUNITY") in a data
// center. 0 keeps the offer with nothing free (NONE); a negative n withdraws
// the offer entirely. It panics on an unknown id or enum, a bug in the test.
func (f *Fake) SetGPUStock(gpuTypeID, product, cloud, dataCenterID string, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.catalog
	if c.gpu(gpuTypeID) == nil || c.dc(dataCenterID) == nil || !contains(gpuProducts, product) || !contains(clouds, cloud) {
		panic(fmt.Sprintf("runpodfake: SetGPUStock(%q, %q, %q, %q): unknown id or value", gpuTypeID, product, cloud, dataCenterID))
	}
	k := gpuStockKey{gpuTypeID, product, cloud, dataCenterID}
	if n < 0 {
		delete(c.gpuStock, k)
		return
	}
	c.gpuStock[k] = n
}

// SellOutGPU leaves nothing free of a GPU type for a product in every data
// center and cloud that offers it (a stock move that no choice of data
// center escapes). It panics on an unknown id or product, a bug in the test.
func (f *Fake) SellOutGPU(gpuTypeID, product string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.catalog
	if c.gpu(gpuTypeID) == nil || !contains(gpuProducts, product) {
		panic(fmt.Sprintf("runpodfake: SellOutGPU(%q, %q): unknown id or value", gpuTypeID, product))
	}
	for k := range c.gpuStock {
		if k.gpu == gpuTypeID && k.product == product {
			c.gpuStock[k] = 0
		}
	}
}

// cudaVersion is major.minor; minor -1 stands for a bare major floor.
type cudaVersion struct{ major, minor int }

func parseCudaVersion(s string, allowBareMajor bool) (cudaVersion, bool) {
	maj, minor, hasMinor := strings.Cut(s, ".")
	if !hasMinor && !allowBareMajor {
		return cudaVersion{}, false
	}
	a, err := strconv.Atoi(maj)
	if err != nil || a < 0 || !isDigits(maj) {
		return cudaVersion{}, false
	}
	if !hasMinor {
		return cudaVersion{a, -1}, true
	}
	b, err := strconv.Atoi(minor)
	if err != nil || b < 0 || !isDigits(minor) {
		return cudaVersion{}, false
	}
	return cudaVersion{a, b}, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// atLeast compares numerically, so 12.11 is above 12.2; a bare-major floor
// (minor -1) accepts any release of that major or later.
func (v cudaVersion) atLeast(floor cudaVersion) bool {
	if v.major != floor.major {
		return v.major > floor.major
	}
	return v.minor >= floor.minor
}

func sortCudaVersions(vs []string) {
	sort.Slice(vs, func(i, j int) bool {
		a, _ := parseCudaVersion(vs[i], false)
		b, _ := parseCudaVersion(vs[j], false)
		if a.major != b.major {
			return a.major < b.major
		}
		return a.minor < b.minor
	})
}

// The views of the catalog the handlers serve (spec GpuType, DataCenter,
// CpuType), encoded by catalog_wire.go.

type gpuTypeView struct {
	ID           string
	Name         string
	Pool         *string
	Manufacturer string
	Memory       int
	Secure       bool
	Community    bool
	Price        gpuPriceView
	MaxCount     gpuMaxCountView
	Availability string
	DataCenters  []availability
	CudaVersions *[]cudaAvailView
}

type gpuPriceView struct {
	Secure     float64
	Community  float64
	Serverless *float64
}

type gpuMaxCountView struct {
	Secure    int
	Community int
}

type availability struct {
	ID           string
	Name         string
	Availability string
}

type cudaAvailView struct {
	Version   string
	Available bool
}

type dataCenterView struct {
	ID                 string
	Name               string
	Region             string
	GlobalNetwork      bool
	NetworkVolumeTypes []string
	Compliance         []string
	GpuAvailability    []availability
	CpuAvailability    []availability
}

type cpuTypeView struct {
	ID           string
	Name         string
	Group        string
	Vcpu         cpuRangeView
	RAMGbPerVcpu float64
	Price        cpuPriceView
	Availability string
	DataCenters  []availability
}

type cpuRangeView struct {
	Min int
	Max int
}

type cpuPriceView struct {
	SecurePerVcpu     float64
	ServerlessPerVcpu float64
}

func (g *gpuDef) baseView() gpuTypeView {
	v := gpuTypeView{
		ID: g.id, Name: g.name, Manufacturer: g.manufacturer, Memory: g.memory,
		Secure: g.secure, Community: g.community,
		Price:    gpuPriceView{Secure: g.priceSecure, Community: g.priceComm},
		MaxCount: gpuMaxCountView{Secure: g.maxSecure, Community: g.maxComm},
	}
	if g.pool != "" {
		p := g.pool
		v.Pool = &p
	}
	if g.priceSrvless > 0 {
		p := g.priceSrvless
		v.Price.Serverless = &p
	}
	return v
}

// gpuAvailQuery is a validated include=AVAILABILITY request.
type gpuAvailQuery struct {
	products  []string
	count     int
	cloud     string
	countries []string
	cudaExact []string
	cudaFloor *cudaVersion
}

// gpuView computes a GPU type with availability. offeredInCountries reports
// whether any data center in the countryCodes scope offers the type for the
// requested products and cloud (the list drops types that are not).
// Callers hold f.mu.
func (c *catalog) gpuView(g *gpuDef, q *gpuAvailQuery) (v gpuTypeView, offeredInCountries bool) {
	v = g.baseView()
	if q == nil {
		return v, true
	}
	maxCount := g.maxSecure
	if q.cloud == "COMMUNITY" {
		maxCount = g.maxComm
	}
	type offer struct {
		dc       *dcDef
		level    string
		versions []string
	}
	var offers []offer
	for i := range c.dcs {
		dc := &c.dcs[i]
		if len(q.countries) > 0 && !contains(q.countries, dc.country) {
			continue
		}
		stock, offered := -1, false
		for _, p := range q.products {
			if n, ok := c.gpuStock[gpuStockKey{g.id, p, q.cloud, dc.id}]; ok {
				offered = true
				stock = max(stock, n)
			}
		}
		if !offered {
			continue
		}
		offeredInCountries = true
		versions := c.cuda[gpuDCKey{g.id, dc.id}]
		if !cudaMatches(versions, q) {
			continue
		}
		lvl := availabilityLevel(stock, q.count)
		if q.count > maxCount {
			// A pod runs on one machine: more GPUs than the largest machine
			// of this type can never be placed.
			lvl = levelNone
		}
		offers = append(offers, offer{dc: dc, level: lvl, versions: versions})
	}

	overall := levelNone
	for _, o := range offers {
		overall = maxLevel(overall, o.level)
	}
	v.Availability = overall
	if overall != levelNone {
		for _, o := range offers {
			v.DataCenters = append(v.DataCenters, availability{ID: o.dc.id, Name: o.dc.name, Availability: o.level})
		}
	}

	// cudaVersions is absent for a type whose machines report none (AMD).
	reportsCuda := false
	for k := range c.cuda {
		if k.gpu == g.id {
			reportsCuda = true
			break
		}
	}
	if reportsCuda {
		avail := map[string]bool{}
		for _, o := range offers {
			for _, ver := range o.versions {
				if !versionSelected(ver, q) {
					continue
				}
				avail[ver] = avail[ver] || o.level != levelNone
			}
		}
		vers := make([]string, 0, len(avail))
		for ver := range avail {
			vers = append(vers, ver)
		}
		sortCudaVersions(vers)
		list := make([]cudaAvailView, 0, len(vers))
		for _, ver := range vers {
			list = append(list, cudaAvailView{Version: ver, Available: avail[ver]})
		}
		v.CudaVersions = &list
	}
	return v, offeredInCountries
}

// cudaMatches reports whether a data center's CUDA versions satisfy the
// query's cudaVersions (any of them) or minCudaVersion (any at or above).
func cudaMatches(versions []string, q *gpuAvailQuery) bool {
	if len(q.cudaExact) == 0 && q.cudaFloor == nil {
		return true
	}
	for _, v := range versions {
		if versionSelected(v, q) {
			return true
		}
	}
	return false
}

func versionSelected(v string, q *gpuAvailQuery) bool {
	if len(q.cudaExact) > 0 {
		return contains(q.cudaExact, v)
	}
	if q.cudaFloor != nil {
		cv, ok := parseCudaVersion(v, false)
		return ok && cv.atLeast(*q.cudaFloor)
	}
	return true
}

// cpuView computes a CPU flavour, with availability when products is set.
// vcpus is the requested size (0 = the flavour's minimum). Callers hold f.mu.
func (c *catalog) cpuView(cpu *cpuDef, products []string, vcpus int) cpuTypeView {
	v := cpuTypeView{
		ID: cpu.id, Name: cpu.name, Group: cpu.group,
		Vcpu:         cpuRangeView{Min: cpu.vcpuMin, Max: cpu.vcpuMax},
		RAMGbPerVcpu: cpu.ramPerVcpu,
		Price:        cpuPriceView{SecurePerVcpu: cpu.priceSecure, ServerlessPerVcpu: cpu.priceSrvless},
	}
	if products == nil {
		return v
	}
	if vcpus == 0 {
		vcpus = cpu.vcpuMin
	}
	overall := levelNone
	var dcs []availability
	for i := range c.dcs {
		dc := &c.dcs[i]
		stock, offered := -1, false
		for _, p := range products {
			if n, ok := c.cpuStock[cpuStockKey{cpu.id, p, dc.id}]; ok {
				offered = true
				stock = max(stock, n)
			}
		}
		if !offered {
			continue
		}
		lvl := availabilityLevel(stock, vcpus)
		if vcpus < cpu.vcpuMin || vcpus > cpu.vcpuMax {
			lvl = levelNone
		}
		overall = maxLevel(overall, lvl)
		dcs = append(dcs, availability{ID: dc.id, Name: dc.name, Availability: lvl})
	}
	v.Availability = overall
	if overall != levelNone {
		v.DataCenters = dcs
	}
	return v
}

// dcView computes a data center. With gpus/cpus set it adds the
// availability of every GPU type / CPU flavour the data center offers, for
// any product and cloud, sized for one GPU / the flavour's minimum vCPUs
// (INFERRED: the data center endpoints take no product or size). Each list
// is omitted when the data center offers none. Callers hold f.mu.
func (c *catalog) dcView(dc *dcDef, gpus, cpus bool) dataCenterView {
	v := dataCenterView{
		ID: dc.id, Name: dc.name, Region: dc.region, GlobalNetwork: dc.globalNetwork,
		NetworkVolumeTypes: append([]string{}, dc.volumeTypes...),
		Compliance:         append([]string{}, dc.compliance...),
	}
	if gpus {
		for _, g := range c.gpus {
			stock, offered := -1, false
			for k, n := range c.gpuStock {
				if k.gpu == g.id && k.dc == dc.id {
					offered = true
					stock = max(stock, n)
				}
			}
			if offered {
				v.GpuAvailability = append(v.GpuAvailability, availability{ID: g.id, Name: g.name, Availability: availabilityLevel(stock, 1)})
			}
		}
	}
	if cpus {
		for _, cpu := range c.cpus {
			stock, offered := -1, false
			for k, n := range c.cpuStock {
				if k.cpu == cpu.id && k.dc == dc.id {
					offered = true
					stock = max(stock, n)
				}
			}
			if offered {
				v.CpuAvailability = append(v.CpuAvailability, availability{ID: cpu.id, Name: cpu.name, Availability: availabilityLevel(stock, cpu.vcpuMin)})
			}
		}
	}
	return v
}
