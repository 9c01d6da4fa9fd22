package catalog

import (
	"context"
	"fmt"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewCPUTypesDataSource is the runpod_cpu_types data source factory.
func NewCPUTypesDataSource() datasource.DataSource {
	return &datasources.Single[cpuTypesModel]{TypeName: "runpod_cpu_types", BuildSchema: cpuTypesSchema, Fetch: readCPUTypes}
}

type cpuTypesModel struct {
	Product   types.String   `tfsdk:"product"`
	VCPUCount types.Int64    `tfsdk:"vcpu_count"`
	CPUTypes  []cpuTypeModel `tfsdk:"cpu_types"`
}

type cpuTypeModel struct {
	ID           types.String    `tfsdk:"id"`
	Name         types.String    `tfsdk:"name"`
	Group        types.String    `tfsdk:"group"`
	VCPU         *vcpuRangeModel `tfsdk:"vcpu"`
	RAMGBPerVCPU types.Float64   `tfsdk:"ram_gb_per_vcpu"`
	Price        *cpuPriceModel  `tfsdk:"price"`
	stockModel
}

type vcpuRangeModel struct {
	Min types.Int64 `tfsdk:"min"`
	Max types.Int64 `tfsdk:"max"`
}

type cpuPriceModel struct {
	SecurePerVCPU     types.Float64 `tfsdk:"secure_per_vcpu"`
	ServerlessPerVCPU types.Float64 `tfsdk:"serverless_per_vcpu"`
}

func cpuTypesSchema() schema.Schema {
	str, i64, f64 := datasources.String, datasources.Int64, datasources.Float64
	return schema.Schema{
		MarkdownDescription: "Lists Runpod's CPU flavours (for CPU pods and serverless workers) with prices and live stock " +
			"per data center for one product.",
		Attributes: map[string]schema.Attribute{
			"product": productAttribute(cpuProducts),
			"vcpu_count": schema.Int64Attribute{
				MarkdownDescription: "vCPUs per pod to read stock for: a power of two, at least 2. Defaults to each flavour's minimum.",
				Optional:            true,
				Validators:          []validator.Int64{vcpuCountValidator{}},
			},
			"cpu_types": datasources.ListOf("The CPU flavours, sorted by id.", stockAttributes(map[string]schema.Attribute{
				"id":    str("CPU flavour id, e.g. `cpu5c`."),
				"name":  str("Display name, e.g. `Compute-Optimized`."),
				"group": str("Hardware generation, e.g. `Gen 5`."),
				"vcpu": datasources.Object("vCPU counts a pod of this flavour can have.", map[string]schema.Attribute{
					"min": i64("Fewest vCPUs."),
					"max": i64("Most vCPUs."),
				}),
				"ram_gb_per_vcpu": f64("Memory per vCPU, in GB."),
				"price": datasources.Object("List prices in USD per vCPU per hour.", map[string]schema.Attribute{
					"secure_per_vcpu":     f64("For pods (Secure Cloud)."),
					"serverless_per_vcpu": f64("For serverless workers, or null when not offered."),
				}),
			}, "data centers", "Stock per data center for the product and vCPU count asked, best-stocked first.",
				"Data center id.")),
		},
	}
}

func readCPUTypes(ctx context.Context, api datasources.Source, m cpuTypesModel) (cpuTypesModel, diag.Diagnostics) {
	q := runpod.CPUTypeQuery{IncludeAvailability: true, Products: []string{m.Product.ValueString()}, VCPUCount: int(m.VCPUCount.ValueInt64())}
	cpus, err := api.Catalog.CPUTypes(ctx, q)
	if err != nil {
		return m, diag.Diagnostics{diagnostics.APIError("Cannot Read the CPU Catalog", "listing CPU flavours", err)}
	}
	m.CPUTypes = make([]cpuTypeModel, 0, len(cpus))
	for i := range cpus {
		m.CPUTypes = append(m.CPUTypes, cpuFromAPI(&cpus[i]))
	}
	sort.Slice(m.CPUTypes, func(i, j int) bool { return m.CPUTypes[i].ID.ValueString() < m.CPUTypes[j].ID.ValueString() })
	return m, nil
}

// cpuFromAPI is the one conversion from the API's CPU flavour.
func cpuFromAPI(c *runpod.CPUType) cpuTypeModel {
	return cpuTypeModel{
		ID:           types.StringValue(c.ID),
		Name:         types.StringValue(c.Name),
		Group:        types.StringValue(c.Group),
		VCPU:         &vcpuRangeModel{Min: types.Int64Value(int64(c.VCPU.Min)), Max: types.Int64Value(int64(c.VCPU.Max))},
		RAMGBPerVCPU: types.Float64Value(c.RAMGBPerVCPU),
		Price: &cpuPriceModel{
			SecurePerVCPU:     types.Float64Value(c.Price.SecurePerVCPU),
			ServerlessPerVCPU: types.Float64PointerValue(c.Price.ServerlessPerVCPU),
		},
		stockModel: stockFromAPI(c.DataCenters, nil, c.Availability),
	}
}

// vcpuCountValidator checks vcpu_count as the API takes it: an integer of
// at least 2 that is a power of two (the API refuses 6 with 400).
type vcpuCountValidator struct{}

func (v vcpuCountValidator) Description(context.Context) string {
	return "must be a power of two, at least 2 (2, 4, 8, 16, ...)"
}

func (v vcpuCountValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v vcpuCountValidator) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	n := req.ConfigValue.ValueInt64()
	if n < 2 || n&(n-1) != 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid vCPU Count",
			fmt.Sprintf("%d is not a valid vCPU count: it %s.", n, v.Description(ctx)))
	}
}
