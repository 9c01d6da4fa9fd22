package runpod

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

const clusterBillingPath = "/v2/billing/clusters"

// Billing bucket sizes (the API's BillingBucketSize); day is the default.
const (
	BucketHour  = "hour"
	BucketDay   = "day"
	BucketWeek  = "week"
	BucketMonth = "month"
	BucketYear  = "year"
)

// BillingQuery selects a billing window. Give either StartTime/EndTime
// (zero = the API's default: 30 days ago / now) or LastN (the last N
// buckets, ending with the current one), not both: the API refuses the mix
// with 400, and the client passes it through unchanged. The API widens the
// window to bucket boundaries. ID filters to one resource of the route's
// kind (clusterId, podId, ...); the routes without a filter ignore it.
type BillingQuery struct {
	StartTime  time.Time
	EndTime    time.Time // exclusive
	BucketSize string    // "" = day
	LastN      int       // 0 omits it
	ID         string
}

// values encodes the query; idParam is the route's filter name ("" for none).
func (q BillingQuery) values(idParam string) url.Values {
	v := url.Values{}
	if !q.StartTime.IsZero() {
		v.Set("startTime", q.StartTime.UTC().Format(time.RFC3339Nano))
	}
	if !q.EndTime.IsZero() {
		v.Set("endTime", q.EndTime.UTC().Format(time.RFC3339Nano))
	}
	setString(v, "bucketSize", q.BucketSize)
	if q.LastN > 0 {
		v.Set("lastN", strconv.Itoa(q.LastN))
	}
	if idParam != "" {
		setString(v, idParam, q.ID)
	}
	return v
}

// ClusterBillingAmounts are USD for one bucket (or the totals). Clusters
// are GPU-only, so there is no CPU component.
type ClusterBillingAmounts struct {
	TotalAmount      float64 `json:"totalAmount"`
	GPUAmount        float64 `json:"gpuAmount"`
	DiskAmount       float64 `json:"diskAmount"`
	NetworkingAmount float64 `json:"networkingAmount"`
}

// ClusterBillingRecord is one cluster's spend in [StartTime, EndTime).
type ClusterBillingRecord struct {
	StartTime time.Time `json:"startTime"`
	EndTime   time.Time `json:"endTime"`
	ClusterID string    `json:"clusterId"`
	ClusterBillingAmounts
}

// ClusterBillingWindow is the window the API resolved the query to.
// ClusterID is nil without a filter.
type ClusterBillingWindow struct {
	StartTime  time.Time `json:"startTime"`
	EndTime    time.Time `json:"endTime"`
	BucketSize string    `json:"bucketSize"`
	ClusterID  *string   `json:"clusterId"`
}

// ClusterBillingMetadata describes a billing answer.
type ClusterBillingMetadata struct {
	Query              ClusterBillingWindow  `json:"query"`
	RecordCount        int                   `json:"recordCount"`
	UniqueClusterCount int                   `json:"uniqueClusterCount"`
	Totals             ClusterBillingAmounts `json:"totals"`
}

// ClusterBilling is GET /v2/billing/clusters: one record per cluster per
// bucket, and the metadata.
type ClusterBilling struct {
	Records  []ClusterBillingRecord `json:"records"`
	Metadata ClusterBillingMetadata `json:"metadata"`
}

