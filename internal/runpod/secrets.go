package runpod

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

const secretsPath = "/v2/account/secrets"

// Secret is an account secret's metadata (/v2/account/secrets). The value is
// write-only: the API never returns it.
type Secret struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Description *string   `json:"description"`
	CreatedAt   time.Time `json:"createdAt"`
	// ValueLastUpdatedAt moves at creation and at every rotation, including
	// rotations made outside Terraform; nil when the API does not say.
	ValueLastUpdatedAt *time.Time `json:"valueLastUpdatedAt"`
}

// CreateSecretRequest is the POST /v2/account/secrets body.
type CreateSecretRequest struct {
	Name        string  `json:"name"`
	Value       string  `json:"value"`
	Description *string `json:"description,omitzero"`
}

// ListSecrets returns every secret of the account (metadata only).
func (c *Client) ListSecrets(ctx context.Context) ([]Secret, error) {
	return c.listSecrets(ctx, nil)
}

// FindSecretsByName returns the secrets whose name equals name ignoring
// case, as the API's ?name= filter matches; callers decide whether a match
// that differs in case counts.
func (c *Client) FindSecretsByName(ctx context.Context, name string) ([]Secret, error) {
	return c.listSecrets(ctx, url.Values{"name": {name}})
}

func (c *Client) listSecrets(ctx context.Context, query url.Values) ([]Secret, error) {
	return listAll[Secret](ctx, c, secretsPath, query, "secrets")
}

// GetSecret reads one secret's metadata; IsNotFound(err) when it is gone.
func (c *Client) GetSecret(ctx context.Context, id string) (*Secret, error) {
	path, err := pathID("secret", secretsPath, id)
	if err != nil {
		return nil, err
	}
	var out Secret
	if err := c.do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateSecret stores a new secret. A taken name is a 409 (IsConflict). The
// value is masked in every log line of the call and scrubbed from the
// returned error.
func (c *Client) CreateSecret(ctx context.Context, req CreateSecretRequest) (*Secret, error) {
	ctx = WithSensitiveValues(ctx, req.Value)
	var out Secret
	if err := c.do(ctx, http.MethodPost, secretsPath, nil, req, &out); err != nil {
		return nil, RedactError(err, req.Value)
	}
	return &out, nil
}

// SetSecretValue rotates a secret's value with a PATCH that carries nothing
// else. Running pods keep the old value until they restart.
//
// The API applies a PATCH carrying both fields value first and is not
// atomic, so the client offers the two changes as separate calls: a caller
// can then record each step as it succeeds.
func (c *Client) SetSecretValue(ctx context.Context, id, value string) (*Secret, error) {
	ctx = WithSensitiveValues(ctx, value)
	s, err := c.patchSecret(ctx, id, map[string]string{"value": value})
	return s, RedactError(err, value)
}

// SetSecretDescription changes a secret's description; "" clears it.
func (c *Client) SetSecretDescription(ctx context.Context, id, description string) (*Secret, error) {
	return c.patchSecret(ctx, id, map[string]string{"description": description})
}

func (c *Client) patchSecret(ctx context.Context, id string, body map[string]string) (*Secret, error) {
	path, err := pathID("secret", secretsPath, id)
	if err != nil {
		return nil, err
	}
	var out Secret
	if err := c.do(ctx, http.MethodPatch, path, nil, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteSecret deletes a secret. The API does not refuse while pods or
// templates reference it: they fail at their next boot instead.
func (c *Client) DeleteSecret(ctx context.Context, id string) error {
	path, err := pathID("secret", secretsPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}
