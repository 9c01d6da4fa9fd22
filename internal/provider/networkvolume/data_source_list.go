package networkvolume

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListDataSource is the runpod_network_volumes data source factory.
func NewListDataSource() datasource.DataSource {
	return &datasources.List[runpod.NetworkVolume, volumeModel]{
		TypeName:             "runpod_network_volumes",
		Description:          "Lists every network volume of the account, sorted by name (then id, since names need not be unique).",
		Attribute:            "network_volumes",
		AttributeDescription: "The account's network volumes.",
		ItemAttributes:       dataSourceAttributes,
		Fetch: func(ctx context.Context, reads *providerdata.Reads) ([]runpod.NetworkVolume, error) {
			return reads.NetworkVolumes(ctx)
		},
		ErrorSummary: "Cannot List Network Volumes",
		ErrorDoing:   "listing network volumes",
		Less: datasources.ByNameThenID(
			func(v *runpod.NetworkVolume) string { return v.Name },
			func(v *runpod.NetworkVolume) string { return v.ID }),
		Convert: datasources.Converter(fromAPI),
	}
}
