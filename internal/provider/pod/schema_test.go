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
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["gpu"]), gpuModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["cpu"]), cpuModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["persistent_volume"]), containerschema.PersistentVolumeModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["network_volume"]), networkVolumeModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, all["ready_when"]), readyWhenModel{})
	// Misspelt arguments fail validate only in blocks (an unknown key in an
	// object attribute is dropped without a word): these stay blocks.
	for _, name := range []string{"gpu", "cpu", "network_volume", "ready_when"} {
		if _, ok := rs.Blocks[name].(schema.SingleNestedBlock); !ok {
			t.Errorf("%s is not a single nested block", name)
		}
	}

	ds := schemacheck.DataSourceSchema(t, NewDataSource())
	schemacheck.ModelMatches(t, ds.Attributes, podDataModel{})
	schemacheck.ModelMatches(t, ds.Attributes["gpu"].(dschema.SingleNestedAttribute).Attributes, gpuDataModel{})

	ls := schemacheck.DataSourceSchema(t, NewListDataSource())
	schemacheck.ModelMatches(t, ls.Attributes, podsModel{})
	schemacheck.ModelMatches(t, ls.Attributes["pods"].(dschema.ListNestedAttribute).NestedObject.Attributes, podDataModel{})
}
