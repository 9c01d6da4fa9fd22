package sshkey_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

const keysAddr = "runpod_ssh_keys.all"

func keysConfig(keys ...string) string {
	quoted := make([]string, len(keys))
	for i, k := range keys {
		quoted[i] = fmt.Sprintf("%q", k)
	}
	return fmt.Sprintf("resource \"runpod_ssh_keys\" \"all\" {\n  keys = [%s]\n}", strings.Join(quoted, ", "))
}

func TestAccSSHKeys_lifecycle(t *testing.T) {
	env := acctest.New(t)
	a, b, c := testKey(1, "alice"), testKey(2, "bob"), testKey(3, "carol")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             onlyKeysLeft(env.Fake),
		Steps: []resource.TestStep{
			{
				// From an empty account; file() leaves a trailing newline.
				Config: keysConfig(a, b+"\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keysAddr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(keysAddr, acctest.Attr("id"), knownvalue.StringExact("account")),
					statecheck.ExpectKnownValue(keysAddr, acctest.Attr("keys"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact(a), knownvalue.StringExact(b + "\n"),
					})),
					acctest.CheckFake(func() error { return accountKeys(env.Fake, a, b) }),
				},
			},
			{
				ResourceName:      keysAddr,
				ImportState:       true,
				ImportStateId:     "account",
				ImportStateVerify: true,
				// The imported set holds the keys as Runpod stores them, without
				// the newline the configuration carries.
				ImportStateVerifyIgnore: []string{"keys"},
			},
			{
				Config: keysConfig(b, c),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keysAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return accountKeys(env.Fake, b, c) }),
				},
			},
			{
				// A key added in the console is drift: the plan removes it.
				PreConfig: func() { env.Fake.SetSSHKeys(b, c, testKey(100, "console")) },
				Config:    keysConfig(b, c),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keysAddr, plancheck.ResourceActionUpdate),
					expectKeysChange(keysAddr, []string{b, c, testKey(100, "console")}, []string{b, c}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return accountKeys(env.Fake, b, c) }),
				},
			},
		},
	})
}

// Create never drops keys it was not told about: it fails, listing them.
func TestAccSSHKeys_createRefusesToDropUnknownKeys(t *testing.T) {
	env := acctest.New(t)
	colleague := testKey(100, "colleague@team")
	env.Fake.SetSSHKeys(colleague, testKey(1, "me"))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: keysConfig(testKey(1, "me")),
				ExpectError: regexp.MustCompile(`(?s)Account Has SSH Keys Not In Configuration.*1 SSH key\(s\).*` +
					regexp.QuoteMeta(colleague) + `.*Add them to keys.*import the resource first.*` +
					`terraform import runpod_ssh_keys.NAME account`),
			},
		},
	})
	if err := accountKeys(env.Fake, colleague, testKey(1, "me")); err != nil {
		t.Fatal(err)
	}
	if n := env.Fake.CountRequests("PUT", "/v2/account/ssh-keys"); n != 0 {
		t.Fatalf("%d PUTs after a refused create", n)
	}
}

// After an import the plan shows exactly which keys an apply would remove.
func TestAccSSHKeys_importShowsWhatWouldBeRemoved(t *testing.T) {
	env := acctest.New(t)
	keep, drop := testKey(1, "keep"), testKey(2, "drop")
	// An entry the API's pattern allows but that is no real key: handled
	// like any other, by its text.
	odd := "ssh-legacy AAAA old entry"
	env.Fake.SetSSHKeys(keep, drop, odd)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             onlyKeysLeft(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:             keysConfig(keep),
				ResourceName:       keysAddr,
				ImportState:        true,
				ImportStateId:      "account",
				ImportStatePersist: true,
			},
			{
				Config: keysConfig(keep),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keysAddr, plancheck.ResourceActionUpdate),
					expectKeysChange(keysAddr, []string{keep, drop, odd}, []string{keep}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return accountKeys(env.Fake, keep) }),
				},
			},
			{
				Config:      keysConfig(keep),
				ImportState: true, ResourceName: keysAddr, ImportStateId: "mine",
				ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*imported\s+with\s+the\s+id\s+"account",\s+not\s+"mine"`),
			},
		},
	})
}

// Keys added between the plan and the apply were not shown as removed: the
// update refuses, and the destroy removes only the keys in its state.
func TestAccSSHKeys_keysAddedAfterThePlanSurvive(t *testing.T) {
	env := acctest.New(t)
	a, b := testKey(1, "a"), testKey(2, "b")
	late := testKey(100, "added-during-apply")
	var addLate bool
	factories := beforeApply(env.Factories, func(*tfprotov6.ApplyResourceChangeRequest) {
		if addLate {
			addLate = false
			env.Fake.SetSSHKeys(append(env.Fake.SSHKeys(), late)...)
		}
	})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories,
		CheckDestroy:             onlyKeysLeft(env.Fake, late),
		Steps: []resource.TestStep{
			{Config: keysConfig(a)},
			{
				PreConfig:   func() { addLate = true },
				Config:      keysConfig(a, b),
				ExpectError: regexp.MustCompile(`(?s)SSH Keys Added Since The Plan.*` + regexp.QuoteMeta(late) + `.*Run plan again`),
			},
			{
				// The next plan shows the late key, which this configuration removes.
				PreConfig: func() {
					if err := accountKeys(env.Fake, a, late); err != nil {
						t.Fatalf("the refused update changed the account: %v", err)
					}
				},
				Config: keysConfig(a, b),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					expectKeysChange(keysAddr, []string{a, late}, []string{a, b}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return accountKeys(env.Fake, a, b) }),
				},
			},
			{
				// Destroy, with a key arriving after its plan: it survives.
				PreConfig: func() { addLate = true },
				Config:    keysConfig(a, b),
				Destroy:   true,
			},
		},
	})
}

func TestAccSSHKeys_duplicateKeyIsAPlanError(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config:      keysConfig(testKey(1, "laptop"), testKey(1, "same key, other comment")),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Duplicate SSH Public Key.*` + regexp.QuoteMeta(fingerprint(testKey(1, ""))) + `.*appears\s+more\s+than\s+once`),
			},
			{
				Config:      keysConfig("ssh-ed25519 x"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid SSH Public Key`),
			},
		},
	})
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("a config error reached the API: %d requests", n)
	}
}

func TestAccSSHKeysDataSource(t *testing.T) {
	env := acctest.New(t)
	env.Fake.SetSSHKeys(testKey(1, "me@laptop"), testKey(2, ""))
	const ds = "data.runpod_ssh_keys.all"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: `data "runpod_ssh_keys" "all" {}`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, acctest.Attr("keys"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"public_key":  knownvalue.StringExact(testKey(1, "me@laptop")),
							"type":        knownvalue.StringExact("ssh-ed25519"),
							"comment":     knownvalue.StringExact("me@laptop"),
							"fingerprint": knownvalue.StringExact(fingerprint(testKey(1, ""))),
						}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"public_key":  knownvalue.StringExact(testKey(2, "")),
							"type":        knownvalue.StringExact("ssh-ed25519"),
							"comment":     knownvalue.Null(),
							"fingerprint": knownvalue.StringExact(fingerprint(testKey(2, ""))),
						}),
					})),
				},
			},
		},
	})
}
