package catalog

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// maxSuggestions bounds the "closest valid ids" a message offers.
const maxSuggestions = 3

// closestIDs returns up to maxSuggestions ids from valid that look most like
// id, closest first: a typo ("US-KS2"), another case ("eu-ro-1") or a short
// name ("RTX 4090") finds the real id. Ids too far from id are left out, so
// an empty result means nothing is close.
func closestIDs(id string, valid []string) []string {
	q := foldID(id)
	type scored struct {
		id    string
		score int
	}
	var hits []scored
	for _, v := range valid {
		c := foldID(v)
		score := levenshtein(q, c)
		// A short form of the id ("RTX 4090", "NVIDIA RTX 4090" for
		// "NVIDIA GeForce RTX 4090") is as good as a one-letter typo.
		if len(q) >= 4 && (isSubsequence(q, c) || isSubsequence(c, q)) {
			score = min(score, 1)
		}
		if score <= max(2, len([]rune(q))/3) {
			hits = append(hits, scored{v, score})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score < hits[j].score
		}
		return hits[i].id < hits[j].id
	})
	out := []string{}
	for i := 0; i < len(hits) && i < maxSuggestions; i++ {
		if i > 0 && hits[0].score == 0 && hits[i].score > 0 {
			break // same id but for case or punctuation: that is the one
		}
		out = append(out, hits[i].id)
	}
	return out
}

// isSubsequence reports whether every rune of short appears in long, in order.
func isSubsequence(short, long string) bool {
	rs := []rune(short)
	i := 0
	for _, r := range long {
		if i < len(rs) && rs[i] == r {
			i++
		}
	}
	return i == len(rs)
}

// foldID drops case and punctuation, which users get wrong most often and
// which never tell two catalog ids apart.
func foldID(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// unknownIDDetail says that id is not one of valid (kind "data center",
// "GPU type"), offering the closest valid ids and, when listAll, every valid
// id; otherwise where to find them (hint).
func unknownIDDetail(attr, kind, id string, valid []string, listAll bool, hint string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: Runpod's catalog has no %s %q.", attr, kind, id)
	if close := closestIDs(id, valid); len(close) > 0 {
		fmt.Fprintf(&b, " Closest valid ids: %s.", pricing.IDList(close))
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
	var diags diag.Diagnostics
	if len(ids) == 0 {
		return diags
	}
	all, err := cat.AllDataCenters(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read the Data-Center Catalog", "listing data centers to check "+attr, err))
		return diags
	}
	valid := make([]string, 0, len(all))
	for i := range all {
		valid = append(valid, all[i].ID)
	}
	sort.Strings(valid)
	for _, id := range ids {
		if !slices.Contains(valid, id) {
			diags.AddAttributeError(path.Root(attr), "Unknown Data Center",
				unknownIDDetail(attr, "data center", id, valid, true,
					"Data-center ids are written like \"EU-RO-1\"; the runpod_data_centers data source lists them."))
		}
	}
	return diags
}
