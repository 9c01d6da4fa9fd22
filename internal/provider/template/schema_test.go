package template

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
	schemacheck.ModelMatches(t, rs.Schema.Attributes, templateModel{})

	var ds datasource.SchemaResponse
	NewDataSource().Schema(ctx, datasource.SchemaRequest{}, &ds)
	schemacheck.ModelMatches(t, ds.Schema.Attributes, templateModel{})

	var ls datasource.SchemaResponse
	NewListDataSource().Schema(ctx, datasource.SchemaRequest{}, &ls)
	schemacheck.ModelMatches(t, ls.Schema.Attributes, struct {
		Templates []templateModel `tfsdk:"templates"`
	}{})
}
