package placement

import (
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/suggest"
)

// Availability levels the catalog reports, lowest first.
var availabilityLevels = []string{"NONE", "LOW", "MEDIUM", "HIGH"}

// AvailabilityRank orders availability levels: NONE (or anything unknown)
// is 0, LOW 1, MEDIUM 2, HIGH 3. Sorting by it puts the best-stocked first.
func AvailabilityRank(level string) int {
	for i, l := range availabilityLevels {
		if l == level {
			return i
		}
	}
	return 0
}

// HasStock reports whether an availability level means something can be
// placed now (anything but NONE).
func HasStock(level string) bool { return AvailabilityRank(level) > 0 }

// closestGPUs are the three GPU type ids nearest to query, matching on both
// the id and the display name of each type.
func closestGPUs(types []runpod.GPUType, query string) []string {
	cands := make([]suggest.Candidate, 0, len(types))
	for _, t := range types {
		cands = append(cands, suggest.Candidate{ID: t.ID, Names: []string{t.ID, t.Name}})
	}
	return suggest.Closest(query, cands, 3, suggest.BestKind)
}
