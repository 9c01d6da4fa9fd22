package runpodfake

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

func (f *Fake) catalogRoutes() {
	f.handle("GET /v2/catalog/gpus", f.listGPUTypes)
	f.handle("GET /v2/catalog/gpus/{id}", f.getGPUType)
	f.handle("GET /v2/catalog/datacenters", f.listDataCenters)
	f.handle("GET /v2/catalog/datacenters/{id}", f.getDataCenter)
	f.handle("GET /v2/catalog/cpus", f.listCPUTypes)
	f.handle("GET /v2/catalog/cpus/{id}", f.getCPUType)
}

// queryReader validates query parameters the way the API's schema layer
// does: every malformed value is collected (422 with `errors`); the
// cross-parameter rules are checked afterwards and answer 400.
type queryReader struct {
	q    url.Values
	errs []string
}

// get returns a single-valued parameter. Repeating a parameter is refused
// (422): the spec's arrays are comma-separated (style form, explode false),
// so product=POD&product=CLUSTER is a client bug the real API may read as
// just one value. (INFERRED.)
func (qr *queryReader) get(name string) (string, bool) {
	vs, ok := qr.q[name]
	if !ok {
		return "", false
	}
	if len(vs) > 1 {
		qr.errs = append(qr.errs, fmt.Sprintf("query.%s: given %d times; send one comma-separated value", name, len(vs)))
	}
	return vs[0], true
}

// csvEnum reads a comma-separated list whose items must be in allowed.
func (qr *queryReader) csvEnum(name string, allowed []string, maxItems int) ([]string, bool) {
	v, ok := qr.get(name)
	if !ok {
		return nil, false
	}
	items := strings.Split(v, ",")
	for i, it := range items {
		if !contains(allowed, it) {
			qr.errs = append(qr.errs, fmt.Sprintf("query.%s[%d]: value '%s' must be one of %s", name, i, it, quoteList(allowed)))
		}
	}
	if maxItems > 0 && len(items) > maxItems {
		qr.errs = append(qr.errs, fmt.Sprintf("query.%s: maxItems: got %d, want %d", name, len(items), maxItems))
	}
	return items, true
}

// csvPattern reads a comma-separated list whose items must match re.
func (qr *queryReader) csvPattern(name string, re *regexp.Regexp) ([]string, bool) {
	v, ok := qr.get(name)
	if !ok {
		return nil, false
	}
	items := strings.Split(v, ",")
	for i, it := range items {
		if !re.MatchString(it) {
			qr.errs = append(qr.errs, fmt.Sprintf("query.%s[%d]: '%s' does not match pattern '%s'", name, i, it, re.String()))
		}
	}
	return items, true
}

func (qr *queryReader) enum(name string, allowed []string) (string, bool) {
	v, ok := qr.get(name)
	if ok && !contains(allowed, v) {
		qr.errs = append(qr.errs, fmt.Sprintf("query.%s: value '%s' must be one of %s", name, v, quoteList(allowed)))
	}
	return v, ok
}

func (qr *queryReader) intMin(name string, minimum int64) (int, bool) {
	v, ok := qr.get(name)
	if !ok {
		return 0, false
	}
	n, isInt := parseInt(v)
	switch {
	case !isInt:
		qr.errs = append(qr.errs, fmt.Sprintf("query.%s: '%s' is not an integer", name, v))
		return 0, true
	case n < minimum:
		qr.errs = append(qr.errs, fmt.Sprintf("query.%s: minimum: got %d, want %d", name, n, minimum))
		return 0, true
	}
	return int(n), true
}

