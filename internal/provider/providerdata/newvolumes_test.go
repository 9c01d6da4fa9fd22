package providerdata

import (
	"slices"
	"testing"
)

func TestNewVolumes(t *testing.T) {
	var v NewVolumes
	if got := v.AllOutside([]string{"US-KS-2"}); got != nil {
		t.Errorf("no volume planned: AllOutside = %v, want nil", got)
	}
	v.Note("EU-RO-1", true)
	v.Note("EU-RO-1", true)
	if got := v.AllOutside([]string{"US-KS-2"}); !slices.Equal(got, []string{"EU-RO-1"}) {
		t.Errorf("AllOutside = %v, want [EU-RO-1]", got)
	}
	if got := v.AllOutside(nil); got != nil {
		t.Errorf("no data center asked for: AllOutside = %v, want nil", got)
	}
	v.Note("US-KS-2", true)
	if got := v.AllOutside([]string{"US-KS-2"}); got != nil {
		t.Errorf("one volume inside: AllOutside = %v, want nil", got)
	}
	if got := v.Outside([]string{"US-KS-2"}); !slices.Equal(got, []string{"EU-RO-1"}) {
		t.Errorf("Outside = %v, want [EU-RO-1]", got)
	}
	var u NewVolumes
	u.Note("EU-RO-1", true)
	u.Note("", false)
	if got := u.AllOutside([]string{"US-KS-2"}); got != nil {
		t.Errorf("a volume whose data center is unknown: AllOutside = %v, want nil", got)
	}
}
