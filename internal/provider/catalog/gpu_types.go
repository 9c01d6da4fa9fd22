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
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource              = (*gpuTypesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*gpuTypesDataSource)(nil)
	_ datasource.DataSource              = (*gpuTypeDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*gpuTypeDataSource)(nil)
)

// NewGPUTypesDataSource is the runpod_gpu_types data source factory.
func NewGPUTypesDataSource() datasource.DataSource { return &gpuTypesDataSource{} }

type gpuTypesDataSource struct{ providerdata.DataSourceBase }

type gpuTypesModel struct {
	gpuQueryModel
	MinMemoryGB types.Int64    `tfsdk:"min_memory_gb"`
	GPUTypes    []gpuTypeModel `tfsdk:"gpu_types"`
}

func (d *gpuTypesDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_gpu_types"
}

func (d *gpuTypesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := gpuQueryAttributes()
	attrs["min_memory_gb"] = schema.Int64Attribute{
		MarkdownDescription: "Only list GPU types with at least this much GPU memory, in GB.",
		Optional:            true,
		Validators:          []validator.Int64{int64validator.AtLeast(1)},
	}
	attrs["gpu_types"] = schema.ListNestedAttribute{
		MarkdownDescription: "The GPU types, sorted by id, with live stock for the product, cloud and GPU count asked.",
		Computed:            true,
		NestedObject:        schema.NestedAttributeObject{Attributes: gpuTypeAttributes()},
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists Runpod's GPU types with prices and live stock per data center for one product " +
			"(`POD`, `CLUSTER` or `SERVERLESS`). With `country_codes`, types no data center there offers are left out. " +
			"Stock is read once per run and shared with every other use of the same query.",
		Attributes: attrs,
	}
}

func (d *gpuTypesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m gpuTypesModel
	cat, q, onlyDCs := readGPUQuery(ctx, d.Data, req.Config, &m, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	gpus, err := cat.GPUTypes(ctx, q)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read the GPU Catalog", "listing GPU types", err))
		return
	}
	m.GPUTypes = make([]gpuTypeModel, 0, len(gpus))
	for i := range gpus {
		if !m.MinMemoryGB.IsNull() && int64(gpus[i].Memory) < m.MinMemoryGB.ValueInt64() {
			continue
		}
		m.GPUTypes = append(m.GPUTypes, gpuFromAPI(&gpus[i], onlyDCs))
	}
	sort.Slice(m.GPUTypes, func(i, j int) bool { return m.GPUTypes[i].ID.ValueString() < m.GPUTypes[j].ID.ValueString() })
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// NewGPUTypeDataSource is the runpod_gpu_type data source factory.
func NewGPUTypeDataSource() datasource.DataSource { return &gpuTypeDataSource{} }

type gpuTypeDataSource struct{ providerdata.DataSourceBase }

type gpuTypeDataModel struct {
	gpuQueryModel
	gpuTypeModel
}

func (d *gpuTypeDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_gpu_type"
}

func (d *gpuTypeDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := gpuTypeAttributes()
	for k, v := range gpuQueryAttributes() {
		attrs[k] = v
	}
	attrs["id"] = schema.StringAttribute{
		MarkdownDescription: "GPU type id, e.g. `NVIDIA GeForce RTX 4090` (the `id` of an entry of `runpod_gpu_types`).",
		Required:            true,
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads one GPU type with its prices and live stock per data center for one product " +
			"(`POD`, `CLUSTER` or `SERVERLESS`), e.g. to choose where to put a network volume so that the GPU that " +
			"reads it can run next to it.",
		Attributes: attrs,
	}
}

func (d *gpuTypeDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m gpuTypeDataModel
	cat, q, onlyDCs := readGPUQuery(ctx, d.Data, req.Config, &m, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	id := m.ID.ValueString()
	g, err := cat.GPUType(ctx, id, q)
	if runpod.IsNotFound(err) {
		resp.Diagnostics.AddAttributeError(path.Root("id"), "Unknown GPU Type", unknownGPUTypeDetail(ctx, cat, id))
		return
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read the GPU Catalog", fmt.Sprintf("reading GPU type %q", id), err))
		return
	}
	m.gpuTypeModel = gpuFromAPI(g, onlyDCs)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
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

// readGPUQuery is the start both GPU data sources share: the catalog, the
// configuration read into m, and the query its filters ask for, with the
// data-center ids checked. Callers stop when diags has an error.
func readGPUQuery[M interface {
	toQuery(context.Context) (runpod.GPUTypeQuery, []string, diag.Diagnostics)
}](ctx context.Context, data *providerdata.Data, config tfsdk.Config, m M, diags *diag.Diagnostics) (*providerdata.Catalog, runpod.GPUTypeQuery, []string) {
	cat, d := data.Catalog()
	diags.Append(d...)
	if diags.HasError() {
		return nil, runpod.GPUTypeQuery{}, nil
	}
	diags.Append(config.Get(ctx, m)...)
	if diags.HasError() {
		return nil, runpod.GPUTypeQuery{}, nil
	}
	q, onlyDCs, d := m.toQuery(ctx)
	diags.Append(d...)
	if diags.HasError() {
		return nil, runpod.GPUTypeQuery{}, nil
	}
	diags.Append(checkDataCenterIDs(ctx, cat, "data_center_ids", onlyDCs)...)
	return cat, q, onlyDCs
}
