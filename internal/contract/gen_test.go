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
