package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/suggest"
)

// maxSuggestions bounds the "closest valid ids" a message offers.
const maxSuggestions = 3

// closestIDs returns up to maxSuggestions ids from valid that look most like
// id, closest first: a typo ("US-KS2"), another case ("eu-ro-1") or a short
// name ("RTX 4090") finds the real id. Ids too far from id are left out, so
// an empty result means nothing is close.
func closestIDs(id string, valid []string) []string {
	return suggest.Closest(id, suggest.IDs(valid), maxSuggestions, suggest.Typos)
}

// unknownIDDetail says that id is not one of valid (kind "data center",
// "GPU type"), offering the closest valid ids and, when listAll, every valid
// id; otherwise where to find them (hint).
func unknownIDDetail(attr, kind, id string, valid []string, listAll bool, hint string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: Runpod's catalog has no %s %q.", attr, kind, id)
	if closest := closestIDs(id, valid); len(closest) > 0 {
		fmt.Fprintf(&b, " Closest valid ids: %s.", pricing.IDList(closest))
	}
	if listAll {
		fmt.Fprintf(&b, " Valid ids: %s.", pricing.IDList(valid))
	}
	if hint != "" {
		b.WriteString(" " + hint)
	}
	return b.String()
}

// checkDataCenterIDs refuses data-center ids that Runpod does not have, so a
// typo in a filter is an error rather than an empty result that reads like a
// stock-out. It reads the full data-center list that plan-time checks share,
// so it costs no extra request in a run that has one. attr names the filter.
func checkDataCenterIDs(ctx context.Context, cat *providerdata.Catalog, attr string, ids []string) diag.Diagnostics {
	if len(ids) == 0 {
		return nil
	}
	all, err := cat.AllDataCenters(ctx)
	if err != nil {
		return diag.Diagnostics{diagnostics.APIError("Cannot Read the Data-Center Catalog", "listing data centers to check "+attr, err)}
	}
	valid := make([]string, 0, len(all))
	for i := range all {
		valid = append(valid, all[i].ID)
	}
	return unknownIDs(attr, ids, valid, "Unknown Data Center", "data center", true,
		"Data-center ids are written like \"EU-RO-1\"; the runpod_data_centers data source lists them.")
}
