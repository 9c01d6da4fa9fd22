package cluster

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_clusters data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.Cluster, clusterModel]{
		TypeName:             "runpod_clusters",
		Description:          "Lists every Instant Cluster of the account, sorted by name (then id, since names need not be unique).",
		Attribute:            "clusters",
		AttributeDescription: "The account's clusters.",
		ItemAttributes:       dataSourceAttributes,
		Fetch: func(ctx context.Context, reads *providerdata.Reads) ([]runpod.Cluster, error) {
			return reads.Clusters(ctx)
		},
		ErrorSummary: "Cannot List Clusters",
		ErrorDoing:   "listing clusters",
		Less: datasources.ByNameThenID(
			func(c *runpod.Cluster) string { return c.Name },
			func(c *runpod.Cluster) string { return c.ID }),
		Convert: datasources.Converter(fromAPI),
	}
}
