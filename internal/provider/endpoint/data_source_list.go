package endpoint

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_endpoints data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.Single[endpointsModel]{TypeName: "runpod_endpoints", BuildSchema: endpointsSchema, Fetch: readEndpoints}
}

type endpointsModel struct {
	datasources.NameFilter
	Endpoints []endpointModel `tfsdk:"endpoints"`
}

func endpointsSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Lists the account's serverless endpoints, sorted by name (then id, since names need not " +
			"be unique), optionally only those with a name or a name prefix. Each has the attributes of the " +
			"`runpod_endpoint` data source.",
		Attributes: map[string]schema.Attribute{
			"name":        datasources.NameArgument(Kind.Plural()),
			"name_prefix": datasources.NamePrefixArgument(Kind.Plural()),
			"endpoints":   datasources.ListOf("The endpoints.", dataSourceAttributes()),
		},
	}
}

func readEndpoints(ctx context.Context, api datasources.Source, cfg endpointsModel) (endpointsModel, diag.Diagnostics) {
	all, err := Kind.SharedList(api.Reads, ctx)
	if err != nil {
		return cfg, diag.Diagnostics{Kind.ListError(err)}
	}
	cfg.Endpoints = selectEndpoints(all, cfg)
	return cfg, nil
}

// selectEndpoints is the endpoints passing cfg's filters, by name then id.
func selectEndpoints(all []runpod.Endpoint, cfg endpointsModel) []endpointModel {
	found := make([]*runpod.Endpoint, 0, len(all))
	for i := range all {
		if cfg.Match(all[i].Name) {
			found = append(found, &all[i])
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return Kind.ByNameThenID(found[i], found[j]) })
	out := make([]endpointModel, len(found))
	for i, e := range found {
		out[i] = dataFromAPI(e)
	}
	return out
}
