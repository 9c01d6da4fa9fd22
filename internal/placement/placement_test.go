package placement

import (
	"slices"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func av(id, level string) runpod.Availability {
	return runpod.Availability{ID: id, Name: id, Availability: level}
}

func gpu(id, name string, memory int, secure, community float64, dcs ...runpod.Availability) runpod.GPUType {
	g := runpod.GPUType{
		ID: id, Name: name, Manufacturer: "NVIDIA", Memory: memory,
		Secure: secure > 0, Community: community > 0,
		Price:       runpod.GPUPrice{Secure: secure, Community: community},
		MaxCount:    runpod.GPUMaxCount{Secure: 8, Community: 8},
		DataCenters: dcs,
	}
	if community == 0 {
		g.MaxCount.Community = 0
	}
	g.Availability = "NONE"
	for _, d := range dcs {
		if rank(d.Availability) > rank(g.Availability) {
			g.Availability = d.Availability
		}
	}
	return g
}

func rank(l string) int { return slices.Index([]string{"NONE", "LOW", "MEDIUM", "HIGH"}, l) }

const (
	rtx4090 = "NVIDIA GeForce RTX 4090"
	a6000   = "NVIDIA RTX A6000"
	l40s    = "NVIDIA L40S"
	h200    = "NVIDIA H200"
	a100    = "NVIDIA A100 80GB PCIe"
	mi300x  = "AMD Instinct MI300X OAM"
)

// testTypes is an availability read for POD, Secure Cloud, 1 GPU.
func testTypes() []runpod.GPUType {
	g4090 := gpu(rtx4090, "RTX 4090", 24, 0.69, 0.34, av("EU-RO-1", "HIGH"), av("US-KS-2", "MEDIUM"), av("EU-SE-1", "NONE"))
	g4090.CudaVersions = []runpod.CudaVersion{{Version: "12.4", Available: true}, {Version: "12.6", Available: true}, {Version: "12.8", Available: true}, {Version: "12.9"}}
	amd := gpu(mi300x, "MI300X", 192, 2.49, 0, av("US-TX-3", "MEDIUM"))
	amd.Manufacturer = "AMD"
	return []runpod.GPUType{
		g4090,
		gpu(a6000, "RTX A6000", 48, 0.49, 0.33, av("US-KS-2", "MEDIUM"), av("EU-SE-1", "LOW")),
		gpu(l40s, "L40S", 48, 0.86, 0, av("US-KS-2", "HIGH"), av("EU-RO-1", "LOW")),
		gpu(h200, "H200 SXM", 141, 3.99, 0),
		gpu(a100, "A100 PCIe", 80, 1.64, 1.19, av("US-KS-2", "HIGH")),
		amd,
	}
}

func testDCs() []runpod.DataCenter {
	var out []runpod.DataCenter
	for _, id := range []string{"US-KS-2", "US-TX-3", "CA-MTL-1", "EU-RO-1", "EU-SE-1", "AP-JP-1"} {
		out = append(out, runpod.DataCenter{ID: id, Name: id})
	}
	return out
}

// withCuda is the read with a CUDA filter: only the given rows per type.
func withCuda(rows map[string][]runpod.Availability) []runpod.GPUType {
	var out []runpod.GPUType
	for _, g := range testTypes() {
		g.DataCenters = rows[g.ID]
		out = append(out, g)
	}
	return out
}

func TestDecideGPU(t *testing.T) {
	tests := []struct {
		name string
		req  GPURequest
		in   GPUInputs

		outcome    Outcome
		placeable  []string
		closest    []string
		otherDCs   []string
		otherTypes []string
		price      float64
		// detail must contain each of these, in order.
		detail []string
	}{
		{
			name: "stock anywhere", req: GPURequest{GPUTypeID: rtx4090},
			in:      GPUInputs{Types: testTypes()},
			outcome: OK, placeable: []string{"EU-RO-1", "US-KS-2"}, price: 0.69,
		},
		{
			name: "stock in the requested data center", req: GPURequest{GPUTypeID: rtx4090, GPUCount: 2, DataCenterIDs: []string{"EU-SE-1", "US-KS-2"}},
			in:      GPUInputs{Types: testTypes(), DataCenters: testDCs()},
			outcome: OK, placeable: []string{"US-KS-2"}, price: 1.38,
		},
		{
			name: "display name instead of id", req: GPURequest{GPUTypeID: "RTX 4090"},
			in:      GPUInputs{Types: testTypes()},
			outcome: UnknownType, closest: []string{rtx4090},
			detail: []string{`GPU type "RTX 4090" is not in Runpod's GPU catalog`, `"NVIDIA GeForce RTX 4090" (RTX 4090, 24 GB)`, "same \"no instances available\" error as a stock-out"},
		},
		{
			name: "lower case id", req: GPURequest{GPUTypeID: "nvidia geforce rtx 4090"},
			in:      GPUInputs{Types: testTypes()},
			outcome: UnknownType, closest: []string{rtx4090},
		},
		{
			name: "typo", req: GPURequest{GPUTypeID: "NVIDIA H100"},
			in:      GPUInputs{Types: testTypes()},
			outcome: UnknownType, closest: []string{h200},
		},
		{
			name: "substring", req: GPURequest{GPUTypeID: "A100"},
			in:      GPUInputs{Types: testTypes()},
			outcome: UnknownType, closest: []string{a100},
		},
		{
			name: "nothing close", req: GPURequest{GPUTypeID: "quantum annealer"},
			in:      GPUInputs{Types: testTypes()},
			outcome: UnknownType, closest: []string{},
			detail: []string{"runpod_gpu_types data source lists every id"},
		},
		{
			name: "unknown data center", req: GPURequest{GPUTypeID: rtx4090, DataCenterIDs: []string{"EU-RO-2"}},
			in:      GPUInputs{Types: testTypes(), DataCenters: testDCs()},
			outcome: UnknownDataCenter, closest: []string{"EU-RO-1"},
			detail: []string{`Data center "EU-RO-2" is not in Runpod's catalog`, `"EU-RO-1"`},
		},
		{
			name: "secure-only type on community", req: GPURequest{GPUTypeID: l40s, Cloud: runpod.CloudCommunity},
			in:      GPUInputs{Types: testTypes()},
			outcome: NotInCloud,
			detail:  []string{"NVIDIA L40S is not offered on Community Cloud", `offered on Secure Cloud (cloud = "SECURE")`},
		},
		{
			name: "more GPUs than a machine holds", req: GPURequest{GPUTypeID: rtx4090, GPUCount: 9},
			in:      GPUInputs{Types: testTypes()},
			outcome: CountOutOfRange, price: 9 * 0.69,
			detail: []string{"holds at most 8 GPUs", "Ask for 8 or fewer"},
		},
		{
			name: "no stock anywhere", req: GPURequest{GPUTypeID: h200},
			in:      GPUInputs{Types: testTypes()},
			outcome: NoStock, otherTypes: []string{mi300x}, price: 3.99,
			detail: []string{"no stock for 1 × NVIDIA H200 per pod (Secure Cloud, product POD) in any data center",
				"no data center reports stock", "other GPU types with at least 141 GB in any data center", `"AMD Instinct MI300X OAM" (MI300X, 192 GB, $2.49 per GPU-hour): US-TX-3`},
		},
		{
			name: "no stock where requested", req: GPURequest{GPUTypeID: rtx4090, DataCenterIDs: []string{"EU-SE-1", "CA-MTL-1"}},
			in:      GPUInputs{Types: testTypes(), DataCenters: testDCs()},
			outcome: NoStock, otherDCs: []string{"EU-RO-1", "US-KS-2"}, otherTypes: []string{a6000},
			detail: []string{"in the requested data centers (EU-SE-1, CA-MTL-1)", "  - EU-SE-1: NONE\n  - CA-MTL-1: NONE",
				"NVIDIA GeForce RTX 4090 in other data centers: EU-RO-1 (HIGH), US-KS-2 (MEDIUM)", `"NVIDIA RTX A6000" (RTX A6000, 48 GB, $0.49 per GPU-hour): EU-SE-1`},
		},
		{
			name: "nothing similar anywhere", req: GPURequest{GPUTypeID: mi300x, DataCenterIDs: []string{"EU-RO-1"}},
			in:      GPUInputs{Types: testTypes(), DataCenters: testDCs()},
			outcome: NoStock, otherDCs: []string{"US-TX-3"},
		},
		{
			name: "cluster price and product", req: GPURequest{Product: ProductCluster, GPUTypeID: a100, GPUCount: 8, PodCount: 2},
			in:      GPUInputs{Types: testTypes()},
			outcome: OK, placeable: []string{"US-KS-2"}, price: 16 * 1.64,
		},
		{
			name: "community price", req: GPURequest{GPUTypeID: rtx4090, Cloud: runpod.CloudCommunity, GPUCount: 2},
			in:      GPUInputs{Types: testTypes()},
			outcome: OK, placeable: []string{"EU-RO-1", "US-KS-2"}, price: 0.68,
		},
		{
			name: "CUDA floor with stock", req: GPURequest{GPUTypeID: rtx4090, MinCudaVersion: "12.6"},
			in: GPUInputs{Types: testTypes(), CudaTypes: withCuda(map[string][]runpod.Availability{
				rtx4090: {av("US-KS-2", "MEDIUM")},
			})},
			outcome: OK, placeable: []string{"US-KS-2"}, price: 0.69,
		},
		{
			name: "CUDA floor without stock", req: GPURequest{GPUTypeID: rtx4090, MinCudaVersion: "12.9", DataCenterIDs: []string{"EU-RO-1"}},
			in: GPUInputs{Types: testTypes(), DataCenters: testDCs(), CudaTypes: withCuda(map[string][]runpod.Availability{
				rtx4090: {av("US-TX-3", "LOW")},
				a100:    {av("EU-RO-1", "HIGH")},
				l40s:    {av("EU-RO-1", "NONE")},
			})},
			outcome: NoCudaStock, otherDCs: []string{"US-TX-3"}, otherTypes: []string{a100},
			detail: []string{"has stock for 1 × NVIDIA GeForce RTX 4090 per pod", "not on machines running CUDA 12.9 or later",
				"  - EU-RO-1: HIGH", "with stock (any data center): 12.4, 12.6, 12.8; without stock: 12.9",
				"Lower the CUDA requirement", "NVIDIA GeForce RTX 4090 in other data centers: US-TX-3 (LOW)",
				`"NVIDIA A100 80GB PCIe" (A100 PCIe, 80 GB, $1.64 per GPU-hour): EU-RO-1`},
		},
		{
			name: "allowed CUDA list without stock", req: GPURequest{GPUTypeID: rtx4090, AllowedCudaVersions: []string{"11.8", "12.0"}},
			in:      GPUInputs{Types: testTypes(), CudaTypes: withCuda(nil)},
			outcome: NoCudaStock,
			detail:  []string{"not on machines running one of CUDA 11.8, 12.0", "Nothing similar has stock now: no other GPU type with at least 24 GB on an accepted CUDA version has stock in any data center for 1 GPU per pod"},
		},
		{
			name: "CUDA on an AMD GPU", req: GPURequest{GPUTypeID: mi300x, MinCudaVersion: "12.4"},
			in:      GPUInputs{Types: testTypes(), CudaTypes: withCuda(nil)},
			outcome: NoCudaStock,
			detail:  []string{"AMD GPUs do not run CUDA"},
		},
		{
			name: "out of stock and CUDA: alternatives honour CUDA", req: GPURequest{GPUTypeID: h200, MinCudaVersion: "12.8"},
			in: GPUInputs{Types: testTypes(), CudaTypes: withCuda(map[string][]runpod.Availability{
				a100: {av("US-KS-2", "HIGH")},
			})},
			outcome: NoStock, otherTypes: []string{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := DecideGPU(tt.req, tt.in)
			if res.Outcome != tt.outcome {
				t.Fatalf("outcome %v, want %v\n%s", res.Outcome, tt.outcome, res.Detail)
			}
			if tt.outcome == OK {
				if res.Summary != "" || res.Detail != "" {
					t.Errorf("OK result has text: %q %q", res.Summary, res.Detail)
				}
			} else if res.Summary == "" || res.Detail == "" {
				t.Errorf("no diagnostic text for %v", res.Outcome)
			}
			if tt.placeable != nil && !slices.Equal(res.Placeable, tt.placeable) {
				t.Errorf("placeable %v, want %v", res.Placeable, tt.placeable)
			}
			if tt.closest != nil && !slices.Equal(nonNil(res.ClosestIDs), tt.closest) {
				t.Errorf("closest %v, want %v", res.ClosestIDs, tt.closest)
			}
			if tt.otherDCs != nil {
				var got []string
				for _, r := range res.OtherDataCenters {
					got = append(got, r.ID)
				}
				if !slices.Equal(got, tt.otherDCs) {
					t.Errorf("other data centers %v, want %v", got, tt.otherDCs)
				}
			}
			if tt.otherTypes != nil {
				got := []string{}
				for _, a := range res.OtherTypes {
					got = append(got, a.ID)
				}
				if !slices.Equal(got, tt.otherTypes) {
					t.Errorf("other types %v, want %v", got, tt.otherTypes)
				}
			}
			if tt.price != 0 && (!res.Price.Known || !near(res.Price.PerHour, tt.price)) {
				t.Errorf("price %+v, want %v per hour", res.Price, tt.price)
			}
			containsInOrder(t, res.Detail, tt.detail)
		})
	}
}

func TestDecideCPU(t *testing.T) {
	types := []runpod.CPUType{
		{ID: "cpu3c", Name: "Compute-Optimized", VCPU: runpod.VCPURange{Min: 2, Max: 32}, RAMGBPerVCPU: 2,
			Price: runpod.CPUPrice{SecurePerVCPU: 0.03}, DataCenters: []runpod.Availability{av("US-KS-2", "HIGH")}},
		{ID: "cpu3g", Name: "General Purpose", VCPU: runpod.VCPURange{Min: 2, Max: 32}, RAMGBPerVCPU: 4,
			Price: runpod.CPUPrice{SecurePerVCPU: 0.04}, DataCenters: []runpod.Availability{av("CA-MTL-1", "LOW")}},
		{ID: "cpu5m", Name: "Memory-Optimized", VCPU: runpod.VCPURange{Min: 2, Max: 32}, RAMGBPerVCPU: 8,
			Price: runpod.CPUPrice{SecurePerVCPU: 0.06}, DataCenters: []runpod.Availability{av("EU-RO-1", "NONE")}},
	}
	tests := []struct {
		name    string
		req     CPURequest
		outcome Outcome
		closest []string
		others  []string
		price   float64
		detail  []string
	}{
		{name: "stock", req: CPURequest{CPUTypeID: "cpu3c", VCPUCount: 4}, outcome: OK, price: 0.12},
		{name: "unknown", req: CPURequest{CPUTypeID: "cpu3x", VCPUCount: 4}, outcome: UnknownType, closest: []string{"cpu3c", "cpu3g"},
			detail: []string{`CPU flavour "cpu3x" is not in Runpod's CPU catalog`, "runpod_cpu_types"}},
		{name: "community", req: CPURequest{CPUTypeID: "cpu3c", VCPUCount: 4, Cloud: runpod.CloudCommunity}, outcome: NotInCloud,
			detail: []string{"Secure Cloud only", `Set cloud = "SECURE"`}},
		{name: "too many vCPUs", req: CPURequest{CPUTypeID: "cpu3c", VCPUCount: 64}, outcome: CountOutOfRange,
			detail: []string{"2 to 32 vCPUs", "64 is outside"}},
		{name: "no stock", req: CPURequest{CPUTypeID: "cpu5m", VCPUCount: 2}, outcome: NoStock, others: []string{"cpu3c", "cpu3g"},
			detail: []string{"no stock for a cpu5m CPU pod with 2 vCPUs", "  - EU-RO-1: NONE", `flavour "cpu3c" (Compute-Optimized, $0.03 per vCPU-hour) in US-KS-2`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := DecideCPU(tt.req, CPUInputs{Types: types})
			if res.Outcome != tt.outcome {
				t.Fatalf("outcome %v, want %v\n%s", res.Outcome, tt.outcome, res.Detail)
			}
			if tt.closest != nil && !slices.Equal(res.ClosestIDs, tt.closest) {
				t.Errorf("closest %v, want %v", res.ClosestIDs, tt.closest)
			}
			if tt.others != nil {
				var got []string
				for _, a := range res.OtherTypes {
					got = append(got, a.ID)
				}
				if !slices.Equal(got, tt.others) {
					t.Errorf("other types %v, want %v", got, tt.others)
				}
			}
			if tt.price != 0 && !near(res.Price.PerHour, tt.price) {
				t.Errorf("price %+v, want %v", res.Price, tt.price)
			}
			containsInOrder(t, res.Detail, tt.detail)
		})
	}
}

func TestCudaQuery(t *testing.T) {
	if _, ok := CudaQuery(GPURequest{GPUTypeID: rtx4090}); ok {
		t.Error("a request without a CUDA constraint has a CUDA query")
	}
	q, ok := CudaQuery(GPURequest{GPUTypeID: rtx4090, AllowedCudaVersions: []string{"12.8", "12.4"}, GPUCount: 2, Cloud: runpod.CloudCommunity})
	if !ok || !slices.Equal(q.CudaVersions, []string{"12.4", "12.8"}) || q.Count != 2 || q.Cloud != runpod.CloudCommunity || q.Products[0] != ProductPod {
		t.Errorf("CUDA query %+v", q)
	}
}

func containsInOrder(t *testing.T, s string, parts []string) {
	t.Helper()
	rest := s
	for _, p := range parts {
		i := strings.Index(rest, p)
		if i < 0 {
			t.Errorf("detail lacks (in order) %q:\n%s", p, s)
			return
		}
		rest = rest[i+len(p):]
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
