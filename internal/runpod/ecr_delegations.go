package runpod

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

const delegationsPath = "/v2/registries/delegations"

// EcrDelegation lets Runpod pull images from one private Amazon ECR
// repository without a stored password. The API has no
// update and no read by id: one is read by listing them all.
type EcrDelegation struct {
	ID                string    `json:"id"`
	Name              *string   `json:"name"`
	DelegatorUserID   string    `json:"delegatorUserId"`
	AWSUser           string    `json:"awsUser"`
	Repository        string    `json:"repository"`
	Tag               string    `json:"tag"`
	AWSRegion         string    `json:"awsRegion"`
	DockerRegistryURI *string   `json:"dockerRegistryUri"`
	CreatedAt         time.Time `json:"createdAt"`
}

// CreateDelegationRequest is the POST /v2/registries/delegations body
// (closed): Resource is the ECR repository ARN.
type CreateDelegationRequest struct {
	Resource string  `json:"resource"`
	Name     *string `json:"name,omitzero"`
}

// ListDelegations returns every ECR delegation of the account.
func (c *Client) ListDelegations(ctx context.Context) ([]EcrDelegation, error) {
	return listAll[EcrDelegation](ctx, c, delegationsPath, nil, "delegations")
}

// GetDelegation reads one delegation. The API has no read by id, so it
// lists them all and picks id; IsNotFound(err) when the list lacks it (the
// error is an *APIError with status 404 naming the list request).
func (c *Client) GetDelegation(ctx context.Context, id string) (*EcrDelegation, error) {
	if id == "" {
		return nil, fmt.Errorf("runpod: ECR delegation id is empty")
	}
	all, err := c.ListDelegations(ctx)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, &APIError{
		StatusCode: http.StatusNotFound, Title: http.StatusText(http.StatusNotFound),
		Detail: fmt.Sprintf("ECR delegation %s is not in the account's list of delegations", id),
		Method: http.MethodGet, Path: delegationsPath,
	}
}

// CreateDelegation registers an ECR delegation. The POST is never retried
// (ErrAmbiguous after a lost reply): a second one would register another.
func (c *Client) CreateDelegation(ctx context.Context, req CreateDelegationRequest) (*EcrDelegation, error) {
	var out EcrDelegation
	if err := c.do(ctx, http.MethodPost, delegationsPath, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RevokeDelegation revokes an ECR delegation: 204, or IsNotFound(err) when
// none has the id.
func (c *Client) RevokeDelegation(ctx context.Context, id string) error {
	path, err := pathID("ECR delegation", delegationsPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}
