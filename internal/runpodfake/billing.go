package runpodfake

import (
	"fmt"
	"math"
	"net/http"
	"sort"
	"time"
)

// Cluster billing (GET /v2/billing/clusters).
//
// Billing model: a cluster is billed from two sources.
//
//  1. Accrual: while a cluster exists it accrues gpuAmount at the sum of its
//     members' `cost` (USD per hour, as GET /v2/pods/{id} shows it; 0 for an
//     EXITED member), continuously over the fake's clock (SetClock). The
//     rate is re-read whenever membership or a member's status changes, so
//     the history is a list of constant-rate segments.
//  2. Charges added by tests with AddClusterBilling, at one instant, with any
//     gpu, disk and networking amounts. Accrual bills no disk or networking.
//
// A query splits its window into buckets and emits, for every cluster with a
// charge in the window or an accruing segment that overlaps it, one record
// per bucket, zero amounts included ("buckets times distinct clusters");
// a cluster with neither does not appear, even when filtered on. Amounts
// are rounded to 1e-6 USD; totals are sums of the rounded records.

type billSegment struct {
	cluster string
	from    time.Time
	to      time.Time // zero while open
	rate    float64   // USD per hour
}

// billCharge is a charge added by a test: amounts by the route's JSON
// component name (gpuAmount, ...), at one instant.
type billCharge struct {
	kind    string // a billingKinds key
	id      string // "" for public endpoints
	at      time.Time
	amounts map[string]float64
}

// billingKind describes one per-kind billing route (GET /v2/billing/<kind>).
type billingKind struct {
	path       string
	idParam    string   // the id filter and the record's id field; "" for none
	uniqueName string   // metadata's unique count; "" for none
	components []string // amount fields besides totalAmount
	// prefix maps a component to its name on GET /v2/billing.
	prefix map[string]string
}

// billingKinds are the per-kind routes; GET /v2/billing sums them all.
var billingKinds = map[string]billingKind{
	"pods": {
		path: "/v2/billing/pods", idParam: "podId", uniqueName: "uniquePodCount",
		components: []string{"gpuAmount", "cpuAmount", "diskAmount"},
		prefix:     map[string]string{"gpuAmount": "podGpuAmount", "cpuAmount": "podCpuAmount", "diskAmount": "podDiskAmount"},
	},
	"serverless": {
		path: "/v2/billing/serverless", idParam: "serverlessId", uniqueName: "uniqueServerlessCount",
		components: []string{"gpuAmount", "cpuAmount", "diskAmount", "feeAmount"},
		prefix: map[string]string{
			"gpuAmount": "serverlessGpuAmount", "cpuAmount": "serverlessCpuAmount",
			"diskAmount": "serverlessDiskAmount", "feeAmount": "serverlessFeeAmount",
		},
	},
	"endpoints": {
		path:   "/v2/billing/endpoints",
		prefix: map[string]string{"totalAmount": "endpointAmount"},
	},
	"network-volumes": {
		path: "/v2/billing/network-volumes", idParam: "networkVolumeId", uniqueName: "uniqueNetworkVolumeCount",
		components: []string{"standardAmount", "highPerformanceAmount"},
		prefix:     map[string]string{"standardAmount": "storageStandardAmount", "highPerformanceAmount": "storageHighPerformanceAmount"},
	},
	"clusters": {
		path: "/v2/billing/clusters", idParam: "clusterId", uniqueName: "uniqueClusterCount",
		components: []string{"gpuAmount", "diskAmount", "networkingAmount"},
		prefix:     map[string]string{"gpuAmount": "clusterGpuAmount", "diskAmount": "clusterDiskAmount", "networkingAmount": "clusterNetworkingAmount"},
	},
}

// allBillingComponents are GET /v2/billing's amount fields besides
// totalAmount, in the spec's order.
var allBillingComponents = []string{
	"podGpuAmount", "podCpuAmount", "podDiskAmount",
	"serverlessGpuAmount", "serverlessCpuAmount", "serverlessDiskAmount", "serverlessFeeAmount",
	"storageStandardAmount", "storageHighPerformanceAmount", "endpointAmount",
	"clusterGpuAmount", "clusterDiskAmount", "clusterNetworkingAmount",
}

// Billing bucket sizes (spec BillingBucketSize); day is the default.
var billingBuckets = []string{"hour", "day", "week", "month", "year"}

// maxBillingBuckets bounds a query's window. INFERRED: the spec sets no
// limit, but an unbounded one (years in hours) is not something to answer;
// the fake refuses more buckets than this with 400.
const maxBillingBuckets = 10000

