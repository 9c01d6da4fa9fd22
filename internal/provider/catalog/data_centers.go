package catalog

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// dataCenterModel is one data center with the GPU and CPU availability it
// reports.
type dataCenterModel struct {
	ID                 types.String        `tfsdk:"id"`
	Name               types.String        `tfsdk:"name"`
	Region             types.String        `tfsdk:"region"`
	GlobalNetwork      types.Bool          `tfsdk:"global_network"`
	NetworkVolumeTypes []types.String      `tfsdk:"network_volume_types"`
	Compliance         []types.String      `tfsdk:"compliance"`
	GPUAvailability    []availabilityModel `tfsdk:"gpu_availability"`
	CPUAvailability    []availabilityModel `tfsdk:"cpu_availability"`
}

func dataCenterAttributes() map[string]schema.Attribute {
	strs := datasources.Strings
	return map[string]schema.Attribute{
		"id":             datasources.String("Data center id, e.g. `EU-RO-1`."),
		"name":           datasources.String("Display name."),
		"region":         datasources.String("Region, e.g. `EUROPE`."),
		"global_network": datasources.Bool("Whether the data center is on Runpod's global networking."),
		"network_volume_types": strs("Network storage tiers offered (`STANDARD`, `HIGH_PERFORMANCE`), the first being the " +
			"default. Empty: no network volumes can be created here."),
		"compliance": strs("Compliance certifications, e.g. `GDPR`, `SOC_2_TYPE_2`."),
		"gpu_availability": availabilityAttribute("Stock of each GPU type the data center offers, for one GPU on any "+
			"product and cloud, best-stocked first. For stock of one product, use `runpod_gpu_type`.", "GPU type id."),
		"cpu_availability": availabilityAttribute("Stock of each CPU flavour the data center offers, best-stocked first.", "CPU flavour id."),
	}
}

// dataCenterFromAPI is the one conversion from the API's data center.
func dataCenterFromAPI(dc *runpod.DataCenter) dataCenterModel {
	gpus, _ := availabilityRows(dc.GPUAvailability, nil)
	cpus, _ := availabilityRows(dc.CPUAvailability, nil)
	return dataCenterModel{
		ID:                 types.StringValue(dc.ID),
		Name:               types.StringValue(dc.Name),
		Region:             types.StringValue(dc.Region),
		GlobalNetwork:      types.BoolValue(dc.GlobalNetwork),
		NetworkVolumeTypes: stringList(dc.NetworkVolumeTypes),
		Compliance:         stringList(dc.Compliance),
		GPUAvailability:    gpus,
		CPUAvailability:    cpus,
	}
}

// NewDataCentersDataSource is the runpod_data_centers data source factory.
func NewDataCentersDataSource() datasource.DataSource {
	return &datasources.Single[dataCentersModel]{TypeName: "runpod_data_centers", BuildSchema: dataCentersSchema, Fetch: readDataCenters}
}

type dataCentersModel struct {
	Regions            types.Set         `tfsdk:"regions"`
	NetworkVolumeTypes types.Set         `tfsdk:"network_volume_types"`
	Compliance         types.Set         `tfsdk:"compliance"`
	GlobalNetwork      types.Bool        `tfsdk:"global_network"`
	DataCenters        []dataCenterModel `tfsdk:"data_centers"`
}

func dataCentersSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Lists Runpod's data centers with the network storage they offer and their live GPU and CPU " +
			"stock. Filters of different kinds combine with AND.",
		Attributes: map[string]schema.Attribute{
			"regions": enumSetAttribute("Only data centers in any of these regions.", regions),
			"network_volume_types": enumSetAttribute("Only data centers offering every one of these network storage tiers; "+
				"`[\"STANDARD\"]` lists where a `runpod_network_volume` can be created.", volumeTypes),
			"compliance": enumSetAttribute("Only data centers holding every one of these certifications.", complianceTypes),
			"global_network": schema.BoolAttribute{
				MarkdownDescription: "Only data centers on (`true`) or off (`false`) Runpod's global networking.",
				Optional:            true,
			},
			"data_centers": datasources.ListOf("The matching data centers, sorted by id.", dataCenterAttributes()),
		},
	}
}

func readDataCenters(ctx context.Context, api datasources.Source, m dataCentersModel) (dataCentersModel, diag.Diagnostics) {
	var diags diag.Diagnostics
	// Without filters this is exactly providerdata.AllDataCentersQuery, so it
	// shares one request with the resources' plan-time placement checks.
	q := providerdata.AllDataCentersQuery
	for _, f := range []struct {
		set types.Set
		dst *[]string
	}{{m.Regions, &q.Regions}, {m.NetworkVolumeTypes, &q.NetworkVolumeTypes}, {m.Compliance, &q.Compliance}} {
		vals, d := stringsFromSet(ctx, f.set)
		diags.Append(d...)
		*f.dst = vals
	}
	q.GlobalNetwork = m.GlobalNetwork.ValueBoolPointer()
	if diags.HasError() {
		return m, diags
	}
	dcs, err := api.Catalog.DataCenters(ctx, q)
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read the Data-Center Catalog", "listing data centers", err))
	}
	m.DataCenters = make([]dataCenterModel, 0, len(dcs))
	for i := range dcs {
		m.DataCenters = append(m.DataCenters, dataCenterFromAPI(&dcs[i]))
	}
	sort.Slice(m.DataCenters, func(i, j int) bool { return m.DataCenters[i].ID.ValueString() < m.DataCenters[j].ID.ValueString() })
	return m, diags
}

// NewDataCenterDataSource is the runpod_data_center data source factory.
func NewDataCenterDataSource() datasource.DataSource {
	return &datasources.Single[dataCenterModel]{TypeName: "runpod_data_center", BuildSchema: dataCenterSchema, Fetch: readDataCenter}
}

func dataCenterSchema() schema.Schema {
	attrs := dataCenterAttributes()
	attrs["id"] = schema.StringAttribute{MarkdownDescription: "Data center id, e.g. `EU-RO-1`.", Required: true}
	return schema.Schema{
		MarkdownDescription: "Reads one Runpod data center: the network storage it offers and its live GPU and CPU stock.",
		Attributes:          attrs,
	}
}

func readDataCenter(ctx context.Context, api datasources.Source, config dataCenterModel) (dataCenterModel, diag.Diagnostics) {
	var diags diag.Diagnostics
	id := config.ID.ValueString()
	// The full list answers this too, and is the read every other
	// data-center lookup of the run shares.
	all, err := api.Catalog.AllDataCenters(ctx)
	if err != nil {
		return config, append(diags, diagnostics.APIError("Cannot Read the Data-Center Catalog", "listing data centers", err))
	}
	ids := make([]string, 0, len(all))
	for i := range all {
		if all[i].ID == id {
			return dataCenterFromAPI(&all[i]), diags
		}
		ids = append(ids, all[i].ID)
	}
	sort.Strings(ids)
	diags.AddAttributeError(path.Root("id"), "Unknown Data Center",
		unknownIDDetail("id", "data center", id, ids, true, ""))
	return config, diags
}
