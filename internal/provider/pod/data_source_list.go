package pod

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_pods data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.Single[podsModel]{TypeName: "runpod_pods", BuildSchema: podsSchema, Fetch: readPods}
}

type podsModel struct {
	IncludeClusterPods types.Bool     `tfsdk:"include_cluster_pods"`
	Name               types.String   `tfsdk:"name"`
	Pods               []podDataModel `tfsdk:"pods"`
}

func podsSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Lists the account's pods with their live status, addresses and cost, sorted by name (then id, " +
			"since names need not be unique). Pods that belong to an instant cluster are left out unless " +
			"`include_cluster_pods` is set.",
		Attributes: map[string]schema.Attribute{
			"include_cluster_pods": schema.BoolAttribute{
				MarkdownDescription: "Also list the member pods of instant clusters (`cluster_id` says which). Defaults to `false`.",
				Optional:            true,
			},
			"name": datasources.NameArgument("pods"),
			"pods": datasources.ListOf("The pods.", podDataAttributes(datasources.String("Id of the pod."))),
		},
	}
}

func readPods(ctx context.Context, api datasources.Source, cfg podsModel) (podsModel, diag.Diagnostics) {
	list := Kind.SharedList
	if cfg.IncludeClusterPods.ValueBool() {
		list = func(reads *providerdata.Reads, ctx context.Context) ([]runpod.Pod, error) {
			return providerdata.List(ctx, reads, runpod.Pods)
		}
	}
	all, err := list(api.Reads, ctx)
	if err != nil {
		return cfg, diag.Diagnostics{diagnostics.APIError("Cannot List Pods", "listing pods", err)}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Name != all[j].Name {
			return all[i].Name < all[j].Name
		}
		return all[i].ID < all[j].ID
	})
	var diags diag.Diagnostics
	cfg.Pods = []podDataModel{}
	for i := range all {
		if !cfg.Name.IsNull() && all[i].Name != cfg.Name.ValueString() {
			continue
		}
		m, d := dataFromAPI(ctx, &all[i])
		diags.Append(d...)
		cfg.Pods = append(cfg.Pods, m)
	}
	return cfg, diags
}
