// Command specfacts writes the facts of Runpod's OpenAPI document (see
// package internal/specfacts) to a file, for the fake's spec checks:
//
//	go run ./internal/cmd/specfacts -out internal/runpodfake/testdata/openapi-facts.json
//
// The source is -in if given, else $RUNPOD_OPENAPI_SPEC, else
// ../shared/runpod-api/openapi-v2.json beside the module root. With
// -missing-ok a missing source (no -in, no $RUNPOD_OPENAPI_SPEC and no
// ../shared) leaves -out as it is and exits 0, so that `go generate ./...`
// succeeds on a clean clone; `make spec-facts` runs it without.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/runpod-tf/terraform-provider-runpod/internal/specfacts"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "specfacts:", err)
		os.Exit(1)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("specfacts", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "the OpenAPI document (default $"+specfacts.EnvVar+", else ../shared/runpod-api/openapi-v2.json beside the module)")
	out := fs.String("out", "", "where to write the facts (required)")
	missingOK := fs.Bool("missing-ok", false, "without -in, exit 0 leaving -out alone when no source is found")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return errors.New("usage: specfacts [-in openapi.json] [-missing-ok] -out facts.json")
	}
	src := *in
	if src == "" {
		var explicit bool
		src, explicit = specfacts.Original()
		switch {
		case src == "" && explicit:
			return fmt.Errorf("$%s names a file that does not exist", specfacts.EnvVar)
		case src == "" && *missingOK:
			fmt.Fprintf(stderr, "specfacts: no source (no ../shared/runpod-api/openapi-v2.json, no $%s); %s left as it is\n", specfacts.EnvVar, *out)
			return nil
		case src == "":
			return fmt.Errorf("no source: give -in, set $%s, or check out ../shared beside the module", specfacts.EnvVar)
		}
	}
	facts, err := specfacts.Load(src)
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(*out); err == nil && bytes.Equal(old, facts) {
		return nil
	}
	return os.WriteFile(*out, facts, 0o644)
}
