package secret_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Values of the seeded secrets: canaries that must appear in no query
// output and no generated configuration.
const (
	hfValue    = "CANARY-hf-value-7f3a"
	dbValue    = "CANARY-db-value-91c2"
	otherValue = "CANARY-other-value-0b4d"
)

// seedSecrets stores secrets as the console would make them: two of a
// team's (one with a description) and one of another team's.
func seedSecrets(fake *runpodfake.Fake) (hf, db, other runpodfake.Secret) {
	desc := "Hugging Face read token"
	return fake.SeedSecret(runpodfake.Secret{Name: "team_hf", Value: hfValue, Description: &desc}),
		fake.SeedSecret(runpodfake.Secret{Name: "team_db", Value: dbValue}),
		fake.SeedSecret(runpodfake.Secret{Name: "other", Value: otherValue})
}

func TestAccSecret_listResource(t *testing.T) {
	env := acctest.New(t)
	hf, db, _ := seedSecrets(env.Fake)

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.ListBlock("runpod_secret", "team", false, `name_prefix = "team_"`) +
				acctest.ListBlock("runpod_secret", "exact", true, `name = "team_hf"`),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("runpod_secret.team", 2),
				querycheck.ExpectIdentity("runpod_secret.team", map[string]knownvalue.Check{"id": knownvalue.StringExact(hf.ID)}),
				querycheck.ExpectIdentity("runpod_secret.team", map[string]knownvalue.Check{"id": knownvalue.StringExact(db.ID)}),
				querycheck.ExpectResourceDisplayName("runpod_secret.team", acctest.ByID(db.ID),
					knownvalue.StringExact("team_db ("+db.ID+")")),
				querycheck.ExpectLength("runpod_secret.exact", 1),
				querycheck.ExpectResourceDisplayName("runpod_secret.exact", acctest.ByID(hf.ID),
					knownvalue.StringExact("team_hf ("+hf.ID+")")),
				querycheck.ExpectResourceKnownValues("runpod_secret.exact", acctest.ByID(hf.ID),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(hf.ID)},
						{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact("team_hf")},
						{Path: tfjsonpath.New("description"), KnownValue: knownvalue.StringExact("Hugging Face read token")},
						{Path: tfjsonpath.New("reference"), KnownValue: knownvalue.StringExact("{{ RUNPOD_SECRET_team_hf }}")},
						{Path: tfjsonpath.New("created_at"), KnownValue: knownvalue.NotNull()},
						{Path: tfjsonpath.New("value_last_updated_at"), KnownValue: knownvalue.NotNull()},
						// Runpod never returns the value: nothing to show.
						{Path: tfjsonpath.New("value"), KnownValue: knownvalue.Null()},
						{Path: tfjsonpath.New("value_wo"), KnownValue: knownvalue.Null()},
						{Path: tfjsonpath.New("value_wo_version"), KnownValue: knownvalue.Null()},
					}),
			},
		},
	})
}

// noValueIn fails t when any seeded secret value occurs in text.
func noValueIn(t *testing.T, where, text string) {
	t.Helper()
	for _, v := range []string{hfValue, dbValue, otherValue} {
		if strings.Contains(text, v) {
			t.Errorf("%s contains a secret value", where)
		}
	}
}

