package pod

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

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
	schemacheck.ModelMatches(t, all, podModel{})
	nested := func(name string) map[string]schema.Attribute {
		return rs.Schema.Attributes[name].(schema.SingleNestedAttribute).Attributes
	}
	schemacheck.ModelMatches(t, nested("gpu"), gpuModel{})
	schemacheck.ModelMatches(t, nested("cpu"), cpuModel{})
	schemacheck.ModelMatches(t, nested("persistent_volume"), persistentVolumeModel{})
	schemacheck.ModelMatches(t, nested("network_volume"), networkVolumeModel{})

	var ds datasource.SchemaResponse
	NewDataSource().Schema(ctx, datasource.SchemaRequest{}, &ds)
	schemacheck.ModelMatches(t, ds.Schema.Attributes, podDataModel{})
	schemacheck.ModelMatches(t, ds.Schema.Attributes["gpu"].(dschema.SingleNestedAttribute).Attributes, gpuDataModel{})

	var ls datasource.SchemaResponse
	NewListDataSource().Schema(ctx, datasource.SchemaRequest{}, &ls)
	schemacheck.ModelMatches(t, ls.Schema.Attributes, podsModel{})
	schemacheck.ModelMatches(t, ls.Schema.Attributes["pods"].(dschema.ListNestedAttribute).NestedObject.Attributes, podDataModel{})
}
