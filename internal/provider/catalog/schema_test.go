package catalog

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewCPUTypesDataSource()).Attributes, cpuTypesModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataCentersDataSource()).Attributes, dataCentersModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataCenterDataSource()).Attributes, dataCenterModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewGPUTypesDataSource()).Attributes, gpuTypesModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewGPUTypeDataSource()).Attributes, gpuTypeDataModel{})
}
