package registryauth

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource              = (*registriesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*registriesDataSource)(nil)
)

// NewListDataSource is the runpod_registry_auths data source factory.
func NewListDataSource() datasource.DataSource { return &registriesDataSource{} }

type registriesDataSource struct{ providerdata.DataSourceBase }

type registriesModel struct {
	RegistryAuths []registryData `tfsdk:"registry_auths"`
}

func (d *registriesDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_registry_auths"
}

func (d *registriesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the account's container registry credentials, sorted by name: id and name only, " +
			"since Runpod never returns usernames or passwords.",
		Attributes: map[string]schema.Attribute{
			"registry_auths": schema.ListNestedAttribute{
				MarkdownDescription: "The account's registry credentials.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":   schema.StringAttribute{MarkdownDescription: "The credential's id, for a template's `registry_auth_id`.", Computed: true},
					"name": schema.StringAttribute{MarkdownDescription: "The credential's name.", Computed: true},
				}},
			},
		},
	}
}

func (d *registriesDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := client.ListRegistries(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Registry Credentials", "listing registry credentials", err))
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	out := registriesModel{RegistryAuths: make([]registryData, 0, len(all))}
	for i := range all {
		out.RegistryAuths = append(out.RegistryAuths, fromAPI(&all[i]))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}
