package acctest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/moduleroot"
)

// Example reads files of the documentation's examples (paths below
// examples/, such as "resources/runpod_endpoint/resource.tf"), joined, so
// that tests apply the examples exactly as the docs show them.
func Example(t *testing.T, files ...string) string {
	t.Helper()
	root, err := moduleroot.Find()
	if err != nil {
		t.Fatalf("acctest.Example: %v", err)
	}
	parts := make([]string, 0, len(files))
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, "examples", f))
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, string(b))
	}
	return strings.Join(parts, "\n")
}
