package pod

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// placement writes the text; the pod reports it on the attribute at fault,
// and reports nothing for a request that can be placed.
func TestPlacementDiagnosticAttachesToAttribute(t *testing.T) {
	types := []runpod.GPUType{{ID: "NVIDIA GeForce RTX 4090", Name: "RTX 4090", Memory: 24, Secure: true,
		Price: runpod.GPUPrice{Secure: 0.69}, DataCenters: []runpod.Availability{{ID: "EU-RO-1", Availability: "HIGH"}}}}
	req := placement.GPURequest{GPUTypeID: "nope"}
	d := placementDiagnostic(placement.DecideGPU(req, placement.GPUInputs{Types: types}), true, req)
	if d == nil || d.Summary() != "Unknown GPU Type" {
		t.Fatalf("diagnostic %v", d)
	}
	type withPath interface{ Path() path.Path }
	if p, ok := d.(withPath); !ok || !p.Path().Equal(path.Root("gpu").AtName("type_id")) {
		t.Errorf("diagnostic not attached to gpu.type_id: %#v", d)
	}
	req.GPUTypeID = "NVIDIA GeForce RTX 4090"
	if d := placementDiagnostic(placement.DecideGPU(req, placement.GPUInputs{Types: types}), true, req); d != nil {
		t.Errorf("diagnostic for a placeable request: %v", d)
	}
}
