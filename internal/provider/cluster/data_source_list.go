package cluster

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource              = (*clustersDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*clustersDataSource)(nil)
)

// NewListDataSource is the runpod_clusters data source factory.
func NewListDataSource() datasource.DataSource { return &clustersDataSource{} }

type clustersDataSource struct{ providerdata.DataSourceBase }

type clustersModel struct {
	Clusters []clusterModel `tfsdk:"clusters"`
}

func (d *clustersDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_clusters"
}

func (d *clustersDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists every Instant Cluster of the account, sorted by name (then id, since names need not be unique).",
		Attributes: map[string]schema.Attribute{
			"clusters": schema.ListNestedAttribute{
				MarkdownDescription: "The account's clusters.",
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: dataSourceAttributes()},
			},
		},
	}
}

func (d *clustersDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := client.ListClusters(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Clusters", "listing clusters", err))
		return
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Name != all[j].Name {
			return all[i].Name < all[j].Name
		}
		return all[i].ID < all[j].ID
	})
	out := clustersModel{Clusters: make([]clusterModel, 0, len(all))}
	for i := range all {
		out.Clusters = append(out.Clusters, fromAPI(&all[i]))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}
