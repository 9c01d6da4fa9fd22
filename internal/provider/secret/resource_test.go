package secret_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const addr = "runpod_secret.s"

// writeOnly gates steps that use write-only arguments, which Terraform and
// OpenTofu support from 1.11; older binaries skip the test, saying so.
var writeOnly = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_11_0)}

// patches returns the bodies of the PATCHes sent for secret id since the
// request log was last reset, in order.
func patches(fake *runpodfake.Fake, id string) ([]map[string]any, error) {
	var out []map[string]any
	for _, r := range fake.Requests() {
		if r.Method == "PATCH" && r.Path == "/v2/account/secrets/"+id {
			var m map[string]any
			if err := json.Unmarshal(r.Body, &m); err != nil {
				return nil, err
			}
			out = append(out, m)
		}
	}
	return out, nil
}

func secretValue(fake *runpodfake.Fake, id, want string) error {
	s, ok := fake.Secret(id)
	if !ok {
		return fmt.Errorf("secret %s missing from the fake", id)
	}
	if s.Value != want {
		return fmt.Errorf("the API holds another value than %q", want)
	}
	return nil
}

func TestAccSecret_lifecycle(t *testing.T) {
	env := acctest.New(t)
	var id, firstSetAt string

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_secret" "s" {
  name        = "hf_token"
  value       = "hf_first"
  description = "Hugging Face read token"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					// Known at plan time, so templates can use it in the same plan.
					plancheck.ExpectKnownValue(addr, acctest.Attr("reference"), knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}")),
					plancheck.ExpectSensitiveValue(addr, acctest.Attr("value")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CaptureAttr(addr, "value_last_updated_at", &firstSetAt),
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[a-z0-9]+$`))),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("hf_token")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("reference"), knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("description"), knownvalue.StringExact("Hugging Face read token")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("value"), knownvalue.StringExact("hf_first")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("value_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("value_wo_version"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("created_at"), knownvalue.StringFunc(isRFC3339)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("value_last_updated_at"), knownvalue.StringFunc(isRFC3339)),
					acctest.CheckFake(func() error { return secretValue(env.Fake, id, "hf_first") }),
				},
			},
			{
				// The value cannot be read back; everything else can.
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"value"},
			},
			{
				// Value and description both change: two PATCHes, value first.
				PreConfig: env.Fake.ResetRequests,
				Config: `
resource "runpod_secret" "s" {
  name        = "hf_token"
  value       = "hf_second"
  description = "rotated"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addr, acctest.Attr("value_last_updated_at")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("description"), knownvalue.StringExact("rotated")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("value_last_updated_at"), knownvalue.StringFunc(func(s string) error {
						if s == firstSetAt {
							return fmt.Errorf("value_last_updated_at did not move from %s", s)
						}
						return nil
					})),
					acctest.CheckFake(func() error {
						bodies, err := patches(env.Fake, id)
						if err != nil {
							return err
						}
						if len(bodies) != 2 || len(bodies[0]) != 1 || bodies[0]["value"] != "hf_second" ||
							len(bodies[1]) != 1 || bodies[1]["description"] != "rotated" {
							return fmt.Errorf("want PATCH {value} then PATCH {description}, got %d bodies with keys %v", len(bodies), keysOf(bodies))
						}
						return secretValue(env.Fake, id, "hf_second")
					}),
				},
			},
			{
				// Removing the description clears it, and only it.
				PreConfig: env.Fake.ResetRequests,
				Config: `
resource "runpod_secret" "s" {
  name  = "hf_token"
  value = "hf_second"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("description"), knownvalue.Null()),
					acctest.CheckFake(func() error {
						bodies, err := patches(env.Fake, id)
						if err != nil {
							return err
						}
						if len(bodies) != 1 || len(bodies[0]) != 1 || bodies[0]["description"] != "" {
							return fmt.Errorf("want one PATCH {description: \"\"}, got keys %v", keysOf(bodies))
						}
						if s, _ := env.Fake.Secret(id); s.Description != nil {
							return fmt.Errorf("the API still holds description %q", *s.Description)
						}
						return nil
					}),
				},
			},
			{
				// The name is immutable: renaming replaces the secret.
				Config: `
resource "runpod_secret" "s" {
  name  = "hf_token_v2"
  value = "hf_second"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
					plancheck.ExpectKnownValue(addr, acctest.Attr("reference"), knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token_v2 }}")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("hf_token_v2")),
					acctest.CheckFake(func() error {
						if _, ok := env.Fake.Secret(id); ok {
							return fmt.Errorf("the old secret %s survived the replacement", id)
						}
						return nil
					}),
				},
			},
		},
	})
}

