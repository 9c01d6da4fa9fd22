package catalog

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestSchemasMatchModels(t *testing.T) {
	cpu := schemacheck.DataSourceSchema(t, NewCPUTypesDataSource()).Attributes
	schemacheck.ModelMatches(t, cpu, cpuTypesModel{})
	cpuType := schemacheck.Nested(t, cpu["cpu_types"])
	schemacheck.ModelMatches(t, cpuType, cpuTypeModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, cpuType["vcpu"]), vcpuRangeModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, cpuType["price"]), cpuPriceModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, cpuType["data_centers"]), availabilityModel{})

	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataCentersDataSource()).Attributes, dataCentersModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewDataCenterDataSource()).Attributes, dataCenterModel{})

	gpus := schemacheck.DataSourceSchema(t, NewGPUTypesDataSource()).Attributes
	schemacheck.ModelMatches(t, gpus, gpuTypesModel{})
	gpu := schemacheck.DataSourceSchema(t, NewGPUTypeDataSource()).Attributes
	schemacheck.ModelMatches(t, gpu, gpuTypeDataModel{})
	for _, gpuType := range []map[string]any{schemacheck.Nested(t, gpus["gpu_types"]), toAny(gpu)} {
		schemacheck.ModelMatches(t, schemacheck.Nested(t, gpuType["price"]), gpuPriceModel{})
		schemacheck.ModelMatches(t, schemacheck.Nested(t, gpuType["max_count"]), gpuMaxCountModel{})
		schemacheck.ModelMatches(t, schemacheck.Nested(t, gpuType["cuda_versions"]), cudaVersionModel{})
		schemacheck.ModelMatches(t, schemacheck.Nested(t, gpuType["data_centers"]), availabilityModel{})
	}
	schemacheck.ModelMatches(t, schemacheck.Nested(t, gpus["gpu_types"]), gpuTypeModel{})

	tmpls := schemacheck.DataSourceSchema(t, NewPublicTemplatesDataSource()).Attributes
	schemacheck.ModelMatches(t, tmpls, publicTemplatesModel{})
	tmpl := schemacheck.Nested(t, tmpls["templates"])
	schemacheck.ModelMatches(t, tmpl, publicTemplateModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, tmpl["persistent_volume"]), publicTemplateVolume{})
}

func toAny[A any](m map[string]A) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
