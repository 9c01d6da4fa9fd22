package runpod

import (
	"io"
	"net/http"
	"net/url"
	"testing"
)

// captured is what a catalog handler saw.
type captured struct {
	escapedPath string
	query       url.Values
	rawQuery    string
}

func catalogClient(t *testing.T, body string) (*Client, *captured) {
	t.Helper()
	got := &captured{}
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		got.escapedPath = r.URL.EscapedPath()
		got.query = r.URL.Query()
		got.rawQuery = r.URL.RawQuery
		_, _ = io.WriteString(w, body)
	})
	return c, got
}

func wantQuery(t *testing.T, got url.Values, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("query = %v, want exactly %v", got, want)
	}
	for k, v := range want {
		if got.Get(k) != v {
			t.Errorf("query %s = %q, want %q", k, got.Get(k), v)
		}
	}
}

const gpuJSON = `{"id":"NVIDIA GeForce RTX 4090","name":"RTX 4090","pool":null,"manufacturer":"NVIDIA",
	"memory":24,"secure":true,"community":false,"price":{"secure":0.69,"community":0.34},
	"maxCount":{"secure":8,"community":4},"availability":"HIGH",
	"dataCenters":[{"id":"US-KS-2","name":"US Kansas 2","availability":"LOW"}],
	"cudaVersions":[{"version":"12.8","available":true}]}`

func TestGetGPUTypeEscapesIDAndEncodesQuery(t *testing.T) {
	c, got := catalogClient(t, gpuJSON)
	gpu, err := c.GetGPUType(t.Context(), "NVIDIA GeForce RTX 4090", GPUTypeQuery{
		IncludeAvailability: true,
		Products:            []string{"POD", "SERVERLESS"},
		Count:               2,
		Cloud:               "COMMUNITY",
		CountryCodes:        []string{"FR", "DE"},
		MinCudaVersion:      "12",
	})
	if err != nil {
		t.Fatalf("GetGPUType: %v", err)
	}
	if got.escapedPath != "/v2/catalog/gpus/NVIDIA%20GeForce%20RTX%204090" {
		t.Errorf("path = %q", got.escapedPath)
	}
	wantQuery(t, got.query, map[string]string{
		"include": "AVAILABILITY", "product": "POD,SERVERLESS", "count": "2",
		"cloud": "COMMUNITY", "countryCodes": "FR,DE", "minCudaVersion": "12",
	})
	if gpu.Pool != nil || gpu.Price.Serverless != nil || gpu.Price.Secure != 0.69 || gpu.MaxCount.Community != 4 ||
		gpu.Availability != "HIGH" || len(gpu.DataCenters) != 1 || gpu.DataCenters[0].Availability != "LOW" ||
		len(gpu.CudaVersions) != 1 || !gpu.CudaVersions[0].Available {
		t.Errorf("decoded %+v", gpu)
	}
}

func TestListGPUTypesWithoutQuery(t *testing.T) {
	c, got := catalogClient(t, `{"gpus":[`+gpuJSON+`]}`)
	gpus, err := c.ListGPUTypes(t.Context(), GPUTypeQuery{})
	if err != nil {
		t.Fatalf("ListGPUTypes: %v", err)
	}
	if got.escapedPath != "/v2/catalog/gpus" || got.rawQuery != "" {
		t.Errorf("request = %s?%s", got.escapedPath, got.rawQuery)
	}
	if len(gpus) != 1 || gpus[0].ID != "NVIDIA GeForce RTX 4090" {
		t.Errorf("got %+v", gpus)
	}
}

func TestListGPUTypesCudaVersionsCSV(t *testing.T) {
	c, got := catalogClient(t, `{"gpus":[]}`)
	if _, err := c.ListGPUTypes(t.Context(), GPUTypeQuery{CudaVersions: []string{"12.8", "12.6"}}); err != nil {
		t.Fatalf("ListGPUTypes: %v", err)
	}
	wantQuery(t, got.query, map[string]string{"cudaVersions": "12.8,12.6"})
}

