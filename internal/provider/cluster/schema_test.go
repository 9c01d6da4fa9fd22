package cluster

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
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
	schemacheck.ModelMatches(t, schemacheck.Nested(t, schemacheck.DataSourceSchema(t, NewPodsDataSource()).Attributes["pods"]), memberModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, schemacheck.DataSourceSchema(t, NewListDataSource()).Attributes["clusters"]), clusterModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["persistent_volume"]), containerschema.PersistentVolumeModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["network_volume"]), containerschema.NetworkVolumeModel{})
}
