package catalog

import (
	"slices"
	"testing"
)

func TestClosestIDs(t *testing.T) {
	dcs := []string{"AP-JP-1", "CA-MTL-1", "EU-RO-1", "EU-SE-1", "US-KS-2", "US-TX-3"}
	gpus := []string{"NVIDIA GeForce RTX 4090", "NVIDIA GeForce RTX 3090", "NVIDIA H100 80GB HBM3", "NVIDIA A100 80GB PCIe"}
	for _, tt := range []struct {
		id    string
		valid []string
		want  []string
	}{
		{"US-KS2", dcs, []string{"US-KS-2"}},
		{"eu-ro-1", dcs, []string{"EU-RO-1"}},
		{"EU-RO-2", dcs, []string{"EU-RO-1"}},
		{"EU-XX-1", dcs, []string{"EU-RO-1", "EU-SE-1"}},
		{"RTX 4090", gpus, []string{"NVIDIA GeForce RTX 4090"}},
		{"NVIDIA H100", gpus, []string{"NVIDIA H100 80GB HBM3"}},
		{"NVIDIA RTX 4090", append(gpus, "NVIDIA RTX A5000", "NVIDIA RTX A6000"), []string{"NVIDIA GeForce RTX 4090", "NVIDIA RTX A5000", "NVIDIA RTX A6000"}},
		{"rtx4090", gpus, []string{"NVIDIA GeForce RTX 4090"}},
		{"something else entirely", dcs, []string{}},
	} {
		if got := closestIDs(tt.id, tt.valid); !slices.Equal(got, tt.want) {
			t.Errorf("closestIDs(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
}