func (f *Fake) billingRoutes() {
	f.handle("GET /v2/billing", f.listBilling)
	for name, k := range billingKinds {
		f.handle("GET "+k.path, f.listKindBilling(name))
	}
}

// syncClusterRate re-reads a cluster's hourly rate (the sum of its
// members' cost; 0 once it is deleted) and starts a new accrual segment if
// it changed. Callers hold f.mu.
func (f *Fake) syncClusterRate(id string) {
	rate := 0.0
	if _, ok := f.clusters[id]; ok {
		for _, m := range f.clusterMembers(id) {
			rate += f.podCost(m)
		}
	}
	now := f.clockNow()
	for i := range f.compute.segments {
		s := &f.compute.segments[i]
		if s.cluster == id && s.to.IsZero() {
			if s.rate == rate {
				return
			}
			s.to = now
			break
		}
	}
	if rate > 0 {
		f.compute.segments = append(f.compute.segments, billSegment{cluster: id, from: now, rate: rate})
	}
}

// AddClusterBilling records a charge against a cluster at an instant, as if
// Runpod had billed it then; the cluster need not exist (deleted clusters
// keep their history). It adds to whatever the cluster accrues.
func (f *Fake) AddClusterBilling(clusterID string, at time.Time, gpu, disk, networking float64) {
	f.addBilling("clusters", clusterID, at, map[string]float64{"gpuAmount": gpu, "diskAmount": disk, "networkingAmount": networking})
}

// AddPodBilling records a charge against a pod (GET /v2/billing/pods); the
// pod need not exist.
func (f *Fake) AddPodBilling(podID string, at time.Time, gpu, cpu, disk float64) {
	f.addBilling("pods", podID, at, map[string]float64{"gpuAmount": gpu, "cpuAmount": cpu, "diskAmount": disk})
}

// AddServerlessBilling records a charge against a serverless endpoint
// (GET /v2/billing/serverless).
func (f *Fake) AddServerlessBilling(endpointID string, at time.Time, gpu, cpu, disk, fee float64) {
	f.addBilling("serverless", endpointID, at, map[string]float64{"gpuAmount": gpu, "cpuAmount": cpu, "diskAmount": disk, "feeAmount": fee})
}

// AddNetworkVolumeBilling records a storage charge against a network volume
// (GET /v2/billing/network-volumes).
func (f *Fake) AddNetworkVolumeBilling(volumeID string, at time.Time, standard, highPerformance float64) {
	f.addBilling("network-volumes", volumeID, at, map[string]float64{"standardAmount": standard, "highPerformanceAmount": highPerformance})
}

// AddEndpointBilling records a Runpod Public Endpoint charge
// (GET /v2/billing/endpoints; these carry no id).
func (f *Fake) AddEndpointBilling(at time.Time, amount float64) {
	f.addBilling("endpoints", "", at, map[string]float64{"totalAmount": amount})
}

func (f *Fake) addBilling(kind, id string, at time.Time, amounts map[string]float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compute.charges = append(f.compute.charges, billCharge{kind: kind, id: id, at: at.UTC(), amounts: amounts})
}

