package template

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewDataSource is the runpod_template data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Lookup[runpod.Template, templateModel]{
		Kind:        Kind,
		TypeName:    "runpod_template",
		BuildSchema: dataSourceSchema,
		Convert:     fromAPI,
	}
}

// dataSourceAttributes describes a template's attributes for data sources:
// everything computed except the lookup keys, which the caller overrides.
func dataSourceAttributes() map[string]schema.Attribute {
	str, boolean, strList, strSet := datasources.String, datasources.Bool, datasources.Strings, datasources.StringSet
	return map[string]schema.Attribute{
		"id":                str("The template's id."),
		"name":              str("The template's name."),
		"image":             str("Container image reference."),
		"args":              str("Container start command as Runpod stores it."),
		"entrypoint":        strList("Container ENTRYPOINT in exec form."),
		"cmd":               strList("Container CMD in exec form."),
		"container_disk_gb": datasources.Int64("Container disk in GB (ephemeral)."),
		"persistent_volume": datasources.Object("The host-local persistent volume, if any.", map[string]schema.Attribute{
			"size_gb": datasources.Int64("Size in GB."),
			"path":    str("Mount path inside the container."),
		}),
		"ports":                 strSet("Exposed ports (`N/http` or `N/tcp`)."),
		"env":                   datasources.StringMap("Environment variables."),
		"registry_auth_id":      str("Id of the registry credential used to pull the image, or null."),
		"serverless":            boolean("Whether the template is for serverless workers."),
		"public":                boolean("Whether the template is visible to every Runpod user."),
		"category":              str("Compute category: `NVIDIA`, `AMD` or `CPU`."),
		"start_ssh":             boolean("Whether SSH is set up in containers created from the template."),
		"start_jupyter":         boolean("Whether JupyterLab starts in containers created from the template."),
		"allowed_cuda_versions": strSet("Acceptable host CUDA versions; empty means any."),
	}
}

func dataSourceSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads one template of the account, by id or by name. Public catalog templates can be read by id.",
		Attributes:          datasources.WithLookupKeys(dataSourceAttributes(), Kind.Noun, " (names are unique in an account)"),
	}
}
