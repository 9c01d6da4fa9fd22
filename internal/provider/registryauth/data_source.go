package registryauth

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_registry_auths data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.Registry, registryData]{
		TypeName: "runpod_registry_auths",
		Description: "Lists the account's container registry credentials, sorted by name: id and name only, " +
			"since Runpod never returns usernames or passwords.",
		Attribute:            "registry_auths",
		AttributeDescription: "The account's registry credentials.",
		ItemAttributes: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"id":   schema.StringAttribute{MarkdownDescription: "The credential's id, for a template's `registry_auth_id`.", Computed: true},
				"name": schema.StringAttribute{MarkdownDescription: "The credential's name.", Computed: true},
			}
		},
		Fetch: func(ctx context.Context, reads *providerdata.Reads) ([]runpod.Registry, error) {
			return reads.Registries(ctx)
		},
		ErrorSummary: "Cannot List Registry Credentials",
		ErrorDoing:   "listing registry credentials",
		Less:         func(a, b *runpod.Registry) bool { return a.Name < b.Name },
		Convert:      datasources.Converter(fromAPI),
	}
}
