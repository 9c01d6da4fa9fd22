package acctest

import (
	"strings"
	"testing"
)

func TestTestdata(t *testing.T) {
	got := Testdata(t, "testdata_example", struct{ Name string }{"alpha"})
	if !strings.Contains(got, `name  = "alpha"`) {
		t.Fatalf("hole not filled: %q", got)
	}
	probe := &testing.T{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Testdata(probe, "testdata_example", map[string]string{})
	}()
	<-done
	if !probe.Failed() {
		t.Fatal("a hole the data does not fill must fail the test")
	}
}
