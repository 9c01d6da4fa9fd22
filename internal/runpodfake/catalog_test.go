package runpodfake

import (
	"net/http"
	"net/url"
	"testing"
)

// gpuPath escapes a GPU type id for the single-GPU route.
func gpuPath(id, query string) string {
	p := "/v2/catalog/gpus/" + url.PathEscape(id)
	if query != "" {
		p += "?" + query
	}
	return p
}

const rtx4090 = "NVIDIA GeForce RTX 4090"

func TestGPUListWithoutAvailability(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	var list struct{ Gpus []map[string]any }
	c.do("GET", "/v2/catalog/gpus", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	mustEqual(t, "count", len(list.Gpus), 8)
	first := list.Gpus[0]
	mustEqual(t, "4090", first, map[string]any{
		"id": rtx4090, "name": "RTX 4090", "pool": "ADA_24", "manufacturer": "NVIDIA", "memory": float64(24),
		"secure": true, "community": true,
		"price":    map[string]any{"secure": 0.69, "community": 0.34, "serverless": 1.10},
		"maxCount": map[string]any{"secure": float64(8), "community": float64(8)},
	})
	amd := list.Gpus[7]
	mustEqual(t, "AMD id", amd["id"], "AMD Instinct MI300X OAM")
	mustEqual(t, "AMD pool", amd["pool"], nil)
	mustEqual(t, "AMD price", amd["price"], map[string]any{"secure": 2.49, "community": float64(0)})
}

type gpuResult struct {
	ID           string
	Availability *string
	DataCenters  []availability
	CudaVersions *[]cudaAvailView
}

func getGPU(t *testing.T, c *testClient, id, query string) gpuResult {
	t.Helper()
	var g gpuResult
	c.do("GET", gpuPath(id, query), nil).wantStatus(t, http.StatusOK).decode(t, &g)
	return g
}

func TestGPUAvailability(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)

	g := getGPU(t, c, rtx4090, "include=AVAILABILITY&product=POD")
	mustEqual(t, "overall", *g.Availability, "HIGH")
	mustEqual(t, "per DC", g.DataCenters, []availability{
		{"US-KS-2", "US Kansas 2", "MEDIUM"}, // 4 free
		{"EU-RO-1", "EU Romania 1", "HIGH"},  // 12 free
		{"EU-SE-1", "EU Sweden 1", "NONE"},   // offered, 0 free
	})
	mustEqual(t, "cuda", *g.CudaVersions, []cudaAvailView{{"12.4", true}, {"12.6", true}, {"12.8", true}})

	g = getGPU(t, c, rtx4090, "include=AVAILABILITY&product=POD&count=4")
	mustEqual(t, "count=4", []string{*g.Availability, g.DataCenters[0].Availability, g.DataCenters[1].Availability}, []string{"MEDIUM", "LOW", "MEDIUM"})
	g = getGPU(t, c, rtx4090, "include=AVAILABILITY&product=POD&count=9")
	mustEqual(t, "above maxCount", *g.Availability, "NONE")
	mustEqual(t, "no dataCenters when NONE", g.DataCenters, []availability(nil))
	mustEqual(t, "cuda still listed, none available", *g.CudaVersions, []cudaAvailView{{"12.4", false}, {"12.6", false}, {"12.8", false}})

	g = getGPU(t, c, rtx4090, "include=AVAILABILITY&product=POD&cloud=COMMUNITY")
	mustEqual(t, "community", g.DataCenters, []availability{{"US-KS-2", "US Kansas 2", "HIGH"}, {"CA-MTL-1", "CA Montreal 1", "MEDIUM"}})
	mustEqual(t, "community cuda", *g.CudaVersions, []cudaAvailView{{"12.2", true}, {"12.4", true}, {"12.6", true}, {"12.8", true}})

	// Several products: the best stock per data center counts.
	g = getGPU(t, c, rtx4090, "include=AVAILABILITY&product=POD,SERVERLESS&count=8")
	mustEqual(t, "POD,SERVERLESS", g.DataCenters, []availability{
		{"US-KS-2", "US Kansas 2", "LOW"}, {"EU-RO-1", "EU Romania 1", "LOW"}, {"EU-SE-1", "EU Sweden 1", "NONE"},
	})

	g = getGPU(t, c, "NVIDIA H100 80GB HBM3", "include=AVAILABILITY&product=CLUSTER")
	mustEqual(t, "cluster", g.DataCenters, []availability{{"US-TX-3", "US Texas 3", "HIGH"}})

	g = getGPU(t, c, "NVIDIA H200", "include=AVAILABILITY&product=POD")
	mustEqual(t, "H200 none", *g.Availability, "NONE")
	mustEqual(t, "H200 no DCs", g.DataCenters, []availability(nil))

	g = getGPU(t, c, "AMD Instinct MI300X OAM", "include=AVAILABILITY&product=POD")
	mustEqual(t, "AMD available", *g.Availability, "HIGH")
	mustEqual(t, "AMD has no cudaVersions key", g.CudaVersions, (*[]cudaAvailView)(nil))

	// Stock is mutable.
	f.SetGPUStock("NVIDIA H200", "POD", "SECURE", "US-TX-3", 3)
	f.SetGPUStock("NVIDIA H200", "POD", "SECURE", "EU-RO-1", 1)
	g = getGPU(t, c, "NVIDIA H200", "include=AVAILABILITY&product=POD")
	mustEqual(t, "H200 restocked", g.DataCenters, []availability{{"US-TX-3", "US Texas 3", "MEDIUM"}, {"EU-RO-1", "EU Romania 1", "LOW"}})
	f.SetGPUStock("NVIDIA H200", "POD", "SECURE", "EU-RO-1", -1)
	g = getGPU(t, c, "NVIDIA H200", "include=AVAILABILITY&product=POD")
	mustEqual(t, "H200 offer withdrawn", len(g.DataCenters), 1)

	// Without include, no availability fields at all.
	m := c.do("GET", gpuPath(rtx4090, ""), nil).wantStatus(t, http.StatusOK).object(t)
	for _, k := range []string{"availability", "dataCenters", "cudaVersions"} {
		if _, ok := m[k]; ok {
			t.Fatalf("%s present without include", k)
		}
	}
}

