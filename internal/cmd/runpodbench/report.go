package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// results are the measurements of every scenario.
type results struct {
	machine machine
	version string // of the CLI

	unthrottled struct {
		plan, noRefresh series
	}
	single    phase // plan of a workspace with one template
	throttled struct {
		apply, destroy           phase
		plan                     series
		afterApply, afterDestroy []census
	}
	many     manyResult
	failures []string
}

// Targets: requests per resource on a refresh with nothing changed, how
// much slower a throttled run may be than an unthrottled one, and how many
// 429 refusals a throttled run may meet.
const (
	targetRequestsPerResource = 0.05
	targetThrottledRatio      = 1.5
	targetRefusals            = 3
)

// machine describes where the benchmark ran.
type machine struct {
	goos, goarch string
	cpu          string
	cores        int
	load         string // /proc/loadavg's 1, 5 and 15 minute averages at start
}

func thisMachine() machine {
	m := machine{goos: runtime.GOOS, goarch: runtime.GOARCH, cores: runtime.NumCPU(), cpu: "unknown CPU", load: "unknown"}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		if model := cpuModel(string(b)); model != "" {
			m.cpu = model
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			m.load = strings.Join(f[:3], " ")
		}
	}
	return m
}

// cpuModel is the first "model name" in /proc/cpuinfo, or "" if none.
func cpuModel(cpuinfo string) string {
	for _, line := range strings.Split(cpuinfo, "\n") {
		key, value, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return ""
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func passFail(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

// writeReport prints the conditions, the figures and the targets as
// markdown, ready for the README's performance section.
func writeReport(w io.Writer, o options, r results) {
	var names []string
	for _, k := range o.kinds {
		names = append(names, k.name)
	}
	resources := o.resources()
	perResource := func(n int) string { return fmt.Sprintf("%.3f", float64(n)/float64(resources)) }
	m := r.machine

	fmt.Fprintf(w, "Machine: %s/%s, %s, %d cores (load average %s at start). CLI: %s %s.\n\n",
		m.goos, m.goarch, m.cpu, m.cores, m.load, filepath.Base(o.terraform), r.version)
	fmt.Fprintf(w, "Workspace: %d each of %s (%d resources); the fake adds %s to every request; "+
		"throttled runs: quota of %d requests per %s window. Plan times are the median of %d runs "+
		"(request and 429 counts the highest run); throttled runs start after a quota window with no request.\n\n",
		o.n, strings.Join(names, ", "), resources, o.latency, o.quota, o.window, o.runs)

	u, t := r.unthrottled, r.throttled
	fmt.Fprintln(w, "| Run | Requests | GETs | Requests per resource | 429s | Wall time |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	row := func(name string, requests, gets, refused int, d time.Duration) {
		fmt.Fprintf(w, "| %s | %d | %d | %s | %d | %s |\n", name, requests, gets, perResource(requests), refused, seconds(d))
	}
	rowSeries := func(name string, s series) {
		row(name, s.maxRequests(), s.maxGETs(), s.maxRefused(), s.medianDur())
	}
	rowPhase := func(name string, p phase) {
		row(name, len(p.requests), p.count(http.MethodGet, ""), p.refused, p.dur)
	}
	rowSeries("plan (refresh), no quota", u.plan)
	rowSeries("plan -refresh=false, no quota", u.noRefresh)
	rowSeries("plan (refresh), quota", t.plan)
	rowPhase("apply from empty, quota", t.apply)
	rowPhase("destroy, quota", t.destroy)

	writeRoutes(w, o, t.apply, t.destroy)

	singleGETs := r.single.count(http.MethodGet, "/v2/templates/{id}")
	fmt.Fprintf(w, "\nPlan of a workspace with one template: %d request(s) in %s:", len(r.single.requests), seconds(r.single.dur))
	for _, req := range r.single.requests {
		fmt.Fprintf(w, " `%s %s` (%d)", req.Method, req.Path, req.Status)
	}
	fmt.Fprintln(w)

	planRate := float64(u.plan.maxRequests()) / float64(resources)
	ratio := 0.0
	if d := u.plan.medianDur(); d > 0 {
		ratio = float64(t.plan.medianDur()) / float64(d)
	}
	errs := append(t.apply.errors(), t.destroy.errors()...)
	var applied, left []string
	complete, leftover, balanced := true, 0, true
	for _, c := range t.afterApply {
		applied = append(applied, fmt.Sprintf("%s %d/%d (%d missing, %d duplicate)", c.kind.name, c.names, c.n, c.missing(), c.duplicates()))
		complete = complete && c.complete()
	}
	for _, c := range t.afterDestroy {
		left = append(left, fmt.Sprintf("%s %d (created %d, deleted %d)", c.kind.name, c.objects, c.created, c.deleted))
		leftover += c.objects
		balanced = balanced && c.created == c.deleted
	}
	refusals := t.apply.refused + t.destroy.refused

	fmt.Fprintln(w, "\n| Target | Measured | |")
	fmt.Fprintln(w, "|---|---|---|")
	target := func(name, measured string, ok bool) {
		fmt.Fprintf(w, "| %s | %s | %s |\n", name, measured, passFail(ok))
	}
	target(fmt.Sprintf("plan with refresh: ≤ %.2f requests per refreshed resource", targetRequestsPerResource),
		fmt.Sprintf("%.3f (%d requests, %d resources)", planRate, u.plan.maxRequests(), resources),
		planRate <= targetRequestsPerResource)
	target("one template: plan sends exactly one GET /v2/templates/{id}",
		fmt.Sprintf("%d", singleGETs), singleGETs == 1)
	target(fmt.Sprintf("quota: plan with refresh within %.1f× the unthrottled time", targetThrottledRatio),
		fmt.Sprintf("%.2f× (%s vs %s)", ratio, seconds(t.plan.medianDur()), seconds(u.plan.medianDur())),
		ratio > 0 && ratio <= targetThrottledRatio)
	target("quota: apply and destroy exit 0 with no error shown",
		fmt.Sprintf("apply exit %d, destroy exit %d, %d error(s)", t.apply.exit, t.destroy.exit, len(errs)),
		t.apply.exit == 0 && t.destroy.exit == 0 && len(errs) == 0)
	target("quota: after apply, every object once (no duplicate)", strings.Join(applied, ", "), complete && len(t.afterApply) > 0)
	target("quota: nothing left after destroy", strings.Join(left, ", "), leftover == 0 && balanced && len(t.afterDestroy) > 0)
	target(fmt.Sprintf("quota: ≤ %d rate-limit refusals in apply and destroy", targetRefusals),
		fmt.Sprintf("%d (apply %d, destroy %d)", refusals, t.apply.refused, t.destroy.refused),
		refusals <= targetRefusals)

	if len(errs) > 0 {
		fmt.Fprintln(w, "\nErrors printed by the CLI under the quota:")
		for _, e := range errs {
			fmt.Fprintf(w, "- %s\n", e)
		}
	}
	if len(r.failures) > 0 {
		fmt.Fprintln(w, "\nFailures:")
		for _, f := range r.failures {
			fmt.Fprintf(w, "- %s\n", strings.ReplaceAll(f, "\n", "\n  "))
		}
	}
}

// writeRoutes prints where the requests of apply and destroy went: one row
// per method and route template, with the requests per resource.
func writeRoutes(w io.Writer, o options, apply, destroy phase) {
	resources := float64(o.resources())
	applied, destroyed := byRoute(apply.requests, o.kinds), byRoute(destroy.requests, o.kinds)
	counts := map[string][2]int{}
	var routes []string
	for i, rs := range [][]routeCount{applied, destroyed} {
		for _, rc := range rs {
			c, seen := counts[rc.route]
			if !seen {
				routes = append(routes, rc.route)
			}
			c[i] = rc.n
			counts[rc.route] = c
		}
	}
	fmt.Fprintln(w, "\nRequests by route under the quota (per resource in brackets):")
	fmt.Fprintln(w, "\n| Route | Apply from empty | Destroy |")
	fmt.Fprintln(w, "|---|---:|---:|")
	cell := func(n int) string {
		if n == 0 {
			return "0"
		}
		return fmt.Sprintf("%d (%.3f)", n, float64(n)/resources)
	}
	for _, route := range routes {
		c := counts[route]
		fmt.Fprintf(w, "| `%s` | %s | %s |\n", route, cell(c[0]), cell(c[1]))
	}
	fmt.Fprintf(w, "| total | %s | %s |\n", cell(len(apply.requests)), cell(len(destroy.requests)))
}
