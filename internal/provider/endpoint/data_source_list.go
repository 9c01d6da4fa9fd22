package endpoint

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource              = (*endpointsDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*endpointsDataSource)(nil)
)

// NewListDataSource is the runpod_endpoints data source factory.
func NewListDataSource() datasource.DataSource { return &endpointsDataSource{} }

type endpointsDataSource struct{ providerdata.DataSourceBase }

type endpointsModel struct {
	datasources.NameFilter
	Endpoints []endpointModel `tfsdk:"endpoints"`
}

func (d *endpointsDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_endpoints"
}

func (d *endpointsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the account's serverless endpoints, sorted by name (then id, since names need not " +
			"be unique), optionally only those with a name or a name prefix. Each has the attributes of the " +
			"`runpod_endpoint` data source.",
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{
				MarkdownDescription: "Only list endpoints with exactly this name.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"name_prefix": schema.StringAttribute{
				MarkdownDescription: "Only list endpoints whose name starts with this.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"endpoints": schema.ListNestedAttribute{
				MarkdownDescription: "The endpoints.",
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: dataSourceAttributes()},
			},
		},
	}
}

func (d *endpointsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	_, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg endpointsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.Data.Reads().Endpoints(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Endpoints", "listing endpoints", err))
		return
	}
	cfg.Endpoints = selectEndpoints(all, cfg)
	resp.Diagnostics.Append(resp.State.Set(ctx, cfg)...)
}

// selectEndpoints is the endpoints passing cfg's filters, by name then id.
func selectEndpoints(all []runpod.Endpoint, cfg endpointsModel) []endpointModel {
	found := make([]*runpod.Endpoint, 0, len(all))
	for i := range all {
		if cfg.Match(all[i].Name) {
			found = append(found, &all[i])
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return apiKind.ByNameThenID(found[i], found[j]) })
	out := make([]endpointModel, len(found))
	for i, e := range found {
		out[i] = dataFromAPI(e)
	}
	return out
}
