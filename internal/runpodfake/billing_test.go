package runpodfake

import (
	"net/http"
	"net/url"
	"testing"
	"time"
)

func (c *testClient) billing(query string) map[string]any {
	c.t.Helper()
	return c.do("GET", "/v2/billing/clusters?"+query, nil).wantStatus(c.t, http.StatusOK).object(c.t)
}

func record(start, end, cluster string, total, gpu, disk, netw float64) map[string]any {
	return map[string]any{
		"startTime": start, "endTime": end, "clusterId": cluster,
		"totalAmount": total, "gpuAmount": gpu, "diskAmount": disk, "networkingAmount": netw,
	}
}

func amounts(total, gpu, disk, netw float64) map[string]any {
	return map[string]any{"totalAmount": total, "gpuAmount": gpu, "diskAmount": disk, "networkingAmount": netw}
}

func TestClusterBillingAccruesMemberCost(t *testing.T) {
	t.Parallel()
	f, c, clk := newComputeClient(t, 0, 0)
	clk.advance(-12 * time.Hour) // 2026-06-01T00:00:00Z
	id := jsonStr(t, c.createCluster(clusterBody2x(nil))["id"])
	clk.advance(90 * time.Minute)
	// One member stops for half an hour: the rate halves (1.64 instead of 3.28).
	members := c.clusterPods(id)
	f.SetPodStatus(jsonStr(t, members[1]["id"]), PodStatusExited)
	clk.advance(30 * time.Minute)
	c.do("DELETE", "/v2/clusters/"+id, nil).wantStatus(t, 204)
	clk.advance(5 * time.Hour)

	got := c.billing("bucketSize=hour&startTime=2026-06-01T00:00:00Z&endTime=2026-06-01T03:00:00Z")
	mustEqual(t, "billing", got, map[string]any{
		"records": []any{
			record("2026-06-01T00:00:00Z", "2026-06-01T01:00:00Z", id, 3.28, 3.28, 0, 0),
			record("2026-06-01T01:00:00Z", "2026-06-01T02:00:00Z", id, 2.46, 2.46, 0, 0),
			record("2026-06-01T02:00:00Z", "2026-06-01T03:00:00Z", id, 0, 0, 0, 0),
		},
		"metadata": map[string]any{
			"query":       map[string]any{"startTime": "2026-06-01T00:00:00Z", "endTime": "2026-06-01T03:00:00Z", "bucketSize": "hour", "clusterId": nil},
			"recordCount": float64(3), "uniqueClusterCount": float64(1), "totals": amounts(5.74, 5.74, 0, 0),
		},
	})
	// The whole day in one bucket; the deleted cluster keeps its history.
	got = c.billing("startTime=2026-06-01T00:00:00Z&endTime=2026-06-02T00:00:00Z&clusterId=" + id)
	mustEqual(t, "day", got["records"], []any{record("2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z", id, 5.74, 5.74, 0, 0)})
	mustEqual(t, "filter echoed", jsonObj(t, jsonObj(t, got["metadata"])["query"])["clusterId"], id)
}

