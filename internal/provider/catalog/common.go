// Package catalog implements the read-only data sources over Runpod's
// catalog (API v2 /v2/catalog/...): runpod_gpu_types, runpod_gpu_type,
// runpod_data_centers, runpod_data_center and runpod_cpu_types.
//
// Every read goes through the provider-wide memo (providerdata.Catalog), so
// a configuration that reads the same catalog query from several places, or
// from resources' plan-time checks, sends it once per run.
package catalog

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Enumerations of the catalog API (the /v2/catalog query parameters and
// fields).
var (
	gpuProducts     = []string{"POD", "CLUSTER", "SERVERLESS"}
	cpuProducts     = []string{"POD", "SERVERLESS"}
	clouds          = []string{"SECURE", "COMMUNITY"}
	volumeTypes     = []string{runpod.VolumeTypeStandard, runpod.VolumeTypeHighPerformance}
	regions         = []string{"NORTH_AMERICA", "SOUTH_AMERICA", "EUROPE", "ASIA", "MIDDLE_EAST", "AFRICA", "OCEANIA", "ANTARCTICA", "UNKNOWN"}
	complianceTypes = []string{"GDPR", "ISO_IEC_27001", "ISO_14001", "PCI_DSS", "HITRUST", "SOC_1_TYPE_2", "SOC_2_TYPE_2", "SOC_3_TYPE_2", "ITAR", "FISMA_HIGH", "HIPAA", "RENEWABLE"}
)

const availabilityLevels = "`NONE`, `LOW`, `MEDIUM` or `HIGH`"

// availabilityModel is one row of availability: a data center for a GPU or
// CPU type, or a GPU or CPU type in a data center.
type availabilityModel struct {
	ID           types.String `tfsdk:"id"`
	Name         types.String `tfsdk:"name"`
	Availability types.String `tfsdk:"availability"`
}

func availabilityAttribute(desc, idDesc string) schema.Attribute {
	return datasources.ListOf(desc, map[string]schema.Attribute{
		"id":           datasources.String(idDesc),
		"name":         datasources.String("Display name."),
		"availability": datasources.String("Stock there now: " + availabilityLevels + "."),
	})
}

// stockModel is where a CPU or GPU type has stock now: the best level, the
// stock per data center and the ids of the data centers that have some.
type stockModel struct {
	Availability           types.String        `tfsdk:"availability"`
	DataCenters            []availabilityModel `tfsdk:"data_centers"`
	AvailableDataCenterIDs []types.String      `tfsdk:"available_data_center_ids"`
}

// stockFromAPI is a type's stock from its rows per data center, counting
// only the data centers in only when it is non-empty. The level is the one
// the API reports, unless data centers are left out or it reports none: then
// it is the best among the rows counted.
func stockFromAPI(rows []runpod.Availability, only []string, reported string) stockModel {
	kept, withStock := availabilityRows(rows, only)
	if len(only) > 0 || reported == "" {
		reported = bestAvailability(kept)
	}
	return stockModel{
		Availability:           types.StringValue(reported),
		DataCenters:            kept,
		AvailableDataCenterIDs: stringList(withStock),
	}
}

// stockAttributes are the attributes of stockModel, added to attrs:
// availability says across which data centers the level is the best, and
// dataCenters and dataCenterID describe data_centers.
func stockAttributes(attrs map[string]schema.Attribute, availability, dataCenters, dataCenterID string) map[string]schema.Attribute {
	attrs["availability"] = datasources.String("Best stock across " + availability + ": " + availabilityLevels + ".")
	attrs["data_centers"] = availabilityAttribute(dataCenters, dataCenterID)
	attrs["available_data_center_ids"] = datasources.Strings("Ids of the data centers in `data_centers` that have stock now, " +
		"best-stocked first.")
	return attrs
}

// availabilityRows converts and sorts rows best-stocked first, then by id,
// keeping only ids in only when it is non-empty. It also returns the ids of
// the rows that have stock, in the same order.
func availabilityRows(rows []runpod.Availability, only []string) ([]availabilityModel, []string) {
	kept := make([]runpod.Availability, 0, len(rows))
	for _, r := range rows {
		if len(only) == 0 || slices.Contains(only, r.ID) {
			kept = append(kept, r)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		ri, rj := placement.AvailabilityRank(kept[i].Availability), placement.AvailabilityRank(kept[j].Availability)
		if ri != rj {
			return ri > rj
		}
		return kept[i].ID < kept[j].ID
	})
	out := make([]availabilityModel, len(kept))
	withStock := []string{}
	for i, r := range kept {
		out[i] = availabilityModel{ID: types.StringValue(r.ID), Name: types.StringValue(r.Name), Availability: types.StringValue(r.Availability)}
		if placement.HasStock(r.Availability) {
			withStock = append(withStock, r.ID)
		}
	}
	return out, withStock
}

// bestAvailability is the highest level among rows, NONE when empty.
func bestAvailability(rows []availabilityModel) string {
	best := "NONE"
	for _, r := range rows {
		if placement.AvailabilityRank(r.Availability.ValueString()) > placement.AvailabilityRank(best) {
			best = r.Availability.ValueString()
		}
	}
	return best
}

func productAttribute(products []string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: fmt.Sprintf("Which product's stock to read: %s. Stock differs by product, so the "+
			"availability read always names one.", quoted(products)),
		Required:   true,
		Validators: []validator.String{stringvalidator.OneOf(products...)},
	}
}

func enumSetAttribute(desc string, values []string) schema.SetAttribute {
	return schema.SetAttribute{
		MarkdownDescription: desc + " One or more of " + quoted(values) + ".",
		ElementType:         types.StringType,
		Optional:            true,
		Validators: []validator.Set{
			setvalidator.SizeAtLeast(1),
			setvalidator.ValueStringsAre(stringvalidator.OneOf(values...)),
		},
	}
}

var countryCodePattern = regexp.MustCompile(`^[A-Z]{2}$`)

func countryCodesAttribute(desc string) schema.SetAttribute {
	return schema.SetAttribute{
		MarkdownDescription: desc,
		ElementType:         types.StringType,
		Optional:            true,
		Validators: []validator.Set{
			setvalidator.SizeAtLeast(1),
			setvalidator.ValueStringsAre(stringvalidator.RegexMatches(countryCodePattern,
				`must be an ISO 3166-1 alpha-2 country code in capitals, e.g. "US" or "RO"`)),
		},
	}
}

func quoted(values []string) string {
	s := ""
	for i, v := range values {
		switch {
		case i == 0:
		case i == len(values)-1:
			s += " or "
		default:
			s += ", "
		}
		s += "`" + v + "`"
	}
	return s
}

// stringsFromSet reads a known set of strings; null reads as nil.
func stringsFromSet(ctx context.Context, s types.Set) ([]string, diag.Diagnostics) {
	if s.IsNull() || s.IsUnknown() {
		return nil, nil
	}
	var out []string
	diags := s.ElementsAs(ctx, &out, false)
	sort.Strings(out)
	return out, diags
}

func stringList(ids []string) []types.String {
	out := make([]types.String, len(ids))
	for i, id := range ids {
		out[i] = types.StringValue(id)
	}
	return out
}
