package runpod

import (
	"context"
	"net/url"
)

const publicTemplatesPath = "/v2/catalog/templates"

// Public template catalog slices (GET /v2/catalog/templates?source=...);
// official is the API's default.
const (
	TemplateSourceOfficial  = "official"
	TemplateSourceVerified  = "verified"
	TemplateSourceCommunity = "community"
)

// TemplateSources lists the slices, the default first.
var TemplateSources = []string{TemplateSourceOfficial, TemplateSourceVerified, TemplateSourceCommunity}

// ListPublicTemplates reads one slice of Runpod's public template catalog
// ("" = official). The API returns at most 100 templates and cannot page, so
// a larger slice is cut short; pod and serverless templates come mixed.
func (c *Client) ListPublicTemplates(ctx context.Context, source string) ([]Template, error) {
	q := url.Values{}
	setString(q, "source", source)
	return listAll[Template](ctx, c, publicTemplatesPath, q, "templates")
}