func TestClusterBillingCharges(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	day1 := time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)
	f.AddClusterBilling("clusterA", day1.Add(10*time.Hour), 1.5, 0.25, 0.125)
	f.AddClusterBilling("clusterB", day1.Add(29*time.Hour), 2, 0, 0)
	f.AddClusterBilling("clusterB", day1.Add(-time.Hour), 100, 0, 0) // before the window

	got := c.billing("startTime=2026-05-20T00:00:00Z&endTime=2026-05-22T00:00:00Z")
	mustEqual(t, "both clusters, every bucket", got, map[string]any{
		"records": []any{
			record("2026-05-20T00:00:00Z", "2026-05-21T00:00:00Z", "clusterA", 1.875, 1.5, 0.25, 0.125),
			record("2026-05-20T00:00:00Z", "2026-05-21T00:00:00Z", "clusterB", 0, 0, 0, 0),
			record("2026-05-21T00:00:00Z", "2026-05-22T00:00:00Z", "clusterA", 0, 0, 0, 0),
			record("2026-05-21T00:00:00Z", "2026-05-22T00:00:00Z", "clusterB", 2, 2, 0, 0),
		},
		"metadata": map[string]any{
			"query":       map[string]any{"startTime": "2026-05-20T00:00:00Z", "endTime": "2026-05-22T00:00:00Z", "bucketSize": "day", "clusterId": nil},
			"recordCount": float64(4), "uniqueClusterCount": float64(2), "totals": amounts(3.875, 3.5, 0.25, 0.125),
		},
	})
	got = c.billing("startTime=2026-05-20T00:00:00Z&endTime=2026-05-22T00:00:00Z&clusterId=clusterA")
	meta := jsonObj(t, got["metadata"])
	mustEqual(t, "filtered", []any{len(jsonArr(t, got["records"])), meta["uniqueClusterCount"], meta["totals"], jsonObj(t, meta["query"])["clusterId"]},
		[]any{2, float64(1), amounts(1.875, 1.5, 0.25, 0.125), "clusterA"})
	got = c.billing("startTime=2026-05-20T00:00:00Z&endTime=2026-05-22T00:00:00Z&clusterId=nosuchclu0")
	mustEqual(t, "nothing billed", []any{got["records"], jsonObj(t, got["metadata"])["recordCount"], jsonObj(t, got["metadata"])["totals"]},
		[]any{[]any{}, float64(0), amounts(0, 0, 0, 0)})
}

func TestClusterBillingWindows(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	f.SetClock(func() time.Time { return time.Date(2026, 6, 10, 10, 30, 0, 0, time.UTC) }) // a Wednesday
	cases := []struct {
		query, start, end, size string
		buckets                 int
	}{
		{"", "2026-05-11T00:00:00Z", "2026-06-11T00:00:00Z", "day", 31},
		{"startTime=2026-06-01T10:30:00Z&endTime=2026-06-03T00:00:00Z", "2026-06-01T00:00:00Z", "2026-06-03T00:00:00Z", "day", 2},
		{"startTime=2026-06-08T00:00:00Z", "2026-06-08T00:00:00Z", "2026-06-11T00:00:00Z", "day", 3},
		{"endTime=2026-05-12T06:00:00Z", "2026-05-11T00:00:00Z", "2026-05-13T00:00:00Z", "day", 2},
		{"bucketSize=hour&startTime=2026-06-10T08:30:00Z&endTime=2026-06-10T09:15:00Z", "2026-06-10T08:00:00Z", "2026-06-10T10:00:00Z", "hour", 2},
		{"bucketSize=week&startTime=2026-06-10T10:30:00Z&endTime=2026-06-10T12:00:00Z", "2026-06-08T00:00:00Z", "2026-06-15T00:00:00Z", "week", 1},
		{"bucketSize=week&startTime=2026-06-07T23:00:00Z&endTime=2026-06-08T00:00:00Z", "2026-06-01T00:00:00Z", "2026-06-08T00:00:00Z", "week", 1},
		{"bucketSize=month&lastN=2", "2026-05-01T00:00:00Z", "2026-07-01T00:00:00Z", "month", 2},
		{"bucketSize=year&lastN=1", "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "year", 1},
		{"lastN=3", "2026-06-08T00:00:00Z", "2026-06-11T00:00:00Z", "day", 3},
		{"bucketSize=hour&lastN=1", "2026-06-10T10:00:00Z", "2026-06-10T11:00:00Z", "hour", 1},
		{"startTime=" + url.QueryEscape("2026-06-10T01:00:00+02:00") + "&endTime=2026-06-10T00:00:00Z", "2026-06-09T00:00:00Z", "2026-06-10T00:00:00Z", "day", 1},
	}
	f.AddClusterBilling("c1", time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), 0, 0, 1) // in no window: c1 never appears
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			got := c.billing(tc.query)
			meta := jsonObj(t, got["metadata"])
			mustEqual(t, "resolved window", meta["query"], map[string]any{"startTime": tc.start, "endTime": tc.end, "bucketSize": tc.size, "clusterId": nil})
			mustEqual(t, "no records", got["records"], []any{})
		})
	}
	// With one charged cluster the record count is the bucket count.
	f.AddClusterBilling("c2", time.Date(2026, 6, 9, 0, 0, 0, 0, time.UTC), 1, 0, 0)
	for _, tc := range cases {
		got := c.billing(tc.query)
		n := int(jsonNum(t, jsonObj(t, got["metadata"])["recordCount"]))
		if in := tc.start <= "2026-06-09T00:00:00Z" && tc.end > "2026-06-09T00:00:00Z"; in {
			mustEqual(t, tc.query+" buckets", n, tc.buckets)
		} else {
			mustEqual(t, tc.query+" outside", n, 0)
		}
	}
}

