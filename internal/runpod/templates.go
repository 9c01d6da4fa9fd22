package runpod

import (
	"context"
	"net/http"
)

const templatesPath = "/v2/templates"

// Template is a pod or serverless template (/v2/templates). Every field is
// returned on read; Entrypoint and Cmd are the exec form of Args.
type Template struct {
	ID                  string            `json:"id"`
	Name                string            `json:"name"`
	Image               string            `json:"image"`
	Args                string            `json:"args"`
	Entrypoint          []string          `json:"entrypoint,omitempty"`
	Cmd                 []string          `json:"cmd,omitempty"`
	Disk                int               `json:"disk"`
	Mounts              TemplateMounts    `json:"mounts"`
	Ports               []string          `json:"ports"`
	Env                 map[string]string `json:"env"`
	Registry            *string           `json:"registry"` // registry credential id, or nil
	Serverless          bool              `json:"serverless"`
	Public              bool              `json:"public"`
	Category            string            `json:"category"` // CPU, NVIDIA or AMD
	StartSSH            bool              `json:"startSsh"`
	StartJupyter        bool              `json:"startJupyter"`
	AllowedCudaVersions []string          `json:"allowedCudaVersions"`
}

// PersistentMount is host-local disk that outlives container restarts.
type PersistentMount struct {
	Size int    `json:"size"` // GB, at least 10
	Path string `json:"path"`
}

// TemplateMounts holds a template's storage. Templates support only a
// persistent mount; on PATCH an empty TemplateMounts leaves it unchanged.
type TemplateMounts struct {
	Persistent *PersistentMount `json:"persistent,omitempty"`
}

// CreateTemplateRequest is the POST /v2/templates body. Nil fields are
// omitted so the API's defaults apply (startSsh and startJupyter default to
// true on templates, category to NVIDIA).
type CreateTemplateRequest struct {
	Name                string            `json:"name"`
	Image               string            `json:"image"`
	Args                *string           `json:"args,omitzero"`
	Entrypoint          []string          `json:"entrypoint,omitzero"`
	Cmd                 []string          `json:"cmd,omitzero"`
	Disk                *int              `json:"disk,omitzero"`
	Mounts              *TemplateMounts   `json:"mounts,omitzero"`
	Ports               []string          `json:"ports,omitzero"`
	Env                 map[string]string `json:"env,omitzero"`
	Registry            *string           `json:"registry,omitzero"`
	Serverless          *bool             `json:"serverless,omitzero"`
	Public              *bool             `json:"public,omitzero"`
	Category            *string           `json:"category,omitzero"`
	StartSSH            *bool             `json:"startSsh,omitzero"`
	StartJupyter        *bool             `json:"startJupyter,omitzero"`
	AllowedCudaVersions []string          `json:"allowedCudaVersions,omitzero"`
}

// UpdateTemplateRequest is the PATCH /v2/templates/{id} body. Unset fields
// are left alone by the API. To clear: Ports/Entrypoint/Cmd/
// AllowedCudaVersions = Set[[]string](nil) sends `[]`, Env =
// Set[map[string]string](nil) sends `{}`, Registry = Set[*string](nil) sends
// `null`, Args = Set("") sends `""`. Mounts cannot be removed by PATCH.
type UpdateTemplateRequest struct {
	Name                Optional[string]            `json:"name,omitzero"`
	Image               Optional[string]            `json:"image,omitzero"`
	Args                Optional[string]            `json:"args,omitzero"`
	Entrypoint          Optional[[]string]          `json:"entrypoint,omitzero"`
	Cmd                 Optional[[]string]          `json:"cmd,omitzero"`
	Disk                Optional[int]               `json:"disk,omitzero"`
	Mounts              Optional[TemplateMounts]    `json:"mounts,omitzero"`
	Ports               Optional[[]string]          `json:"ports,omitzero"`
	Env                 Optional[map[string]string] `json:"env,omitzero"`
	Registry            Optional[*string]           `json:"registry,omitzero"`
	Serverless          Optional[bool]              `json:"serverless,omitzero"`
	Public              Optional[bool]              `json:"public,omitzero"`
	Category            Optional[string]            `json:"category,omitzero"`
	StartSSH            Optional[bool]              `json:"startSsh,omitzero"`
	StartJupyter        Optional[bool]              `json:"startJupyter,omitzero"`
	AllowedCudaVersions Optional[[]string]          `json:"allowedCudaVersions,omitzero"`
}

// ListTemplates returns the templates the key owns (not the public catalog).
func (c *Client) ListTemplates(ctx context.Context) ([]Template, error) {
	return listAll[Template](ctx, c, templatesPath, nil, "templates")
}

// GetTemplate reads one template; IsNotFound(err) when it is gone.
func (c *Client) GetTemplate(ctx context.Context, id string) (*Template, error) {
	path, err := pathID("template", templatesPath, id)
	if err != nil {
		return nil, err
	}
	var out Template
	if err := c.do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateTemplate creates a template. A 5xx or dropped connection is not
// retried and yields an error matching ErrAmbiguous.
func (c *Client) CreateTemplate(ctx context.Context, req CreateTemplateRequest) (*Template, error) {
	var out Template
	if err := c.do(ctx, http.MethodPost, templatesPath, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateTemplate patches the fields set in req and returns the result.
func (c *Client) UpdateTemplate(ctx context.Context, id string, req UpdateTemplateRequest) (*Template, error) {
	path, err := pathID("template", templatesPath, id)
	if err != nil {
		return nil, err
	}
	var out Template
	if err := c.do(ctx, http.MethodPatch, path, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteTemplate deletes a template. A template still used by a pod or
// endpoint is refused with 400 (IsInUse).
func (c *Client) DeleteTemplate(ctx context.Context, id string) error {
	path, err := pathID("template", templatesPath, id)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}
