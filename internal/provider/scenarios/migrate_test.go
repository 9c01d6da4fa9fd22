package scenarios_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
)

// The migration guide (templates/guides/migrate-from-runpod-runpod.md.tmpl):
// a working directory whose state Runpod's provider (runpod/runpod) wrote
// moves to this provider by the guide's steps (examples/guides/migrate/
// steps.sh) with its configuration (main.tf, moved.tf), and nothing is
// created, replaced or destroyed.

// Secrets the other provider kept in state, which must not reach ours.
var oldStateSecrets = []string{"OLD-STATE-REGISTRY-PASSWORD", "OLD-STATE-VOLUME-KEY", "OLD-STATE-ENV-SECRET"}

const migrateRegistryPassword = "-var=registry_password=ghp_current-token"

// guideSteps returns the commands of examples/guides/migrate/steps.sh, each
// split into its arguments, without the leading "terraform".
func guideSteps(t *testing.T) [][]string {
	t.Helper()
	var steps [][]string
	for _, line := range strings.Split(acctest.Example(t, "guides/migrate/steps.sh"), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if f[0] != "terraform" {
			t.Fatalf("steps.sh: %q is not a terraform command", line)
		}
		steps = append(steps, f[1:])
	}
	return steps
}

// writeOnlyPassword reports whether the binary accepts the guide's
// password_wo (Terraform 1.11+, OpenTofu).
func writeOnlyPassword(cli *acctest.CLI) bool { return cli.AtLeast(1, 11) }

// guideConfig is the guide's main.tf as a user of this binary writes it:
// before Terraform 1.11, `password` in place of `password_wo`, as the guide's
// requirements say.
func guideConfig(t *testing.T, cli *acctest.CLI) string {
	t.Helper()
	config := acctest.Example(t, "guides/migrate/main.tf")
	if writeOnlyPassword(cli) {
		return config
	}
	const wo = "  password_wo         = var.registry_password\n  password_wo_version = 1\n"
	if !strings.Contains(config, wo) {
		t.Fatalf("guides/migrate/main.tf no longer sets password_wo as the test expects:\n%s", config)
	}
	return strings.Replace(config, wo, "  password = var.registry_password\n", 1)
}

// TestAccMigrate_fromRunpod108 starts from the state runpod/runpod 1.0.8
// wrote for a registry credential, a network volume, a template, a pod, a
// serverless endpoint, an ECR delegation and an instant cluster
// (testdata/migrate), and follows the guide.
func TestAccMigrate_fromRunpod108(t *testing.T) {
	t.Parallel()
	migrateFrom(t, "runpod-1.0.8.tfstate", "guides/migrate/moved.tf", "guides/migrate/plan.txt")
}

// TestAccMigrate_fromRunpod200 starts from the state runpod/runpod 2.0.0
// writes for the same objects (its type names runpod_registry,
// runpod_serverless_endpoint and runpod_registry_delegation move by the
// moved blocks of moved-2.0.tf; its cluster holds only attributes this
// provider's cluster also has), and follows the guide's same steps.
func TestAccMigrate_fromRunpod200(t *testing.T) {
	t.Parallel()
	migrateFrom(t, "runpod-2.0.0.tfstate", "guides/migrate/moved-2.0.tf", "guides/migrate/plan-2.0.txt")
}

