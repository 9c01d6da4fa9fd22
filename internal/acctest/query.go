package acctest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// QueryVersions skips a test visibly on CLIs without `terraform query` and
// list resources (Terraform before 1.14, OpenTofu).
var QueryVersions = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// cliVersion is the binary's version as `version -json` reports it.
func (c *CLI) cliVersion() string {
	c.t.Helper()
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal([]byte(c.MustRun("version", "-json").Stdout), &v); err != nil {
		c.t.Fatalf("parsing version -json: %v", err)
	}
	return v.Version
}

// Version is the binary's version as `version -json` reports it ("1.16.4"),
// for skip messages that name it.
func (c *CLI) Version() string {
	c.t.Helper()
	name := "Terraform "
	if c.IsOpenTofu() {
		name = "OpenTofu "
	}
	return name + c.cliVersion()
}

// AtLeast reports whether the binary is Terraform major.minor or later, or
// OpenTofu (every OpenTofu the tests run is 1.11 or later).
func (c *CLI) AtLeast(major, minor int) bool {
	c.t.Helper()
	if c.IsOpenTofu() {
		return true
	}
	parts := strings.SplitN(c.cliVersion(), ".", 3)
	if len(parts) < 2 {
		return false
	}
	got, gotMinor := atoi(parts[0]), atoi(parts[1])
	return got > major || (got == major && gotMinor >= minor)
}

// MarksApplyPlan reports whether the CLI tells the provider which plan is
// the one it makes again during apply (Terraform 1.9 and later; see
// providerdata.UnmanagedLookalikes). Without that sign the duplicate guard runs, and
// lists, in that plan too.
func (c *CLI) MarksApplyPlan() bool { return !c.IsOpenTofu() && c.AtLeast(1, 9) }

