package runpod

import (
	"context"
	"net/http"
	"time"
)

const clustersPath = "/v2/clusters"

// Cluster types (the API's ClusterType).
const (
	ClusterTypeApplication = "APPLICATION"
	ClusterTypeTraining    = "TRAINING"
	ClusterTypeSlurm       = "SLURM"
	ClusterTypeRay         = "RAY"
)

// Cluster is an Instant Cluster (/v2/clusters): PodCount identical pods
// in one data center. Only Name can change after create. Template and
// DataCenterID are "" and Network and Primary nil while the API omits them.
type Cluster struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Type         string          `json:"type"`
	Compute      ClusterCompute  `json:"compute"`
	Template     string          `json:"template,omitempty"`
	DataCenterID string          `json:"dataCenterId,omitempty"`
	Pods         ClusterPods     `json:"pods"`
	Network      *ClusterNetwork `json:"network,omitempty"`
	Primary      *ClusterPrimary `json:"primary,omitempty"`
	CreatedAt    time.Time       `json:"createdAt"`
}

// ClusterCompute is the homogeneous shape: PodCount (2-250) pods with
// GPUCountPerPod GPUs of GPUTypeID each.
type ClusterCompute struct {
	GPUTypeID      string `json:"gpuTypeId"`
	GPUCountPerPod int    `json:"gpuCountPerPod"`
	PodCount       int    `json:"podCount"`
}

// ClusterPods summarises the members: how many, and how many per pod status
// (statuses without pods are absent). The members themselves come from
// ListClusterPods.
type ClusterPods struct {
	Total    int            `json:"total"`
	ByStatus map[string]int `json:"byStatus"`
}

// ClusterNetwork is the members' private overlay; VXLANID and VXLANPort are
// nil until assigned.
type ClusterNetwork struct {
	CIDR      string `json:"cidr"`
	VXLANID   *int   `json:"vxlanId,omitempty"`
	VXLANPort *int   `json:"vxlanPort,omitempty"`
}

// ClusterPrimary is the rank-0 member. SSHEndpoint ("host:port") is empty
// until it runs with 22/tcp exposed.
type ClusterPrimary struct {
	PodID       string `json:"podId"`
	Status      string `json:"status"`
	SSHEndpoint string `json:"sshEndpoint,omitempty"`
}

// CreateClusterRequest is the POST /v2/clusters body. It deliberately has no
// registry field (the API rejects one): a private image comes only through
// TemplateID, which excludes Image, Args, Entrypoint, Cmd, Disk, Env, Ports
// and Mounts. Without a template, Image is needed. Nil and empty fields are
// omitted; a non-nil empty slice or map is sent.
type CreateClusterRequest struct {
	Name          string            `json:"name"`
	Type          string            `json:"type"`
	Compute       ClusterCompute    `json:"compute"`
	DataCenterIDs []string          `json:"dataCenterIds,omitzero"`
	Mounts        *Mounts           `json:"mounts,omitzero"`
	StartSSH      *bool             `json:"startSsh,omitzero"`
	StartJupyter  *bool             `json:"startJupyter,omitzero"`
	Image         string            `json:"image,omitzero"`
	Args          *string           `json:"args,omitzero"`
	Entrypoint    []string          `json:"entrypoint,omitzero"`
	Cmd           []string          `json:"cmd,omitzero"`
	Disk          *int              `json:"disk,omitzero"`
	Env           map[string]string `json:"env,omitzero"`
	Ports         []string          `json:"ports,omitzero"`
	TemplateID    string            `json:"templateId,omitzero"`
}

// ListClusters returns every cluster of the account.
func (c *Client) ListClusters(ctx context.Context) ([]Cluster, error) {
	return listAll[Cluster](ctx, c, clustersPath, nil, "clusters")
}

// GetCluster reads one cluster; IsNotFound(err) when it is gone.
func (c *Client) GetCluster(ctx context.Context, id string) (*Cluster, error) {
	path, err := pathID("cluster", clustersPath, id)
	if err != nil {
		return nil, err
	}
	var out Cluster
	if err := c.do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateCluster creates a cluster and its member pods, which bill from now
// on. No capacity for PodCount × GPUCountPerPod GPUs in one data center is
// 400 (IsCapacity). A 5xx or dropped connection is not retried and yields
// an error matching ErrAmbiguous: the cluster may exist.
func (c *Client) CreateCluster(ctx context.Context, req CreateClusterRequest) (*Cluster, error) {
	var out Cluster
	if err := c.do(ctx, http.MethodPost, clustersPath, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RenameCluster changes a cluster's name, the only field that can change.
func (c *Client) RenameCluster(ctx context.Context, id, name string) (*Cluster, error) {
	path, err := pathID("cluster", clustersPath, id)
	if err != nil {
		return nil, err
	}
	body := struct {
		Name string `json:"name"`
	}{name}
	var out Cluster
	if err := c.do(ctx, http.MethodPatch, path, nil, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteCluster deletes a cluster and terminates every member pod.
func (c *Client) DeleteCluster(ctx context.Context, id string) error {
	path, err := pathID("cluster", clustersPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}

// ListClusterPods returns a cluster's member pods in full (each with
// Cluster set); IsNotFound(err) when the cluster is gone.
func (c *Client) ListClusterPods(ctx context.Context, id string) ([]Pod, error) {
	path, err := pathID("cluster", clustersPath, id)
	if err != nil {
		return nil, err
	}
	return listAll[Pod](ctx, c, path+"/pods", nil, "pods")
}
