package main

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// phase is one measured CLI command: the command, the requests the fake
// received while it ran, and how many of them the quota refused (429).
type phase struct {
	run
	requests []runpodfake.Request
	refused  int
}

func (p phase) count(method, pattern string) int { return countMatching(p.requests, method, pattern) }

// measure runs fn and takes the fake's request log and 429 count around it.
// Only the CLI talks to the fake meanwhile, so the difference is its doing.
func measure(f *runpodfake.Fake, fn func() (run, error)) (phase, error) {
	before, refusedBefore := len(f.Requests()), f.RateLimited()
	r, err := fn()
	if err != nil {
		return phase{}, err
	}
	return phase{run: r, requests: f.Requests()[before:], refused: f.RateLimited() - refusedBefore}, nil
}

// countMatching counts the requests with this method ("" for any) whose
// path matches pattern ("" for any), where a {name} segment matches any one
// segment.
func countMatching(reqs []runpodfake.Request, method, pattern string) int {
	n := 0
	for _, r := range reqs {
		if (method == "" || r.Method == method) && (pattern == "" || matchPath(pattern, r.Path)) {
			n++
		}
	}
	return n
}

func matchPath(pattern, path string) bool {
	ps, xs := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(ps) != len(xs) {
		return false
	}
	for i, p := range ps {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if xs[i] == "" {
				return false
			}
			continue
		}
		if p != xs[i] {
			return false
		}
	}
	return true
}

// countStatus counts the requests to pattern answered with status.
func countStatus(reqs []runpodfake.Request, method, pattern string, status int) int {
	n := 0
	for _, r := range reqs {
		if r.Method == method && matchPath(pattern, r.Path) && r.Status == status {
			n++
		}
	}
	return n
}

// created and deleted count the objects of a kind that requests made and
// removed: a create that succeeded (201) and a delete that succeeded (204).
// A create or delete retried after a 429 counts once, as it should.
func created(reqs []runpodfake.Request, k kind) int {
	return countStatus(reqs, http.MethodPost, k.collection, http.StatusCreated)
}

func deleted(reqs []runpodfake.Request, k kind) int {
	return countStatus(reqs, http.MethodDelete, k.item, http.StatusNoContent)
}

// series is the same command measured several times.
type series []phase

// medianDur is the median wall time (the mean of the middle two for an
// even count), which one slow run on a shared machine does not move.
func (s series) medianDur() time.Duration {
	ds := make([]time.Duration, len(s))
	for i, p := range s {
		ds[i] = p.dur
	}
	return median(ds)
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	m := len(ds) / 2
	if len(ds)%2 == 0 {
		return (ds[m-1] + ds[m]) / 2
	}
	return ds[m]
}

// maxRequests and maxRefused are the worst run's figures.
func (s series) maxRequests() int {
	n := 0
	for _, p := range s {
		n = max(n, len(p.requests))
	}
	return n
}

func (s series) maxGETs() int {
	n := 0
	for _, p := range s {
		n = max(n, p.count(http.MethodGet, ""))
	}
	return n
}

func (s series) maxRefused() int {
	n := 0
	for _, p := range s {
		n = max(n, p.refused)
	}
	return n
}

// census is what the fake holds under the n expected names of one kind.
type census struct {
	kind    kind
	n       int // names expected
	names   int // expected names that name at least one object
	objects int // objects under the expected names

	// Over the whole run, from the request log: creates and deletes that
	// succeeded (filled in after destroy).
	created, deleted int
}

// takeCensus looks the n expected names of k up in the fake.
func takeCensus(f *runpodfake.Fake, k kind, n int) census {
	c := census{kind: k, n: n}
	for i := range n {
		if ids := k.idsNamed(f, k.objectName(i)); len(ids) > 0 {
			c.names++
			c.objects += len(ids)
		}
	}
	return c
}

func (c census) missing() int    { return c.n - c.names }
func (c census) duplicates() int { return c.objects - c.names }

// complete: every expected object exists exactly once.
func (c census) complete() bool { return c.names == c.n && c.objects == c.n }

// waitWindow lets one quota window pass with no request, so the next
// measurement starts with the whole quota, whatever the fake's windows are.
func waitWindow(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// routeCount is how many requests went to one route: a method and a path
// template such as GET /v2/templates/{id}.
type routeCount struct {
	route string
	n     int
}

// byRoute counts reqs by method and route template, most requests first
// (then by route). Paths of the benchmark's kinds are folded into their
// collection and item templates; any other path is shown as it is.
func byRoute(reqs []runpodfake.Request, ks []kind) []routeCount {
	counts := map[string]int{}
	for _, r := range reqs {
		counts[r.Method+" "+routeOf(r.Path, ks)]++
	}
	out := make([]routeCount, 0, len(counts))
	for route, n := range counts {
		out = append(out, routeCount{route, n})
	}
	slices.SortFunc(out, func(a, b routeCount) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.route, b.route)
	})
	return out
}

func routeOf(path string, ks []kind) string {
	for _, k := range ks {
		if path == k.collection {
			return k.collection
		}
		if matchPath(k.item, path) {
			return k.item
		}
	}
	return path
}
