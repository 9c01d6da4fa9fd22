package catalog

import (
	"context"
	"fmt"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewGPUTypesDataSource is the runpod_gpu_types data source factory.
func NewGPUTypesDataSource() datasource.DataSource {
	return &datasources.Single[gpuTypesModel]{TypeName: "runpod_gpu_types", BuildSchema: gpuTypesSchema, Fetch: readGPUTypes}
}

type gpuTypesModel struct {
	gpuQueryModel
	MinMemoryGB types.Int64    `tfsdk:"min_memory_gb"`
	GPUTypes    []gpuTypeModel `tfsdk:"gpu_types"`
}

func gpuTypesSchema() schema.Schema {
	attrs := gpuQueryAttributes()
	attrs["min_memory_gb"] = schema.Int64Attribute{
		MarkdownDescription: "Only list GPU types with at least this much GPU memory, in GB.",
		Optional:            true,
		Validators:          []validator.Int64{int64validator.AtLeast(1)},
	}
	attrs["gpu_types"] = datasources.ListOf("The GPU types, sorted by id, with live stock for the product, cloud and GPU "+
		"count asked.", gpuTypeAttributes())
	return schema.Schema{
		MarkdownDescription: "Lists Runpod's GPU types with prices and live stock per data center for one product " +
			"(`POD`, `CLUSTER` or `SERVERLESS`). With `country_codes`, types no data center there offers are left out. " +
			"Stock is read once per run and shared with every other use of the same query.",
		Attributes: attrs,
	}
}

func readGPUTypes(ctx context.Context, api datasources.Source, m gpuTypesModel) (gpuTypesModel, diag.Diagnostics) {
	q, onlyDCs, diags := m.query(ctx, api.Catalog)
	if diags.HasError() {
		return m, diags
	}
	gpus, err := api.Catalog.GPUTypes(ctx, q)
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read the GPU Catalog", "listing GPU types", err))
	}
	m.GPUTypes = make([]gpuTypeModel, 0, len(gpus))
	for i := range gpus {
		if !m.MinMemoryGB.IsNull() && int64(gpus[i].Memory) < m.MinMemoryGB.ValueInt64() {
			continue
		}
		m.GPUTypes = append(m.GPUTypes, gpuFromAPI(&gpus[i], onlyDCs))
	}
	sort.Slice(m.GPUTypes, func(i, j int) bool { return m.GPUTypes[i].ID.ValueString() < m.GPUTypes[j].ID.ValueString() })
	return m, diags
}

// NewGPUTypeDataSource is the runpod_gpu_type data source factory.
func NewGPUTypeDataSource() datasource.DataSource {
	return &datasources.Single[gpuTypeDataModel]{TypeName: "runpod_gpu_type", BuildSchema: gpuTypeSchema, Fetch: readGPUType}
}

type gpuTypeDataModel struct {
	gpuQueryModel
	gpuTypeModel
}

func gpuTypeSchema() schema.Schema {
	attrs := gpuTypeAttributes()
	for k, v := range gpuQueryAttributes() {
		attrs[k] = v
	}
	attrs["id"] = schema.StringAttribute{
		MarkdownDescription: "GPU type id, e.g. `NVIDIA GeForce RTX 4090` (the `id` of an entry of `runpod_gpu_types`).",
		Required:            true,
	}
	return schema.Schema{
		MarkdownDescription: "Reads one GPU type with its prices and live stock per data center for one product " +
			"(`POD`, `CLUSTER` or `SERVERLESS`), e.g. to choose where to put a network volume so that the GPU that " +
			"reads it can run next to it.",
		Attributes: attrs,
	}
}

func readGPUType(ctx context.Context, api datasources.Source, m gpuTypeDataModel) (gpuTypeDataModel, diag.Diagnostics) {
	q, onlyDCs, diags := m.query(ctx, api.Catalog)
	if diags.HasError() {
		return m, diags
	}
	id := m.ID.ValueString()
	g, err := api.Catalog.GPUType(ctx, id, q)
	if runpod.IsNotFound(err) {
		diags.AddAttributeError(path.Root("id"), "Unknown GPU Type", unknownGPUTypeDetail(ctx, api.Catalog, id))
		return m, diags
	}
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read the GPU Catalog", fmt.Sprintf("reading GPU type %q", id), err))
	}
	m.gpuTypeModel = gpuFromAPI(g, onlyDCs)
	return m, diags
}

// unknownGPUTypeDetail explains an unknown GPU type id with the closest real
// ones. The list it reads is unfiltered, so a GPU that the query's filters
// leave out is still suggested; if it cannot be read, the message goes
// without suggestions rather than failing on a second error.
func unknownGPUTypeDetail(ctx context.Context, cat *providerdata.Catalog, id string) string {
	var valid []string
	if gpus, err := cat.GPUTypes(ctx, runpod.GPUTypeQuery{}); err == nil {
		for i := range gpus {
			valid = append(valid, gpus[i].ID)
		}
		sort.Strings(valid)
	}
	return unknownIDDetail("id", "GPU type", id, valid, false,
		"GPU type ids are full names such as \"NVIDIA GeForce RTX 4090\"; the runpod_gpu_types data source lists them.")
}

// query is the query the filters of both GPU data sources ask for, with
// the data-center ids to count, checked against the catalog.
func (q *gpuQueryModel) query(ctx context.Context, cat *providerdata.Catalog) (runpod.GPUTypeQuery, []string, diag.Diagnostics) {
	out, onlyDCs, diags := q.toQuery(ctx)
	if diags.HasError() {
		return out, nil, diags
	}
	diags.Append(checkDataCenterIDs(ctx, cat, "data_center_ids", onlyDCs)...)
	return out, onlyDCs, diags
}
