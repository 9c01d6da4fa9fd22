package registryauth_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const addr = "runpod_registry_auth.r"

var writeOnly = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_11_0)}

// stored asserts what the API received for credential *id.
func stored(fake *runpodfake.Fake, id *string, username, password string) statecheck.StateCheck {
	return acctest.CheckFake(func() error {
		r, ok := fake.Registry(*id)
		if !ok {
			return fmt.Errorf("registry credential %s missing from the fake", *id)
		}
		if r.Username != username || r.Password != password {
			return fmt.Errorf("the API holds other credentials than %q and the configured password", username)
		}
		return nil
	})
}

func otherID(id *string) knownvalue.Check {
	return knownvalue.StringFunc(func(s string) error {
		if s == *id {
			return fmt.Errorf("id is still %s: the credential was not replaced", s)
		}
		return nil
	})
}

func TestAccRegistryAuth_password(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := func(name, username, password string) string {
		return fmt.Sprintf(`
resource "runpod_registry_auth" "r" {
  name     = %q
  username = %q
  password = %q
}`, name, username, password)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: config("ghcr", "bot", "pw-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					plancheck.ExpectSensitiveValue(addr, acctest.Attr("username")),
					plancheck.ExpectSensitiveValue(addr, acctest.Attr("password")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("ghcr")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("username"), knownvalue.StringExact("bot")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("password"), knownvalue.StringExact("pw-1")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("password_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, acctest.Attr("password_wo_version"), knownvalue.Null()),
					stored(env.Fake, &id, "bot", "pw-1"),
				},
			},
			{
				// The credentials cannot be read back.
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"username", "password"},
			},
			{
				// There is no update: a new password replaces the credential.
				Config: config("ghcr", "bot", "pw-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), otherID(&id)),
					acctest.CaptureAttr(addr, "id", &id),
					stored(env.Fake, &id, "bot", "pw-2"),
				},
			},
			{
				Config: config("ghcr", "other-bot", "pw-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					stored(env.Fake, &id, "other-bot", "pw-2"),
				},
			},
			{
				Config: config("ghcr-renamed", "other-bot", "pw-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("name"), knownvalue.StringExact("ghcr-renamed")),
				},
			},
		},
	})
}

func TestAccRegistryAuth_writeOnlyPassword(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := func(password string, version int) string {
		return fmt.Sprintf(`
resource "runpod_registry_auth" "r" {
  name                = "dockerhub"
  username            = "bot"
  password_wo         = %q
  password_wo_version = %d
}`, password, version)
	}
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   writeOnly,
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			acctest.WriteOnlyCreate(addr, config("wo-1", 1), "password_wo", "password", &id, stored(env.Fake, &id, "bot", "wo-1")),
			{
				// Without a new version a new password is not seen, by design.
				Config: config("wo-unseen", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
				ConfigStateChecks: []statecheck.StateCheck{stored(env.Fake, &id, "bot", "wo-1")},
			},
			{
				// Bumping the version sends it, by replacement.
				Config: config("wo-2", 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), otherID(&id)),
					acctest.CaptureAttr(addr, "id", &id),
					stored(env.Fake, &id, "bot", "wo-2"),
				},
			},
			{
				// Switching to the plain argument sends it too.
				Config: `
resource "runpod_registry_auth" "r" {
  name     = "dockerhub"
  username = "bot"
  password = "plain-3"
}`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					stored(env.Fake, &id, "bot", "plain-3"),
				},
			},
		},
	})
}

// A new credential needs a username and exactly one of password and
// password_wo; only an imported one may have none of them
// (TestAccRegistryAuth_queryGeneratesWorkingConfig).
func TestAccRegistryAuth_newCredentialNeedsUsernameAndOnePassword(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   writeOnly,
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_registry_auth" "r" {
  name     = "x"
  password = "p"
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Registry Username Required.*"x" would be created without a username`),
			},
			{
				Config: `
resource "runpod_registry_auth" "r" {
  name     = "x"
  username = "u"
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Registry Password Required.*"x" would be created without a password`),
			},
			{
				Config:      acctest.Testdata(t, "registry_auth_both_passwords", nil),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*cannot be configured together: \[password,password_wo\]`),
			},
			{
				Config: `
resource "runpod_registry_auth" "r" {
  name        = "x"
  username    = "u"
  password_wo = "b"
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*password_wo_version`),
			},
		},
	})
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("a config error reached the API: %d requests", n)
	}
}

