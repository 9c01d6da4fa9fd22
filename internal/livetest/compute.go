package livetest

import (
	"context"
	"errors"
	"fmt"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// PodVCPUs is the size of the live run's CPU pod, the smallest the API
// allows.
const PodVCPUs = 2

// CPUChoice is the compute of the live run's pod.
type CPUChoice struct {
	ID         string
	USDPerHour float64
}

// CheapestCPU is the cheapest CPU flavour with stock for a PodVCPUs pod on
// Secure Cloud (one catalog read).
func CheapestCPU(ctx context.Context, c *runpod.Client) (CPUChoice, error) {
	types, err := c.ListCPUTypes(ctx, runpod.CPUTypeQuery{IncludeAvailability: true, Products: []string{"POD"}, VCPUCount: PodVCPUs})
	if err != nil {
		return CPUChoice{}, fmt.Errorf("reading the CPU catalog: %w", err)
	}
	var best *CPUChoice
	for _, t := range types {
		if t.Availability == "" || t.Availability == "NONE" || t.VCPU.Min > PodVCPUs || t.Price.SecurePerVCPU <= 0 {
			continue
		}
		price := t.Price.SecurePerVCPU * PodVCPUs
		if best == nil || price < best.USDPerHour {
			best = &CPUChoice{ID: t.ID, USDPerHour: price}
		}
	}
	if best == nil {
		return CPUChoice{}, errors.New("no CPU flavour has stock for a 2 vCPU pod")
	}
	return *best, nil
}
