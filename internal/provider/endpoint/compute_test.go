package endpoint

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func pooled(id, pool string, price float64, level string) runpod.GPUType {
	return runpod.GPUType{ID: id, Pool: &pool, Price: runpod.GPUPrice{Serverless: &price}, Availability: level}
}

var testPools = placement.PoolsOf([]runpod.GPUType{
	pooled("NVIDIA L4", "ADA_24", 0.48, "NONE"),
	pooled("NVIDIA GeForce RTX 4090", "ADA_24", 0.69, "NONE"),
	pooled("NVIDIA RTX A6000", "AMPERE_48", 0.85, "LOW"),
	pooled("NVIDIA A100 80GB PCIe", "AMPERE_80", 1.64, "HIGH"),
})

func TestExclusionsMustLeaveATypeOfThePools(t *testing.T) {
	for _, c := range []struct {
		name     string
		excluded []string
		summary  string
	}{
		{"none", nil, ""},
		{"one of two", []string{"NVIDIA L4"}, ""},
		{"padded id", []string{" NVIDIA L4"}, ""},
		{"not in the pools", []string{"NVIDIA H200"}, "Excluded GPU Type Not In The Pools"},
		{"every type", []string{"NVIDIA L4", "NVIDIA GeForce RTX 4090"}, "Every GPU Type Excluded"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var diags diag.Diagnostics
			checkExclusions([]string{"ADA_24"}, c.excluded, testPools, &diags)
			switch {
			case c.summary == "" && diags.HasError():
				t.Errorf("refused: %v", diags)
			case c.summary != "" && (len(diags) != 1 || diags[0].Summary() != c.summary):
				t.Errorf("got %v, want one %q", diags, c.summary)
			}
		})
	}
}

func TestGPUWorkerCostIsTheFirstPoolWithStock(t *testing.T) {
	wc := gpuWorkerCost([]string{"ADA_24", "AMPERE_80", "AMPERE_48"}, 2, testPools)
	if !wc.known || wc.perWorker != 3.28 || !strings.HasPrefix(wc.chosen, "AMPERE_80,") {
		t.Errorf("priced at %v (%s), want AMPERE_80 at 2 × 1.64", wc.perWorker, wc.chosen)
	}
	if wc.low != 1.38 || wc.high != 3.28 || len(wc.stock) != 3 || wc.stock[0] != "1. ADA_24: no serverless stock, $0.69/h per GPU" {
		t.Errorf("range %v-%v, stock %q", wc.low, wc.high, wc.stock)
	}
	wc = gpuWorkerCost([]string{"ADA_24"}, 0, testPools)
	if !wc.known || wc.perWorker != 0.69 || !strings.Contains(wc.chosen, "no listed pool has serverless stock now") || wc.describe != "1 GPU(s) per worker" {
		t.Errorf("without stock: %+v, want the first pool's price for one GPU", wc)
	}
}

func TestCPUWorkerCostIsTheFirstPricedFlavour(t *testing.T) {
	price := 0.03
	flavours := []runpod.CPUType{{ID: "cpu3c"}, {ID: "cpu5c", Price: runpod.CPUPrice{ServerlessPerVCPU: &price}}}
	wc := cpuWorkerCost([]runpod.EndpointCPURequest{{ID: "cpu3c", VCPUCount: 2}, {ID: "cpu5c", VCPUCount: 4}, {ID: "cpu5c", VCPUCount: 8}}, flavours)
	if !wc.known || wc.perWorker != 0.12 || wc.chosen != "cpu5c×4, the first cpu flavour the catalog prices" || wc.low != 0.12 || wc.high != 0.24 {
		t.Errorf("got %+v", wc)
	}
}
