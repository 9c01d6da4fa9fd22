package acctest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// The helpers of the adoption tests: objects made in the console, listed
// with `terraform query`, the configuration it generates planned, applied
// and planned again.

// QueryCLI is a CLI on e's fake for `terraform query` tests: it skips the
// test (visibly) on binaries without query, and has run init on an empty
// provider configuration.
func (e *Env) QueryCLI(t *testing.T) *CLI {
	t.Helper()
	cli := e.CLI(t)
	cli.RequireQuery()
	cli.SetConfig(`provider "runpod" {}`)
	cli.Init()
	return cli
}

// ExpectGenerated logs generated, the configuration `terraform query`
// wrote, and fails t unless it holds each of want (the ids of the objects,
// each a noun, it must import) and none of absent (what the filter leaves
// out, or what must never be written).
func ExpectGenerated(t *testing.T, generated, noun string, want, absent []string) {
	t.Helper()
	t.Logf("generated configuration:\n%s", generated)
	for _, id := range want {
		if !strings.Contains(generated, id) {
			t.Errorf("generated configuration lacks %s %s:\n%s", noun, id, generated)
		}
	}
	for _, s := range absent {
		if strings.Contains(generated, s) {
			t.Errorf("generated configuration holds %q, which the filter excludes or which must not be written:\n%s", s, generated)
		}
	}
}

// ExpectLinesPerObject fails t unless generated has n lines matching each
// of lines (regular expressions for a whole line but its indentation), one
// for each of the n objects: the null placeholders of the arguments that
// Runpod never returns.
func ExpectLinesPerObject(t *testing.T, generated string, n int, lines ...string) {
	t.Helper()
	for _, line := range lines {
		if got := len(regexp.MustCompile(`(?m)^\s+`+line+`$`).FindAllString(generated, -1)); got != n {
			t.Errorf("generated configuration has %d lines %q, want one per object (%d):\n%s", got, line, n, generated)
		}
	}
}

// NoCanaryIn fails t when text (where names it) holds any of canaries, the
// seeded values that must never be shown. The message does not print them.
func NoCanaryIn(t *testing.T, where, text string, canaries ...string) {
	t.Helper()
	for i, v := range canaries {
		if strings.Contains(text, v) {
			t.Errorf("%s contains a value that must never be shown (canary %d)", where, i+1)
		}
	}
}

// FillGenerated returns generated, the configuration `terraform query`
// wrote, with the null placeholders of the resource block of resourceType
// whose name is name replaced as the adoption guide says: values maps an
// argument to the HCL expression it gets (`"s3cret"`, `1`). It fails t
// when there is no such block, or no placeholder for an argument.
func FillGenerated(t *testing.T, generated, resourceType, name string, values map[string]string) string {
	t.Helper()
	block := regexp.MustCompile(`(?s)resource "` + resourceType + `" "[a-z_0-9]+" \{[^}]*name\s+= "` + regexp.QuoteMeta(name) + `"[^}]*\}`)
	loc := block.FindStringIndex(generated)
	if loc == nil {
		t.Fatalf("no generated %s block named %s:\n%s", resourceType, name, generated)
	}
	b := generated[loc[0]:loc[1]]
	for arg, value := range values {
		placeholder := regexp.MustCompile(`(?m)^(\s+)` + arg + `\s+= null( # sensitive)?$`)
		if !placeholder.MatchString(b) {
			t.Fatalf("the generated %s block named %s has no placeholder for %s:\n%s", resourceType, name, arg, b)
		}
		b = placeholder.ReplaceAllString(b, "${1}"+arg+" = "+value)
	}
	return generated[:loc[0]] + b + generated[loc[1]:]
}

// OnlyReads returns an error naming the requests in fake's log that are not
// reads (GET): adopting an object, or recording settings on import, must
// write nothing at Runpod.
func OnlyReads(fake *runpodfake.Fake) error {
	var writes []string
	for _, r := range fake.Requests() {
		if r.Method != "GET" {
			writes = append(writes, r.Method+" "+r.Path)
		}
	}
	if len(writes) > 0 {
		return fmt.Errorf("sent %s, which must send only reads", strings.Join(writes, ", "))
	}
	return nil
}
