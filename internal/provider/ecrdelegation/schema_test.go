package ecrdelegation

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	_, all := schemacheck.ResourceSchema(t, NewResource())
	schemacheck.ModelMatches(t, all, resourceModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataSource()).Attributes, delegationModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewListDataSource()).Attributes, struct {
		Delegations []delegationModel `tfsdk:"ecr_delegations"`
	}{})
}
