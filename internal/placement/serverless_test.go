package placement

import (
	"slices"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func serverlessGPU(id, pool string, price float64, level string) runpod.GPUType {
	g := runpod.GPUType{ID: id, Availability: level}
	if pool != "" {
		g.Pool = &pool
	}
	if price > 0 {
		g.Price.Serverless = &price
	}
	return g
}

func TestServerlessPools(t *testing.T) {
	pools := PoolsOf([]runpod.GPUType{
		serverlessGPU("NVIDIA L4", "ADA_24", 0.48, "NONE"),
		serverlessGPU("NVIDIA GeForce RTX 4090", "ADA_24", 0.69, "LOW"),
		serverlessGPU("NVIDIA A100 80GB PCIe", "AMPERE_80", 1.64, "HIGH"),
		serverlessGPU("NVIDIA A40", "", 0.40, "HIGH"),
		serverlessGPU("NVIDIA H100 80GB HBM3", "HOPPER_141", 0, "NONE"),
	})
	if got := pools.IDs(); !slices.Equal(got, []string{"ADA_24", "AMPERE_80", "HOPPER_141"}) {
		t.Errorf("IDs = %v: a type without a pool serves no endpoint", got)
	}
	if got := pools.Unknown([]string{"AMPERE_80", "A40", "ADA_24", "nope"}); !slices.Equal(got, []string{"A40", "nope"}) {
		t.Errorf("Unknown = %v", got)
	}
	if got := pools.TypeIDs([]string{"AMPERE_80", "ADA_24"}); !slices.Equal(got, []string{"NVIDIA A100 80GB PCIe", "NVIDIA GeForce RTX 4090", "NVIDIA L4"}) {
		t.Errorf("TypeIDs = %v", got)
	}
	for _, c := range []struct {
		pool  string
		price float64
		level string
	}{
		{"ADA_24", 0.69, "LOW"}, // the dearest type, the best stock
		{"AMPERE_80", 1.64, "HIGH"},
		{"HOPPER_141", 0, "NONE"}, // no serverless price listed
		{"nope", 0, "NONE"},
	} {
		if price, level := pools.PriceAndStock(c.pool); price != c.price || level != c.level {
			t.Errorf("PriceAndStock(%s) = %v, %s; want %v, %s", c.pool, price, level, c.price, c.level)
		}
	}
	if q := ServerlessGPUQuery(); !q.IncludeAvailability || !slices.Equal(q.Products, []string{ProductServerless}) {
		t.Errorf("ServerlessGPUQuery = %+v", q)
	}
}

func TestServerlessCPUFlavours(t *testing.T) {
	flavours := []runpod.CPUType{
		{ID: "cpu5c", VCPU: runpod.VCPURange{Min: 2, Max: 32}},
		{ID: "cpu3c", VCPU: runpod.VCPURange{Min: 2, Max: 8}},
		{ID: "cpu3g"},
	}
	if got := CPUTypeIDs(flavours); !slices.Equal(got, []string{"cpu3c", "cpu3g", "cpu5c"}) {
		t.Errorf("CPUTypeIDs = %v", got)
	}
	if FindCPU(flavours, "cpu9x") != nil || FindCPU(flavours, "cpu3c").VCPU.Max != 8 {
		t.Error("FindCPU finds the wrong flavour")
	}
	for _, c := range []struct {
		id   string
		n    int
		fits bool
	}{
		{"cpu3c", 2, true}, {"cpu3c", 8, true}, {"cpu3c", 16, false}, {"cpu5c", 1, false},
		{"cpu3g", 64, true}, // no range listed: not checked
	} {
		if got := ServerlessVCPUsFit(*FindCPU(flavours, c.id), c.n); got != c.fits {
			t.Errorf("ServerlessVCPUsFit(%s, %d) = %v", c.id, c.n, got)
		}
	}
}

// A worker runs on one machine: the most GPUs it can have is the largest
// machine of the listed pools' types, on either cloud, without the excluded
// types; 0 when the catalog states none.
func TestServerlessMaxGPUCount(t *testing.T) {
	withMax := func(g runpod.GPUType, secure, community int) runpod.GPUType {
		g.MaxCount = runpod.GPUMaxCount{Secure: secure, Community: community}
		return g
	}
	pools := PoolsOf([]runpod.GPUType{
		withMax(serverlessGPU("NVIDIA L4", "ADA_24", 0.48, "LOW"), 4, 2),
		withMax(serverlessGPU("NVIDIA GeForce RTX 4090", "ADA_24", 0.69, "LOW"), 2, 6),
		withMax(serverlessGPU("NVIDIA H100 80GB HBM3", "ADA_80_PRO", 4.18, "LOW"), 8, 8),
		serverlessGPU("NVIDIA H200", "HOPPER_141", 5.58, "LOW"),
	})
	for _, c := range []struct {
		ids, excluded []string
		most          int
		typ           string
	}{
		{[]string{"ADA_24"}, nil, 6, "NVIDIA GeForce RTX 4090"},
		{[]string{"ADA_24"}, []string{"NVIDIA GeForce RTX 4090"}, 4, "NVIDIA L4"},
		{[]string{"ADA_24", "ADA_80_PRO"}, nil, 8, "NVIDIA H100 80GB HBM3"},
		{[]string{"HOPPER_141"}, nil, 0, ""},
	} {
		if most, typ := pools.MaxGPUCount(c.ids, c.excluded); most != c.most || typ != c.typ {
			t.Errorf("MaxGPUCount(%v, %v) = %d, %q; want %d, %q", c.ids, c.excluded, most, typ, c.most, c.typ)
		}
	}
}
