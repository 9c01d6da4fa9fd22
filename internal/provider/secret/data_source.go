package secret

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// dataSourceAttributes describes a secret's metadata for data sources:
// everything computed except the lookup keys, which the caller overrides.
// There is no value: the API never returns it.
func dataSourceAttributes() map[string]schema.Attribute {
	str := datasources.String
	return map[string]schema.Attribute{
		"id":                    str("The secret's id."),
		"name":                  str("The secret's name."),
		"description":           str("The secret's description, or null."),
		"reference":             str("The env placeholder for the secret, `{{ RUNPOD_SECRET_<name> }}`."),
		"created_at":            str("When the secret was created (RFC 3339)."),
		"value_last_updated_at": str("When the value was last set (RFC 3339)."),
	}
}

// NewDataSource is the runpod_secret data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Lookup[runpod.Secret, secretData]{
		Kind:     Kind,
		TypeName: "runpod_secret",
		BuildSchema: func() schema.Schema {
			return schema.Schema{
				MarkdownDescription: "Reads one account secret's metadata, by id or by name. The value is never readable; use " +
					"`reference` in an env value to have Runpod substitute it at boot.",
				Attributes: datasources.WithLookupKeys(dataSourceAttributes(), Kind.Noun, ""),
			}
		},
		Find:    findTaken,
		Convert: datasources.Converter(viewFromAPI),
	}
}

// NewListDataSource is the runpod_secrets data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.Secret, secretData]{
		Kind:           Kind,
		TypeName:       "runpod_secrets",
		Description:    "Lists the account's secrets, sorted by name: metadata only, never values.",
		ItemAttributes: dataSourceAttributes,
		Convert:        datasources.Converter(viewFromAPI),
	}
}