func keysOf(bodies []map[string]any) [][]string {
	var out [][]string
	for _, b := range bodies {
		var ks []string
		for k := range b {
			ks = append(ks, k)
		}
		out = append(out, ks)
	}
	return out
}

func isRFC3339(s string) error {
	_, err := time.Parse(time.RFC3339Nano, s)
	return err
}

func TestAccSecret_writeOnly(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := func(value string, version int) string {
		return fmt.Sprintf(`
resource "runpod_secret" "s" {
  name             = "wo_token"
  value_wo         = %q
  value_wo_version = %d
}`, value, version)
	}
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   writeOnly,
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			acctest.WriteOnlyCreate(addr, config("wo-first", 1), "value_wo", "value", &id,
				acctest.CheckFake(func() error { return secretValue(env.Fake, id, "wo-first") })),
			{
				// A new value without a new version is not seen, by design.
				PreConfig: env.Fake.ResetRequests,
				Config:    config("wo-unseen", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return secretValue(env.Fake, id, "wo-first") }),
				},
			},
			{
				// Bumping the version sends the new value in place.
				PreConfig: env.Fake.ResetRequests,
				Config:    config("wo-second", 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringFunc(func(s string) error {
						if s != id {
							return fmt.Errorf("id changed from %s to %s: the secret was replaced", id, s)
						}
						return nil
					})),
					statecheck.ExpectKnownValue(addr, acctest.Attr("value_wo_version"), knownvalue.Int64Exact(2)),
					acctest.CheckFake(func() error {
						bodies, err := patches(env.Fake, id)
						if err != nil {
							return err
						}
						if len(bodies) != 1 || len(bodies[0]) != 1 {
							return fmt.Errorf("want one PATCH carrying only the value, got keys %v", keysOf(bodies))
						}
						return secretValue(env.Fake, id, "wo-second")
					}),
				},
			},
			{
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"value_wo_version"},
			},
		},
	})
}

func TestAccSecret_invalidNamesFailThePlan(t *testing.T) {
	env := acctest.New(t)
	allowed := `.*start\s+with\s+a\s+letter\s+or\s+an\s+underscore.*letters,\s+digits`
	cases := []struct{ name, want string }{
		{"9lives", `"9lives" is not a valid secret name` + allowed},
		{"has space", `"has space" is not a valid secret name` + allowed},
		{strings.Repeat("a", 192), `is 192 characters long` + allowed},
		{"RUNPOD_TOKEN", `"RUNPOD_TOKEN" starts with "RUNPOD", a prefix Runpod\s+reserves`},
		{"runpodToken", `"runpodToken" starts with "runpod"`},
	}
	var steps []resource.TestStep
	for _, c := range cases {
		steps = append(steps, resource.TestStep{
			Config:      fmt.Sprintf("resource \"runpod_secret\" \"s\" {\n  name  = %q\n  value = \"v\"\n}", c.name),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Invalid Secret Name.*` + c.want),
		})
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: env.Factories, Steps: steps})
	if n := env.Fake.CountRequests("", "/v2/account/secrets*"); n != 0 {
		t.Fatalf("an invalid name reached the API: %d requests", n)
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: env.Factories, Steps: []resource.TestStep{{
		// 191 characters, underscores, dots, dashes and slashes are fine
		// (the plan checks that the name is free).
		Config:             fmt.Sprintf("resource \"runpod_secret\" \"s\" {\n  name  = %q\n  value = \"v\"\n}", "_a.b-c/"+strings.Repeat("d", 184)),
		PlanOnly:           true,
		ExpectNonEmptyPlan: true,
	}}})
}

// A new secret needs exactly one of value and value_wo; only an imported
// one may have neither (TestAccSecret_queryGeneratesWorkingConfig).
func TestAccSecret_newSecretNeedsOneValue(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   writeOnly,
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config:      `resource "runpod_secret" "s" { name = "x" }`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Secret Value Required.*Secret "x" would be created without a value`),
			},
			{
				Config: `
resource "runpod_secret" "s" {
  name             = "x"
  value            = "a"
  value_wo         = "b"
  value_wo_version = 1
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*value_wo`),
			},
			{
				Config: `
resource "runpod_secret" "s" {
  name     = "x"
  value_wo = "b"
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*value_wo_version`),
			},
		},
	})
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("a config error reached the API: %d requests", n)
	}
}

