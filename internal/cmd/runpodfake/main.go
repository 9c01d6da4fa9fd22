// Command runpodfake serves the in-memory Runpod API v2 fake on loopback for
// the demo and for trying the provider by hand; the real API is never
// contacted.
//
//	runpodfake -listen 127.0.0.1:0 -seed demo -url-file /tmp/runpodfake.url
//
// -quota 30 -quota-window 2s enforces a rate limit of 30 requests per 2s
// window (429 with Retry-After beyond it) and -latency 20ms adds a simulated
// network round trip to every request, for benchmarks.
//
// It prints "listening on http://ADDR" once it accepts connections, writes
// the same URL (without the text) to -url-file if given, and serves until
// SIGINT or SIGTERM. Point the provider at it with endpoint = that URL and
// api_key = the -api-key value.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		stop()
		fmt.Fprintln(os.Stderr, "runpodfake:", err)
		os.Exit(1)
	}
}

// run serves until ctx ends (main cancels it on SIGINT or SIGTERM).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("runpodfake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:0", "address to listen on (port 0 picks a free port)")
	apiKey := fs.String("api-key", runpodfake.DefaultAPIKey, "the only bearer token the fake accepts")
	seed := fs.String("seed", "demo", `pre-existing account objects: "demo" or "none"`)
	urlFile := fs.String("url-file", "", "write the base URL to this file once listening (for scripts)")
	spec := fs.String("spec", "", "check every exchange against this OpenAPI document and log violations to stderr")
	verbose := fs.Bool("v", false, "log every request to stderr")
	quota := fs.Int("quota", 0, "enforce this many requests per -quota-window (429 with Retry-After beyond it); 0 enforces nothing")
	quotaWindow := fs.Duration("quota-window", time.Minute, "length of the fixed window -quota counts in")
	latency := fs.Duration("latency", 0, "add this delay to every request, to model a network round trip")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if *quota < 0 || *quotaWindow <= 0 || *latency < 0 {
		return errors.New("-quota and -latency must not be negative and -quota-window must be positive")
	}

	logger := log.New(stderr, "runpodfake: ", log.LstdFlags)
	opts := []runpodfake.Option{
		runpodfake.WithAPIKey(*apiKey),
		runpodfake.WithSpecViolationHook(func(v string) { logger.Printf("SPEC VIOLATION: %s", v) }),
	}
	if *verbose {
		opts = append(opts, runpodfake.WithAccessLog(stderr))
	}
	if *quota > 0 {
		opts = append(opts, runpodfake.WithQuota(*quota, *quotaWindow))
	}
	if *latency > 0 {
		opts = append(opts, runpodfake.WithLatency(*latency))
	}
	f := runpodfake.New(opts...)
	if *spec != "" {
		if err := f.CheckAgainstSpec(*spec); err != nil {
			return err
		}
	}
	switch *seed {
	case "demo":
		seedDemo(f, stdout)
	case "none":
	default:
		return fmt.Errorf(`-seed must be "demo" or "none", not %q`, *seed)
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String()
	if *urlFile != "" {
		if err := writeFileAtomic(*urlFile, url+"\n"); err != nil {
			ln.Close()
			return err
		}
	}
	fmt.Fprintf(stdout, "listening on %s\n", url)

	done := make(chan error, 1)
	go func() { done <- f.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.Shutdown(shutdownCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if err := <-done; err != nil {
		return err
	}
	if vs := f.SpecViolations(); len(vs) > 0 {
		return fmt.Errorf("%d spec violation(s) during the run (logged above)", len(vs))
	}
	return nil
}

// Fixed ids of the demo's pre-existing objects, so the examples can import
// them by id.
const (
	DemoRegistryID       = "legacyreg1"
	DemoJupyterID        = "legacyjup1"
	DemoBusyTemplateID   = "teambase01"
	DemoPodUsingTemplate = "legacypod1"
	// DemoServerPodName is the demo's pod with ready_when; its boot log is
	// scripted to print the ready line on the third read.
	DemoServerPodName = "demo-server"
)

// seedDemo creates what the demo account already has before Terraform runs:
// a template to adopt with an import block (legacy-jupyter), and a template
// plus registry credential that a pod uses, to show the in-use refusals.
func seedDemo(f *runpodfake.Fake, out io.Writer) {
	reg := f.SeedRegistry(runpodfake.Registry{ID: DemoRegistryID, Name: "legacy-dockerhub", Username: "demo-user", Password: "demo-password"})

	jup := runpodfake.DefaultTemplate("legacy-jupyter", "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404")
	jup.ID = DemoJupyterID
	jup.Ports = []string{"8888/http", "22/tcp"}
	jup.Env = map[string]string{"JUPYTER_ENABLE_LAB": "yes"}
	jup.Mounts.Persistent = &runpodfake.PersistentMount{Size: 20, Path: "/workspace"}
	f.SeedTemplate(jup)

	base := runpodfake.DefaultTemplate("team-base", "registry.example.com/team/base:2026.1")
	base.ID = DemoBusyTemplateID
	base.Registry = &reg.ID
	base.StartJupyter = false
	base.Ports = []string{"22/tcp"}
	f.SeedTemplate(base)
	f.MarkTemplateUsedByPod(DemoBusyTemplateID, DemoPodUsingTemplate)
	f.MarkRegistryUsedByPod(DemoRegistryID, DemoPodUsingTemplate)

	// The demo's server pod (examples/demo/pod.tf) waits for this line.
	f.SetPodLogForName(DemoServerPodName, runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
		{Source: runpodfake.PodLogSourceSystem, Text: "Starting container"},
		{Source: runpodfake.PodLogSourceContainer, Text: "Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...", After: 2},
	}})

	fmt.Fprintf(out, "seeded template %s (legacy-jupyter)\n", DemoJupyterID)
	fmt.Fprintf(out, "seeded template %s (team-base, in use by pod %s)\n", DemoBusyTemplateID, DemoPodUsingTemplate)
	fmt.Fprintf(out, "seeded registry credential %s (legacy-dockerhub, in use by pod %s)\n", DemoRegistryID, DemoPodUsingTemplate)
}

// writeFileAtomic writes via a temporary file and rename so that a script
// polling for the file never reads it half-written.
func writeFileAtomic(path, content string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".runpodfake-url-*")
	if err != nil {
		return err
	}
	if _, err := tmp.WriteString(content); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