// Importing a console-made credential: the credentials come from the
// configuration, recorded once without replacing it, and then no diff.
func TestAccRegistryAuth_import(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	seeded := env.Fake.SeedRegistry(runpodfake.Registry{Name: "legacy", Username: "bot", Password: "console-pw"})
	config := `
resource "runpod_registry_auth" "r" {
  name                = "legacy"
  username            = "bot"
  password_wo         = "console-pw"
  password_wo_version = 1
}`
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   writeOnly,
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       addr,
				ImportState:        true,
				ImportStateId:      seeded.ID,
				ImportStatePersist: true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].ID != seeded.ID || states[0].Attributes["name"] != "legacy" {
						return fmt.Errorf("imported %+v", states)
					}
					if _, has := states[0].Attributes["username"]; has && states[0].Attributes["username"] != "" {
						return fmt.Errorf("import invented a username: %q", states[0].Attributes["username"])
					}
					return nil
				},
			},
			{
				// The first plan records the configured credentials: in place,
				// with a warning, and nothing is sent.
				PreConfig: func() { env.Fake.ResetRequests(); rec.Reset() },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringExact(seeded.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("username"), knownvalue.StringExact("bot")),
					statecheck.ExpectKnownValue(addr, acctest.Attr("password_wo_version"), knownvalue.Int64Exact(1)),
					acctest.CheckFake(func() error {
						if err := acctest.OnlyReads(env.Fake); err != nil {
							return fmt.Errorf("recording imported credentials %w", err)
						}
						if len(rec.Warnings("Registry Credentials Recorded Without Checking")) == 0 {
							return fmt.Errorf("no warning that the credentials were not checked: %v", rec.Diagnostics())
						}
						return nil
					}),
				},
			},
			{
				// No perpetual diff.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
			{
				// From now on a change replaces it as usual.
				Config: strings.Replace(config, "password_wo_version = 1", "password_wo_version = 2", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

func TestAccRegistryAuth_nameTaken(t *testing.T) {
	env := acctest.New(t)
	existing := env.Fake.SeedRegistry(runpodfake.Registry{Name: "taken", Username: "u", Password: "theirs"})
	env.NameTakenIsRefused(t, registryKind, "taken", "taken", existing.ID, 0)
}

func TestAccRegistryAuth_inUse(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := plainCredential("busy")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			created(config, &id),
			{
				// A pod made in the console pulls its image with the credential.
				PreConfig: func() {
					env.Fake.SeedPod(runpodfake.Pod{
						ID: "pod123abc", Name: "private-trainer", Image: "ghcr.io/acme/private:1", Registry: &id,
						GPU: &runpodfake.PodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 1},
					})
				},
				Config:  config,
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)Registry Credential Is In Use.*"busy".*in\s+use\s+by\s+a\s+pod.*` +
					`Pods\s+using\s+it:\s+- pod "private-trainer" \(pod123abc\).*Terminate\s+these\s+pods.*does\s+not\s+detach\s+or\s+delete`),
			},
			{
				// Still in state and untouched after the refusal.
				PreConfig: func() { env.Fake.DeletePod("pod123abc") },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{stored(env.Fake, &id, "u", "p")},
			},
		},
	})
}

func TestAccRegistryAuth_drift(t *testing.T) {
	env := acctest.New(t)
	var id string
	config := plainCredential("drifty")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			created(config, &id),
			{
				// Deleted in the console: re-created, without error.
				PreConfig: func() { env.Fake.DeleteRegistry(id) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					stored(env.Fake, &id, "u", "p"),
				},
			},
		},
	})
}

// Deleting a credential silently clears it from templates that use it: the
// plan that destroys it names them.
func TestAccRegistryAuth_destroyWarnsAboutTemplates(t *testing.T) {
	env := acctest.New(t)
	rec := env.Record()
	var id, consoleID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: `
resource "runpod_registry_auth" "r" {
  name     = "private"
  username = "u"
  password = "p"
}`,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CheckFake(func() error {
						// A template made in the console uses the credential.
						tpl := runpodfake.DefaultTemplate("console-private", "acme/private:1")
						tpl.Registry = &id
						consoleID = env.Fake.SeedTemplate(tpl).ID
						env.Fake.SeedTemplate(runpodfake.DefaultTemplate("public-one", "nginx:1"))
						return nil
					}),
				},
			},
			{
				PreConfig: rec.Reset,
				Config:    `# everything removed`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroy),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						w := rec.Warnings("Templates Use This Registry Credential")
						if len(w) == 0 {
							return fmt.Errorf("no warning on destroy: %v", rec.Diagnostics())
						}
						for _, want := range []string{`template "console-private" (` + consoleID + `)`, `"private" (` + id + `)`, "silently clears"} {
							if !strings.Contains(w[0].Detail, want) {
								return fmt.Errorf("warning does not mention %q:\n%s", want, w[0].Detail)
							}
						}
						if strings.Contains(w[0].Detail, "public-one") {
							return fmt.Errorf("warning names a template that does not use the credential:\n%s", w[0].Detail)
						}
						// As warned: the template lost the reference.
						if tpl, _ := env.Fake.Template(consoleID); tpl.Registry != nil {
							return fmt.Errorf("template still references %s", *tpl.Registry)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccRegistryAuths_dataSource(t *testing.T) {
	env := acctest.New(t)
	b := env.Fake.SeedRegistry(runpodfake.Registry{Name: "b-registry", Username: "u", Password: "never-shown"})
	a := env.Fake.SeedRegistry(runpodfake.Registry{Name: "a-registry", Username: "u", Password: "never-shown"})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `data "runpod_registry_auths" "all" {}`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_registry_auths.all", acctest.Attr("registry_auths"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{"id": knownvalue.StringExact(a.ID), "name": knownvalue.StringExact("a-registry")}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{"id": knownvalue.StringExact(b.ID), "name": knownvalue.StringExact("b-registry")}),
					})),
				},
			},
		},
	})
}

// The template resource's registry_auth_id takes the credential's id.
func TestAccRegistryAuth_usedByTemplate(t *testing.T) {
	env := acctest.New(t)
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "registry_auth_used_by_template", nil),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					statecheck.CompareValuePairs(addr, acctest.Attr("id"), "runpod_template.t", acctest.Attr("registry_auth_id"), compare.ValuesSame()),
					acctest.CheckFake(func() error {
						for _, r := range env.Fake.Requests() {
							if r.Method == "POST" && r.Path == "/v2/templates" {
								var body map[string]any
								if err := json.Unmarshal(r.Body, &body); err != nil || body["registry"] != id {
									return fmt.Errorf("template create did not name the credential: %s", r.Body)
								}
								return nil
							}
						}
						return fmt.Errorf("no template create")
					}),
				},
			},
		},
	})
}
