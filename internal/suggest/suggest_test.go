package suggest

import (
	"slices"
	"testing"
)

func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"h100", "h200", 1}, {"kitten", "sitting", 3}} {
		if got := levenshtein(c.a, c.b); got != c.d {
			t.Errorf("levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// The two matchings differ where the tests of their callers say they must
// (placement's TestDecideGPU, catalog's TestClosestIDs): under BestKind an
// id equal but for vendor words hides every other, under Typos it ranks
// with the ids a letter or two away.
func TestClosestMatchings(t *testing.T) {
	gpus := IDs([]string{"NVIDIA GeForce RTX 4090", "NVIDIA RTX A5000", "NVIDIA RTX A6000"})
	if got := Closest("NVIDIA RTX 4090", gpus, 3, BestKind); !slices.Equal(got, []string{"NVIDIA GeForce RTX 4090"}) {
		t.Errorf("BestKind: %q", got)
	}
	if got := Closest("NVIDIA RTX 4090", gpus, 3, Typos); !slices.Equal(got, []string{"NVIDIA GeForce RTX 4090", "NVIDIA RTX A5000", "NVIDIA RTX A6000"}) {
		t.Errorf("Typos: %q", got)
	}
	named := []Candidate{{ID: "NVIDIA H200", Names: []string{"NVIDIA H200", "H200 SXM"}}}
	if got := Closest("h200 sxm", named, 3, BestKind); !slices.Equal(got, []string{"NVIDIA H200"}) {
		t.Errorf("display name: %q", got)
	}
	if got := Closest("quantum annealer", gpus, 3, BestKind); got == nil || len(got) != 0 {
		t.Errorf("nothing close: %#v, want an empty list", got)
	}
}
