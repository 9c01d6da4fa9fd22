// Package pricing turns Runpod prices into the figures the provider shows in
// plan warnings: dollar amounts, the network-volume storage rate the API does
// not return (API.md, "Addendum: prices the API does not return"), hourly
// compute cost from catalog prices, and short lists of catalog ids.
//
// The figures are estimates for a plan; they name their inputs so a user can
// check them against Runpod's pricing page.
package pricing

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Network volume storage rates, USD per GB per month (Runpod docs:
// storage/network-volumes.mdx, accounts-billing/billing.mdx). They apply to
// the STANDARD tier; HIGH_PERFORMANCE is "priced per-GB at a premium to
// standard" with no published figure.
const (
	VolumeRateFirstTier = 0.07
	VolumeRateBeyond    = 0.05
	// VolumeFirstTierGB is "the first 1 TB". Runpod bills storage in decimal
	// units (the docs say GB and TB), so 1 TB is taken as 1000 GB.
	VolumeFirstTierGB = 1000
)

// Volume tiers, as the API names them.
const (
	TierStandard        = "STANDARD"
	TierHighPerformance = "HIGH_PERFORMANCE"
)

// VolumeCost is the monthly storage cost of a network volume.
type VolumeCost struct {
	// Known is false when Runpod publishes no rate for the tier
	// (HIGH_PERFORMANCE) or the tier is not known yet.
	Known bool
	// USDPerMonth is the cost when Known.
	USDPerMonth float64
	// Formula shows the arithmetic ("500 GB × $0.07 = $35.00") when Known,
	// and otherwise why there is no figure.
	Formula string
}

// NetworkVolumeMonthly is the monthly cost of sizeGB of network storage of
// the given tier: the first 1000 GB at $0.07 per GB-month and the rest at
// $0.05 for STANDARD. An unknown or empty tier gives the STANDARD figure
// with Known false, so that callers can say "at least" or "if STANDARD".
func NetworkVolumeMonthly(sizeGB int, tier string) VolumeCost {
	if sizeGB < 0 {
		sizeGB = 0
	}
	first := min(sizeGB, VolumeFirstTierGB)
	beyond := sizeGB - first
	total := float64(first)*VolumeRateFirstTier + float64(beyond)*VolumeRateBeyond

	formula := fmt.Sprintf("%d GB × %s = %s", first, USD(VolumeRateFirstTier), USD(float64(first)*VolumeRateFirstTier))
	if beyond > 0 {
		formula = fmt.Sprintf("first %d GB × %s + %d GB × %s = %s + %s = %s",
			first, USD(VolumeRateFirstTier), beyond, USD(VolumeRateBeyond),
			USD(float64(first)*VolumeRateFirstTier), USD(float64(beyond)*VolumeRateBeyond), USD(total))
	}
	switch tier {
	case TierStandard:
		return VolumeCost{Known: true, USDPerMonth: total, Formula: formula}
	case TierHighPerformance:
		return VolumeCost{Formula: "Runpod prices HIGH_PERFORMANCE storage per GB at a premium to STANDARD but publishes " +
			"no figure; it costs more than the STANDARD rate of " + USD(total) + " per month (" + formula + ")"}
	default:
		return VolumeCost{USDPerMonth: total, Formula: formula}
	}
}

// USD formats a dollar amount with cents, keeping up to four decimals for
// sub-cent rates: $35.00, $0.07, $0.0035, $1,234.50.
func USD(amount float64) string {
	neg := amount < 0
	amount = math.Abs(amount)
	s := strconv.FormatFloat(amount, 'f', 4, 64)
	s = strings.TrimRight(s, "0")
	if i := strings.IndexByte(s, '.'); len(s)-i-1 < 2 {
		s += strings.Repeat("0", 2-(len(s)-i-1))
	}
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := "$" + b.String() + "." + frac
	if neg {
		return "-" + out
	}
	return out
}

// Hourly is the cost of units (GPUs, vCPUs) at pricePerUnit USD per hour, as
// "2 × $0.69 = $1.38 per hour"; pods and clusters use it for their warnings.
func Hourly(pricePerUnit float64, units int) (usdPerHour float64, formula string) {
	usdPerHour = pricePerUnit * float64(units)
	return usdPerHour, fmt.Sprintf("%d × %s = %s per hour", units, USD(pricePerUnit), USD(usdPerHour))
}

// IDList joins catalog ids for a message, sorted and quoted: `"A", "B"`, or
// "none" when there are none.
func IDList(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	s := append([]string(nil), ids...)
	sort.Strings(s)
	for i := range s {
		s[i] = strconv.Quote(s[i])
	}
	return strings.Join(s, ", ")
}
