package networkvolume

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	_, all := schemacheck.ResourceSchema(t, NewResource())
	schemacheck.ModelMatches(t, all, resourceModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataSource()).Attributes, volumeModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewListDataSource()).Attributes, struct {
		NetworkVolumes []volumeModel `tfsdk:"network_volumes"`
	}{})
}
