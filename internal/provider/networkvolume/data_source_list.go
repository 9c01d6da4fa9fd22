package networkvolume

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource              = (*volumesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*volumesDataSource)(nil)
)

// NewListDataSource is the runpod_network_volumes data source factory.
func NewListDataSource() datasource.DataSource { return &volumesDataSource{} }

type volumesDataSource struct{ providerdata.DataSourceBase }

type volumesModel struct {
	NetworkVolumes []volumeModel `tfsdk:"network_volumes"`
}

func (d *volumesDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_network_volumes"
}

func (d *volumesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists every network volume of the account, sorted by name (then id, since names need not be unique).",
		Attributes: map[string]schema.Attribute{
			"network_volumes": schema.ListNestedAttribute{
				MarkdownDescription: "The account's network volumes.",
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: dataSourceAttributes()},
			},
		},
	}
}

func (d *volumesDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := client.ListNetworkVolumes(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Network Volumes", "listing network volumes", err))
		return
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Name != all[j].Name {
			return all[i].Name < all[j].Name
		}
		return all[i].ID < all[j].ID
	})
	out := volumesModel{NetworkVolumes: make([]volumeModel, 0, len(all))}
	for i := range all {
		out.NetworkVolumes = append(out.NetworkVolumes, fromAPI(&all[i]))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}