func (qr *queryReader) boolean(name string) (bool, bool) {
	v, ok := qr.get(name)
	if !ok {
		return false, false
	}
	switch v {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	qr.errs = append(qr.errs, fmt.Sprintf("query.%s: '%s' is not a boolean", name, v))
	return false, true
}

func (qr *queryReader) problem() *problem {
	if len(qr.errs) > 0 {
		return unprocessable(qr.errs...)
	}
	return nil
}

var (
	countryCodeRe  = regexp.MustCompile(`^[A-Z]{2}$`)
	cudaExactRe    = regexp.MustCompile(`^\d+\.\d+$`)
	cudaMinRe      = regexp.MustCompile(`^\d+(\.\d+)?$`)
	regionsEnum    = []string{"NORTH_AMERICA", "SOUTH_AMERICA", "EUROPE", "ASIA", "MIDDLE_EAST", "AFRICA", "OCEANIA", "ANTARCTICA", "UNKNOWN"}
	volumeTypeEnum = []string{"STANDARD", "HIGH_PERFORMANCE"}
	complianceEnum = []string{"GDPR", "ISO_IEC_27001", "ISO_14001", "PCI_DSS", "HITRUST", "SOC_1_TYPE_2", "SOC_2_TYPE_2", "SOC_3_TYPE_2", "ITAR", "FISMA_HIGH", "HIPAA", "RENEWABLE"}
	dcIncludeEnum  = []string{"GPU_AVAILABILITY", "CPU_AVAILABILITY"}
)

// parseGPUQuery validates the GPU catalog parameters (GET /v2/catalog/gpus).
// It returns nil availability query when include is absent.
//
// Every parameter but include is "valid only with include=AVAILABILITY";
// the spec says "400 otherwise" for product, countryCodes, cudaVersions and
// minCudaVersion, and the fake applies the same 400 to count and cloud.
func parseGPUQuery(r *http.Request) (*gpuAvailQuery, *problem) {
	qr := &queryReader{q: r.URL.Query()}
	_, include := qr.csvEnum("include", []string{"AVAILABILITY"}, 1)
	products, hasProduct := qr.csvEnum("product", gpuProducts, 0)
	count, hasCount := qr.intMin("count", 1)
	cloud, hasCloud := qr.enum("cloud", clouds)
	countries, hasCountries := qr.csvPattern("countryCodes", countryCodeRe)
	cudaExact, hasCudaExact := qr.csvPattern("cudaVersions", cudaExactRe)
	minCuda, hasMinCuda := qr.get("minCudaVersion")
	if hasMinCuda && !cudaMinRe.MatchString(minCuda) {
		qr.errs = append(qr.errs, fmt.Sprintf("query.minCudaVersion: '%s' does not match pattern '%s'", minCuda, cudaMinRe.String()))
	}
	if p := qr.problem(); p != nil {
		return nil, p
	}

	if include && !hasProduct {
		return nil, badRequest("product is required with include=AVAILABILITY")
	}
	if !include {
		for _, x := range []struct {
			name    string
			present bool
		}{
			{"product", hasProduct}, {"count", hasCount}, {"cloud", hasCloud},
			{"countryCodes", hasCountries}, {"cudaVersions", hasCudaExact}, {"minCudaVersion", hasMinCuda},
		} {
			if x.present {
				return nil, badRequest("%s is only valid with include=AVAILABILITY", x.name)
			}
		}
		return nil, nil
	}
	if hasCudaExact && hasMinCuda {
		return nil, badRequest("cudaVersions and minCudaVersion are mutually exclusive")
	}
	q := &gpuAvailQuery{products: products, count: 1, cloud: "SECURE", countries: countries, cudaExact: cudaExact}
	if hasCount {
		q.count = count
	}
	if hasCloud {
		q.cloud = cloud
	}
	if hasMinCuda {
		floor, _ := parseCudaVersion(minCuda, true)
		q.cudaFloor = &floor
	}
	return q, nil
}

func (f *Fake) listGPUTypes(r *http.Request, _ []byte) (int, any, *problem) {
	q, p := parseGPUQuery(r)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []gpuTypeView{}
	for i := range f.catalog.gpus {
		v, offered := f.catalog.gpuView(&f.catalog.gpus[i], q)
		if q != nil && len(q.countries) > 0 && !offered {
			// countryCodes narrows the list to types deployable there.
			continue
		}
		out = append(out, v)
	}
	return http.StatusOK, map[string]any{"gpus": gpuTypesJSON(out)}, nil
}

func (f *Fake) getGPUType(r *http.Request, _ []byte) (int, any, *problem) {
	q, p := parseGPUQuery(r)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.catalog.gpu(r.PathValue("id"))
	if g == nil {
		return 0, nil, notFound("GPU type not found")
	}
	// The single read keeps the type even when countryCodes excludes every
	// data center: availability NONE, dataCenters omitted.
	v, _ := f.catalog.gpuView(g, q)
	return http.StatusOK, gpuTypeJSON(v), nil
}

func parseDCInclude(qr *queryReader) (gpus, cpus bool) {
	inc, _ := qr.csvEnum("include", dcIncludeEnum, 0)
	return contains(inc, "GPU_AVAILABILITY"), contains(inc, "CPU_AVAILABILITY")
}

func (f *Fake) listDataCenters(r *http.Request, _ []byte) (int, any, *problem) {
	qr := &queryReader{q: r.URL.Query()}
	gpus, cpus := parseDCInclude(qr)
	regions, hasRegions := qr.csvEnum("regions", regionsEnum, 0)
	volTypes, _ := qr.csvEnum("networkVolumeTypes", volumeTypeEnum, 0)
	compliance, _ := qr.csvEnum("compliance", complianceEnum, 0)
	global, hasGlobal := qr.boolean("globalNetwork")
	if p := qr.problem(); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []dataCenterView{}
	for i := range f.catalog.dcs {
		dc := &f.catalog.dcs[i]
		// regions: OR within the filter; networkVolumeTypes and compliance:
		// the data center must have every value (AND); families combine AND.
		if hasRegions && !contains(regions, dc.region) {
			continue
		}
		if !containsAll(dc.volumeTypes, volTypes) || !containsAll(dc.compliance, compliance) {
			continue
		}
		if hasGlobal && dc.globalNetwork != global {
			continue
		}
		out = append(out, f.catalog.dcView(dc, gpus, cpus))
	}
	return http.StatusOK, map[string]any{"dataCenters": dataCentersJSON(out)}, nil
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !contains(have, w) {
			return false
		}
	}
	return true
}