// migrateFrom runs the guide from testdata/migrate/<oldStateFile> with the
// moved blocks of examples/<movedFile>, quoting examples/<planQuote> from the
// first plan, and checks that nothing was created, replaced or destroyed.
func migrateFrom(t *testing.T, oldStateFile, movedFile, planQuote string) {
	t.Helper()
	cli, fake, vars := guideCLI(t)

	// The objects exist in the account: made here by a first working
	// directory, whose state is then thrown away.
	made := acctest.NewCLI(t, acctest.FactoriesWithEnv(func(k string) string { return vars[k] }))
	made.WriteFile("provider.tf", "provider \"runpod\" {}\n")
	config := guideConfig(t, made)
	made.SetConfig(config)
	made.Init()
	made.MustRun("apply", "-auto-approve", "-input=false", migrateRegistryPassword)
	ids := map[string]string{}
	for placeholder, addr := range map[string]string{
		"<registry id>": "runpod_registry_auth.ghcr", "<volume id>": "runpod_network_volume.models",
		"<template id>": "runpod_template.worker", "<pod id>": "runpod_pod.dev",
		"<endpoint id>": "runpod_endpoint.inference", "<cluster id>": "runpod_cluster.train",
		"<delegation id>": "runpod_ecr_delegation.app",
	} {
		ids[placeholder] = made.StateID(addr)
	}

	// The other provider's state, as it wrote it, and the edited
	// configuration with its moved block.
	host := "registry.terraform.io"
	if cli.IsOpenTofu() {
		host = "registry.opentofu.org"
	}
	oldState, err := os.ReadFile(filepath.Join("testdata", "migrate", oldStateFile))
	if err != nil {
		t.Fatal(err)
	}
	subs := []string{"<host>", host}
	for k, v := range ids {
		subs = append(subs, k, v)
	}
	cli.WriteFile("terraform.tfstate", strings.NewReplacer(subs...).Replace(string(oldState)))
	cli.SetConfig(config)
	cli.WriteFile("moved.tf", acctest.Example(t, movedFile))

	// The guide's steps. The test serves this provider as hashicorp/runpod.
	for _, step := range guideSteps(t) {
		args := append([]string(nil), step...)
		for i, a := range args {
			args[i] = strings.NewReplacer("registry.terraform.io/runpod/runpod", host+"/runpod/runpod",
				"registry.terraform.io/runpod-tf/runpod", host+"/hashicorp/runpod").Replace(a)
		}
		switch args[0] {
		case "init":
			cli.Init()
		case "plan":
			if len(args) == 1 {
				res, plan := cli.SavedPlan(migrateRegistryPassword)
				if plan == nil {
					t.Fatalf("the first plan after the move failed:\n%s", res.Output())
				}
				if writeOnlyPassword(cli) {
					quoted(t, cli, planQuote, res, "<registry id>", ids["<registry id>"])
				}
				for _, rc := range plan.ResourceChanges {
					for _, a := range rc.Change.Actions {
						if a != "no-op" && a != "update" {
							t.Errorf("the first plan after the move would %s %s:\n%s", a, rc.Address, res.Output())
						}
					}
				}
				continue
			}
			cleanPlanVars(t, cli, "after the move", migrateRegistryPassword)
		case "apply":
			cli.MustRun("apply", "-auto-approve", "-input=false", migrateRegistryPassword)
		default:
			cli.MustRun(args...)
		}
	}

	// Every object is in state under this provider, with its id.
	for placeholder, addr := range map[string]string{
		"<registry id>": "runpod_registry_auth.ghcr", "<volume id>": "runpod_network_volume.models",
		"<template id>": "runpod_template.worker", "<pod id>": "runpod_pod.dev",
		"<endpoint id>": "runpod_endpoint.inference", "<cluster id>": "runpod_cluster.train",
		"<delegation id>": "runpod_ecr_delegation.app",
	} {
		if got := cli.StateID(addr); got != ids[placeholder] {
			t.Errorf("%s has id %s, want %s", addr, got, ids[placeholder])
		}
	}
	stateFile, err := os.ReadFile(filepath.Join(cli.Dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range oldStateSecrets {
		if strings.Contains(string(stateFile), secret) {
			t.Errorf("the new state holds %s from the old one", secret)
		}
	}
	if strings.Contains(string(stateFile), "/runpod/runpod") {
		t.Errorf("the new state still names runpod/runpod:\n%s", stateFile)
	}
	// Nothing was created or deleted in the account.
	if _, ok := fake.Pod(ids["<pod id>"]); !ok {
		t.Error("the pod is gone")
	}
	if n := len(fake.NetworkVolumes()); n != 1 {
		t.Errorf("%d network volumes in the account, want 1", n)
	}
	if n := len(fake.Clusters()); n != 1 {
		t.Errorf("%d clusters in the account, want 1", n)
	}
	if n := fake.EndpointCount(); n != 1 {
		t.Errorf("%d endpoints in the account, want 1", n)
	}
	if got := fake.RegistryIDsNamed("ghcr-acme"); len(got) != 1 || got[0] != ids["<registry id>"] {
		t.Errorf("registry credentials named ghcr-acme: %v, want [%s]", got, ids["<registry id>"])
	}
}

// TestAccMigrate_ownVersion0StateIsKept: this provider's own state written
// at schema version 0 (before the version that takes runpod/runpod's) is
// its own, not runpod/runpod's: kept as it is, so the next plan is clean.
// Taken for runpod/runpod's, it would keep only the ids and the plan would
// record the settings Runpod cannot return (an update) for pod, cluster and
// endpoint.
func TestAccMigrate_ownVersion0StateIsKept(t *testing.T) {
	t.Parallel()
	cli, _, _ := guideCLI(t)
	cli.SetConfig(guideConfig(t, cli))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false", migrateRegistryPassword)

	file := filepath.Join(cli.Dir, "terraform.tfstate")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	lowered := 0
	for _, r := range st["resources"].([]any) {
		r := r.(map[string]any)
		if _, ok := replacedKinds[r["type"].(string)]; !ok {
			continue
		}
		for _, in := range r["instances"].([]any) {
			in := in.(map[string]any)
			if in["schema_version"] != float64(migrate.SchemaVersion) {
				t.Fatalf("%s is at schema version %v, want %d", r["type"], in["schema_version"], migrate.SchemaVersion)
			}
			in["schema_version"] = 0
			lowered++
		}
	}
	if lowered != len(replacedKinds) {
		t.Fatalf("lowered %d entries, want one of each of %d kinds", lowered, len(replacedKinds))
	}
	if b, err = json.MarshalIndent(st, "", "  "); err != nil {
		t.Fatal(err)
	}
	cli.WriteFile("terraform.tfstate", string(b))
	cleanPlanVars(t, cli, "own state at version 0", migrateRegistryPassword)
}