func TestAccSecret_nameTaken(t *testing.T) {
	env := acctest.New(t)
	existing := env.Fake.SeedSecret(runpodfake.Secret{Name: "taken", Value: "theirs"})
	env.NameTakenIsRefused(t, secretKind, "taken", "taken", existing.ID, 0)
	if err := secretValue(env.Fake, existing.ID, "theirs"); err != nil {
		t.Fatal(err)
	}
}

// The name check misses a name that differs only in case; the API's 409
// is then reported the same way, naming the secret that holds the name.
func TestAccSecret_conflictFromTheAPI(t *testing.T) {
	env := acctest.New(t)
	existing := env.Fake.SeedSecret(runpodfake.Secret{Name: "Mixed_Case", Value: "theirs"})
	env.NameTakenIsRefused(t, secretKind, "mixed_case", "Mixed_Case", existing.ID, 1)
}

// A failure between the two PATCHes of an update leaves state true: the
// new value recorded, the old description kept, so the next apply sends only
// the description.
func TestAccSecret_failureBetweenValueAndDescription(t *testing.T) {
	env := acctest.New(t)
	var id string
	updated := `
resource "runpod_secret" "s" {
  name        = "split"
  value       = "second"
  description = "after"
}`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_secret" "s" {
  name        = "split"
  value       = "first"
  description = "before"
}`,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			{
				PreConfig: func() {
					env.Fake.ResetRequests()
					path := "/v2/account/secrets/" + id
					// The first PATCH (the value) passes; the second (the description) fails.
					env.Fake.InjectFault(runpodfake.Fault{Method: "PATCH", Path: path, Latency: time.Nanosecond})
					env.Fake.InjectFault(runpodfake.Fault{Method: "PATCH", Path: path, Status: 400})
				},
				Config:      updated,
				ExpectError: regexp.MustCompile(`(?s)Secret Description Not Updated.*400`),
			},
			{
				PreConfig: func() {
					if err := secretValue(env.Fake, id, "second"); err != nil {
						t.Fatalf("after the failed step: %v", err)
					}
					env.Fake.ResetRequests()
				},
				Config: updated,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					// The value is not being sent again: its timestamp stays known.
					plancheck.ExpectKnownValue(addr, acctest.Attr("value_last_updated_at"), knownvalue.NotNull()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("description"), knownvalue.StringExact("after")),
					acctest.CheckFake(func() error {
						bodies, err := patches(env.Fake, id)
						if err != nil {
							return err
						}
						if len(bodies) != 1 || bodies[0]["description"] != "after" || bodies[0]["value"] != nil {
							return fmt.Errorf("want one PATCH of the description only, got keys %v", keysOf(bodies))
						}
						return nil
					}),
				},
			},
		},
	})
}

// A value rotated outside Terraform: with `value` the next plan sends the
// configured one again; a secret deleted outside Terraform is re-created.
func TestAccSecret_drift(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	var id string
	config := `
resource "runpod_secret" "s" {
  name  = "drifty"
  value = "configured"
}`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			{
				// Unchanged: nothing to do, and no warning.
				PreConfig: rec.Reset,
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						if w := rec.Warnings("Secret Value Changed Outside Terraform"); len(w) != 0 {
							return fmt.Errorf("unexpected warning: %v", w)
						}
						return nil
					}),
				},
			},
			{
				// Rotated in the console.
				PreConfig: func() {
					env.Fake.RotateSecret(id, "someone-else")
					rec.Reset()
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("value"), knownvalue.StringExact("configured")),
					acctest.CheckFake(func() error {
						if w := rec.Warnings("Secret Value Changed Outside Terraform"); len(w) == 0 ||
							!strings.Contains(w[0].Detail, `"drifty"`) || !strings.Contains(w[0].Detail, "sends the configured value again") {
							return fmt.Errorf("no warning explaining the re-send: %v", rec.Diagnostics())
						}
						return secretValue(env.Fake, id, "configured")
					}),
				},
			},
			{
				// Settled: the re-send is not repeated.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
			{
				// Deleted in the console: re-created, without error.
				PreConfig: func() { env.Fake.DeleteSecret(id) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

// With value_wo the provider cannot compare values: a rotation outside
// Terraform changes nothing in the plan but warns, until the version is
// bumped and the configured value is sent.
func TestAccSecret_driftWriteOnly(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	var id string
	config := func(version int) string {
		return fmt.Sprintf(`
