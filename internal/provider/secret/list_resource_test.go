package secret_test

import (
	"slices"
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
			Config: acctest.Testdata(t, "team_secret_lists", nil),
			QueryResultChecks: slices.Concat(
				acctest.ExpectListed("runpod_secret.team", hf.ID, db.ID),
				[]querycheck.QueryResultCheck{
					querycheck.ExpectResourceDisplayName("runpod_secret.team", acctest.ByID(db.ID),
						knownvalue.StringExact("team_db ("+db.ID+")")),
				},
				acctest.ExpectOnlyResult("runpod_secret.exact", hf.ID, "team_hf", "team_hf ("+hf.ID+")",
					querycheck.KnownValueCheck{Path: tfjsonpath.New("description"), KnownValue: knownvalue.StringExact("Hugging Face read token")},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("reference"), KnownValue: knownvalue.StringExact("{{ RUNPOD_SECRET_team_hf }}")},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("created_at"), KnownValue: knownvalue.NotNull()},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("value_last_updated_at"), KnownValue: knownvalue.NotNull()},
					// Runpod never returns the value: nothing to show.
					querycheck.KnownValueCheck{Path: tfjsonpath.New("value"), KnownValue: knownvalue.Null()},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("value_wo"), KnownValue: knownvalue.Null()},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("value_wo_version"), KnownValue: knownvalue.Null()},
				),
			),
		},
	})
}

// Secrets made in the console are adopted with terraform query. Runpod never
// returns a value, so neither the query output nor the generated
// configuration holds one. As generated, the configuration plans to the
// imports alone, and applying it writes nothing: the secrets keep the values
// Runpod holds. Filling in value_wo with value_wo_version afterwards, as the
// adoption guide says for taking over the value, is an in-place update that
// sends it; after that, the plan is empty.
func TestAccSecret_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	hf, db, other := seedSecrets(env.Fake)
	cli := env.QueryCLI(t)

	generated := cli.AdoptWithoutSecrets(t, env.Fake, acctest.SecretAdoption{
		Query:    acctest.Testdata(t, "team_secrets_list", nil),
		Printed:  "Hugging Face read token",
		Canaries: []string{hfValue, dbValue, otherValue},
		Noun:     "secret", Adopted: []string{hf.ID, db.ID}, Left: []string{other.ID},
		// The value arguments come out as null placeholders, marked sensitive.
		Placeholders: []string{`value\s+= null # sensitive`, `value_wo\s+= null # sensitive`, `value_wo_version\s+= null`},
		Objects:      "secrets",
	})
	// The values stay Runpod's.
	for id, want := range map[string]string{hf.ID: hfValue, db.ID: dbValue} {
		if err := secretValue(env.Fake, id, want); err != nil {
			t.Errorf("after adopting: %v", err)
		}
	}
	cli.ExpectNoChanges()

	// Taking over the value: value_wo with value_wo_version, one value per
	// secret, the value = null placeholder left as it is.
	filled := acctest.FillGenerated(t, generated, "runpod_secret", "team_hf",
		map[string]string{"value_wo": `"hf-value-from-vault"`, "value_wo_version": "1"})
	filled = acctest.FillGenerated(t, filled, "runpod_secret", "team_db",
		map[string]string{"value_wo": `"db-value-from-vault"`, "value_wo_version": "1"})
	cli.WriteFile("generated.tf", filled)
	_, plan := cli.PlanGenerated(2, "update")
	acctest.ExpectChangedAttributes(t, plan, "value_wo_version")

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
