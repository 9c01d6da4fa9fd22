package registryauth

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_registry_auths data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.Registry, registryData]{
		Kind:     Kind,
		TypeName: "runpod_registry_auths",
		Description: "Lists the account's container registry credentials, sorted by name: id and name only, " +
			"since Runpod never returns usernames or passwords.",
		ItemAttributes: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"id":   datasources.String("The credential's id, for a template's `registry_auth_id`."),
				"name": datasources.String("The credential's name."),
			}
		},
		Convert: datasources.Converter(viewFromAPI),
	}
}
