// Command apiprobe is a read-only contract probe: it sends the same GET
// requests (every list, the catalog, billing, one object of each kind the
// account has) to a Runpod API and to the in-repo fake, and reports per
// object type where the answers differ: fields present in one and not the
// other, JSON types, enum values, null versus absent, list wrappers,
// pagination members and rate-limit headers. It writes the report as
// Markdown and as JSON. It never sends anything but GET (its HTTP client
// refuses other methods), so it costs nothing.
//
//	RUNPOD_API_KEY=... go run ./internal/cmd/apiprobe -md probe.md -json probe.json
//
// With -serve it only serves the seeded reference fake (for tests and for
// comparing the fake with a modified copy of itself).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		stop()
		fmt.Fprintln(os.Stderr, "apiprobe:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("apiprobe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	base := fs.String("url", envOr("RUNPOD_API_URL", "https://api.runpod.io"), "base URL of the API to probe (without /v2); RUNPOD_API_URL")
	mdPath := fs.String("md", "api-probe.md", "write the Markdown report here")
	jsonPath := fs.String("json", "api-probe.json", "write the JSON report here")
	serve := fs.String("serve", "", "only serve the seeded reference fake on this address (e.g. 127.0.0.1:0) until interrupted")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *serve != "" {
		url, stop, err := startReference(ctx, *serve)
		if err != nil {
			return err
		}
		defer stop()
		fmt.Fprintf(stdout, "listening on %s\n", url)
		<-ctx.Done()
		return nil
	}
	key := os.Getenv("RUNPOD_API_KEY")
	if strings.TrimSpace(key) == "" {
		return errors.New("RUNPOD_API_KEY is not set: the probe reads the account with it (GET only)")
	}
	refURL, stop, err := startReference(ctx, "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer stop()
	diffs, err := probe(ctx, newServer(*base, key), newServer(refURL, "fake-runpod-api-key"))
	if err != nil {
		return err
	}
	sortDiffs(diffs)
	if err := os.WriteFile(*mdPath, []byte(markdown(*base, diffs)), 0o644); err != nil {
		return err
	}
	js, err := json.MarshalIndent(map[string]any{"server": *base, "differences": nonNil(diffs)}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(*jsonPath, append(js, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d difference(s) between %s and the fake; report in %s and %s\n", len(diffs), *base, *mdPath, *jsonPath)
	return nil
}

func nonNil(ds []difference) []difference {
	if ds == nil {
		return []difference{}
	}
	return ds
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// markdown is the human report: one section per object type, one row per
// difference.
func markdown(base string, diffs []difference) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# API probe: %s compared with the fake\n\n", base)
	if len(diffs) == 0 {
		b.WriteString("No differences.\n")
		return b.String()
	}
	fmt.Fprintf(&b, "%d difference(s). Each one becomes a fake behaviour and a test before the provider changes "+
		"(CONTRIBUTING.md).\n", len(diffs))
	kind := ""
	for _, d := range diffs {
		if d.Kind != kind {
			kind = d.Kind
			fmt.Fprintf(&b, "\n## %s\n\n| aspect | path | live | fake |\n|---|---|---|---|\n", kind)
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", d.Aspect, d.Path, cell(d.Live), cell(d.Fake))
	}
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