// Secrets made in the console are adopted with terraform query. Runpod never
// returns a value, so neither the query output nor the generated
// configuration holds one, and the generated configuration does not plan
// until the value is filled in (exactly one of value and value_wo is
// required). Filled in as the adoption guide says (value_wo with
// value_wo_version), it plans to the imports plus the documented first-apply
// update that sends the configured value, never a replacement; after the
// apply, the plan is empty.
func TestAccSecret_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	hf, db, other := seedSecrets(env.Fake)
	cli := env.CLI(t)
	cli.RequireQuery()
	cli.SetConfig(`provider "runpod" {}`)
	cli.Init()

	query := `
list "runpod_secret" "team" {
  provider         = runpod
  include_resource = true
  config {
    name_prefix = "team_"
  }
}
`
	// What query prints to machines, full resource objects included.
	printed := cli.Query(query)
	if !strings.Contains(printed.Stdout, "Hugging Face read token") {
		t.Fatalf("terraform query -json printed no resource objects:\n%s", printed.Stdout)
	}
	noValueIn(t, "terraform query -json output", printed.Output())

	_, generated := cli.GenerateConfig(query)
	t.Logf("generated configuration:\n%s", generated)
	noValueIn(t, "the generated configuration", generated)
	for _, id := range []string{hf.ID, db.ID} {
		if !strings.Contains(generated, id) {
			t.Errorf("generated configuration lacks secret %s:\n%s", id, generated)
		}
	}
	if strings.Contains(generated, other.ID) {
		t.Errorf("generated configuration imports %s, which the filter excludes:\n%s", other.ID, generated)
	}
	// The value arguments come out as null placeholders, marked sensitive.
	for _, line := range []string{`value\s+= null # sensitive`, `value_wo\s+= null # sensitive`, `value_wo_version\s+= null`} {
		if n := len(regexp.MustCompile(`(?m)^\s+`+line+`$`).FindAllString(generated, -1)); n != 2 {
			t.Errorf("generated configuration has %d lines %q, want one per secret:\n%s", n, line, generated)
		}
	}

	// As generated, the configuration does not plan: the value is missing.
	res := cli.Run("plan", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("plan of the generated configuration without values succeeded:\n%s", res.Output())
	}
	res.Contains(t, "Exactly one of these attributes must be configured: [value,value_wo]")

	// Filled in as the guide says: value_wo with value_wo_version, one value
	// per secret, the value = null placeholder left as it is.
	filled := fillValue(t, generated, "team_hf", "hf-value-from-vault")
	filled = fillValue(t, filled, "team_db", "db-value-from-vault")
	if err := os.WriteFile(filepath.Join(cli.Dir, "generated.tf"), []byte(filled), 0o600); err != nil {
		t.Fatal(err)
	}
	_, plan := cli.PlanGenerated(2, "import+update")
	for addr, got := range acctest.ChangedAttributes(plan) {
		if len(got) != 1 || got[0] != "value_wo_version" {
			t.Errorf("%s: the update changes %v, want value_wo_version alone", addr, got)
		}
	}

	cli.MustRun("apply", "-auto-approve", "-input=false")
	for id, want := range map[string]string{hf.ID: "hf-value-from-vault", db.ID: "db-value-from-vault"} {
		if err := secretValue(env.Fake, id, want); err != nil {
			t.Errorf("after adopting: %v", err)
		}
	}
	if s, _ := env.Fake.Secret(hf.ID); s.Description == nil || *s.Description != "Hugging Face read token" {
		t.Errorf("after adopting, the description of %s is %v, want it unchanged", hf.ID, s.Description)
	}
	cli.ExpectNoChanges()
}

// fillValue sets value_wo and value_wo_version in the generated resource
// block of the secret named name.
func fillValue(t *testing.T, generated, name, value string) string {
	t.Helper()
	block := regexp.MustCompile(`(?s)resource "runpod_secret" "[a-z_0-9]+" \{[^}]*name\s+= "` + name + `"[^}]*\}`)
	loc := block.FindStringIndex(generated)
	if loc == nil {
		t.Fatalf("no generated block for secret %s:\n%s", name, generated)
	}
	b := generated[loc[0]:loc[1]]
	b = regexp.MustCompile(`value_wo\s+= null # sensitive`).ReplaceAllString(b, `value_wo = "`+value+`"`)
	b = regexp.MustCompile(`value_wo_version\s+= null`).ReplaceAllString(b, `value_wo_version = 1`)
	return generated[:loc[0]] + b + generated[loc[1]:]
}
