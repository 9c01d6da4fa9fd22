package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The many-workspaces mode (-workspaces K): K workspaces of the same shape,
// each its own Terraform process, applied, planned and destroyed at once
// against one fake that enforces the quota, as a CI system or a drift job
// drives one account. Each workspace holds n objects of every kind in
// -kinds (names prefixed by the workspace, so that they do not clash in the
// one account) and one pod.

// podKind is the pod of each workspace: one GPU pod of the fake's catalog.
var podKind = kind{
	name:       "pod",
	resource:   "runpod_pod",
	collection: "/v2/pods",
	item:       "/v2/pods/{id}",
	nameFormat: "bench-pod-%03d",
	body: `  image = "runpod/base:0.6.2"` + "\n" +
		"  gpu {\n    type_id = \"NVIDIA GeForce RTX 4090\"\n  }\n",
}

// workspaceKind is k with names that belong to workspace i.
func workspaceKind(k kind, i int) kind {
	k.nameFormat = strings.Replace(k.nameFormat, "bench", fmt.Sprintf("bench%d", i), 1)
	return k
}

// manyConfig is workspace i's configuration: n of each kind and one pod.
func manyConfig(ks []kind, n, i int) string {
	var own []kind
	for _, k := range ks {
		own = append(own, workspaceKind(k, i))
	}
	pod := workspaceKind(podKind, i)
	return workspaceConfig(own, n) + fmt.Sprintf("\nresource %q \"bench\" {\n  count = 1\n  name  = format(%q, count.index)\n%s}\n",
		pod.resource, pod.nameFormat, pod.body)
}

// groupPhase is one command run in every workspace at once.
type groupPhase struct {
	name     string
	runs     []run
	wall     time.Duration // from the start of the first to the end of the last
	served   int           // requests answered, 429s excepted
	refused  int           // 429s met
	requests []runpodfake.Request
}

// bound is the least time the quota allows for the requests served.
func (g groupPhase) bound(quota int, window time.Duration) time.Duration {
	return time.Duration(float64(g.served) / float64(quota) * float64(window))
}

func (g groupPhase) failed() []string {
	var out []string
	for i, r := range g.runs {
		if r.exit != 0 {
			out = append(out, fmt.Sprintf("%s of workspace %d failed, %s", g.name, i, r.describe()))
		}
	}
	return out
}

// manyResult is the many-workspaces mode's figures.
type manyResult struct {
	workspaces int
	objects    int // per workspace
	phases     []groupPhase
	// Per kind over the whole run, from the request log: objects created
	// (201) and deleted (204), which must be K × the count, and equal.
	created, deleted map[string]int
	expected         map[string]int
}

// many runs the many-workspaces scenario.
func (b *bench) many(ctx context.Context) error {
	o := b.o
	quota := []runpodfake.Option{runpodfake.WithQuota(o.quota, o.window)}
	return b.withFake("many", nil, 0, quota, func(f *runpodfake.Fake, c cli, root string) error {
		dirs := make([]string, o.workspaces)
		for i := range dirs {
			dirs[i] = filepath.Join(root, fmt.Sprintf("w%d", i))
			if err := os.MkdirAll(dirs[i], 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dirs[i], "main.tf"), []byte(manyConfig(o.kinds, o.n, i)), 0o644); err != nil {
				return err
			}
		}
		r := &b.result.many
		r.workspaces, r.objects = o.workspaces, o.n*len(o.kinds)+1
		steps := []struct {
			name string
			fn   func(context.Context, string) (run, error)
		}{
			{"apply", c.apply},
			{"plan", func(ctx context.Context, dir string) (run, error) { return c.plan(ctx, dir) }},
			{"destroy", c.destroy},
		}
		for i, s := range steps {
			if i > 0 {
				if err := waitWindow(ctx, o.window); err != nil {
					return err
				}
			}
			g, err := runGroup(ctx, f, s.name, dirs, s.fn)
			if err != nil {
				return err
			}
			b.progress("%d × %s %s: %d served, %d refused (429), bound %s", len(dirs), s.name, seconds(g.wall),
				g.served, g.refused, seconds(g.bound(o.quota, o.window)))
			for _, msg := range g.failed() {
				b.fail("%s", msg)
			}
			r.phases = append(r.phases, g)
		}
		all := f.Requests()
		r.created, r.deleted, r.expected = map[string]int{}, map[string]int{}, map[string]int{}
		for _, k := range append(append([]kind(nil), o.kinds...), podKind) {
			r.created[k.name], r.deleted[k.name] = created(all, k), deleted(all, k)
			r.expected[k.name] = o.workspaces * o.n
			if k.name == podKind.name {
				r.expected[k.name] = o.workspaces
			}
			if r.created[k.name] != r.expected[k.name] || r.deleted[k.name] != r.expected[k.name] {
				b.fail("%s: created %d and deleted %d, want %d each", k.name, r.created[k.name], r.deleted[k.name], r.expected[k.name])
			}
		}
		return nil
	})
}