func TestGPUCudaFilters(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	h100 := "NVIDIA H100 80GB HBM3"
	g := getGPU(t, c, h100, "include=AVAILABILITY&product=POD")
	mustEqual(t, "all DCs", len(g.DataCenters), 2)

	g = getGPU(t, c, h100, "include=AVAILABILITY&product=POD&cudaVersions=12.9")
	mustEqual(t, "exact 12.9", g.DataCenters, []availability{{"US-TX-3", "US Texas 3", "HIGH"}})
	mustEqual(t, "cuda narrowed", *g.CudaVersions, []cudaAvailView{{"12.9", true}})

	g = getGPU(t, c, h100, "include=AVAILABILITY&product=POD&cudaVersions=12.2,12.4")
	mustEqual(t, "exact set", g.DataCenters, []availability{{"EU-RO-1", "EU Romania 1", "LOW"}})

	g = getGPU(t, c, h100, "include=AVAILABILITY&product=POD&cudaVersions=11.8")
	mustEqual(t, "no match", *g.Availability, "NONE")
	mustEqual(t, "empty cuda list", *g.CudaVersions, []cudaAvailView{})

	g = getGPU(t, c, h100, "include=AVAILABILITY&product=POD&minCudaVersion=12.9")
	mustEqual(t, "floor 12.9", len(g.DataCenters), 1)
	g = getGPU(t, c, h100, "include=AVAILABILITY&product=POD&minCudaVersion=12")
	mustEqual(t, "bare major floor", len(g.DataCenters), 2)
	g = getGPU(t, c, h100, "include=AVAILABILITY&product=POD&minCudaVersion=13")
	mustEqual(t, "floor 13", *g.Availability, "NONE")

	// Numeric, not decimal, comparison: 12.10 is above 12.9.
	f.mu.Lock() // no exported hook: the catalog's machines are upgraded in place
	f.catalog.cuda[gpuDCKey{h100, "EU-RO-1"}] = []string{"12.10"}
	f.mu.Unlock()
	g = getGPU(t, c, h100, "include=AVAILABILITY&product=POD&minCudaVersion=12.9")
	mustEqual(t, "12.10 >= 12.9", len(g.DataCenters), 2)
	mustEqual(t, "sorted numerically", *g.CudaVersions, []cudaAvailView{{"12.9", true}, {"12.10", true}})

	g = getGPU(t, c, "AMD Instinct MI300X OAM", "include=AVAILABILITY&product=POD&minCudaVersion=12")
	mustEqual(t, "AMD with a CUDA filter", *g.Availability, "NONE")
}

