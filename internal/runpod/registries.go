package runpod

import (
	"context"
	"net/http"
)

const registriesPath = "/v2/registries"

// Registry is a container registry credential (/v2/registries). The API
// never returns the username or password.
type Registry struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type createRegistryRequest struct {
	Name     string `json:"name"`
	Username string `json:"username"`
	Password string `json:"password"`
}

// ListRegistries returns every registry credential of the account.
func (c *Client) ListRegistries(ctx context.Context) ([]Registry, error) {
	return listAll[Registry](ctx, c, registriesPath, nil, "registries")
}

// GetRegistry reads one registry credential; IsNotFound(err) when it is gone.
func (c *Client) GetRegistry(ctx context.Context, id string) (*Registry, error) {
	path, err := pathID("registry", registriesPath, id)
	if err != nil {
		return nil, err
	}
	var out Registry
	if err := c.do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateRegistry stores a registry credential. The username and password are
// masked in every log line of the call. There is no update: changing any
// field means delete and create.
func (c *Client) CreateRegistry(ctx context.Context, name, username, password string) (*Registry, error) {
	ctx = WithSensitiveValues(ctx, username, password)
	var out Registry
	body := createRegistryRequest{Name: name, Username: username, Password: password}
	if err := c.do(ctx, http.MethodPost, registriesPath, nil, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteRegistry deletes a registry credential. One still used by a pod is
// refused with 400 (IsInUse); templates referencing it just lose the link.
func (c *Client) DeleteRegistry(ctx context.Context, id string) error {
	path, err := pathID("registry", registriesPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}