func (f *Fake) getDataCenter(r *http.Request, _ []byte) (int, any, *problem) {
	qr := &queryReader{q: r.URL.Query()}
	gpus, cpus := parseDCInclude(qr)
	if p := qr.problem(); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	dc := f.catalog.dc(r.PathValue("id"))
	if dc == nil {
		return 0, nil, notFound("data center not found")
	}
	return http.StatusOK, dataCenterJSON(f.catalog.dcView(dc, gpus, cpus)), nil
}

// parseCPUQuery validates the CPU catalog parameters: product is required
// with include and allowed only with it (400 either way), vcpuCount is an
// integer ≥ 2 (422) that must be a power of two (400: a rule outside the
// schema) and is valid only with include (400).
func parseCPUQuery(r *http.Request) (products []string, vcpus int, p *problem) {
	qr := &queryReader{q: r.URL.Query()}
	_, include := qr.csvEnum("include", []string{"AVAILABILITY"}, 1)
	products, hasProduct := qr.csvEnum("product", cpuProducts, 0)
	vcpus, hasVcpu := qr.intMin("vcpuCount", 2)
	if p := qr.problem(); p != nil {
		return nil, 0, p
	}
	switch {
	case include && !hasProduct:
		return nil, 0, badRequest("product is required with include=AVAILABILITY")
	case !include && hasProduct:
		return nil, 0, badRequest("product is only valid with include=AVAILABILITY")
	case !include && hasVcpu:
		return nil, 0, badRequest("vcpuCount is only valid with include=AVAILABILITY")
	case hasVcpu && vcpus&(vcpus-1) != 0:
		return nil, 0, badRequest("vcpuCount must be a power of two")
	}
	if !include {
		return nil, 0, nil
	}
	return products, vcpus, nil
}

func (f *Fake) listCPUTypes(r *http.Request, _ []byte) (int, any, *problem) {
	products, vcpus, p := parseCPUQuery(r)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []cpuTypeView{}
	for i := range f.catalog.cpus {
		out = append(out, f.catalog.cpuView(&f.catalog.cpus[i], products, vcpus))
	}
	return http.StatusOK, map[string]any{"cpus": cpuTypesJSON(out)}, nil
}

func (f *Fake) getCPUType(r *http.Request, _ []byte) (int, any, *problem) {
	products, vcpus, p := parseCPUQuery(r)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	cpu := f.catalog.cpu(r.PathValue("id"))
	if cpu == nil {
		return 0, nil, notFound("CPU type not found")
	}
	return http.StatusOK, cpuTypeJSON(f.catalog.cpuView(cpu, products, vcpus)), nil
}
