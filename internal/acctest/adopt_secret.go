package acctest

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// SecretAdoption is the adoption, with `terraform query`, of console-made
// objects of a kind whose secret arguments (a secret's value, a registry
// credential's username and password) Runpod never returns.
type SecretAdoption struct {
	// Query is the list block, with include_resource = true.
	Query string
	// Printed is a text that `terraform query -json` prints only with the
	// full resource objects.
	Printed string
	// Canaries are the seeded secret values: they must appear in no query
	// output and no generated configuration.
	Canaries []string
	// Noun, Adopted and Left are ExpectGenerated's noun, want and absent.
	Noun          string
	Adopted, Left []string
	// Placeholders are the lines (regular expressions) that every generated
	// object holds once: its secret arguments, as null placeholders.
	Placeholders []string
	// Objects names the objects in failures, e.g. "secrets".
	Objects string
}

// AdoptWithoutSecrets prints a.Query's results and generates configuration
// from it: neither holds a canary, and the configuration imports the
// adopted objects alone with the placeholders in each. As generated, the
// configuration plans to the imports alone and applying it only reads.
// It returns the generated configuration.
func (c *CLI) AdoptWithoutSecrets(t *testing.T, fake *runpodfake.Fake, a SecretAdoption) string {
	t.Helper()
	// What query prints to machines, full resource objects included.
	printed := c.Query(a.Query)
	if !strings.Contains(printed.Stdout, a.Printed) {
		t.Fatalf("terraform query -json printed no resource objects:\n%s", printed.Stdout)
	}
	NoCanaryIn(t, "terraform query -json output", printed.Output(), a.Canaries...)

	_, generated := c.GenerateConfig(a.Query)
	NoCanaryIn(t, "the generated configuration", generated, a.Canaries...)
	ExpectGenerated(t, generated, a.Noun, a.Adopted, a.Left)
	ExpectLinesPerObject(t, generated, len(a.Adopted), a.Placeholders...)

	// As generated, the configuration plans to the imports alone and
	// applies without a write.
	fake.ResetRequests()
	c.PlanGenerated(len(a.Adopted), "import")
	c.MustRun("apply", "-auto-approve", "-input=false")
	if err := OnlyReads(fake); err != nil {
		t.Errorf("adopting the %s %v", a.Objects, err)
	}
	return generated
}
