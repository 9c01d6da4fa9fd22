package template

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// listFilter is the runpod_template list block's config.
type listFilter struct {
	listresources.NameFilter
	Serverless types.Bool `tfsdk:"serverless"`
}

// Matches implements listresources.Filter.
func (f listFilter) Matches(t *runpod.Template) bool {
	return f.Serverless.IsNull() || t.Serverless == f.Serverless.ValueBool()
}

// NewListResource is the runpod_template list resource factory.
func NewListResource() list.ListResource {
	return &listresources.List[runpod.Template, listFilter, templateModel]{
		TypeName: ResourceType,
		Kind:     "template",
		Description: "Finds the account's templates (not the public catalog) for `terraform query`, by name and by " +
			"pod or serverless use. Each result is named `NAME (ID)`.",
		Filters: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"serverless": schema.BoolAttribute{
					MarkdownDescription: "Only serverless templates (`true`) or only pod templates (`false`).",
					Optional:            true,
				},
			}
		},
		Fetch: func(ctx context.Context, client *runpod.Client) ([]runpod.Template, error) {
			return client.ListTemplates(ctx)
		},
		ErrorSummary: "Cannot List Templates",
		ErrorDoing:   "listing templates",
		ID:           func(t *runpod.Template) string { return t.ID },
		Name:         func(t *runpod.Template) string { return t.Name },
		DisplayName:  func(t *runpod.Template) string { return fmt.Sprintf("%s (%s)", t.Name, t.ID) },
		Convert:      fromAPI,
	}
}
