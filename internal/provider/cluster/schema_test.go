package cluster

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	_, all := schemacheck.ResourceSchema(t, NewResource())
	schemacheck.ModelMatches(t, all, resourceModel{})

	for _, c := range []struct {
		new   func() datasource.DataSource
		model any
	}{
		{NewDataSource, clusterModel{}},
		{NewListDataSource, struct {
			Clusters []clusterModel `tfsdk:"clusters"`
		}{}},
		{NewPodsDataSource, podsModel{}},
		{NewBillingDataSource, billingModel{}},
	} {
		schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, c.new()).Attributes, c.model)
	}
}