func TestDataCenterQueries(t *testing.T) {
	dc := `{"id":"EU-RO-1","name":"Europe Romania 1","region":"EUROPE","globalNetwork":false,
		"networkVolumeTypes":[],"compliance":["GDPR"],
		"gpuAvailability":[{"id":"NVIDIA A40","name":"A40","availability":"MEDIUM"}]}`

	c, got := catalogClient(t, `{"dataCenters":[`+dc+`]}`)
	dcs, err := c.ListDataCenters(t.Context(), DataCenterQuery{
		IncludeGPUAvailability: true, IncludeCPUAvailability: true,
		Regions: []string{"EUROPE", "ASIA"}, NetworkVolumeTypes: []string{"STANDARD"},
		Compliance: []string{"GDPR", "SOC_2_TYPE_2"}, GlobalNetwork: ptr(false),
	})
	if err != nil {
		t.Fatalf("ListDataCenters: %v", err)
	}
	wantQuery(t, got.query, map[string]string{
		"include": "GPU_AVAILABILITY,CPU_AVAILABILITY", "regions": "EUROPE,ASIA",
		"networkVolumeTypes": "STANDARD", "compliance": "GDPR,SOC_2_TYPE_2", "globalNetwork": "false",
	})
	if len(dcs) != 1 || dcs[0].Region != "EUROPE" || dcs[0].NetworkVolumeTypes == nil ||
		len(dcs[0].NetworkVolumeTypes) != 0 || len(dcs[0].GPUAvailability) != 1 || dcs[0].CPUAvailability != nil {
		t.Errorf("decoded %+v", dcs)
	}

	c, got = catalogClient(t, dc)
	if _, err := c.GetDataCenter(t.Context(), "EU-RO-1", DataCenterQuery{
		IncludeCPUAvailability: true, Regions: []string{"EUROPE"}, GlobalNetwork: ptr(true),
	}); err != nil {
		t.Fatalf("GetDataCenter: %v", err)
	}
	if got.escapedPath != "/v2/catalog/datacenters/EU-RO-1" {
		t.Errorf("path = %q", got.escapedPath)
	}
	// The single read accepts only include; filters are not sent.
	wantQuery(t, got.query, map[string]string{"include": "CPU_AVAILABILITY"})
}

func TestCPUTypeQueries(t *testing.T) {
	cpu := `{"id":"cpu3c-2-4","name":"Compute-Optimized","group":"Gen 3","vcpu":{"min":2,"max":32},
		"ramGbPerVcpu":2.5,"price":{"securePerVcpu":0.04,"serverlessPerVcpu":0.03},"availability":"LOW"}`

	c, got := catalogClient(t, cpu)
	ct, err := c.GetCPUType(t.Context(), "cpu3c-2-4", CPUTypeQuery{IncludeAvailability: true, Products: []string{"POD"}, VCPUCount: 4})
	if err != nil {
		t.Fatalf("GetCPUType: %v", err)
	}
	if got.escapedPath != "/v2/catalog/cpus/cpu3c-2-4" {
		t.Errorf("path = %q", got.escapedPath)
	}
	wantQuery(t, got.query, map[string]string{"include": "AVAILABILITY", "product": "POD", "vcpuCount": "4"})
	if ct.VCPU.Max != 32 || ct.RAMGBPerVCPU != 2.5 || ct.Price.ServerlessPerVCPU == nil ||
		*ct.Price.ServerlessPerVCPU != 0.03 || ct.Availability != "LOW" {
		t.Errorf("decoded %+v", ct)
	}

	c, got = catalogClient(t, `{"cpus":[`+cpu+`]}`)
	cts, err := c.ListCPUTypes(t.Context(), CPUTypeQuery{})
	if err != nil {
		t.Fatalf("ListCPUTypes: %v", err)
	}
	if got.rawQuery != "" || len(cts) != 1 {
		t.Errorf("query %q, got %+v", got.rawQuery, cts)
	}
}

func TestGetGPUTypeNotFound(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, _ *http.Request) {
		writeProblem(t, w, http.StatusNotFound, "gpu type not found")
	})
	_, err := c.GetGPUType(t.Context(), "NVIDIA Nonexistent", GPUTypeQuery{})
	if !IsNotFound(err) {
		t.Fatalf("err = %v, want not found", err)
	}
	if want := "GET /v2/catalog/gpus/NVIDIA%20Nonexistent: 404 Not Found: gpu type not found"; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
}