func TestClusterBillingRefusals(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	for _, tc := range []struct {
		query  string
		status int
		want   string
	}{
		{"lastN=2&startTime=2026-06-01T00:00:00Z", 400, "mutually exclusive"},
		{"lastN=2&endTime=2026-06-01T00:00:00Z", 400, "mutually exclusive"},
		{"startTime=2026-06-02T00:00:00Z&endTime=2026-06-01T00:00:00Z", 400, "before endTime"},
		{"startTime=2026-06-01T00:00:00Z&endTime=2026-06-01T00:00:00Z", 400, "before endTime"},
		{"startTime=2026-07-01T00:00:00Z", 400, "before endTime"}, // after the default end (now)
		{"bucketSize=hour&startTime=2020-01-01T00:00:00Z", 400, "narrow it"},
		{"lastN=10001", 400, "exceeds the limit"},
		{"bucketSize=minute", 422, "query.bucketSize: value 'minute' must be one of"},
		{"startTime=yesterday", 422, "query.startTime: 'yesterday' is not an RFC 3339 date-time"},
		{"endTime=2026-06-01", 422, "query.endTime"},
		{"lastN=0", 422, "query.lastN: minimum"},
		{"lastN=x", 422, "not an integer"},
		{"bucketSize=day&bucketSize=hour", 422, "given 2 times"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			c.do("GET", "/v2/billing/clusters?"+tc.query, nil).wantProblem(t, tc.status, tc.want)
		})
	}
}

