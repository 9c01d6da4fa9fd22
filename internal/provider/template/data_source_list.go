package template

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource              = (*templatesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*templatesDataSource)(nil)
)

// NewListDataSource is the runpod_templates data source factory.
func NewListDataSource() datasource.DataSource { return &templatesDataSource{} }

type templatesDataSource struct{ providerdata.DataSourceBase }

type templatesModel struct {
	Templates []templateModel `tfsdk:"templates"`
}

func (d *templatesDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_templates"
}

func (d *templatesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists every template the account owns (not the public catalog), sorted by name.",
		Attributes: map[string]schema.Attribute{
			"templates": schema.ListNestedAttribute{
				MarkdownDescription: "The account's templates.",
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: dataSourceAttributes()},
			},
		},
	}
}

func (d *templatesDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := client.ListTemplates(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Templates", "listing templates", err))
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	out := templatesModel{Templates: make([]templateModel, 0, len(all))}
	for i := range all {
		m, diags := fromAPI(ctx, &all[i])
		resp.Diagnostics.Append(diags...)
		out.Templates = append(out.Templates, m)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}
