package runpod

import (
	"context"
	"net/http"
)

const networkVolumesPath = "/v2/network-volumes"

// Network volume tiers (the API's VolumeType).
const (
	VolumeTypeStandard        = "STANDARD"
	VolumeTypeHighPerformance = "HIGH_PERFORMANCE"
)

// Network volume size bounds in GB (size in the spec's CreateNetworkVolumeRequest).
const (
	MinNetworkVolumeSizeGB = 10
	MaxNetworkVolumeSizeGB = 4096
)

// NetworkVolume is persistent storage in one data center that pods and
// serverless workers there can mount. DataCenter and Type
// are fixed at creation; Size can only grow.
type NetworkVolume struct {
	ID         string `json:"id"`
	Name       string `json:"name"` // not unique
	Size       int    `json:"size"` // GB, 10-4096
	DataCenter string `json:"dataCenter"`
	Type       string `json:"type"` // STANDARD or HIGH_PERFORMANCE
}

// CreateNetworkVolumeRequest is the POST /v2/network-volumes body. A nil Type
// lets the API pick the data center's primary tier.
type CreateNetworkVolumeRequest struct {
	Name       string  `json:"name"`
	Size       int     `json:"size"`
	DataCenter string  `json:"dataCenter"`
	Type       *string `json:"type,omitzero"`
}

// UpdateNetworkVolumeRequest is the PATCH /v2/network-volumes/{id} body. At
// least one field must be set (the API refuses an empty body with 422), and
// Size must not be below the current size (400).
type UpdateNetworkVolumeRequest struct {
	Name Optional[string] `json:"name,omitzero"`
	Size Optional[int]    `json:"size,omitzero"`
}

// ListNetworkVolumes returns every network volume of the account.
func (c *Client) ListNetworkVolumes(ctx context.Context) ([]NetworkVolume, error) {
	return listAll[NetworkVolume](ctx, c, networkVolumesPath, nil, "networkVolumes")
}

// GetNetworkVolume reads one volume; IsNotFound(err) when it is gone.
func (c *Client) GetNetworkVolume(ctx context.Context, id string) (*NetworkVolume, error) {
	path, err := pathID("network volume", networkVolumesPath, id)
	if err != nil {
		return nil, err
	}
	var out NetworkVolume
	if err := c.do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateNetworkVolume creates a volume, which bills until it is deleted. A
// data center without network storage (or without the asked tier) is
// refused with 400. A 5xx or dropped connection is not retried and yields an
// error matching ErrAmbiguous.
func (c *Client) CreateNetworkVolume(ctx context.Context, req CreateNetworkVolumeRequest) (*NetworkVolume, error) {
	var out NetworkVolume
	if err := c.do(ctx, http.MethodPost, networkVolumesPath, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateNetworkVolume renames and/or grows a volume and returns the result.
// A size decrease is refused with 400 (IsBadRequest).
func (c *Client) UpdateNetworkVolume(ctx context.Context, id string, req UpdateNetworkVolumeRequest) (*NetworkVolume, error) {
	path, err := pathID("network volume", networkVolumesPath, id)
	if err != nil {
		return nil, err
	}
	var out NetworkVolume
	if err := c.do(ctx, http.MethodPatch, path, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteNetworkVolume deletes a volume and its data. A volume that a pod
// still mounts is refused (IsInUse; the REST status is undocumented, 400 is
// assumed like the other in-use refusals).
func (c *Client) DeleteNetworkVolume(ctx context.Context, id string) error {
	path, err := pathID("network volume", networkVolumesPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}
