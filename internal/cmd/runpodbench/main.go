// Command runpodbench measures what refreshing, applying and destroying a
// large workspace costs against Runpod's rate limit: it runs the real
// terraform (or tofu) CLI with the provider built from this checkout against
// the in-memory fake API on loopback, with added latency and, for the
// throttled runs, a request quota, and prints a markdown table of the
// figures beside the targets it holds the provider to (report.go).
//
//	go run ./internal/cmd/runpodbench [-n 60] [-kinds template,network_volume,secret]
//	    [-latency 20ms] [-quota 30 -window 2s] [-runs 3] [-terraform bin/terraform]
//	    [-many | -workspaces K]
//
// With -many (or -workspaces K) it runs instead K workspaces (6 with -many)
// of n objects per kind (default 10) and one pod each, applied, planned and
// destroyed at once against one fake with the quota (many.go).
//
// `make bench` runs it. It is a measurement, not a test: it exits non-zero
// when a command fails or the fake ends up in the wrong state, never because
// a target is missed. Nothing leaves the machine.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/moduleroot"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := benchmark(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		stop()
		fmt.Fprintln(os.Stderr, "runpodbench:", err)
		os.Exit(1)
	}
}

// options are the command-line settings; the defaults are the conditions
// the targets (report.go) are stated for.
type options struct {
	n         int
	kinds     []kind
	latency   time.Duration
	quota     int
	window    time.Duration
	runs      int
	terraform string
	keep      bool
	// workspaces, when positive, runs the many-workspaces mode (many.go)
	// instead of the single-workspace scenarios.
	workspaces int
}

func (o options) resources() int { return o.n * len(o.kinds) }

