package providerdata

import (
	"context"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// PublicTemplates lists one slice of the public template catalog (GET
// /v2/catalog/templates?source=...), once per source per provider process,
// through the catalog memo. The slice is shared: treat it as read-only.
func (c *Catalog) PublicTemplates(ctx context.Context, source string) ([]runpod.Template, error) {
	return memo(ctx, c, cacheKey("public-templates", source, struct{}{}), func(ctx context.Context) ([]runpod.Template, error) {
		return c.client.ListPublicTemplates(ctx, source)
	})
}