func TestGPUCountryCodes(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	var list struct{ Gpus []gpuResult }
	c.do("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&countryCodes=RO", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	var got []string
	for _, g := range list.Gpus {
		got = append(got, g.ID)
		for _, dc := range g.DataCenters {
			if dc.ID != "EU-RO-1" {
				t.Fatalf("%s lists %s outside RO", g.ID, dc.ID)
			}
		}
	}
	mustEqual(t, "types deployable in RO (secure pods)", got, []string{rtx4090, "NVIDIA L40S", "NVIDIA H100 80GB HBM3"})

	c.do("GET", "/v2/catalog/gpus?include=AVAILABILITY&product=POD&countryCodes=US,CA", nil).decode(t, &list)
	mustEqual(t, "US or CA", len(list.Gpus), 8)

	// The single read keeps the type: NONE, no dataCenters.
	g := getGPU(t, c, rtx4090, "include=AVAILABILITY&product=POD&countryCodes=JP")
	mustEqual(t, "single outside countries", *g.Availability, "NONE")
	mustEqual(t, "no dataCenters", g.DataCenters, []availability(nil))
}

func TestGPUQueryRefusals(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	cases := []struct {
		query  string
		status int
		want   string
	}{
		{"include=AVAILABILITY", 400, "product is required with include=AVAILABILITY"},
		{"product=POD", 400, "product is only valid with include=AVAILABILITY"},
		{"count=2", 400, "count is only valid with include=AVAILABILITY"},
		{"cloud=SECURE", 400, "cloud is only valid with include=AVAILABILITY"},
		{"countryCodes=US", 400, "countryCodes is only valid with include=AVAILABILITY"},
		{"cudaVersions=12.8", 400, "cudaVersions is only valid with include=AVAILABILITY"},
		{"minCudaVersion=12", 400, "minCudaVersion is only valid with include=AVAILABILITY"},
		{"include=AVAILABILITY&product=POD&cudaVersions=12.8&minCudaVersion=12", 400, "mutually exclusive"},
		{"include=STOCK&product=POD", 422, "query.include[0]: value 'STOCK' must be one of 'AVAILABILITY'"},
		{"include=AVAILABILITY,AVAILABILITY&product=POD", 422, "query.include: maxItems: got 2, want 1"},
		{"include=&product=POD", 422, "query.include[0]"},
		{"include=AVAILABILITY&product=PODS", 422, "query.product[0]: value 'PODS'"},
		{"include=AVAILABILITY&product=POD,", 422, "query.product[1]"},
		{"include=AVAILABILITY&product=POD&product=CLUSTER", 422, "given 2 times"},
		{"include=AVAILABILITY&product=POD&count=0", 422, "query.count: minimum: got 0, want 1"},
		{"include=AVAILABILITY&product=POD&count=two", 422, "query.count: 'two' is not an integer"},
		{"include=AVAILABILITY&product=POD&cloud=PRIVATE", 422, "query.cloud: value 'PRIVATE'"},
		{"include=AVAILABILITY&product=POD&countryCodes=us", 422, "query.countryCodes[0]: 'us' does not match"},
		{"include=AVAILABILITY&product=POD&countryCodes=US,FRA", 422, "query.countryCodes[1]"},
		{"include=AVAILABILITY&product=POD&cudaVersions=12", 422, "query.cudaVersions[0]: '12' does not match"},
		{"include=AVAILABILITY&product=POD&minCudaVersion=12.x", 422, "query.minCudaVersion: '12.x' does not match"},
		// A malformed value is reported (422) before the rule it also breaks.
		{"countryCodes=usa", 422, "query.countryCodes[0]"},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			c.t = t
			c.do("GET", "/v2/catalog/gpus?"+tc.query, nil).wantProblem(t, tc.status, tc.want)
			c.do("GET", gpuPath(rtx4090, tc.query), nil).wantProblem(t, tc.status, tc.want)
		})
	}
	t.Run("unknown GPU type", func(t *testing.T) {
		c.t = t
		c.do("GET", gpuPath("NVIDIA GeForce RTX 9999", ""), nil).wantProblem(t, http.StatusNotFound, "GPU type not found")
		c.do("GET", gpuPath("RTX 4090", "include=AVAILABILITY&product=POD"), nil).wantProblem(t, http.StatusNotFound, "")
	})
}

