// Package sweep removes what live acceptance runs left behind: objects whose
// names carry a run prefix, tf-acc-<run id>- with the run id the UTC time the
// run started (RunPrefix), older than a given age. Nothing else is ever
// touched: a name that does not start with a well-formed prefix is skipped
// whatever it looks like. Kinds are swept in dependency order (what uses an
// object before the object), and every object is printed before it is
// deleted; a dry run only prints.
//
// `make sweep` runs it through terraform-plugin-testing's sweepers
// (sweep_test.go).
package sweep

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// runIDLayout is the run id: the UTC time the run started, to the second.
const runIDLayout = "20060102150405"

// RunPrefix is the name prefix of every object a live run started at t
// creates.
func RunPrefix(t time.Time) string { return "tf-acc-" + t.UTC().Format(runIDLayout) + "-" }

// prefixRe matches a run prefix at the start of a name.
var prefixRe = regexp.MustCompile(`^tf-acc-(\d{14})-`)

// runStarted reads the run's start time from a name; ok is false for a name
// that carries no well-formed run prefix.
func runStarted(name string) (time.Time, bool) {
	m := prefixRe.FindStringSubmatch(name)
	if m == nil {
		return time.Time{}, false
	}
	t, err := time.Parse(runIDLayout, m[1])
	return t, err == nil
}

// Options say what to sweep.
type Options struct {
	// OlderThan: only objects of runs that started at least this long ago.
	OlderThan time.Duration
	// DryRun prints what would be deleted and deletes nothing.
	DryRun bool
	// Now is the current time (time.Now when nil).
	Now func() time.Time
	// Out receives one line per object, before it is deleted.
	Out io.Writer
	// Prefix, when set, limits the sweep to one run's prefix (RunPrefix).
	Prefix string
}

// A Kind is one collection to sweep.
type Kind struct {
	Name string
	// Sweep deletes (or, dry, lists) this kind's prefixed objects.
	Sweep func(ctx context.Context, c *runpod.Client, o Options) (int, error)
}

// Kinds are the collections in dependency order: compute (which uses
// templates, volumes and credentials) first.
var Kinds = []Kind{
	kind("pod", runpod.Pods, func(p *runpod.Pod) string { return p.Name }, func(p *runpod.Pod) bool { return p.Cluster == nil }),
	kind("cluster", runpod.Clusters, func(c *runpod.Cluster) string { return c.Name }, nil),
	kind("endpoint", runpod.Endpoints, func(e *runpod.Endpoint) string { return e.Name }, nil),
	kind("template", runpod.Templates, func(t *runpod.Template) string { return t.Name }, nil),
	kind("network_volume", runpod.NetworkVolumes, func(v *runpod.NetworkVolume) string { return v.Name }, nil),
	kind("registry_auth", runpod.Registries, func(r *runpod.Registry) string { return r.Name }, nil),
	kind("secret", runpod.Secrets, func(s *runpod.Secret) string { return s.Name }, nil),
	kind("ecr_delegation", runpod.EcrDelegations, func(d *runpod.EcrDelegation) string {
		if d.Name == nil {
			return ""
		}
		return *d.Name
	}, nil),
}

// kind sweeps collection coll; keep, when set, further limits what is
// deleted (cluster member pods go with their cluster).
func kind[T any](name string, coll runpod.Collection[T], nameOf func(*T) string, keep func(*T) bool) Kind {
	return Kind{Name: name, Sweep: func(ctx context.Context, c *runpod.Client, o Options) (int, error) {
		now := time.Now
		if o.Now != nil {
			now = o.Now
		}
		// A list that is not whole (runpod.ErrListIncomplete) fails here:
		// the sweep deletes only what it read, but says the read was partial.
		all, err := coll.List(c, ctx)
		if err != nil {
			return 0, fmt.Errorf("listing %ss: %w", coll.Noun, err)
		}
		n := 0
		for i := range all {
			obj := &all[i]
			started, ok := runStarted(nameOf(obj))
			if !ok || now().Sub(started) < o.OlderThan || (keep != nil && !keep(obj)) ||
				!strings.HasPrefix(nameOf(obj), o.Prefix) {
				continue
			}
			verb := "deleting"
			if o.DryRun {
				verb = "would delete"
			}
			fmt.Fprintf(o.Out, "%s %s %s (%q, run started %s)\n", verb, coll.Noun, coll.ID(obj), nameOf(obj), started.Format(time.RFC3339))
			n++
			if o.DryRun {
				continue
			}
			if err := coll.Delete(c, ctx, coll.ID(obj)); err != nil && !runpod.IsNotFound(err) {
				return n, fmt.Errorf("deleting %s %s: %w", coll.Noun, coll.ID(obj), err)
			}
		}
		return n, nil
	}}
}

// All sweeps every kind in order, stopping at the first failure (a later
// kind may be in use by what failed to go).
func All(ctx context.Context, c *runpod.Client, o Options) (int, error) {
	total := 0
	for _, k := range Kinds {
		n, err := k.Sweep(ctx, c, o)
		total += n
		if err != nil {
			return total, fmt.Errorf("%s: %w", k.Name, err)
		}
	}
	return total, nil
}