// bucketStart is the start of the UTC bucket containing t. Weeks start on
// Monday (INFERRED: ISO weeks; the spec does not say).
func bucketStart(t time.Time, size string) time.Time {
	t = t.UTC()
	y, m, d := t.Date()
	switch size {
	case "hour":
		return t.Truncate(time.Hour)
	case "week":
		back := (int(t.Weekday()) + 6) % 7
		return time.Date(y, m, d-back, 0, 0, 0, 0, time.UTC)
	case "month":
		return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	case "year":
		return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
	default: // day
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
}

// bucketAdd moves a bucket boundary by n buckets.
func bucketAdd(t time.Time, size string, n int) time.Time {
	switch size {
	case "hour":
		return t.Add(time.Duration(n) * time.Hour)
	case "week":
		return t.AddDate(0, 0, 7*n)
	case "month":
		return t.AddDate(0, n, 0)
	case "year":
		return t.AddDate(n, 0, 0)
	default:
		return t.AddDate(0, 0, n)
	}
}

// snapUp is t when it is on a bucket boundary, else the end of its bucket.
func snapUp(t time.Time, size string) time.Time {
	s := bucketStart(t, size)
	if s.Equal(t) {
		return s
	}
	return bucketAdd(s, size, 1)
}

// billingWindow is a validated, resolved query.
type billingWindow struct {
	start, end time.Time
	size       string
	buckets    []time.Time
	id         string
	hasID      bool
	now        time.Time
}

// parseBillingQuery validates a billing query:
//   - malformed startTime/endTime (RFC 3339), bucketSize outside the enum,
//     lastN not an integer ≥ 1: 422;
//   - lastN together with startTime or endTime: 400 (mutually exclusive);
//   - a window that does not start before it ends, or spans more than
//     maxBillingBuckets buckets: 400 (INFERRED).
//
// Defaults: bucketSize day, startTime now−30 days, endTime now. startTime is
// snapped down to its bucket's start and endTime up to its bucket's end;
// lastN=N is the N buckets ending with the current one. idParam is the
// route's id filter ("" for none). Callers hold f.mu.
func (f *Fake) parseBillingQuery(r *http.Request, idParam string) (*billingWindow, *problem) {
	qr := &queryReader{q: r.URL.Query()}
	parseTime := func(name string) (time.Time, bool) {
		v, ok := qr.get(name)
		if !ok {
			return time.Time{}, false
		}
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			qr.errs = append(qr.errs, fmt.Sprintf("query.%s: '%s' is not an RFC 3339 date-time", name, v))
		}
		return t.UTC(), true
	}
	w := &billingWindow{}
	start, hasStart := parseTime("startTime")
	end, hasEnd := parseTime("endTime")
	size, hasSize := qr.enum("bucketSize", billingBuckets)
	lastN, hasLastN := qr.intMin("lastN", 1)
	if idParam != "" {
		w.id, w.hasID = qr.get(idParam)
	}
	if p := qr.problem(); p != nil {
		return nil, p
	}
	if hasLastN && (hasStart || hasEnd) {
		return nil, badRequest("lastN is mutually exclusive with startTime and endTime")
	}
	if !hasSize {
		size = "day"
	}
	now := f.clockNow()
	if hasLastN {
		if lastN > maxBillingBuckets {
			return nil, badRequest("lastN %d exceeds the limit of %d buckets", lastN, maxBillingBuckets)
		}
		cur := bucketStart(now, size)
		start, end = bucketAdd(cur, size, -(lastN-1)), bucketAdd(cur, size, 1)
	} else {
		if !hasStart {
			start = now.Add(-30 * 24 * time.Hour)
		}
		if !hasEnd {
			end = now
		}
		if !start.Before(end) {
			return nil, badRequest("startTime must be before endTime")
		}
		start, end = bucketStart(start, size), snapUp(end, size)
	}
	for t := start; t.Before(end); t = bucketAdd(t, size, 1) {
		if len(w.buckets) == maxBillingBuckets {
			return nil, badRequest("the window spans more than %d %s buckets; narrow it or use a larger bucketSize", maxBillingBuckets, size)
		}
		w.buckets = append(w.buckets, t)
	}
	w.start, w.end, w.size, w.now = start, end, size, now
	return w, nil
}

// billedKind is one kind's spend in a window: the ids billed (sorted) and
// their amounts per bucket, unrounded, by component.
type billedKind struct {
	ids     []string
	amounts map[billKey]map[string]float64
}

type billKey struct {
	id     string
	bucket int
}

// bill gathers a kind's charges (and, for clusters, accrual) in w. Callers
// hold f.mu.
func (f *Fake) bill(kind string, w *billingWindow) billedKind {
	out := billedKind{amounts: map[billKey]map[string]float64{}}
	seen := map[string]bool{}
	bucketOf := func(t time.Time) int {
		i := sort.Search(len(w.buckets), func(i int) bool { return bucketAdd(w.buckets[i], w.size, 1).After(t) })
		if i == len(w.buckets) || t.Before(w.buckets[0]) {
			return -1
		}
		return i
	}
	get := func(k billKey) map[string]float64 {
		if out.amounts[k] == nil {
			out.amounts[k] = map[string]float64{}
		}
		return out.amounts[k]
	}
	wanted := func(id string) bool { return !w.hasID || id == w.id }
	for _, c := range f.compute.charges {
		if c.kind != kind || !wanted(c.id) {
			continue
		}
		if i := bucketOf(c.at); i >= 0 {
			seen[c.id] = true
			a := get(billKey{c.id, i})
			for n, v := range c.amounts {
				a[n] += v
			}
		}
	}
	if kind == "clusters" {
		for _, s := range f.compute.segments {
			to := s.to
			if to.IsZero() {
				to = w.now
			}
			if !wanted(s.cluster) || s.rate <= 0 || !to.After(w.start) || !s.from.Before(w.end) {
				continue
			}
			seen[s.cluster] = true
			for i, b := range w.buckets {
				lo, hi := maxTime(b, s.from), minTime(bucketAdd(b, w.size, 1), to)
				if hi.After(lo) {
					get(billKey{s.cluster, i})["gpuAmount"] += hi.Sub(lo).Hours() * s.rate
				}
			}
		}
	}
	for id := range seen {
		out.ids = append(out.ids, id)
	}
	sort.Strings(out.ids)
	return out
}

