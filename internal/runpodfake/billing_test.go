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
