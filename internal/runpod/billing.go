package runpod

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
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
