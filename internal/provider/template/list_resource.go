package template

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
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
		Kind: Kind,
		Description: "Finds the account's templates (not the public catalog) for `terraform query`, by name and by " +
			"pod or serverless use. Each result is named `NAME (ID)`. The templates Runpod makes for serverless endpoints " +
			"are left out unless `include_endpoint_templates` is true.\n\n" +
			"With `include_resource`, each result is the template as an import reads it, with its start command in the " +
			"form it was written in: `entrypoint` and `cmd` for an exec-form command, `args` for a command line, the " +
			"other form null (configuration generated from both would set attributes that conflict).",
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
		Convert: listedModel,
	}
}

// listedModel is the template as an import reads it, with its start command
// in one form only: Runpod returns a command both as args and as entrypoint
// and cmd, and configuration generated from both sets attributes that
// conflict. The form kept is the one the command was written in: entrypoint
// and cmd when args holds their exec form, args otherwise. The other form is
// null, which plans as derived from the one kept, so the import changes
// nothing.
func listedModel(ctx context.Context, t *runpod.Template) (templateModel, diag.Diagnostics) {
	m, diags := fromAPI(ctx, t)
	if diags.HasError() {
		return m, diags
	}
	nullList := types.ListNull(types.StringType)
	if _, _, exec := containerschema.ExecForm(t.Args); exec {
		m.Args = types.StringNull()
		if len(t.Entrypoint) == 0 {
			m.Entrypoint = nullList
		}
		if len(t.Cmd) == 0 {
			m.Cmd = nullList
		}
		return m, diags
	}
	m.Entrypoint, m.Cmd = nullList, nullList
	if t.Args == "" {
		m.Args = types.StringNull()
	}
	return m, diags
}
