package pod

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource              = (*podsDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*podsDataSource)(nil)
)

var pathID = path.Root("id")

// NewListDataSource is the runpod_pods data source factory.
func NewListDataSource() datasource.DataSource { return &podsDataSource{} }

type podsDataSource struct{ providerdata.DataSourceBase }

type podsModel struct {
	IncludeClusterPods types.Bool     `tfsdk:"include_cluster_pods"`
	Name               types.String   `tfsdk:"name"`
	Pods               []podDataModel `tfsdk:"pods"`
}

func (d *podsDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_pods"
}

func (d *podsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the account's pods with their live status, addresses and cost, sorted by name (then id, " +
			"since names need not be unique). Pods that belong to an instant cluster are left out unless " +
			"`include_cluster_pods` is set.",
		Attributes: map[string]schema.Attribute{
			"include_cluster_pods": schema.BoolAttribute{
				MarkdownDescription: "Also list the member pods of instant clusters (`cluster_id` says which). Defaults to `false`.",
				Optional:            true,
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Only list pods with exactly this name.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"pods": schema.ListNestedAttribute{
				MarkdownDescription: "The pods.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: podDataAttributes(schema.StringAttribute{
					MarkdownDescription: "Id of the pod.", Computed: true,
				})},
			},
		},
	}
}

func (d *podsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	_, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg podsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := d.Data.Reads().Pods(ctx, cfg.IncludeClusterPods.ValueBool())
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Pods", "listing pods", err))
		return
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Name != all[j].Name {
			return all[i].Name < all[j].Name
		}
		return all[i].ID < all[j].ID
	})
	cfg.Pods = []podDataModel{}
	for i := range all {
		if !cfg.Name.IsNull() && all[i].Name != cfg.Name.ValueString() {
			continue
		}
		m, diags := dataFromAPI(ctx, &all[i])
		resp.Diagnostics.Append(diags...)
		cfg.Pods = append(cfg.Pods, m)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, cfg)...)
}
