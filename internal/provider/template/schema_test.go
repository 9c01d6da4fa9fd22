package template

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	_, all := schemacheck.ResourceSchema(t, NewResource())
	schemacheck.ModelMatches(t, all, templateModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["persistent_volume"]), containerschema.PersistentVolumeModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataSource()).Attributes, templateModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewListDataSource()).Attributes, struct {
		Templates []templateModel `tfsdk:"templates"`
	}{})
}
