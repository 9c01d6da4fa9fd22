package cluster

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_clusters data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.Cluster, clusterModel]{
		Kind:           Kind,
		TypeName:       "runpod_clusters",
		Description:    "Lists every Instant Cluster of the account, sorted by name (then id, since names need not be unique).",
		ItemAttributes: dataSourceAttributes,
		Convert:        datasources.Converter(viewFromAPI),
	}
}
