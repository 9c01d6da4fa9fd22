package registryauth

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	_, all := schemacheck.ResourceSchema(t, NewResource())
	schemacheck.ModelMatches(t, all, registryModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewListDataSource()).Attributes, struct {
		RegistryAuths []registryData `tfsdk:"registry_auths"`
	}{})
}
