package runpodfake

import (
	"fmt"
	"math"
	"net/http"
	"sort"
	"time"
)

// Cluster billing (GET /v2/billing/clusters, API.md section 6).
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

// ClusterBillingAmounts are a record's (or the totals') cost components.
type ClusterBillingAmounts struct {
	TotalAmount      float64 `json:"totalAmount"`
	GPUAmount        float64 `json:"gpuAmount"`
	DiskAmount       float64 `json:"diskAmount"`
	NetworkingAmount float64 `json:"networkingAmount"`
}

// ClusterBillingRecord is one cluster's spend in one bucket
// [StartTime, EndTime).
type ClusterBillingRecord struct {
	StartTime time.Time `json:"startTime"`
	EndTime   time.Time `json:"endTime"`
	ClusterID string    `json:"clusterId"`
	ClusterBillingAmounts
}

type clusterBillingQuery struct {
	StartTime  time.Time `json:"startTime"`
	EndTime    time.Time `json:"endTime"`
	BucketSize string    `json:"bucketSize"`
	ClusterID  *string   `json:"clusterId"`
}

type clusterBillingMetadata struct {
	Query              clusterBillingQuery   `json:"query"`
	RecordCount        int                   `json:"recordCount"`
	UniqueClusterCount int                   `json:"uniqueClusterCount"`
	Totals             ClusterBillingAmounts `json:"totals"`
}

type billSegment struct {
	cluster string
	from    time.Time
	to      time.Time // zero while open
	rate    float64   // USD per hour
}

type billCharge struct {
	cluster         string
	at              time.Time
	gpu, disk, netw float64
}

// Billing bucket sizes (spec BillingBucketSize); day is the default.
var billingBuckets = []string{"hour", "day", "week", "month", "year"}

// maxBillingBuckets bounds a query's window. INFERRED: the spec sets no
// limit, but an unbounded one (years in hours) is not something to answer;
// the fake refuses more buckets than this with 400.
const maxBillingBuckets = 10000

func (f *Fake) billingRoutes() {
	f.handle("GET /v2/billing/clusters", f.listClusterBilling)
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
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compute.charges = append(f.compute.charges, billCharge{cluster: clusterID, at: at.UTC(), gpu: gpu, disk: disk, netw: networking})
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

// listClusterBilling validates the query (API.md section 6):
//   - malformed startTime/endTime (RFC 3339), bucketSize outside the enum,
//     lastN not an integer ≥ 1: 422;
//   - lastN together with startTime or endTime: 400 (mutually exclusive);
//   - a window that does not start before it ends, or spans more than
//     maxBillingBuckets buckets: 400 (INFERRED).
//
// Defaults: bucketSize day, startTime now−30 days, endTime now. startTime is
// snapped down to its bucket's start and endTime up to its bucket's end;
// lastN=N is the N buckets ending with the current one.
func (f *Fake) listClusterBilling(r *http.Request, _ []byte) (int, any, *problem) {
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
	start, hasStart := parseTime("startTime")
	end, hasEnd := parseTime("endTime")
	size, hasSize := qr.enum("bucketSize", billingBuckets)
	lastN, hasLastN := qr.intMin("lastN", 1)
	clusterID, hasCluster := qr.get("clusterId")
	if p := qr.problem(); p != nil {
		return 0, nil, p
	}
	if hasLastN && (hasStart || hasEnd) {
		return 0, nil, badRequest("lastN is mutually exclusive with startTime and endTime")
	}
	if !hasSize {
		size = "day"
	}

	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.clockNow()
	if hasLastN {
		if lastN > maxBillingBuckets {
			return 0, nil, badRequest("lastN %d exceeds the limit of %d buckets", lastN, maxBillingBuckets)
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
			return 0, nil, badRequest("startTime must be before endTime")
		}
		start, end = bucketStart(start, size), snapUp(end, size)
	}
	var buckets []time.Time
	for t := start; t.Before(end); t = bucketAdd(t, size, 1) {
		if len(buckets) == maxBillingBuckets {
			return 0, nil, badRequest("the window spans more than %d %s buckets; narrow it or use a larger bucketSize", maxBillingBuckets, size)
		}
		buckets = append(buckets, t)
	}

	// Which clusters appear, and their amounts per bucket.
	type key struct {
		cluster string
		bucket  int
	}
	amounts := map[key]*ClusterBillingAmounts{}
	clusters := map[string]bool{}
	bucketOf := func(t time.Time) int {
		i := sort.Search(len(buckets), func(i int) bool { return bucketAdd(buckets[i], size, 1).After(t) })
		if i == len(buckets) || t.Before(buckets[0]) {
			return -1
		}
		return i
	}
	get := func(k key) *ClusterBillingAmounts {
		if amounts[k] == nil {
			amounts[k] = &ClusterBillingAmounts{}
		}
		return amounts[k]
	}
	wanted := func(id string) bool { return !hasCluster || id == clusterID }
	for _, c := range f.compute.charges {
		if i := bucketOf(c.at); i >= 0 && wanted(c.cluster) {
			clusters[c.cluster] = true
			a := get(key{c.cluster, i})
			a.GPUAmount += c.gpu
			a.DiskAmount += c.disk
			a.NetworkingAmount += c.netw
		}
	}
	for _, s := range f.compute.segments {
		to := s.to
		if to.IsZero() {
			to = now
		}
		if !wanted(s.cluster) || s.rate <= 0 || !to.After(start) || !s.from.Before(end) {
			continue
		}
		clusters[s.cluster] = true
		for i, b := range buckets {
			lo, hi := maxTime(b, s.from), minTime(bucketAdd(b, size, 1), to)
			if hi.After(lo) {
				get(key{s.cluster, i}).GPUAmount += hi.Sub(lo).Hours() * s.rate
			}
		}
	}

	ids := make([]string, 0, len(clusters))
	for id := range clusters {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	records := []ClusterBillingRecord{}
	var totals ClusterBillingAmounts
	for i, b := range buckets {
		for _, id := range ids {
			var a ClusterBillingAmounts
			if x := amounts[key{id, i}]; x != nil {
				a = *x
			}
			a.GPUAmount, a.DiskAmount, a.NetworkingAmount = usd(a.GPUAmount), usd(a.DiskAmount), usd(a.NetworkingAmount)
			a.TotalAmount = usd(a.GPUAmount + a.DiskAmount + a.NetworkingAmount)
			records = append(records, ClusterBillingRecord{StartTime: b, EndTime: bucketAdd(b, size, 1), ClusterID: id, ClusterBillingAmounts: a})
			totals.GPUAmount += a.GPUAmount
			totals.DiskAmount += a.DiskAmount
			totals.NetworkingAmount += a.NetworkingAmount
			totals.TotalAmount += a.TotalAmount
		}
	}
	totals = ClusterBillingAmounts{
		TotalAmount: usd(totals.TotalAmount), GPUAmount: usd(totals.GPUAmount),
		DiskAmount: usd(totals.DiskAmount), NetworkingAmount: usd(totals.NetworkingAmount),
	}
	q := clusterBillingQuery{StartTime: start, EndTime: end, BucketSize: size}
	if hasCluster {
		q.ClusterID = &clusterID
	}
	return http.StatusOK, map[string]any{
		"records": records,
		"metadata": clusterBillingMetadata{
			Query: q, RecordCount: len(records), UniqueClusterCount: len(ids), Totals: totals,
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
