package networkvolume

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_network_volumes data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.NetworkVolume, volumeModel]{
		Kind:           Kind,
		TypeName:       "runpod_network_volumes",
		Description:    "Lists every network volume of the account, sorted by name (then id, since names need not be unique).",
		ItemAttributes: dataSourceAttributes,
		Convert:        datasources.Converter(viewFromAPI),
	}
}