type dcResult struct {
	ID                 string
	NetworkVolumeTypes []string
	GpuAvailability    *[]availability
	CpuAvailability    *[]availability
}

func listDCs(t *testing.T, c *testClient, query string) []dcResult {
	t.Helper()
	var list struct{ DataCenters []dcResult }
	c.do("GET", "/v2/catalog/datacenters?"+query, nil).wantStatus(t, http.StatusOK).decode(t, &list)
	return list.DataCenters
}

func dcIDs(dcs []dcResult) []string {
	out := []string{}
	for _, d := range dcs {
		out = append(out, d.ID)
	}
	return out
}

func TestDataCenters(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	var list struct{ DataCenters []map[string]any }
	c.do("GET", "/v2/catalog/datacenters", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	mustEqual(t, "count", len(list.DataCenters), 6)
	mustEqual(t, "US-TX-3", list.DataCenters[1], map[string]any{
		"id": "US-TX-3", "name": "US Texas 3", "region": "NORTH_AMERICA", "globalNetwork": true,
		"networkVolumeTypes": []any{"STANDARD", "HIGH_PERFORMANCE"},
		"compliance":         []any{"ISO_IEC_27001", "SOC_2_TYPE_2", "HIPAA"},
	})
	mustEqual(t, "EU-SE-1 has no storage", list.DataCenters[4]["networkVolumeTypes"], []any{})

	cases := map[string][]string{
		"regions=EUROPE":                               {"EU-RO-1", "EU-SE-1"},
		"regions=EUROPE,ASIA":                          {"EU-RO-1", "EU-SE-1", "AP-JP-1"},
		"regions=AFRICA":                               {},
		"networkVolumeTypes=STANDARD":                  {"US-KS-2", "US-TX-3", "CA-MTL-1", "EU-RO-1", "AP-JP-1"},
		"networkVolumeTypes=STANDARD,HIGH_PERFORMANCE": {"US-TX-3"},
		"compliance=GDPR,RENEWABLE":                    {"EU-SE-1"},
		"compliance=SOC_2_TYPE_2":                      {"US-KS-2", "US-TX-3", "CA-MTL-1", "EU-RO-1"},
		"globalNetwork=true":                           {"US-KS-2", "US-TX-3", "EU-RO-1"},
		"regions=NORTH_AMERICA&globalNetwork=false":    {"CA-MTL-1"},
		"regions=EUROPE&networkVolumeTypes=STANDARD":   {"EU-RO-1"},
	}
	for q, want := range cases {
		mustEqual(t, q, dcIDs(listDCs(t, c, q)), want)
	}

	dcs := listDCs(t, c, "include=GPU_AVAILABILITY")
	mustEqual(t, "KS GPUs", len(*dcs[0].GpuAvailability), 5)
	if dcs[0].CpuAvailability != nil {
		t.Fatal("cpuAvailability without CPU_AVAILABILITY")
	}
	mustEqual(t, "JP GPUs", *dcs[5].GpuAvailability, []availability{{"NVIDIA A100 80GB PCIe", "A100 PCIe", "MEDIUM"}})
	dcs = listDCs(t, c, "include=GPU_AVAILABILITY,CPU_AVAILABILITY&regions=ASIA")
	mustEqual(t, "JP has no CPUs: key omitted", dcs[0].CpuAvailability, (*[]availability)(nil))
	f.SetGPUStock("NVIDIA A100 80GB PCIe", "POD", "SECURE", "AP-JP-1", -1)
	dcs = listDCs(t, c, "include=GPU_AVAILABILITY&regions=ASIA")
	mustEqual(t, "JP without GPUs: key omitted", dcs[0].GpuAvailability, (*[]availability)(nil))
	dcs = listDCs(t, c, "include=CPU_AVAILABILITY&regions=EUROPE")
	mustEqual(t, "RO CPUs", *dcs[0].CpuAvailability, []availability{{"cpu3c", "Compute-Optimized", "HIGH"}, {"cpu5m", "Memory-Optimized", "NONE"}})

	var one dcResult
	c.do("GET", "/v2/catalog/datacenters/EU-SE-1?include=GPU_AVAILABILITY", nil).wantStatus(t, http.StatusOK).decode(t, &one)
	mustEqual(t, "single", []any{one.ID, one.NetworkVolumeTypes, len(*one.GpuAvailability)}, []any{"EU-SE-1", []string{}, 2})
}

func TestDataCenterRefusals(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	for q, want := range map[string]string{
		"regions=MARS":                      "query.regions[0]: value 'MARS'",
		"regions=europe":                    "query.regions[0]",
		"include=GPU":                       "query.include[0]: value 'GPU'",
		"networkVolumeTypes=FAST":           "query.networkVolumeTypes[0]",
		"compliance=SOC2":                   "query.compliance[0]",
		"globalNetwork=yes":                 "query.globalNetwork: 'yes' is not a boolean",
		"regions=EUROPE&regions=ASIA":       "given 2 times",
		"include=GPU_AVAILABILITY,CPU":      "query.include[1]",
		"compliance=GDPR&globalNetwork=1":   "query.globalNetwork",
		"networkVolumeTypes=STANDARD,,HIGH": "query.networkVolumeTypes[1]",
	} {
		c.do("GET", "/v2/catalog/datacenters?"+q, nil).wantProblem(t, http.StatusUnprocessableEntity, want)
	}
	c.do("GET", "/v2/catalog/datacenters/EU-RO-1?include=BOTH", nil).wantProblem(t, http.StatusUnprocessableEntity, "query.include[0]")
	c.do("GET", "/v2/catalog/datacenters/EU-XX-9", nil).wantProblem(t, http.StatusNotFound, "data center not found")
}

type cpuResult struct {
	ID           string
	Availability *string
	DataCenters  []availability
}

func TestCPUTypes(t *testing.T) {
	t.Parallel()
	f, c := newTestClient(t)
	var list struct{ Cpus []map[string]any }
	c.do("GET", "/v2/catalog/cpus", nil).wantStatus(t, http.StatusOK).decode(t, &list)
	mustEqual(t, "count", len(list.Cpus), 4)
	mustEqual(t, "cpu3c", list.Cpus[0], map[string]any{
		"id": "cpu3c", "name": "Compute-Optimized", "group": "Gen 3",
		"vcpu": map[string]any{"min": float64(2), "max": float64(32)}, "ramGbPerVcpu": float64(2),
		"price": map[string]any{"securePerVcpu": 0.03, "serverlessPerVcpu": 0.042},
	})

	get := func(id, q string) cpuResult {
		t.Helper()
		var r cpuResult
		c.do("GET", "/v2/catalog/cpus/"+id+"?"+q, nil).wantStatus(t, http.StatusOK).decode(t, &r)
		return r
	}
	r := get("cpu3c", "include=AVAILABILITY&product=POD")
	mustEqual(t, "cpu3c pods", r.DataCenters, []availability{{"US-KS-2", "US Kansas 2", "HIGH"}, {"EU-RO-1", "EU Romania 1", "HIGH"}})
	r = get("cpu3c", "include=AVAILABILITY&product=POD&vcpuCount=32")
	mustEqual(t, "32 vCPUs", r.DataCenters, []availability{{"US-KS-2", "US Kansas 2", "MEDIUM"}, {"EU-RO-1", "EU Romania 1", "LOW"}})
	r = get("cpu3c", "include=AVAILABILITY&product=POD&vcpuCount=64")
	mustEqual(t, "above the flavour max", []any{*r.Availability, r.DataCenters}, []any{"NONE", []availability(nil)})
	r = get("cpu3c", "include=AVAILABILITY&product=SERVERLESS")
	mustEqual(t, "serverless", r.DataCenters, []availability{{"US-KS-2", "US Kansas 2", "HIGH"}})
	r = get("cpu5m", "include=AVAILABILITY&product=POD")
	mustEqual(t, "no stock", []any{*r.Availability, r.DataCenters}, []any{"NONE", []availability(nil)})
	f.mu.Lock() // no exported hook: stock is restocked in place
	f.catalog.cpuStock[cpuStockKey{"cpu5m", "POD", "EU-RO-1"}] = 8
	f.mu.Unlock()
	r = get("cpu5m", "include=AVAILABILITY&product=POD")
	mustEqual(t, "restocked", *r.Availability, "MEDIUM")
	r = get("cpu5m", "")
	mustEqual(t, "no include", r.Availability, (*string)(nil))
}

func TestCPUQueryRefusals(t *testing.T) {
	t.Parallel()
	_, c := newTestClient(t)
	for _, tc := range []struct {
		query  string
		status int
		want   string
	}{
		{"include=AVAILABILITY", 400, "product is required with include=AVAILABILITY"},
		{"product=POD", 400, "product is only valid with include=AVAILABILITY"},
		{"vcpuCount=4", 400, "vcpuCount is only valid with include=AVAILABILITY"},
		{"include=AVAILABILITY&product=POD&vcpuCount=6", 400, "vcpuCount must be a power of two"},
		{"include=AVAILABILITY&product=POD&vcpuCount=1", 422, "query.vcpuCount: minimum: got 1, want 2"},
		{"include=AVAILABILITY&product=POD&vcpuCount=x", 422, "not an integer"},
		{"include=AVAILABILITY&product=CLUSTER", 422, "query.product[0]: value 'CLUSTER'"},
		{"include=AVAILABILITY,AVAILABILITY&product=POD", 422, "maxItems"},
	} {
		c.do("GET", "/v2/catalog/cpus?"+tc.query, nil).wantProblem(t, tc.status, tc.want)
		c.do("GET", "/v2/catalog/cpus/cpu5c?"+tc.query, nil).wantProblem(t, tc.status, tc.want)
	}
	c.do("GET", "/v2/catalog/cpus/cpu9x", nil).wantProblem(t, http.StatusNotFound, "CPU type not found")
}

func TestStockSettersPanicOnUnknown(t *testing.T) {
	t.Parallel()
	f := New()
	for name, fn := range map[string]func(){
		"gpu":     func() { f.SetGPUStock("RTX 4090", "POD", "SECURE", "US-KS-2", 1) },
		"product": func() { f.SetGPUStock(rtx4090, "PODS", "SECURE", "US-KS-2", 1) },
		"cloud":   func() { f.SetGPUStock(rtx4090, "POD", "PUBLIC", "US-KS-2", 1) },
		"dc":      func() { f.SetGPUStock(rtx4090, "POD", "SECURE", "US-KS-9", 1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			fn()
		}()
	}
}
