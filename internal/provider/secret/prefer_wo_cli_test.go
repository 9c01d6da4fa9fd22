package secret_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// supportsWriteOnly reports whether the binary under test offers write-only
// arguments (Terraform and OpenTofu 1.11 and later), read from `version`.
func supportsWriteOnly(t *testing.T, cli *acctest.CLI) bool {
	t.Helper()
	m := regexp.MustCompile(`v(\d+)\.(\d+)\.`).FindStringSubmatch(cli.MustRun("version").Output())
	if m == nil {
		t.Fatalf("cannot read the binary's version")
	}
	major, minor := m[1], m[2]
	return major != "1" || len(minor) > 1 && minor >= "11"
}

// The "Available Write-Only Attribute Alternative" warning must not make
// Terraform reprint the secret literal: attached to the
// attribute, its source snippet was the line `value = "<the secret>"` in
// every plan and apply. Checked on the human and the -json output, for a
// secret value and a registry password.
func TestAccCredentials_preferWriteOnlyWarningNeverShowsTheLiteral(t *testing.T) {
	t.Parallel()
	const secretCanary, passwordCanary = "canary-secret-7f3a9", "canary-password-c41d2"
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(`
resource "runpod_secret" "s" {
  name  = "plain_value"
  value = "` + secretCanary + `"
}

resource "runpod_registry_auth" "r" {
  name     = "plain-password"
  username = "u"
  password = "` + passwordCanary + `"
}`)
	cli.Init()
	warns := supportsWriteOnly(t, cli)

	for _, args := range [][]string{{"plan"}, {"apply", "-auto-approve"}, {"plan"}} {
		jr := cli.RunJSON(args...)
		if jr.ExitCode != 0 {
			t.Fatalf("%v failed:\n%s", args, jr.Output())
		}
		for _, canary := range []string{secretCanary, passwordCanary} {
			if strings.Contains(jr.Output(), canary) {
				t.Fatalf("%v -json output contains the literal %q:\n%s", args, canary, jr.Output())
			}
		}
		if got := len(jr.Warnings("Available Write-Only Attribute Alternative")); warns && got < 2 {
			t.Fatalf("%v -json: %d write-only alternative warnings, want at least one per resource: %+v", args, got, jr.Diagnostics("warning"))
		}
	}
	human := cli.Run("plan")
	if human.ExitCode != 0 {
		t.Fatalf("plan failed:\n%s", human.Output())
	}
	human.Lacks(t, secretCanary, passwordCanary)
	if warns {
		human.Contains(t, "Available Write-Only Attribute Alternative", "on main.tf line 2, in resource \"runpod_secret\" \"s\"")
	}
}
