package providerdata_test

import (
	"context"
	"slices"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

// placement.CheckGPU and CheckCPU against the fake's default catalog, reading
// through this package's memo: the reads are the ones the API answers, and
// repeated checks share them through the memo.
func TestCheckAgainstFake(t *testing.T) {
	fake := runpodfake.NewTestServer(t)
	client := runpodtest.Client(t, fake)
	cat, diags := providerdata.NewData(client).Catalog()
	if diags.HasError() {
		t.Fatal(diags)
	}
	ctx := context.Background()

	gpuTests := []struct {
		req       placement.GPURequest
		outcome   placement.Outcome
		placeable []string
	}{
		{placement.GPURequest{GPUTypeID: "NVIDIA GeForce RTX 4090"}, placement.OK, []string{"EU-RO-1", "US-KS-2"}},
		{placement.GPURequest{GPUTypeID: "NVIDIA GeForce RTX 4090", DataCenterIDs: []string{"EU-SE-1"}}, placement.NoStock, nil},
		{placement.GPURequest{GPUTypeID: "NVIDIA GeForce RTX 4090", MinCudaVersion: "12.8", DataCenterIDs: []string{"US-KS-2"}}, placement.OK, []string{"US-KS-2"}},
		{placement.GPURequest{GPUTypeID: "NVIDIA GeForce RTX 4090", MinCudaVersion: "12.9"}, placement.NoCudaStock, nil},
		{placement.GPURequest{GPUTypeID: "NVIDIA H100 80GB HBM3", MinCudaVersion: "12.9"}, placement.OK, []string{"US-TX-3"}},
		{placement.GPURequest{GPUTypeID: "NVIDIA H200"}, placement.NoStock, nil},
		{placement.GPURequest{GPUTypeID: "H200 SXM"}, placement.UnknownType, nil},
		{placement.GPURequest{GPUTypeID: "NVIDIA L40S", Cloud: runpod.CloudCommunity}, placement.NotInCloud, nil},
		{placement.GPURequest{GPUTypeID: "NVIDIA A100 80GB PCIe", Product: placement.ProductCluster, GPUCount: 8, PodCount: 2}, placement.OK, []string{"US-KS-2"}},
		{placement.GPURequest{GPUTypeID: "NVIDIA GeForce RTX 4090", DataCenterIDs: []string{"EU-XX-1"}}, placement.UnknownDataCenter, nil},
	}
	for _, tt := range gpuTests {
		res, err := placement.CheckGPU(ctx, cat, tt.req)
		if err != nil {
			t.Fatalf("%+v: %v", tt.req, err)
		}
		if res.Outcome != tt.outcome || (tt.placeable != nil && !slices.Equal(res.Placeable, tt.placeable)) {
			t.Errorf("%+v: %v %v, want %v %v\n%s", tt.req, res.Outcome, res.Placeable, tt.outcome, tt.placeable, res.Detail)
		}
	}
	if res, _ := placement.CheckGPU(ctx, cat, placement.GPURequest{GPUTypeID: "H200 SXM"}); !slices.Equal(res.ClosestIDs, []string{"NVIDIA H200"}) {
		t.Errorf("closest to the display name: %v", res.ClosestIDs)
	}

	// Ten checks above, but each distinct catalog query was sent once.
	if n := fake.CountRequests("GET", "/v2/catalog/gpus"); n != 5 {
		t.Errorf("%d GPU catalog reads, want 5 (one per distinct product, cloud, count and CUDA filter)", n)
	}
	if n := fake.CountRequests("GET", "/v2/catalog/datacenters"); n != 1 {
		t.Errorf("%d data-center reads, want 1", n)
	}

	res, err := placement.CheckCPU(ctx, cat, placement.CPURequest{CPUTypeID: "cpu5m", VCPUCount: 2})
	if err != nil || res.Outcome != placement.NoStock || len(res.OtherTypes) == 0 {
		t.Errorf("cpu5m: %v %+v", err, res)
	}
	res, err = placement.CheckCPU(ctx, cat, placement.CPURequest{CPUTypeID: "cpu3c", VCPUCount: 4, DataCenterIDs: []string{"EU-RO-1"}})
	if err != nil || !res.OK() || !near(res.Price.PerHour, 0.12) {
		t.Errorf("cpu3c: %v %+v", err, res)
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