func TestKindBillingRecordsAndTotals(t *testing.T) {
	t.Parallel()
	f, c, _ := newComputeClient(t, 0, 0)
	day1 := time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)
	f.AddPodBilling("podA", day1.Add(time.Hour), 1.5, 0, 0.25)
	f.AddPodBilling("podA", day1.Add(2*time.Hour), 0.5, 0, 0)
	f.AddPodBilling("podB", day1.Add(30*time.Hour), 0, 0.75, 0.125)
	f.AddServerlessBilling("ep1", day1.Add(time.Hour), 2, 0, 0, 0.1)
	f.AddNetworkVolumeBilling("vol1", day1.Add(time.Hour), 0.07, 0.3)
	f.AddEndpointBilling(day1.Add(5*time.Hour), 0.42)
	f.AddClusterBilling("clu1", day1.Add(26*time.Hour), 9, 0, 0)
	const window = "startTime=2026-05-20T00:00:00Z&endTime=2026-05-22T00:00:00Z"
	get := func(path string) map[string]any {
		return c.do("GET", path+"?"+window, nil).wantStatus(t, http.StatusOK).object(t)
	}
	d1, d2, d3 := "2026-05-20T00:00:00Z", "2026-05-21T00:00:00Z", "2026-05-22T00:00:00Z"
	query := func(filter string, v any) map[string]any {
		q := map[string]any{"startTime": d1, "endTime": d3, "bucketSize": "day"}
		if filter != "" {
			q[filter] = v
		}
		return q
	}
	pod := func(start, end, id string, total, gpu, cpu, disk float64) map[string]any {
		return map[string]any{"startTime": start, "endTime": end, "podId": id, "totalAmount": total, "gpuAmount": gpu, "cpuAmount": cpu, "diskAmount": disk}
	}
	mustEqual(t, "pods", get("/v2/billing/pods"), map[string]any{
		"records": []any{
			pod(d1, d2, "podA", 2.25, 2, 0, 0.25),
			pod(d1, d2, "podB", 0, 0, 0, 0),
			pod(d2, d3, "podA", 0, 0, 0, 0),
			pod(d2, d3, "podB", 0.875, 0, 0.75, 0.125),
		},
		"metadata": map[string]any{
			"query": query("podId", nil), "recordCount": float64(4), "uniquePodCount": float64(2),
			"totals": map[string]any{"totalAmount": 3.125, "gpuAmount": 2.0, "cpuAmount": 0.75, "diskAmount": 0.375},
		},
	})
	got := c.do("GET", "/v2/billing/pods?"+window+"&podId=podB", nil).wantStatus(t, http.StatusOK).object(t)
	mustEqual(t, "pods filtered", []any{len(jsonArr(t, got["records"])), jsonObj(t, got["metadata"])["query"], jsonObj(t, got["metadata"])["uniquePodCount"]},
		[]any{2, query("podId", "podB"), float64(1)})
	mustEqual(t, "serverless", get("/v2/billing/serverless")["metadata"], map[string]any{
		"query": query("serverlessId", nil), "recordCount": float64(2), "uniqueServerlessCount": float64(1),
		"totals": map[string]any{"totalAmount": 2.1, "gpuAmount": 2.0, "cpuAmount": 0.0, "diskAmount": 0.0, "feeAmount": 0.1},
	})
	mustEqual(t, "network volumes", get("/v2/billing/network-volumes")["records"], []any{
		map[string]any{"startTime": d1, "endTime": d2, "networkVolumeId": "vol1", "totalAmount": 0.37, "standardAmount": 0.07, "highPerformanceAmount": 0.3},
		map[string]any{"startTime": d2, "endTime": d3, "networkVolumeId": "vol1", "totalAmount": 0.0, "standardAmount": 0.0, "highPerformanceAmount": 0.0},
	})
	mustEqual(t, "public endpoints", get("/v2/billing/endpoints"), map[string]any{
		"records": []any{
			map[string]any{"startTime": d1, "endTime": d2, "totalAmount": 0.42},
			map[string]any{"startTime": d2, "endTime": d3, "totalAmount": 0.0},
		},
		"metadata": map[string]any{"query": query("", nil), "recordCount": float64(2), "totals": map[string]any{"totalAmount": 0.42}},
	})
	all := get("/v2/billing")
	recs := jsonArr(t, all["records"])
	mustEqual(t, "all: one record per bucket", len(recs), 2)
	day2 := jsonObj(t, recs[1])
	mustEqual(t, "all: day 2 by component", []any{day2["totalAmount"], day2["podCpuAmount"], day2["podDiskAmount"], day2["clusterGpuAmount"], day2["endpointAmount"]},
		[]any{9.875, 0.75, 0.125, 9.0, 0.0})
	totals := jsonObj(t, jsonObj(t, all["metadata"])["totals"])
	mustEqual(t, "all: totals", []any{totals["totalAmount"], totals["podGpuAmount"], totals["serverlessFeeAmount"], totals["storageStandardAmount"], totals["storageHighPerformanceAmount"], totals["endpointAmount"], totals["clusterGpuAmount"]},
		[]any{3.125 + 2.1 + 0.37 + 0.42 + 9, 2.0, 0.1, 0.07, 0.3, 0.42, 9.0})
	mustEqual(t, "all: nothing billed", c.do("GET", "/v2/billing?startTime=2026-01-01T00:00:00Z&endTime=2026-01-02T00:00:00Z", nil).wantStatus(t, http.StatusOK).object(t)["records"], []any{})
}

func TestKindBillingRefusals(t *testing.T) {
	t.Parallel()
	_, c, _ := newComputeClient(t, 0, 0)
	for _, path := range []string{"/v2/billing", "/v2/billing/pods", "/v2/billing/serverless", "/v2/billing/endpoints", "/v2/billing/network-volumes"} {
		c.do("GET", path+"?lastN=2&startTime=2026-06-01T00:00:00Z", nil).wantProblem(t, 400, "mutually exclusive")
		c.do("GET", path+"?startTime=2026-06-02T00:00:00Z&endTime=2026-06-01T00:00:00Z", nil).wantProblem(t, 400, "before endTime")
		c.do("GET", path+"?bucketSize=minute", nil).wantProblem(t, 422, "query.bucketSize")
		c.do("GET", path+"?lastN=0", nil).wantProblem(t, 422, "query.lastN")
	}
}
