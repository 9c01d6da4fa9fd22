package registryauth_test

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

// Credentials of the seeded registries: canaries that must appear in no
// query output and no generated configuration.
const (
	ghcrUser = "CANARY-ghcr-user-5d1e"
	ghcrPass = "CANARY-ghcr-pass-a8c0"
	hubUser  = "CANARY-hub-user-33f7"
	hubPass  = "CANARY-hub-pass-e2b9"
)

// seedRegistries stores credentials as the console would make them: two of
// a team's and one of another team's.
func seedRegistries(fake *runpodfake.Fake) (ghcr, hub, other runpodfake.Registry) {
	return fake.SeedRegistry(runpodfake.Registry{Name: "team-ghcr", Username: ghcrUser, Password: ghcrPass}),
		fake.SeedRegistry(runpodfake.Registry{Name: "team-hub", Username: hubUser, Password: hubPass}),
		fake.SeedRegistry(runpodfake.Registry{Name: "other", Username: "other-user", Password: "other-pass"})
}

func TestAccRegistryAuth_listResource(t *testing.T) {
	env := acctest.New(t)
	ghcr, hub, _ := seedRegistries(env.Fake)

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.Testdata(t, "team_registry_auth_lists", nil),
			QueryResultChecks: slices.Concat(
				acctest.ExpectListed("runpod_registry_auth.team", ghcr.ID, hub.ID),
				[]querycheck.QueryResultCheck{
					querycheck.ExpectResourceDisplayName("runpod_registry_auth.team", acctest.ByID(hub.ID),
						knownvalue.StringExact("team-hub ("+hub.ID+")")),
				},
				acctest.ExpectOnlyResult("runpod_registry_auth.exact", ghcr.ID, "team-ghcr", "team-ghcr ("+ghcr.ID+")",
					// Runpod never returns the credentials: nothing to show.
					querycheck.KnownValueCheck{Path: tfjsonpath.New("username"), KnownValue: knownvalue.Null()},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("password"), KnownValue: knownvalue.Null()},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("password_wo"), KnownValue: knownvalue.Null()},
					querycheck.KnownValueCheck{Path: tfjsonpath.New("password_wo_version"), KnownValue: knownvalue.Null()},
				),
			),
		},
	})
}

// Registry credentials made in the console are adopted with terraform query.
// Runpod never returns a username or password, so neither the query output
// nor the generated configuration holds one. As generated, the configuration
// plans to the imports alone and applying it sends nothing. Filling in the
// username and password_wo with password_wo_version afterwards, as the
// adoption guide says for managing them, is the documented in-place update
// that records them in state (with a warning, since Runpod cannot check
// them): no credential is replaced, nothing is sent, and then the plan is
// empty.
func TestAccRegistryAuth_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	ghcr, hub, other := seedRegistries(env.Fake)
	cli := env.QueryCLI(t)

	generated := cli.AdoptWithoutSecrets(t, env.Fake, acctest.SecretAdoption{
		Query:    acctest.Testdata(t, "team_registry_auths_list", nil),
		Printed:  `"password_wo_version":null`,
		Canaries: []string{ghcrUser, ghcrPass, hubUser, hubPass},
		Noun:     "credential", Adopted: []string{ghcr.ID, hub.ID}, Left: []string{other.ID},
		// The credential arguments come out as null placeholders, the secret
		// ones marked sensitive.
		Placeholders: []string{`username\s+= null # sensitive`, `password\s+= null # sensitive`,
			`password_wo\s+= null # sensitive`, `password_wo_version\s+= null`},
		Objects: "credentials",
	})
	cli.ExpectNoChanges()

	// Filled in as the guide says: the username and password_wo with
	// password_wo_version, the password = null placeholder left as it is.
	filled := acctest.FillGenerated(t, generated, "runpod_registry_auth", "team-ghcr",
		map[string]string{"username": `"` + ghcrUser + `"`, "password_wo": `"` + ghcrPass + `"`, "password_wo_version": "1"})
	filled = acctest.FillGenerated(t, filled, "runpod_registry_auth", "team-hub",
		map[string]string{"username": `"` + hubUser + `"`, "password_wo": `"` + hubPass + `"`, "password_wo_version": "1"})
	cli.WriteFile("generated.tf", filled)
	planned := cli.RunJSON("plan", "-input=false")
	if planned.ExitCode != 0 {
		t.Fatalf("plan of the filled-in configuration failed:\n%s", planned.Output())
	}
	if n := len(planned.Warnings("Registry Credentials Recorded Without Checking")); n != 2 {
		t.Errorf("the plan printed %d warnings that the credentials are recorded without checking, want one per credential", n)
	}
	_, plan := cli.PlanGenerated(2, "update")
	acctest.ExpectChangedAttributes(t, plan, "password_wo_version", "username")

	env.Fake.ResetRequests()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if err := acctest.OnlyReads(env.Fake); err != nil {
		t.Errorf("recording the credentials %v; it must send nothing", err)
	}
	for _, want := range []runpodfake.Registry{ghcr, hub} {
		if got, ok := env.Fake.Registry(want.ID); !ok || got != want {
			t.Errorf("after adopting, credential %s is missing or changed", want.ID)
		}
	}
	cli.ExpectNoChanges()
}
