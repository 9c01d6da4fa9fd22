package acctest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template"
)

// Testdata reads testdata/NAME.tf of the test's package and fills its
// {{.Field}} holes from data (nil for a file without holes), so that a test
// configuration reads, and is formatted, as the Terraform file it is. A hole
// that data does not fill fails the test instead of becoming "<no value>".
func Testdata(t testing.TB, name string, data any) string {
	t.Helper()
	file := filepath.Join("testdata", name+".tf")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("acctest.Testdata: %v", err)
	}
	tmpl, err := template.New(name).Option("missingkey=error").Parse(string(b))
	if err != nil {
		t.Fatalf("acctest.Testdata: %s: %v", file, err)
	}
	var out strings.Builder
	if err := tmpl.Execute(&out, data); err != nil {
		t.Fatalf("acctest.Testdata: %s: %v", file, err)
	}
	return out.String()
}
