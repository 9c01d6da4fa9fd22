package secret

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	_, all := schemacheck.ResourceSchema(t, NewResource())
	schemacheck.ModelMatches(t, all, secretModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataSource()).Attributes, secretData{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewListDataSource()).Attributes, struct {
		Secrets []secretData `tfsdk:"secrets"`
	}{})
}
