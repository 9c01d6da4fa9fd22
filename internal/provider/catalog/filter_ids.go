package catalog

import (
	"context"
	"slices"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// The checks below are the catalog data sources' id checks, for the filters
// of other kinds (the list resources of pods and volumes): a typo in a
// filter is an error naming the closest real ids, said the same way
// everywhere, rather than an empty result.

// CheckDataCenterIDs refuses data-center ids that Runpod does not have
// (checkDataCenterIDs); attr names the filter.
func CheckDataCenterIDs(ctx context.Context, cat *providerdata.Catalog, attr string, ids []string) diag.Diagnostics {
	return checkDataCenterIDs(ctx, cat, attr, ids)
}

// CheckGPUTypeIDs refuses GPU type ids that Runpod's catalog does not have,
// offering the closest ones; attr names the filter. It reads the unfiltered
// GPU list that plan-time checks share.
func CheckGPUTypeIDs(ctx context.Context, cat *providerdata.Catalog, attr string, ids []string) diag.Diagnostics {
	if len(ids) == 0 {
		return nil
	}
	gpus, err := cat.GPUTypes(ctx, runpod.GPUTypeQuery{})
	if err != nil {
		return diag.Diagnostics{diagnostics.APIError("Cannot Read the GPU Catalog", "listing GPU types to check "+attr, err)}
	}
	valid := make([]string, 0, len(gpus))
	for i := range gpus {
		valid = append(valid, gpus[i].ID)
	}
	return unknownIDs(attr, ids, valid, "Unknown GPU Type", "GPU type", false,
		"GPU type ids are full names such as \"NVIDIA GeForce RTX 4090\"; the runpod_gpu_types data source lists them.")
}

// unknownIDs is an attribute error on attr for each of ids not in valid,
// naming the closest valid ones (see unknownIDDetail).
func unknownIDs(attr string, ids, valid []string, summary, kind string, listAll bool, hint string) diag.Diagnostics {
	var diags diag.Diagnostics
	sort.Strings(valid)
	for _, id := range ids {
		if !slices.Contains(valid, id) {
			diags.AddAttributeError(path.Root(attr), summary, unknownIDDetail(attr, kind, id, valid, listAll, hint))
		}
	}
	return diags
}