resource "runpod_secret" "s" {
  name             = "drifty_wo"
  value_wo         = "configured"
  value_wo_version = %d
}`, version)
	}
	warning := "Secret Value May Differ From Configuration"
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   writeOnly,
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            config(1),
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			{
				PreConfig: func() {
					env.Fake.RotateSecret(id, "someone-else")
					rec.Reset()
				},
				Config: config(1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						w := rec.Warnings(warning)
						if len(w) == 0 || !strings.Contains(w[0].Detail, `"drifty_wo"`) || !strings.Contains(w[0].Detail, "change value_wo_version") {
							return fmt.Errorf("no warning about the rotation: %v", rec.Diagnostics())
						}
						return secretValue(env.Fake, id, "someone-else")
					}),
				},
			},
			{
				PreConfig: rec.Reset,
				Config:    config(2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return secretValue(env.Fake, id, "configured") }),
				},
			},
			{
				// Sent again: the warning is gone.
				PreConfig: rec.Reset,
				Config:    config(2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						if w := rec.Warnings(warning); len(w) != 0 {
							return fmt.Errorf("warning persists after the value was sent: %v", w)
						}
						return nil
					}),
				},
			},
		},
	})
}

// Deleting a secret never fails while templates reference it, but their
// pods fail to boot: the plan that destroys it names them.
func TestAccSecret_destroyWarnsAboutReferencingTemplates(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	var id string
	console := runpodfake.DefaultTemplate("console-worker", "acme/worker:1")
	console.Env = map[string]string{"HF_TOKEN": "{{RUNPOD_SECRET_hf_token}}", "MODE": "prod"}
	env.Fake.SeedTemplate(console)
	unrelated := runpodfake.DefaultTemplate("unrelated", "acme/other:1")
	unrelated.Env = map[string]string{"TOKEN": "{{ RUNPOD_SECRET_hf_token_old }}"}
	env.Fake.SeedTemplate(unrelated)

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "secret_referenced_by_template", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue("runpod_template.t", acctest.Attr("env"), knownvalue.MapExact(map[string]knownvalue.Check{
						"TOKEN": knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}"),
					})),
				},
			},
			{
				// Only the secret goes; both templates still reference it.
				PreConfig: rec.Reset,
				Config: `
resource "runpod_template" "t" {
  name  = "managed-worker"
  image = "acme/worker:1"
  env   = { TOKEN = "{{ RUNPOD_SECRET_hf_token }}" }
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroy),
					plancheck.ExpectResourceAction("runpod_template.t", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						w := rec.Warnings("Templates Reference This Secret")
						if len(w) == 0 {
							return fmt.Errorf("no warning on destroy: %v", rec.Diagnostics())
						}
						d := w[0].Detail
						for _, want := range []string{`template "console-worker"`, "env HF_TOKEN", `template "managed-worker"`, "env TOKEN", "fail to boot", "{{ RUNPOD_SECRET_hf_token }}"} {
							if !strings.Contains(d, want) {
								return fmt.Errorf("warning does not mention %q:\n%s", want, d)
							}
						}
						if strings.Contains(d, "unrelated") || strings.Contains(d, "MODE") {
							return fmt.Errorf("warning names a template or key that does not reference the secret:\n%s", d)
						}
						if _, ok := env.Fake.Secret(id); ok {
							return fmt.Errorf("the secret was not deleted")
						}
						return nil
					}),
				},
			},
		},
	})
}

// Renaming replaces the secret, so the old name stops resolving: the plan
// names the templates that still use it.
func TestAccSecret_renameWarnsAboutReferencingTemplates(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	console := runpodfake.DefaultTemplate("console-worker", "acme/worker:1")
	console.Env = map[string]string{"DB_PASSWORD": "{{ RUNPOD_SECRET_db_password }}"}
	env.Fake.SeedTemplate(console)
	config := func(name string) string {
		return fmt.Sprintf("resource \"runpod_secret\" \"s\" {\n  name  = %q\n  value = \"v\"\n}", name)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{Config: config("db_password")},
			{
				PreConfig: rec.Reset,
				Config:    config("db_password_v2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						w := rec.Warnings("Templates Reference This Secret")
						if len(w) != 1 || !strings.Contains(w[0].Detail, `Replacing secret "db_password"`) ||
							!strings.Contains(w[0].Detail, `template "console-worker"`) {
							return fmt.Errorf("want one replacement warning naming console-worker, got %v", rec.Diagnostics())
						}
						return nil
					}),
				},
			},
		},
	})
}
