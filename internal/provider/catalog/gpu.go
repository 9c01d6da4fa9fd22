package catalog

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// gpuQueryModel holds the GPU catalog filters shared by runpod_gpu_type and
// runpod_gpu_types.
type gpuQueryModel struct {
	Product        types.String `tfsdk:"product"`
	Cloud          types.String `tfsdk:"cloud"`
	GPUCount       types.Int64  `tfsdk:"gpu_count"`
	CountryCodes   types.Set    `tfsdk:"country_codes"`
	DataCenterIDs  types.Set    `tfsdk:"data_center_ids"`
	MinCudaVersion types.String `tfsdk:"min_cuda_version"`
	AllowedCuda    types.Set    `tfsdk:"allowed_cuda_versions"`
}

// gpuTypeModel is one GPU type with its availability.
type gpuTypeModel struct {
	ID             types.String       `tfsdk:"id"`
	Name           types.String       `tfsdk:"name"`
	Manufacturer   types.String       `tfsdk:"manufacturer"`
	MemoryGB       types.Int64        `tfsdk:"memory_gb"`
	Pool           types.String       `tfsdk:"pool"`
	SecureCloud    types.Bool         `tfsdk:"secure_cloud"`
	CommunityCloud types.Bool         `tfsdk:"community_cloud"`
	Price          *gpuPriceModel     `tfsdk:"price"`
	MaxCount       *gpuMaxCountModel  `tfsdk:"max_count"`
	CudaVersions   []cudaVersionModel `tfsdk:"cuda_versions"`
	stockModel
}

type gpuPriceModel struct {
	Secure     types.Float64 `tfsdk:"secure"`
	Community  types.Float64 `tfsdk:"community"`
	Serverless types.Float64 `tfsdk:"serverless"`
}

type gpuMaxCountModel struct {
	Secure    types.Int64 `tfsdk:"secure"`
	Community types.Int64 `tfsdk:"community"`
}

type cudaVersionModel struct {
	Version   types.String `tfsdk:"version"`
	Available types.Bool   `tfsdk:"available"`
}

var minCudaPattern = regexp.MustCompile(`^\d+(\.\d+)?$`)

// gpuQueryAttributes are the filter arguments, in a data source's schema.
func gpuQueryAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"product": productAttribute(gpuProducts),
		"cloud": schema.StringAttribute{
			MarkdownDescription: "Cloud whose stock to read: `SECURE` (the default) or `COMMUNITY`. Network volumes " +
				"attach only to Secure Cloud compute.",
			Optional:   true,
			Computed:   true,
			Validators: []validator.String{stringvalidator.OneOf(clouds...)},
		},
		"gpu_count": schema.Int64Attribute{
			MarkdownDescription: "GPUs per pod to read stock for (default 1): a data center with 3 free GPUs has stock for " +
				"1 but not for 4.",
			Optional:   true,
			Computed:   true,
			Validators: []validator.Int64{int64validator.AtLeast(1)},
		},
		"country_codes": countryCodesAttribute("Only count data centers in these countries (ISO 3166-1 alpha-2 codes, " +
			"e.g. `[\"US\", \"CA\"]`)."),
		"data_center_ids": schema.SetAttribute{
			MarkdownDescription: "Only count these data centers: `data_centers` lists only them and `availability` is the " +
				"best among them (`NONE` when none has the type). For example the ids of the data centers that offer network " +
				"storage, from `runpod_data_centers`. An id that is not a Runpod data center is an error naming the closest " +
				"valid ids, so that a typo does not read as a stock-out.",
			ElementType: types.StringType,
			Optional:    true,
			Validators: []validator.Set{
				setvalidator.SizeAtLeast(1),
				setvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1)),
			},
		},
		"min_cuda_version": schema.StringAttribute{
			MarkdownDescription: "Only count machines running at least this CUDA version (`12` or `12.4`). Conflicts " +
				"with `allowed_cuda_versions`, as in the API.",
			Optional: true,
			Validators: []validator.String{
				stringvalidator.RegexMatches(minCudaPattern, `must be a CUDA version written as "major" or "major.minor", e.g. "12" or "12.4"`),
				stringvalidator.ConflictsWith(path.MatchRoot("allowed_cuda_versions")),
			},
		},
		"allowed_cuda_versions": schema.SetAttribute{
			MarkdownDescription: "Only count machines running one of these CUDA versions (`major.minor`), as a template's " +
				"`allowed_cuda_versions` asks. Conflicts with `min_cuda_version`, as in the API.",
			ElementType: types.StringType,
			Optional:    true,
			Validators: []validator.Set{
				setvalidator.SizeAtLeast(1),
				setvalidator.ValueStringsAre(validators.CudaVersion()),
			},
		},
	}
}