// roundAmounts rounds components to 1e-6 USD and sets totalAmount to their
// sum (a kind without components keeps its rounded totalAmount).
func roundAmounts(a map[string]float64, components []string) map[string]any {
	out := map[string]any{}
	if len(components) == 0 {
		out["totalAmount"] = usd(a["totalAmount"])
		return out
	}
	total := 0.0
	for _, c := range components {
		v := usd(a[c])
		out[c] = v
		total += v
	}
	out["totalAmount"] = usd(total)
	return out
}

func addTotals(totals, rec map[string]any) {
	for k, v := range rec {
		if x, ok := v.(float64); ok {
			t, _ := totals[k].(float64)
			totals[k] = usd(t + x)
		}
	}
}

func zeroAmounts(components []string) map[string]any {
	out := map[string]any{"totalAmount": 0.0}
	for _, c := range components {
		out[c] = 0.0
	}
	return out
}

// listKindBilling serves one per-kind route: for every resource with a
// charge (or accrual) in the window, one record per bucket, zero amounts
// included ("buckets times distinct <resources>"); a resource with neither
// does not appear, even when filtered on. Public endpoints carry no id and
// appear as one resource. Amounts are rounded to 1e-6 USD; totals are sums
// of the rounded records.
func (f *Fake) listKindBilling(kind string) apiHandler {
	k := billingKinds[kind]
	return func(r *http.Request, _ []byte) (int, any, *problem) {
		f.mu.Lock()
		defer f.mu.Unlock()
		w, p := f.parseBillingQuery(r, k.idParam)
		if p != nil {
			return 0, nil, p
		}
		billed := f.bill(kind, w)
		records := []map[string]any{}
		totals := zeroAmounts(k.components)
		for i, b := range w.buckets {
			for _, id := range billed.ids {
				rec := roundAmounts(billed.amounts[billKey{id, i}], k.components)
				addTotals(totals, rec)
				rec["startTime"], rec["endTime"] = b, bucketAdd(b, w.size, 1)
				if k.idParam != "" {
					rec[k.idParam] = id
				}
				records = append(records, rec)
			}
		}
		q := map[string]any{"startTime": w.start, "endTime": w.end, "bucketSize": w.size}
		if k.idParam != "" {
			q[k.idParam] = nil
			if w.hasID {
				q[k.idParam] = w.id
			}
		}
		meta := map[string]any{"query": q, "recordCount": len(records), "totals": totals}
		if k.uniqueName != "" {
			meta[k.uniqueName] = len(billed.ids)
		}
		return http.StatusOK, map[string]any{"records": records, "metadata": meta}, nil
	}
}

// listBilling is GET /v2/billing: every kind's spend summed per bucket,
// each component under its prefixed name (podGpuAmount, ...). A bucket has a
// record when any kind has a record in it, that is, one record per bucket
// once anything was billed in the window (INFERRED: the spec's "sparse"
// records), none otherwise.
func (f *Fake) listBilling(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w, p := f.parseBillingQuery(r, "")
	if p != nil {
		return 0, nil, p
	}
	sums := make([]map[string]float64, len(w.buckets))
	billedAny := false
	kinds := make([]string, 0, len(billingKinds))
	for name := range billingKinds {
		kinds = append(kinds, name)
	}
	sort.Strings(kinds)
	for _, name := range kinds {
		k := billingKinds[name]
		billed := f.bill(name, w)
		if len(billed.ids) > 0 {
			billedAny = true
		}
		for i := range w.buckets {
			if sums[i] == nil {
				sums[i] = map[string]float64{}
			}
			for _, id := range billed.ids {
				rec := roundAmounts(billed.amounts[billKey{id, i}], k.components)
				for comp, prefixed := range k.prefix {
					v, _ := rec[comp].(float64)
					sums[i][prefixed] += v
				}
			}
		}
	}
	records := []map[string]any{}
	totals := zeroAmounts(allBillingComponents)
	if billedAny {
		for i, b := range w.buckets {
			rec := roundAmounts(sums[i], allBillingComponents)
			addTotals(totals, rec)
			rec["startTime"], rec["endTime"] = b, bucketAdd(b, w.size, 1)
			records = append(records, rec)
		}
	}
	return http.StatusOK, map[string]any{
		"records": records,
		"metadata": map[string]any{
			"query":       map[string]any{"startTime": w.start, "endTime": w.end, "bucketSize": w.size},
			"recordCount": len(records), "totals": totals,
		},
	}, nil
}

func usd(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
