package networkvolume

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewDataSource is the runpod_network_volume data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Lookup[runpod.NetworkVolume, volumeModel]{
		Kind:        Kind,
		TypeName:    "runpod_network_volume",
		BuildSchema: dataSourceSchema,
		Describe: func(v *runpod.NetworkVolume) string {
			return fmt.Sprintf("%s (%d GB in %s)", v.ID, v.Size, v.DataCenter)
		},
		Convert: datasources.Converter(viewFromAPI),
	}
}

// dataSourceAttributes describes a volume's attributes for data sources:
// everything computed except the lookup keys, which the caller overrides.
func dataSourceAttributes() map[string]schema.Attribute {
	str := datasources.String
	return map[string]schema.Attribute{
		"id":             str("The volume's id."),
		"name":           str("The volume's name."),
		"size_gb":        datasources.Int64("Size in GB."),
		"data_center_id": str("Data center the volume is in; compute using it must run there, on Secure Cloud."),
		"type":           str("Storage tier: `STANDARD` or `HIGH_PERFORMANCE`."),
	}
}

func dataSourceSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads one network volume of the account, by id or by a name no other volume has.\n\n" + mountingNotes,
		Attributes:          datasources.WithSharedNameLookupKeys(dataSourceAttributes(), "volume"),
	}
}
