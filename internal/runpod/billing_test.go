package runpod

import (
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

func TestBillingQueryEncoding(t *testing.T) {
	start := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	berlin := time.FixedZone("CEST", 2*3600)
	tests := []struct {
		name string
		q    BillingQuery
		want string
	}{
		{"defaults", BillingQuery{}, ""},
		{"window", BillingQuery{StartTime: start, EndTime: start.AddDate(0, 1, 0), BucketSize: BucketWeek, ID: "5c2n8m4q"},
			"bucketSize=week&clusterId=5c2n8m4q&endTime=2026-07-01T00%3A00%3A00Z&startTime=2026-06-01T00%3A00%3A00Z"},
		{"last N", BillingQuery{LastN: 30, BucketSize: BucketDay}, "bucketSize=day&lastN=30"},
		// Sent in UTC, so no "+" offset needs escaping; sub-second precision is kept.
		{"zone and fraction", BillingQuery{StartTime: time.Date(2026, 6, 1, 2, 0, 0, 5e8, berlin)}, "startTime=2026-06-01T00%3A00%3A00.5Z"},
		// The API refuses the mix (400); the client does not second-guess it.
		{"mixed passed through", BillingQuery{LastN: 2, StartTime: start}, "lastN=2&startTime=2026-06-01T00%3A00%3A00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.q.values("clusterId").Encode(); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	full := BillingQuery{StartTime: start, EndTime: start, BucketSize: BucketHour, LastN: 1, ID: "c"}.values("clusterId")
	var names []string
	for k := range full {
		names = append(names, k)
	}
	sort.Strings(names)
	mustParams(t, "GET", "/v2/billing/clusters", names)
}

func TestClusterBillingTypesMatchSpec(t *testing.T) {
	checkSpecFields(t, reflect.TypeOf(ClusterBilling{}), "ListClusterBillingResponse")
}

func TestListClusterBilling(t *testing.T) {
	c, calls := recordingServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("lastN") && r.URL.Query().Has("startTime") {
			writeProblem(t, w, http.StatusBadRequest, "lastN is mutually exclusive with startTime and endTime")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"records":[
			{"startTime":"2026-06-01T00:00:00Z","endTime":"2026-06-02T00:00:00Z","clusterId":"5c2n8m4q","totalAmount":1.875,"gpuAmount":1.5,"diskAmount":0.25,"networkingAmount":0.125},
			{"startTime":"2026-06-02T00:00:00Z","endTime":"2026-06-03T00:00:00Z","clusterId":"5c2n8m4q","totalAmount":0,"gpuAmount":0,"diskAmount":0,"networkingAmount":0}],
			"metadata":{"query":{"startTime":"2026-06-01T00:00:00Z","endTime":"2026-06-03T00:00:00Z","bucketSize":"day","clusterId":"5c2n8m4q"},
			"recordCount":2,"uniqueClusterCount":1,"totals":{"totalAmount":1.875,"gpuAmount":1.5,"diskAmount":0.25,"networkingAmount":0.125}}}`))
	})
	day := func(d int) time.Time { return time.Date(2026, 6, d, 0, 0, 0, 0, time.UTC) }
	got, err := c.ListClusterBilling(t.Context(), BillingQuery{StartTime: day(1), EndTime: day(3), ID: "5c2n8m4q"})
	if err != nil {
		t.Fatalf("ListClusterBilling: %v", err)
	}
	amounts := ClusterBillingAmounts{TotalAmount: 1.875, GPUAmount: 1.5, DiskAmount: 0.25, NetworkingAmount: 0.125}
	want := &ClusterBilling{
		Records: []ClusterBillingRecord{
			{StartTime: day(1), EndTime: day(2), ClusterID: "5c2n8m4q", ClusterBillingAmounts: amounts},
			{StartTime: day(2), EndTime: day(3), ClusterID: "5c2n8m4q"},
		},
		Metadata: ClusterBillingMetadata{
			Query:       ClusterBillingWindow{StartTime: day(1), EndTime: day(3), BucketSize: BucketDay, ClusterID: ptr("5c2n8m4q")},
			RecordCount: 2, UniqueClusterCount: 1, Totals: amounts,
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v\nwant    %+v", got, want)
	}
	if _, err := c.ListClusterBilling(t.Context(), BillingQuery{LastN: 2, StartTime: day(1)}); !IsBadRequest(err) {
		t.Errorf("mixed query = %v, want the API's 400", err)
	}
	wantCalls(t, *calls, []recordedCall{
		{"GET", "/v2/billing/clusters", "clusterId=5c2n8m4q&endTime=2026-06-03T00%3A00%3A00Z&startTime=2026-06-01T00%3A00%3A00Z", ""},
		{"GET", "/v2/billing/clusters", "lastN=2&startTime=2026-06-01T00%3A00%3A00Z", ""},
	})
}

func TestListBilling(t *testing.T) {
	c, calls := recordingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v2/billing/pods":
			_, _ = w.Write([]byte(`{"records":[
			{"startTime":"2026-06-01T00:00:00Z","endTime":"2026-06-02T00:00:00Z","podId":"p1","totalAmount":1.75,"gpuAmount":1.5,"cpuAmount":0,"diskAmount":0.25}],
			"metadata":{"query":{"startTime":"2026-06-01T00:00:00Z","endTime":"2026-06-02T00:00:00Z","bucketSize":"day","podId":"p1"},
			"recordCount":1,"uniquePodCount":1,"totals":{"totalAmount":1.75,"gpuAmount":1.5,"cpuAmount":0,"diskAmount":0.25}}}`))
		default:
			_, _ = w.Write([]byte(`{"records":[],"metadata":{"query":{"startTime":"2026-06-01T00:00:00Z","endTime":"2026-06-04T00:00:00Z","bucketSize":"day"},
			"recordCount":0,"totals":{"totalAmount":0}}}`))
		}
	})
	day := func(d int) time.Time { return time.Date(2026, 6, d, 0, 0, 0, 0, time.UTC) }
	got, err := c.ListBilling(t.Context(), BillingPods, BillingQuery{StartTime: day(1), EndTime: day(2), ID: "p1"})
	if err != nil {
		t.Fatalf("ListBilling: %v", err)
	}
	one := 1
	want := &Billing{
		Records: []BillingRecord{{StartTime: day(1), EndTime: day(2), ID: "p1",
			Amounts: map[string]float64{"totalAmount": 1.75, "gpuAmount": 1.5, "cpuAmount": 0, "diskAmount": 0.25}}},
		Window:      BillingWindow{StartTime: day(1), EndTime: day(2), BucketSize: BucketDay, ID: ptr("p1")},
		RecordCount: 1, UniqueCount: &one,
		Totals: map[string]float64{"totalAmount": 1.75, "gpuAmount": 1.5, "cpuAmount": 0, "diskAmount": 0.25},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v\nwant    %+v", got, want)
	}
	got, err = c.ListBilling(t.Context(), BillingPublicEndpoints, BillingQuery{LastN: 3})
	if err != nil || len(got.Records) != 0 || got.UniqueCount != nil || got.Window.EndTime != day(4) {
		t.Errorf("public endpoints = %+v, %v", got, err)
	}
	if _, err := c.ListBilling(t.Context(), BillingAll, BillingQuery{ID: "x"}); err == nil || !strings.Contains(err.Error(), "takes no id filter") {
		t.Errorf("an id on all = %v, want a refusal", err)
	}
	wantCalls(t, *calls, []recordedCall{
		{"GET", "/v2/billing/pods", "endTime=2026-06-02T00%3A00%3A00Z&podId=p1&startTime=2026-06-01T00%3A00%3A00Z", ""},
		{"GET", "/v2/billing/endpoints", "lastN=3", ""},
	})
	for _, k := range BillingKinds {
		r := billingRoutes[k]
		names := []string{"bucketSize", "endTime", "lastN", "startTime"}
		if r.idParam != "" {
			names = append(names, r.idParam)
			sort.Strings(names)
		}
		mustParams(t, "GET", r.path, names)
	}
}
