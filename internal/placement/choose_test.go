package placement

import (
	"context"
	"errors"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// fakeCatalog answers every GPU read with testTypes, or fails with err.
type fakeCatalog struct{ err error }

func (f *fakeCatalog) GPUTypes(context.Context, runpod.GPUTypeQuery) ([]runpod.GPUType, error) {
	return testTypes(), f.err
}

func (f *fakeCatalog) CPUTypes(context.Context, runpod.CPUTypeQuery) ([]runpod.CPUType, error) {
	return nil, nil
}

func (f *fakeCatalog) AllDataCenters(context.Context) ([]runpod.DataCenter, error) {
	return testDCs(), nil
}

// The first listed type that can be placed is chosen; the ones before it
// are reported with the check that refused them; with none, every type is.
func TestChooseGPU(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	req := GPURequest{DataCenterIDs: []string{"US-KS-2"}}

	c, err := ChooseGPU(ctx, &fakeCatalog{}, req, []string{h200, "NVIDIA RTX 9999", a6000, a100})
	if err != nil {
		t.Fatal(err)
	}
	if !c.OK() || c.TypeID != a6000 || c.Result.GPU.ID != a6000 || !c.Result.Price.Known {
		t.Fatalf("choice = %+v, want %s with its price", c, a6000)
	}
	want := "  - " + h200 + ": GPU Type Out of Stock\n  - NVIDIA RTX 9999: Unknown GPU Type"
	if got := c.SkippedLines(); got != want {
		t.Errorf("skipped lines = %q, want %q", got, want)
	}

	c, err = ChooseGPU(ctx, &fakeCatalog{}, GPURequest{DataCenterIDs: []string{"EU-SE-1"}}, []string{a100, h200})
	if err != nil {
		t.Fatal(err)
	}
	if c.OK() || len(c.Skipped) != 2 || c.Skipped[0].TypeID != a100 || c.Skipped[1].Result.Outcome != NoStock {
		t.Fatalf("choice with no stock = %+v, want none chosen and both skipped", c)
	}

	boom := errors.New("catalog down")
	if _, err := ChooseGPU(ctx, &fakeCatalog{err: boom}, req, []string{a100}); !errors.Is(err, boom) {
		t.Fatalf("error = %v, want the catalog's", err)
	}
}
