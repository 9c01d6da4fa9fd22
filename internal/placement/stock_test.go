package placement

import "testing"

func TestAvailabilityRank(t *testing.T) {
	levels := []string{"NONE", "LOW", "MEDIUM", "HIGH"}
	for i := 1; i < len(levels); i++ {
		if AvailabilityRank(levels[i]) <= AvailabilityRank(levels[i-1]) {
			t.Errorf("%s does not rank above %s", levels[i], levels[i-1])
		}
	}
	if AvailabilityRank("bogus") != 0 {
		t.Error("an unknown level ranks above NONE")
	}
	if HasStock("NONE") || HasStock("") || !HasStock("LOW") {
		t.Error("HasStock is wrong")
	}
}
