package billing

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemaMatchesModel(t *testing.T) {
	attrs := schemacheck.DataSourceSchema(t, NewDataSource()).Attributes
	schemacheck.ModelMatches(t, attrs, model{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, attrs["records"]), recordModel{})
}

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{
		"gpuAmount": "gpu_amount", "storageHighPerformanceAmount": "storage_high_performance_amount", "endpointAmount": "endpoint_amount",
	} {
		if got := snake(in); got != want {
			t.Errorf("snake(%q) = %q, want %q", in, got, want)
		}
	}
}
