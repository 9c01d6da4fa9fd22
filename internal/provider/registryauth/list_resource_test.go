package registryauth_test

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
			Config: acctest.ListBlock("runpod_registry_auth", "team", false, `name_prefix = "team-"`) +
				acctest.ListBlock("runpod_registry_auth", "exact", true, `name = "team-ghcr"`),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("runpod_registry_auth.team", 2),
				querycheck.ExpectIdentity("runpod_registry_auth.team", map[string]knownvalue.Check{"id": knownvalue.StringExact(ghcr.ID)}),
				querycheck.ExpectIdentity("runpod_registry_auth.team", map[string]knownvalue.Check{"id": knownvalue.StringExact(hub.ID)}),
				querycheck.ExpectResourceDisplayName("runpod_registry_auth.team", acctest.ByID(hub.ID),
					knownvalue.StringExact("team-hub ("+hub.ID+")")),
				querycheck.ExpectLength("runpod_registry_auth.exact", 1),
				querycheck.ExpectResourceDisplayName("runpod_registry_auth.exact", acctest.ByID(ghcr.ID),
					knownvalue.StringExact("team-ghcr ("+ghcr.ID+")")),
				querycheck.ExpectResourceKnownValues("runpod_registry_auth.exact", acctest.ByID(ghcr.ID),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(ghcr.ID)},
						{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact("team-ghcr")},
						// Runpod never returns the credentials: nothing to show.
						{Path: tfjsonpath.New("username"), KnownValue: knownvalue.Null()},
						{Path: tfjsonpath.New("password"), KnownValue: knownvalue.Null()},
						{Path: tfjsonpath.New("password_wo"), KnownValue: knownvalue.Null()},
						{Path: tfjsonpath.New("password_wo_version"), KnownValue: knownvalue.Null()},
					}),
			},
		},
	})
}

// noCredentialIn fails t when a seeded username or password occurs in text.
func noCredentialIn(t *testing.T, where, text string) {
	t.Helper()
	for _, v := range []string{ghcrUser, ghcrPass, hubUser, hubPass} {
		if strings.Contains(text, v) {
			t.Errorf("%s contains a registry username or password", where)
		}
	}
}

// Registry credentials made in the console are adopted with terraform query.
// Runpod never returns a username or password, so neither the query output
// nor the generated configuration holds one, and the generated
// configuration does not plan until they are filled in (username is
// required, and exactly one of password and password_wo). Filled in as the
// adoption guide says (username, password_wo with password_wo_version), it
// plans to the imports plus the documented in-place update that records
// them in state: no credential is replaced, nothing is sent to Runpod, and
// after the apply the plan is empty.
func TestAccRegistryAuth_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	ghcr, hub, other := seedRegistries(env.Fake)
	cli := env.CLI(t)
	cli.RequireQuery()
	cli.SetConfig(`provider "runpod" {}`)
	cli.Init()

	query := `
list "runpod_registry_auth" "team" {
  provider         = runpod
  include_resource = true
  config {
    name_prefix = "team-"
  }
}
`
	// What query prints to machines, full resource objects included.
	printed := cli.Query(query)
	if !strings.Contains(printed.Stdout, `"password_wo_version":null`) {
		t.Fatalf("terraform query -json printed no resource objects:\n%s", printed.Stdout)
	}
	noCredentialIn(t, "terraform query -json output", printed.Output())

	_, generated := cli.GenerateConfig(query)
	t.Logf("generated configuration:\n%s", generated)
	noCredentialIn(t, "the generated configuration", generated)
	for _, id := range []string{ghcr.ID, hub.ID} {
		if !strings.Contains(generated, id) {
			t.Errorf("generated configuration lacks credential %s:\n%s", id, generated)
		}
	}
	if strings.Contains(generated, other.ID) {
		t.Errorf("generated configuration imports %s, which the filter excludes:\n%s", other.ID, generated)
	}
	// The credential arguments come out as null placeholders, the secret
	// ones marked sensitive.
	for _, line := range []string{`username\s+= null # sensitive`, `password\s+= null # sensitive`,
		`password_wo\s+= null # sensitive`, `password_wo_version\s+= null`} {
		if n := len(regexp.MustCompile(`(?m)^\s+`+line+`$`).FindAllString(generated, -1)); n != 2 {
			t.Errorf("generated configuration has %d lines %q, want one per credential:\n%s", n, line, generated)
		}
	}

	// As generated, the configuration does not plan: the credentials are
	// missing.
	res := cli.Run("plan", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("plan of the generated configuration without credentials succeeded:\n%s", res.Output())
	}
	res.Contains(t, "Exactly one of these attributes must be configured: [password,password_wo]",
		"Must set a configuration value for the username attribute")

	// Filled in as the guide says: the username and password_wo with
	// password_wo_version, the password = null placeholder left as it is.
	filled := fillCredentials(t, generated, "team-ghcr", ghcrUser, ghcrPass)
	filled = fillCredentials(t, filled, "team-hub", hubUser, hubPass)
	if err := os.WriteFile(filepath.Join(cli.Dir, "generated.tf"), []byte(filled), 0o600); err != nil {
		t.Fatal(err)
	}
	planned := cli.RunJSON("plan", "-input=false")
	if planned.ExitCode != 0 {
		t.Fatalf("plan of the filled-in configuration failed:\n%s", planned.Output())
	}
	if n := len(planned.Warnings("Registry Credentials Recorded Without Checking")); n != 2 {
		t.Errorf("the plan printed %d warnings that the credentials are recorded without checking, want one per credential", n)
	}
	_, plan := cli.PlanGenerated(2, "import+update")
	for addr, got := range acctest.ChangedAttributes(plan) {
		if strings.Join(got, ",") != "password_wo_version,username" {
			t.Errorf("%s: the update changes %v, want password_wo_version,username", addr, got)
		}
	}

	env.Fake.ResetRequests()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	for _, r := range env.Fake.Requests() {
		if r.Method != "GET" {
			t.Errorf("adopting sent %s %s; recording the credentials must send nothing", r.Method, r.Path)
		}
	}
	for _, want := range []runpodfake.Registry{ghcr, hub} {
		if got, ok := env.Fake.Registry(want.ID); !ok || got != want {
			t.Errorf("after adopting, credential %s is missing or changed", want.ID)
		}
	}
	cli.ExpectNoChanges()
}

// fillCredentials sets username, password_wo and password_wo_version in the
// generated resource block of the credential named name.
func fillCredentials(t *testing.T, generated, name, username, password string) string {
	t.Helper()
	block := regexp.MustCompile(`(?s)resource "runpod_registry_auth" "[a-z_0-9]+" \{[^}]*name\s+= "` + name + `"[^}]*\}`)
	loc := block.FindStringIndex(generated)
	if loc == nil {
		t.Fatalf("no generated block for credential %s:\n%s", name, generated)
	}
	b := generated[loc[0]:loc[1]]
	b = regexp.MustCompile(`username\s+= null # sensitive`).ReplaceAllString(b, `username = "`+username+`"`)
	b = regexp.MustCompile(`password_wo\s+= null # sensitive`).ReplaceAllString(b, `password_wo = "`+password+`"`)
	b = regexp.MustCompile(`password_wo_version\s+= null`).ReplaceAllString(b, `password_wo_version = 1`)
	return generated[:loc[0]] + b + generated[loc[1]:]
}
