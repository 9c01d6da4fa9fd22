package sshkey

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	_, key := schemacheck.ResourceSchema(t, NewKeyResource())
	schemacheck.ModelMatches(t, key, keyModel{})
	_, keys := schemacheck.ResourceSchema(t, NewKeysResource())
	schemacheck.ModelMatches(t, keys, keysModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataSource()).Attributes, struct {
		Keys []keyData `tfsdk:"keys"`
	}{})
}