// RequireQuery skips the test (visibly) unless the binary has
// `terraform query`: Terraform 1.14 or later; OpenTofu has none.
func (c *CLI) RequireQuery() {
	c.t.Helper()
	if c.IsOpenTofu() || !c.AtLeast(1, 14) {
		c.t.Skipf("terraform query needs Terraform 1.14 or later; %s is %s", filepath.Base(c.bin), c.cliVersion())
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// Query writes query (list blocks) to query.tfquery.hcl and returns what
// `terraform query -json` printed: what machines read, full resource
// objects included where a list block asks for them. A failing query fails
// the test.
func (c *CLI) Query(query string) Result {
	c.t.Helper()
	c.WriteFile("query.tfquery.hcl", query)
	return c.MustRun("query", "-json")
}

// GenerateConfig writes query (list blocks) to query.tfquery.hcl, runs
// `terraform query -generate-config-out=generated.tf` and returns the run
// and the configuration Terraform wrote: one import and one resource block
// per object found.
func (c *CLI) GenerateConfig(query string) (Result, string) {
	c.t.Helper()
	c.WriteFile("query.tfquery.hcl", query)
	res := c.MustRun("query", "-generate-config-out=generated.tf")
	generated, err := os.ReadFile(filepath.Join(c.Dir, "generated.tf"))
	if err != nil {
		c.t.Fatalf("terraform query wrote no generated.tf: %v", err)
	}
	return res, string(generated)
}

// PlanChanges are what a saved plan does to each resource, by address:
// "import" for an import that changes nothing, otherwise the actions
// joined by "+" (an import with an update is "import+update").
func PlanChanges(plan *tfjson.Plan) map[string]string {
	out := map[string]string{}
	for _, rc := range plan.ResourceChanges {
		if rc.Change == nil {
			continue
		}
		var parts []string
		if rc.Change.Importing != nil {
			parts = append(parts, "import")
		}
		if !rc.Change.Actions.NoOp() {
			for _, a := range rc.Change.Actions {
				parts = append(parts, string(a))
			}
		}
		if len(parts) == 0 {
			parts = append(parts, "no-op")
		}
		out[rc.Address] = strings.Join(parts, "+")
	}
	return out
}

// ChangedAttributes lists, per address, the attributes a saved plan
// changes on resources it updates: what a user would see as "~" lines.
func ChangedAttributes(plan *tfjson.Plan) map[string][]string {
	out := map[string][]string{}
	for _, rc := range plan.ResourceChanges {
		if rc.Change == nil || !rc.Change.Actions.Update() {
			continue
		}
		before, _ := rc.Change.Before.(map[string]any)
		after, _ := rc.Change.After.(map[string]any)
		var changed []string
		for k, v := range after {
			b, _ := json.Marshal(before[k])
			a, _ := json.Marshal(v)
			if string(a) != string(b) {
				changed = append(changed, k)
			}
		}
		sort.Strings(changed)
		out[rc.Address] = changed
	}
	return out
}

// ExpectChangedAttributes fails t unless every resource plan updates
// changes exactly the attributes want (sorted), as ChangedAttributes lists
// them.
func ExpectChangedAttributes(t *testing.T, plan *tfjson.Plan, want ...string) {
	t.Helper()
	for addr, got := range ChangedAttributes(plan) {
		if !slices.Equal(got, want) {
			t.Errorf("%s: the update changes %v, want %v", addr, got, want)
		}
	}
}

// PlanGenerated plans the working directory, holding the configuration
// `terraform query` generated (filled in where the user must), and fails
// the test unless the plan changes exactly n resources, each as want:
// "import" for an import alone, "import+update" for the kinds whose import
// records settings from the configuration. It returns the run and the plan
// for the checks of the kind.
func (c *CLI) PlanGenerated(n int, want string) (Result, *tfjson.Plan) {
	c.t.Helper()
	res, plan := c.SavedPlan()
	if plan == nil {
		c.t.Fatalf("plan of the generated configuration failed:\n%s", res.Output())
	}
	changes := PlanChanges(plan)
	if len(changes) != n {
		c.t.Errorf("plan changes %d resources, want the %d imports: %v", len(changes), n, changes)
	}
	for addr, change := range changes {
		if change != want {
			c.t.Errorf("%s: plan does %q, want %q (changed: %v)", addr, change, want, ChangedAttributes(plan)[addr])
		}
	}
	return res, plan
}

// ExpectNoChanges plans and fails the test unless the plan changes
// nothing: after adopting, configuration and objects agree.
func (c *CLI) ExpectNoChanges() {
	c.t.Helper()
	res, plan := c.SavedPlan()
	if plan == nil {
		c.t.Fatalf("plan failed:\n%s", res.Output())
	}
	for addr, change := range PlanChanges(plan) {
		if change != "no-op" {
			c.t.Errorf("%s: plan does %q, want nothing (changed: %v)", addr, change, ChangedAttributes(plan)[addr])
		}
	}
}

// ByID selects the query result whose identity is id.
func ByID(id string) queryfilter.QueryFilter {
	return queryfilter.ByResourceIdentity(HasID(id))
}

// QueryTest runs queries (each step's Config holds `list` blocks; Query is
// set for it) against e's fake, after a step that applies an empty
// configuration, on the binaries that have `terraform query`.
func (e *Env) QueryTest(t *testing.T, queries []resource.TestStep) {
	t.Helper()
	steps := []resource.TestStep{{Config: `provider "runpod" {}`}}
	for _, q := range queries {
		q.Query = true
		steps = append(steps, q)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: e.Factories,
		TerraformVersionChecks:   QueryVersions,
		Steps:                    steps,
	})
}

// ListBlock is a `list` block of resourceType named name, for the provider
// "runpod", with include_resource when asked and config's lines (HCL
// arguments such as `name_prefix = "team-"`) in its config block.
func ListBlock(resourceType, name string, includeResource bool, config ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "list %q %q {\n  provider = runpod\n", resourceType, name)
	if includeResource {
		b.WriteString("  include_resource = true\n")
	}
	if len(config) > 0 {
		b.WriteString("  config {\n")
		for _, l := range config {
			b.WriteString("    " + l + "\n")
		}
		b.WriteString("  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}
