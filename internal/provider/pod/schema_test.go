package pod

import (
	"testing"

	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	rs, all := schemacheck.ResourceSchema(t, NewResource())
	schemacheck.ModelMatches(t, all, podModel{})
	nested := func(name string) map[string]schema.Attribute {
		return rs.Attributes[name].(schema.SingleNestedAttribute).Attributes
	}
	schemacheck.ModelMatches(t, nested("gpu"), gpuModel{})
	schemacheck.ModelMatches(t, nested("cpu"), cpuModel{})
	schemacheck.ModelMatches(t, nested("persistent_volume"), containerschema.PersistentVolumeModel{})
	schemacheck.ModelMatches(t, nested("network_volume"), containerschema.NetworkVolumeModel{})

	ds := schemacheck.DataSourceSchema(t, NewDataSource())
	schemacheck.ModelMatches(t, ds.Attributes, podDataModel{})
	schemacheck.ModelMatches(t, ds.Attributes["gpu"].(dschema.SingleNestedAttribute).Attributes, gpuDataModel{})

	ls := schemacheck.DataSourceSchema(t, NewListDataSource())
	schemacheck.ModelMatches(t, ls.Attributes, podsModel{})
	schemacheck.ModelMatches(t, ls.Attributes["pods"].(dschema.ListNestedAttribute).NestedObject.Attributes, podDataModel{})
}
