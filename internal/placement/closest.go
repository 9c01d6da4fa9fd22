package placement

import (
	"slices"
	"strings"
	"unicode"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// candidate is a catalog id with the names a user might type for it.
type candidate struct {
	id    string
	names []string
}

// vendorWords are dropped before comparing, so that "RTX 4090",
// "nvidia rtx 4090" and "NVIDIA GeForce RTX 4090" all compare equal.
var vendorWords = []string{"nvidia", "geforce", "amd", "instinct"}

// normalize lowercases s, drops vendor words and keeps only letters and
// digits.
func normalize(s string) string {
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

// closest ranks candidates by how near one of their names is to query and
// returns up to n ids of the best kind of match: exact after normalizing,
// else one name containing the other, else the nearest by edit distance.
// Only candidates within a third of the length in edits (at least 3)
// qualify, so a wild guess gets no suggestions rather than random ones.
func closest(cands []candidate, query string, n int) []string {
	q := normalize(query)
	type scored struct {
		id          string
		rank, score int
	}
	var all []scored
	for _, c := range cands {
		best := scored{id: c.id, rank: 3}
		for _, name := range c.names {
			nn := normalize(name)
			if nn == "" {
				continue
			}
			s := scored{id: c.id}
			switch {
			case nn == q || strings.EqualFold(name, query):
				s.rank = 0
			case q != "" && (strings.Contains(nn, q) || strings.Contains(q, nn)):
				s.rank, s.score = 1, abs(len(nn)-len(q))
			default:
				d := levenshtein(nn, q)
				if d > max(3, max(len(q), len(nn))/3) {
					continue
				}
				s.rank, s.score = 2, d
			}
			if s.rank < best.rank || (s.rank == best.rank && s.score < best.score) {
				best = s
			}
		}
		if best.rank < 3 {
			all = append(all, best)
		}
	}
	slices.SortStableFunc(all, func(a, b scored) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		if a.score != b.score {
			return a.score - b.score
		}
		return strings.Compare(a.id, b.id)
	})
	out := make([]string, 0, n)
	for _, s := range all {
		// Only the best kind of match is offered: an exact or containing
		// match hides edit-distance guesses, and among those only the
		// nearest count.
		if len(out) == n || s.rank != all[0].rank || (s.rank == 2 && s.score != all[0].score) {
			break
		}
		out = append(out, s.id)
	}
	return out
}

// closestGPUs matches on both the id and the display name of each GPU type.
func closestGPUs(types []runpod.GPUType, query string, n int) []string {
	cands := make([]candidate, 0, len(types))
	for _, t := range types {
		cands = append(cands, candidate{id: t.ID, names: []string{t.ID, t.Name}})
	}
	return closest(cands, query, n)
}

// levenshtein is the edit distance between a and b (bytes; the normalized
// names are ASCII).
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