// ListClusterBilling reads cluster spend, the real cost of clusters (their
// pods may bill above the catalog price).
func (c *Client) ListClusterBilling(ctx context.Context, q BillingQuery) (*ClusterBilling, error) {
	var out ClusterBilling
	if err := c.do(ctx, http.MethodGet, clusterBillingPath, q.values("clusterId"), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// BillingKind names a billing route (GET /v2/billing/<kind>).
type BillingKind string

// The billing routes. BillingPublicEndpoints is Runpod's managed model APIs,
// not your serverless endpoints (those are BillingServerless).
const (
	BillingAll             BillingKind = "all"
	BillingPods            BillingKind = "pods"
	BillingServerless      BillingKind = "serverless"
	BillingPublicEndpoints BillingKind = "public_endpoints"
	BillingNetworkVolumes  BillingKind = "network_volumes"
	BillingClusters        BillingKind = "clusters"
)

// BillingKinds lists every kind, "all" first.
var BillingKinds = []BillingKind{
	BillingAll, BillingPods, BillingServerless, BillingPublicEndpoints, BillingNetworkVolumes, BillingClusters,
}

type billingRoute struct {
	path    string
	idParam string // the id filter and the records' id field; "" for none
	unique  string // the metadata's distinct-id count; "" for none
}

var billingRoutes = map[BillingKind]billingRoute{
	BillingAll:             {path: "/v2/billing"},
	BillingPods:            {path: "/v2/billing/pods", idParam: "podId", unique: "uniquePodCount"},
	BillingServerless:      {path: "/v2/billing/serverless", idParam: "serverlessId", unique: "uniqueServerlessCount"},
	BillingPublicEndpoints: {path: "/v2/billing/endpoints"},
	BillingNetworkVolumes:  {path: "/v2/billing/network-volumes", idParam: "networkVolumeId", unique: "uniqueNetworkVolumeCount"},
	BillingClusters:        {path: clusterBillingPath, idParam: "clusterId", unique: "uniqueClusterCount"},
}

// BillingFilter is the API's id filter for a kind ("podId", ...), or "" when
// the kind takes none (all, public_endpoints).
func BillingFilter(k BillingKind) string { return billingRoutes[k].idParam }

// BillingRecord is one bucket's spend [StartTime, EndTime) for one resource
// (ID is "" on the routes without ids). Amounts are USD by the API's field
// name ("totalAmount", "gpuAmount", "podGpuAmount", ...), every *Amount
// field the record carries.
type BillingRecord struct {
	StartTime time.Time
	EndTime   time.Time
	ID        string
	Amounts   map[string]float64
}

// Billing is one billing route's answer, any kind.
type Billing struct {
	Records []BillingRecord
	// Window is the resolved query; its ID is the filter echo (nil without
	// one).
	Window      BillingWindow
	RecordCount int
	// UniqueCount is the distinct ids the records span; nil on the routes
	// without ids.
	UniqueCount *int
	Totals      map[string]float64
}

// BillingWindow is the window the API resolved a query to.
type BillingWindow struct {
	StartTime  time.Time
	EndTime    time.Time
	BucketSize string
	ID         *string
}

// ListBilling reads one kind's spend; q.ID filters on the kind's id and must
// be empty for the kinds without one (the client refuses it rather than
// send a filter the route ignores).
func (c *Client) ListBilling(ctx context.Context, kind BillingKind, q BillingQuery) (*Billing, error) {
	route, ok := billingRoutes[kind]
	if !ok {
		return nil, fmt.Errorf("unknown billing kind %q", kind)
	}
	if q.ID != "" && route.idParam == "" {
		return nil, fmt.Errorf("billing kind %q takes no id filter", kind)
	}
	var raw struct {
		Records  []map[string]json.RawMessage `json:"records"`
		Metadata struct {
			Query       map[string]json.RawMessage `json:"query"`
			RecordCount int                        `json:"recordCount"`
			Totals      map[string]float64         `json:"totals"`
		} `json:"metadata"`
	}
	var body json.RawMessage
	if err := c.do(ctx, http.MethodGet, route.path, q.values(route.idParam), nil, &body); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, fmt.Errorf("decoding %s: %w", route.path, err)
	}
	var outer struct {
		Metadata map[string]json.RawMessage `json:"metadata"`
	}
	if err := json.Unmarshal(body, &outer); err != nil {
		return nil, fmt.Errorf("decoding %s: %w", route.path, err)
	}
	out := &Billing{Records: make([]BillingRecord, 0, len(raw.Records)), RecordCount: raw.Metadata.RecordCount, Totals: raw.Metadata.Totals}
	for _, r := range raw.Records {
		rec, err := route.decodeRecord(r)
		if err != nil {
			return nil, err
		}
		out.Records = append(out.Records, rec)
	}
	if err := route.decodeWindow(raw.Metadata.Query, &out.Window); err != nil {
		return nil, err
	}
	if route.unique != "" {
		if v, ok := outer.Metadata[route.unique]; ok {
			var n int
			if err := json.Unmarshal(v, &n); err != nil {
				return nil, fmt.Errorf("decoding %s metadata.%s: %w", route.path, route.unique, err)
			}
			out.UniqueCount = &n
		}
	}
	return out, nil
}

// decodeRecord reads one record field by field: the routes share the time
// fields, name their id after their filter, and carry one or more
// "...Amount" fields whose names differ by kind.
func (route billingRoute) decodeRecord(r map[string]json.RawMessage) (BillingRecord, error) {
	rec := BillingRecord{Amounts: map[string]float64{}}
	for name, v := range r {
		var err error
		switch {
		case name == "startTime":
			err = json.Unmarshal(v, &rec.StartTime)
		case name == "endTime":
			err = json.Unmarshal(v, &rec.EndTime)
		case route.idParam != "" && name == route.idParam:
			err = json.Unmarshal(v, &rec.ID)
		case strings.HasSuffix(name, "Amount"):
			var x float64
			err = json.Unmarshal(v, &x)
			rec.Amounts[name] = x
		}
		if err != nil {
			return BillingRecord{}, fmt.Errorf("decoding %s record field %s: %w", route.path, name, err)
		}
	}
	return rec, nil
}

// decodeWindow reads the query the API resolved (metadata.query) into w;
// the id filter's echo is named after the route's filter.
func (route billingRoute) decodeWindow(qm map[string]json.RawMessage, w *BillingWindow) error {
	for name, dst := range map[string]any{"startTime": &w.StartTime, "endTime": &w.EndTime, "bucketSize": &w.BucketSize} {
		if v, ok := qm[name]; ok {
			if err := json.Unmarshal(v, dst); err != nil {
				return fmt.Errorf("decoding %s metadata.query.%s: %w", route.path, name, err)
			}
		}
	}
	if route.idParam == "" {
		return nil
	}
	if v, ok := qm[route.idParam]; ok {
		if err := json.Unmarshal(v, &w.ID); err != nil {
			return fmt.Errorf("decoding %s metadata.query.%s: %w", route.path, route.idParam, err)
		}
	}
	return nil
}
