package providerdata

import (
	"slices"
	"testing"
)

func TestNewVolumes(t *testing.T) {
	var v NewVolumes
	if got, all := v.Outside([]string{"US-KS-2"}); got != nil || all {
		t.Errorf("no volume planned: Outside = %v, %v, want nil, false", got, all)
	}
	v.Note("EU-RO-1", true)
	v.Note("EU-RO-1", true)
	if got, all := v.Outside([]string{"US-KS-2"}); !slices.Equal(got, []string{"EU-RO-1"}) || !all {
		t.Errorf("Outside = %v, %v, want [EU-RO-1], true", got, all)
	}
	if got, all := v.Outside(nil); got != nil || all {
		t.Errorf("no data center asked for: Outside = %v, %v, want nil, false", got, all)
	}
	v.Note("US-KS-2", true)
	if got, all := v.Outside([]string{"US-KS-2"}); !slices.Equal(got, []string{"EU-RO-1"}) || all {
		t.Errorf("one volume inside: Outside = %v, %v, want [EU-RO-1], false", got, all)
	}
	var u NewVolumes
	u.Note("EU-RO-1", true)
	u.Note("", false)
	if _, all := u.Outside([]string{"US-KS-2"}); all {
		t.Errorf("a volume whose data center is unknown: all = true, want false")
	}
}