// gpuTypeAttributes are a GPU type's computed attributes.
func gpuTypeAttributes() map[string]schema.Attribute {
	str, i64, f64, boolean := datasources.String, datasources.Int64, datasources.Float64, datasources.Bool
	return stockAttributes(map[string]schema.Attribute{
		"id":              str("GPU type id, as pods and clusters name it, e.g. `NVIDIA GeForce RTX 4090`."),
		"name":            str("Display name, e.g. `RTX 4090`."),
		"manufacturer":    str("`NVIDIA`, `AMD` or `UNKNOWN`."),
		"memory_gb":       i64("GPU memory (VRAM) in GB."),
		"pool":            str("Serverless GPU pool the type belongs to, or null."),
		"secure_cloud":    boolean("Whether Secure Cloud offers the type."),
		"community_cloud": boolean("Whether Community Cloud offers the type."),
		"price": datasources.Object("List prices in USD per GPU per hour.", map[string]schema.Attribute{
			"secure":     f64("On Secure Cloud."),
			"community":  f64("On Community Cloud."),
			"serverless": f64("For serverless workers, or null when the type is in no serverless pool."),
		}),
		"max_count": datasources.Object("The most GPUs of the type one pod can have: a ceiling, not stock.", map[string]schema.Attribute{
			"secure":    i64("On Secure Cloud."),
			"community": i64("On Community Cloud."),
		}),
		"cuda_versions": datasources.ListOf("CUDA versions that machines with this GPU run, and whether any of them has stock. "+
			"Empty for GPUs that report none (AMD).", map[string]schema.Attribute{
			"version":   str("CUDA version, `major.minor`."),
			"available": boolean("Whether a machine running it has stock now."),
		}),
	}, "the data centers counted", "Stock per data center for the product, cloud and GPU count asked, best-stocked "+
		"first. Empty when the type has no stock anywhere counted.", "Data center id, e.g. `EU-RO-1`.")
}

// toQuery builds the API query; stock is always read, for one product. It
// also returns the data-center ids to count (empty: all) and fills in the
// defaults of cloud and gpu_count.
func (q *gpuQueryModel) toQuery(ctx context.Context) (runpod.GPUTypeQuery, []string, diag.Diagnostics) {
	var diags diag.Diagnostics
	if q.Cloud.IsNull() {
		q.Cloud = types.StringValue("SECURE")
	}
	if q.GPUCount.IsNull() {
		q.GPUCount = types.Int64Value(1)
	}
	out := runpod.GPUTypeQuery{
		IncludeAvailability: true,
		Products:            []string{q.Product.ValueString()},
		Count:               int(q.GPUCount.ValueInt64()),
		Cloud:               q.Cloud.ValueString(),
		MinCudaVersion:      q.MinCudaVersion.ValueString(),
	}
	var d diag.Diagnostics
	out.CountryCodes, d = stringsFromSet(ctx, q.CountryCodes)
	diags.Append(d...)
	out.CudaVersions, d = stringsFromSet(ctx, q.AllowedCuda)
	diags.Append(d...)
	dcs, d := stringsFromSet(ctx, q.DataCenterIDs)
	diags.Append(d...)
	return out, dcs, diags
}

// gpuFromAPI is the one conversion from the API's GPU type, counting only
// the data centers in onlyDCs when it is non-empty.
func gpuFromAPI(g *runpod.GPUType, onlyDCs []string) gpuTypeModel {
	m := gpuTypeModel{
		ID:             types.StringValue(g.ID),
		Name:           types.StringValue(g.Name),
		Manufacturer:   types.StringValue(g.Manufacturer),
		MemoryGB:       types.Int64Value(int64(g.Memory)),
		Pool:           types.StringPointerValue(g.Pool),
		SecureCloud:    types.BoolValue(g.Secure),
		CommunityCloud: types.BoolValue(g.Community),
		Price: &gpuPriceModel{
			Secure:     types.Float64Value(g.Price.Secure),
			Community:  types.Float64Value(g.Price.Community),
			Serverless: types.Float64PointerValue(g.Price.Serverless),
		},
		MaxCount: &gpuMaxCountModel{
			Secure:    types.Int64Value(int64(g.MaxCount.Secure)),
			Community: types.Int64Value(int64(g.MaxCount.Community)),
		},
		CudaVersions: make([]cudaVersionModel, 0, len(g.CudaVersions)),
		stockModel:   stockFromAPI(g.DataCenters, onlyDCs, g.Availability),
	}
	for _, c := range g.CudaVersions {
		m.CudaVersions = append(m.CudaVersions, cudaVersionModel{Version: types.StringValue(c.Version), Available: types.BoolValue(c.Available)})
	}
	return m
}