func parseOptions(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("runpodbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&o.n, "n", 0, "objects per kind (default 60, or 10 with -workspaces)")
	kindList := fs.String("kinds", "template,network_volume,secret", "resource kinds in the workspace, comma-separated")
	fs.DurationVar(&o.latency, "latency", 20*time.Millisecond, "latency the fake adds to every request")
	fs.IntVar(&o.quota, "quota", 30, "requests the fake accepts per window in the throttled runs")
	fs.DurationVar(&o.window, "window", 2*time.Second, "length of the quota window")
	fs.IntVar(&o.runs, "runs", 3, "times each plan is measured (the median wall time is reported)")
	fs.StringVar(&o.terraform, "terraform", "bin/terraform", "the terraform or tofu binary")
	fs.BoolVar(&o.keep, "keep", false, "keep the temporary directory (workspaces, states, provider build) and print its path")
	fs.IntVar(&o.workspaces, "workspaces", 0, "run K workspaces (n of each kind and one pod) at once against one fake instead (0: off; -many means 6)")
	many := fs.Bool("many", false, "the many-workspaces mode with 6 workspaces, unless -workspaces says otherwise")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if *many && o.workspaces == 0 {
		o.workspaces = 6
	}
	if o.n == 0 {
		o.n = 60
		if o.workspaces > 0 {
			o.n = 10
		}
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if o.workspaces < 0 {
		return o, errors.New("-workspaces must not be negative")
	}
	if o.n < 1 || o.quota < 1 || o.runs < 1 || o.window <= 0 || o.latency < 0 {
		return o, errors.New("-n, -quota, -runs and -window must be positive and -latency not negative")
	}
	var err error
	if o.kinds, err = parseKinds(*kindList); err != nil {
		return o, err
	}
	if o.terraform, err = filepath.Abs(o.terraform); err != nil {
		return o, err
	}
	if _, err := os.Stat(o.terraform); err != nil {
		return o, fmt.Errorf("-terraform: %w (make bench builds bin/terraform; give -terraform bin/tofu for OpenTofu)", err)
	}
	return o, nil
}

// bench holds what every scenario needs: the options, the CLI
// configuration that points at the provider build, and the results.
type bench struct {
	o      options
	tmp    string
	rc     string
	log    io.Writer // progress, as each command finishes
	result results
}

const benchAPIKey = "bench-api-key"

func benchmark(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseOptions(args, stderr)
	if err != nil {
		return err
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "runpodbench-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Fprintln(stderr, "keeping", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	b := &bench{o: o, tmp: tmp, rc: filepath.Join(tmp, "terraformrc"), log: stderr}
	b.result.machine = thisMachine()

	providerDir := filepath.Join(tmp, "provider")
	b.progress("building the provider")
	if err := buildProvider(ctx, root, providerDir); err != nil {
		return err
	}
	if err := os.WriteFile(b.rc, []byte(cliConfig(providerDir)), 0o644); err != nil {
		return err
	}
	if b.result.version, err = newCLI(o.terraform, b.rc, "", "").version(ctx); err != nil {
		return err
	}

	scenarios, report := []func(context.Context) error{b.unthrottled, b.oneTemplate, b.throttled}, writeReport
	if o.workspaces > 0 {
		scenarios, report = []func(context.Context) error{b.many}, writeManyReport
	}
	for _, scenario := range scenarios {
		if err := scenario(ctx); err != nil {
			return err
		}
	}
	report(stdout, o, b.result)
	if n := len(b.result.failures); n > 0 {
		return fmt.Errorf("%d run(s) failed (listed above under Failures)", n)
	}
	return nil
}

// unthrottled applies the workspace (setup, not measured) to a fake with
// latency but no quota, then measures plan with and without refresh.
func (b *bench) unthrottled(ctx context.Context) error {
	r := &b.result.unthrottled
	return b.withFake("unthrottled", b.o.kinds, b.o.n, nil, func(f *runpodfake.Fake, c cli, dir string) error {
		if err := b.setupApply(ctx, c, dir); err != nil {
			return err
		}
		var err error
		if r.plan, err = b.plans(ctx, f, c, dir, "plan", 0); err != nil {
			return err
		}
		r.noRefresh, err = b.plans(ctx, f, c, dir, "plan -refresh=false", 0, "-refresh=false")
		return err
	})
}

// oneTemplate measures the plan of a workspace with a single template.
func (b *bench) oneTemplate(ctx context.Context) error {
	template, _ := kindNamed("template")
	return b.withFake("one-template", []kind{template}, 1, nil, func(f *runpodfake.Fake, c cli, dir string) error {
		if err := b.setupApply(ctx, c, dir); err != nil {
			return err
		}
		p, err := b.measured(f, "plan of one template", func() (run, error) { return c.plan(ctx, dir) })
		if err != nil {
			return err
		}
		b.checkPlan("plan of one template", p)
		b.result.single = p
		return nil
	})
}

// throttled measures apply from empty, plan and destroy against a fake that
// enforces the quota, and checks after apply and after destroy that the fake
// holds exactly the workspace's objects, then none. Each measurement starts
// after a quota window with no request, so it has the whole quota.
func (b *bench) throttled(ctx context.Context) error {
	r := &b.result.throttled
	quota := []runpodfake.Option{runpodfake.WithQuota(b.o.quota, b.o.window)}
	return b.withFake("throttled", b.o.kinds, b.o.n, quota, func(f *runpodfake.Fake, c cli, dir string) error {
		var err error
		if r.apply, err = b.measured(f, "apply (quota)", func() (run, error) { return c.apply(ctx, dir) }); err != nil {
			return err
		}
		b.checkExit("apply under the quota", r.apply)
		for _, k := range b.o.kinds {
			r.afterApply = append(r.afterApply, takeCensus(f, k, b.o.n))
		}
		if err := waitWindow(ctx, b.o.window); err != nil {
			return err
		}
		if r.plan, err = b.plans(ctx, f, c, dir, "plan (quota)", b.o.window); err != nil {
			return err
		}
		if r.destroy, err = b.measured(f, "destroy (quota)", func() (run, error) { return c.destroy(ctx, dir) }); err != nil {
			return err
		}
		b.checkExit("destroy under the quota", r.destroy)
		all := f.Requests()
		for _, k := range b.o.kinds {
			c := takeCensus(f, k, b.o.n)
			c.created, c.deleted = created(all, k), deleted(all, k)
			r.afterDestroy = append(r.afterDestroy, c)
		}
		return nil
	})
}

// withFake serves a fresh fake (latency, plus opts) on loopback, writes a
// workspace of n objects per kind, and runs fn with a CLI aimed at both.
func (b *bench) withFake(name string, ks []kind, n int, opts []runpodfake.Option,
	fn func(f *runpodfake.Fake, c cli, dir string) error,
) (err error) {
	opts = append([]runpodfake.Option{runpodfake.WithAPIKey(benchAPIKey), runpodfake.WithLatency(b.o.latency)}, opts...)
	f := runpodfake.New(opts...)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	served := make(chan error, 1)
	go func() { served <- f.Serve(ln) }()
	defer func() {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = f.Shutdown(shutdownCtx)
		if serveErr := <-served; err == nil {
			err = serveErr
		}
	}()

	dir := filepath.Join(b.tmp, name)
	if err := writeWorkspace(dir, ks, n); err != nil {
		return err
	}
	return fn(f, newCLI(b.o.terraform, b.rc, "http://"+ln.Addr().String(), benchAPIKey), dir)
}

// setupApply creates the workspace's objects before a measurement; the
// benchmark cannot go on without them.
func (b *bench) setupApply(ctx context.Context, c cli, dir string) error {
	r, err := c.apply(ctx, dir)
	if err != nil {
		return err
	}
	b.progress("apply (setup) %s", seconds(r.dur))
	if r.exit != 0 {
		return fmt.Errorf("the setup apply in %s failed, %s", dir, r.describe())
	}
	return nil
}

// plans measures b.o.runs plans, each expected to find no change, letting
// pause pass before each (a quota window, for the throttled runs).
func (b *bench) plans(ctx context.Context, f *runpodfake.Fake, c cli, dir, label string, pause time.Duration, extra ...string) (series, error) {
	var s series
	for range b.o.runs {
		if err := waitWindow(ctx, pause); err != nil {
			return nil, err
		}
		p, err := b.measured(f, label, func() (run, error) { return c.plan(ctx, dir, extra...) })
		if err != nil {
			return nil, err
		}
		b.checkPlan(label, p)
		s = append(s, p)
	}
	return s, nil
}

func (b *bench) measured(f *runpodfake.Fake, label string, fn func() (run, error)) (phase, error) {
	p, err := measure(f, fn)
	if err == nil {
		b.progress("%s %s: %d requests, %d refused (429), exit %d", label, seconds(p.dur), len(p.requests), p.refused, p.exit)
	}
	return p, err
}

// checkPlan records a failure unless the plan found nothing to change: right
// after an apply, a change means refresh read something wrong.
func (b *bench) checkPlan(label string, p phase) {
	switch p.exit {
	case 0:
	case 2:
		b.fail("%s found changes right after apply", label)
	default:
		b.fail("%s failed, %s", label, p.describe())
	}
}

func (b *bench) checkExit(label string, p phase) {
	if p.exit != 0 {
		b.fail("%s failed, %s", label, p.describe())
	}
}

func (b *bench) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	b.progress("FAILED: %s", msg)
	b.result.failures = append(b.result.failures, msg)
}

func (b *bench) progress(format string, args ...any) {
	fmt.Fprintf(b.log, "runpodbench: "+format+"\n", args...)
}

// moduleRoot is the directory of the go.mod that `go run` found: the
// provider is built from there.
func moduleRoot() (string, error) {
	dir, err := moduleroot.Find()
	if errors.Is(err, moduleroot.ErrNotFound) {
		return "", fmt.Errorf("%w: run from the repository (make bench)", err)
	}
	return dir, err
}
