package cluster

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	ctx := context.Background()

	var rs resource.SchemaResponse
	NewResource().Schema(ctx, resource.SchemaRequest{}, &rs)
	if rs.Diagnostics.HasError() {
		t.Fatal(rs.Diagnostics)
	}
	if d := rs.Schema.ValidateImplementation(ctx); d.HasError() {
		t.Fatal(d)
	}
	// The timeouts block is part of the model too.
	all := map[string]any{}
	for k, v := range rs.Schema.Attributes {
		all[k] = v
	}
	for k, v := range rs.Schema.Blocks {
		all[k] = v
	}
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
		var ds datasource.SchemaResponse
		c.new().Schema(ctx, datasource.SchemaRequest{}, &ds)
		if ds.Diagnostics.HasError() {
			t.Fatal(ds.Diagnostics)
		}
		schemacheck.ModelMatches(t, ds.Schema.Attributes, c.model)
	}
}
