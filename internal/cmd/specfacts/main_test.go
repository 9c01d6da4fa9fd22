package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/specfacts"
)

func TestRunWritesTheFacts(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json")
	src := []byte(`{"openapi": "3.1.0", "info": {"version": "7", "description": "words"}, "paths": {}}`)
	if err := os.WriteFile(in, src, 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if err := run([]string{"-in", in, "-out", out}, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := specfacts.Reduce(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("wrote\n%s\nwant\n%s", got, want)
	}
	if err := run([]string{"-in", in}, &stderr); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Fatalf("without -out: %v", err)
	}
	t.Setenv(specfacts.EnvVar, filepath.Join(dir, "absent.json"))
	if err := run([]string{"-missing-ok", "-out", out}, &stderr); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("a missing $%s: %v", specfacts.EnvVar, err)
	}
}