// runGroup runs fn in every dir at once and measures them together. Any
// exit but 0 is a failure: plan runs with -detailed-exitcode, and right
// after apply it must find nothing to change.
func runGroup(ctx context.Context, f *runpodfake.Fake, name string, dirs []string, fn func(context.Context, string) (run, error)) (groupPhase, error) {
	g := groupPhase{name: name, runs: make([]run, len(dirs))}
	before := len(f.Requests())
	errs := make([]error, len(dirs))
	start := time.Now()
	var wg sync.WaitGroup
	for i, dir := range dirs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.runs[i], errs[i] = fn(ctx, dir)
		}()
	}
	wg.Wait()
	g.wall = time.Since(start)
	for _, err := range errs {
		if err != nil {
			return g, err
		}
	}
	g.requests = f.Requests()[before:]
	for _, r := range g.requests {
		switch {
		case r.RateLimited:
			g.refused++
		case r.Status != 0:
			g.served++
		}
	}
	return g, nil
}

// Targets of the many-workspaces mode (issue 39).
const (
	targetManyRefusedShare = 0.05
	targetManyBoundRatio   = 1.3
)

func writeManyReport(w io.Writer, o options, r results) {
	m, mr := r.machine, r.many
	var names []string
	for _, k := range o.kinds {
		names = append(names, k.name)
	}
	fmt.Fprintf(w, "Machine: %s/%s, %s, %d cores (load average %s at start). CLI: %s %s.\n\n",
		m.goos, m.goarch, m.cpu, m.cores, m.load, filepath.Base(o.terraform), r.version)
	fmt.Fprintf(w, "%d workspaces at once, each %d each of %s and one pod (%d objects), against one fake "+
		"that adds %s to every request and enforces a quota of %d requests per %s window "+
		"(bound: requests served ÷ %.0f/s).\n\n",
		mr.workspaces, o.n, strings.Join(names, ", "), mr.objects, o.latency, o.quota, o.window,
		float64(o.quota)/o.window.Seconds())
	fmt.Fprintln(w, "| Phase | Requests served | 429s | 429s per request served | Wall time | Bound | Wall ÷ bound |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for _, g := range mr.phases {
		bound := g.bound(o.quota, o.window)
		fmt.Fprintf(w, "| %d × %s | %d | %d | %.3f | %s | %s | %.2f× |\n", mr.workspaces, g.name, g.served, g.refused,
			share(g.refused, g.served), seconds(g.wall), seconds(bound), ratio(g.wall, bound))
	}
	fmt.Fprintln(w, "\n| Target | Measured | |")
	fmt.Fprintln(w, "|---|---|---|")
	target := func(name, measured string, ok bool) {
		fmt.Fprintf(w, "| %s | %s | %s |\n", name, measured, passFail(ok))
	}
	exits, served, refused := 0, 0, 0
	for _, g := range mr.phases {
		exits += len(g.failed())
		served += g.served
		refused += g.refused
	}
	target("every command succeeds (plan finds no change)", fmt.Sprintf("%d failed", exits), exits == 0)
	target(fmt.Sprintf("429s ≤ %.0f%% of the requests served", targetManyRefusedShare*100),
		fmt.Sprintf("%.1f%% (%d of %d)", 100*share(refused, served), refused, served),
		served > 0 && share(refused, served) <= targetManyRefusedShare)
	for _, g := range mr.phases {
		if g.name == "plan" {
			continue
		}
		rt := ratio(g.wall, g.bound(o.quota, o.window))
		target(fmt.Sprintf("%s within %.1f× its bound", g.name, targetManyBoundRatio),
			fmt.Sprintf("%.2f×", rt), rt > 0 && rt <= targetManyBoundRatio)
	}
	var objs []string
	balanced := true
	for _, k := range append(append([]kind(nil), o.kinds...), podKind) {
		objs = append(objs, fmt.Sprintf("%s %d/%d", k.name, mr.created[k.name], mr.deleted[k.name]))
		balanced = balanced && mr.created[k.name] == mr.expected[k.name] && mr.deleted[k.name] == mr.expected[k.name]
	}
	target("every object created once and deleted (created/deleted)", strings.Join(objs, ", "), balanced)
	if len(r.failures) > 0 {
		fmt.Fprintln(w, "\nFailures:")
		for _, f := range r.failures {
			fmt.Fprintf(w, "- %s\n", strings.ReplaceAll(f, "\n", "\n  "))
		}
	}
}

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

func ratio(d, bound time.Duration) float64 {
	if bound <= 0 {
		return 0
	}
	return float64(d) / float64(bound)
}
