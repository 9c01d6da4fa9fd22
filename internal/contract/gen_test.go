package contract

import (
	"reflect"
	"strings"
	"testing"
)

func TestGenerateIsDeterministicAndInRange(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		a, b := Generate(seed), Generate(seed)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two draws differ", seed)
		}
		if n := len(a.Resources); n < 2 || n > 8 {
			t.Errorf("seed %d: %d resources, want 2-8", seed, n)
		}
		if n := len(a.Steps); n < 3 || n > 8 {
			t.Errorf("seed %d: %d steps, want 3-8", seed, n)
		}
		if a.String() != b.String() {
			t.Errorf("seed %d: the printed scenario differs between draws", seed)
		}
		if strings.Contains(a.String(), `"missing"`) {
			t.Errorf("seed %d: a reference to a resource not in the configuration:\n%s", seed, a)
		}
	}
}

// The first hundred seeds reach every shape a known class of break needs.
func TestGenerateReachesTheKnownShapes(t *testing.T) {
	want := []string{"cluster cost", "console delete then no stock", "create refused beside created objects", "endpoint cost",
		"fault after the server acted", "pod cost", "volume cost", "write-only rotation"}
	seen := map[string][]uint64{}
	for seed := uint64(1); seed <= 100; seed++ {
		for _, s := range Shapes(Generate(seed)) {
			seen[s] = append(seen[s], seed)
		}
	}
	for _, w := range want {
		if len(seen[w]) == 0 {
			t.Errorf("no seed in 1-100 draws %q", w)
		}
		t.Logf("%s: %d seeds, first %v", w, len(seen[w]), seen[w][:min(len(seen[w]), 8)])
	}
}
