// Package suggest finds the catalog ids nearest to one a user typed, for
// "did you mean" lists in plan-time errors. It is the one home of that
// ranking: placement checks (GPU type, CPU flavour, data center of a pod or
// cluster) and the catalog data sources' id filters both call Closest, each
// with the Matching that suits how users get its ids wrong.
package suggest

import (
	"slices"
	"strings"
	"unicode"
)

// Candidate is a catalog id with every name a user might type for it (the
// id itself included).
type Candidate struct {
	ID    string
	Names []string
}

// IDs makes candidates known by their id alone.
func IDs(ids []string) []Candidate {
	out := make([]Candidate, 0, len(ids))
	for _, id := range ids {
		out = append(out, Candidate{ID: id, Names: []string{id}})
	}
	return out
}

// Matching is how near a name must be to be suggested, and which near names
// hide others.
type Matching int

const (
	// BestKind offers only the best kind of match: exact once case,
	// punctuation and vendor words ("NVIDIA", "GeForce", "AMD", "Instinct")
	// are dropped, else a name containing the query or contained in it
	// (nearest length first), else the names at the smallest edit distance
	// within a third of the length (at least 3). Used where the query is a
	// whole GPU, CPU or data-center id and display names count too.
	BestKind Matching = iota
	// Typos ranks by edit distance after dropping case and punctuation
	// only, counting a short form of an id ("RTX 4090" for "NVIDIA GeForce
	// RTX 4090") as a one-letter typo; ids within a third of the query's
	// length (at least 2) qualify, and an exact match hides the rest. Used
	// for the ids in catalog data-source filters.
	Typos
)

// vendorWords are dropped before comparing under BestKind, so that
// "RTX 4090", "nvidia rtx 4090" and "NVIDIA GeForce RTX 4090" compare equal.
var vendorWords = []string{"nvidia", "geforce", "amd", "instinct"}

// fold lowercases s and keeps only letters and digits: case and punctuation
// are what users get wrong most often and never tell two catalog ids apart.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// foldWithoutVendor is fold with vendorWords left out.
func foldWithoutVendor(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	var b strings.Builder
	for _, w := range words {
		if !slices.Contains(vendorWords, w) {
			b.WriteString(w)
		}
	}
	return b.String()
}

// Tiers of match, best first: a candidate is ranked by its best name.
const (
	tierExact = iota
	tierContains
	tierEdits
	tierNone
)

// match is a candidate's best name: its tier, then a score within it
// (smaller is nearer).
type match struct {
	id          string
	tier, score int
}

// Closest returns up to n candidate ids nearest to query, best first (ties
// by id); an empty result means nothing is close, so a wild guess gets no
// suggestions rather than random ones.
func Closest(query string, cands []Candidate, n int, m Matching) []string {
	var hits []match
	for _, c := range cands {
		best := match{id: c.ID, tier: tierNone}
		for _, name := range c.Names {
			if s, ok := score(query, name, m); ok && (s.tier < best.tier || (s.tier == best.tier && s.score < best.score)) {
				best = match{id: c.ID, tier: s.tier, score: s.score}
			}
		}
		if best.tier != tierNone {
			hits = append(hits, best)
		}
	}
	slices.SortStableFunc(hits, func(a, b match) int {
		if a.tier != b.tier {
			return a.tier - b.tier
		}
		if a.score != b.score {
			return a.score - b.score
		}
		return strings.Compare(a.id, b.id)
	})
	out := make([]string, 0, n)
	for _, h := range hits {
		if len(out) == n || hides(hits[0], h, m) {
			break
		}
		out = append(out, h.id)
	}
	return out
}

// hides reports whether first, the best match, keeps h out of the list.
func hides(first, h match, m Matching) bool {
	if m == Typos {
		// Same id but for case or punctuation: that is the one.
		return first.tier == tierExact && h.tier != tierExact
	}
	// An exact or containing match hides edit-distance guesses, and among
	// those only the nearest count.
	return h.tier != first.tier || (h.tier == tierEdits && h.score != first.score)
}

// score places one name against query, or reports that it is too far.
func score(query, name string, m Matching) (match, bool) {
	if m == Typos {
		q, c := fold(query), fold(name)
		d := levenshtein(q, c)
		// A short form of the id ("RTX 4090", "NVIDIA RTX 4090" for
		// "NVIDIA GeForce RTX 4090") is as good as a one-letter typo.
		if len(q) >= 4 && (isSubsequence(q, c) || isSubsequence(c, q)) {
			d = min(d, 1)
		}
		if d > max(2, len([]rune(q))/3) {
			return match{}, false
		}
		if d == 0 {
			return match{tier: tierExact}, true
		}
		return match{tier: tierEdits, score: d}, true
	}
	q, nn := foldWithoutVendor(query), foldWithoutVendor(name)
	switch {
	case nn == "":
		return match{}, false
	case nn == q || strings.EqualFold(name, query):
		return match{tier: tierExact}, true
	case q != "" && (strings.Contains(nn, q) || strings.Contains(q, nn)):
		return match{tier: tierContains, score: abs(len(nn) - len(q))}, true
	}
	d := levenshtein(nn, q)
	if d > max(3, max(len(q), len(nn))/3) {
		return match{}, false
	}
	return match{tier: tierEdits, score: d}, true
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

// levenshtein is the edit distance between a and b, in runes.
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
