package template

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// listFilter is the runpod_template list block's config.
type listFilter struct {
	datasources.NameFilter
	Serverless               types.Bool `tfsdk:"serverless"`
	IncludeEndpointTemplates types.Bool `tfsdk:"include_endpoint_templates"`
}

// Matches implements listresources.Filter. The templates Runpod makes for
// serverless endpoints are left out unless asked for: they belong to their
// endpoint, which deletes them, and Runpod refuses to delete one on its own,
// so adopting one with terraform query leads to a destroy that fails.
func (f listFilter) Matches(t *runpod.Template) bool {
	if strings.Contains(t.Name, boundMarker) && !f.IncludeEndpointTemplates.ValueBool() {
		return false
	}
	return f.Serverless.IsNull() || t.Serverless == f.Serverless.ValueBool()
}

// NewListResource is the runpod_template list resource factory.
func NewListResource() list.ListResource {
	return &listresources.List[runpod.Template, listFilter, templateModel]{
		Kind:     apiKind,
		TypeName: ResourceType,
		Description: "Finds the account's templates (not the public catalog) for `terraform query`, by name and by " +
			"pod or serverless use. Each result is named `NAME (ID)`. The templates Runpod makes for serverless endpoints " +
			"are left out unless `include_endpoint_templates` is true.",
		Filters: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"serverless": schema.BoolAttribute{
					MarkdownDescription: "Only serverless templates (`true`) or only pod templates (`false`).",
					Optional:            true,
				},
				"include_endpoint_templates": schema.BoolAttribute{
					MarkdownDescription: "Also list the templates Runpod makes for serverless endpoints (named " +
						"`<endpoint name>__template__<suffix>`; default `false`). They belong to their endpoint: manage the " +
						"`runpod_endpoint` instead, since Runpod refuses to delete such a template on its own.",
					Optional: true,
				},
			}
		},
		Fetch:   (*runpod.Client).ListTemplates,
		Convert: fromAPI,
	}
}
