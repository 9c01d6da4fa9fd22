package pricing

import (
	"math"
	"strings"
	"testing"
)

func TestUSD(t *testing.T) {
	for in, want := range map[float64]string{
		0:       "$0.00",
		0.07:    "$0.07",
		0.5:     "$0.50",
		35:      "$35.00",
		0.0035:  "$0.0035",
		1.38:    "$1.38",
		1234.5:  "$1,234.50",
		1e6:     "$1,000,000.00",
		-7:      "-$7.00",
		120.48:  "$120.48",
		0.00001: "$0.00",
	} {
		if got := USD(in); got != want {
			t.Errorf("USD(%v) = %q, want %q", in, got, want)
		}
	}
}

func TestNetworkVolumeMonthly(t *testing.T) {
	tests := []struct {
		size    int
		tier    string
		known   bool
		usd     float64
		formula string
	}{
		{10, TierStandard, true, 0.70, "10 GB × $0.07 = $0.70"},
		{500, TierStandard, true, 35, "500 GB × $0.07 = $35.00"},
		{1000, TierStandard, true, 70, "1000 GB × $0.07 = $70.00"},
		{1001, TierStandard, true, 70.05, "first 1000 GB × $0.07 + 1 GB × $0.05 = $70.00 + $0.05 = $70.05"},
		{4096, TierStandard, true, 224.80, "first 1000 GB × $0.07 + 3096 GB × $0.05 = $70.00 + $154.80 = $224.80"},
		{100, TierHighPerformance, false, 0, "no figure; it costs more than the STANDARD rate of $7.00 per month (100 GB × $0.07 = $7.00)"},
		{100, "", false, 7, "100 GB × $0.07 = $7.00"},
	}
	for _, tt := range tests {
		got := NetworkVolumeMonthly(tt.size, tt.tier)
		if got.Known != tt.known || math.Abs(got.USDPerMonth-tt.usd) > 1e-9 || !strings.Contains(got.Formula, tt.formula) {
			t.Errorf("NetworkVolumeMonthly(%d, %q) = %+v, want known=%v usd=%v formula containing %q",
				tt.size, tt.tier, got, tt.known, tt.usd, tt.formula)
		}
	}
}

func TestHourly(t *testing.T) {
	usd, formula := Hourly(0.69, 2)
	if math.Abs(usd-1.38) > 1e-9 || formula != "2 × $0.69 = $1.38 per hour" {
		t.Errorf("Hourly = %v, %q", usd, formula)
	}
}

func TestIDList(t *testing.T) {
	if got := IDList(nil); got != "none" {
		t.Errorf("IDList(nil) = %q", got)
	}
	in := []string{"US-KS-2", "EU-RO-1"}
	if got := IDList(in); got != `"EU-RO-1", "US-KS-2"` {
		t.Errorf("IDList = %q", got)
	}
	if in[0] != "US-KS-2" {
		t.Error("IDList sorted its argument in place")
	}
}
