package sshkey_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const keyAddr = "runpod_ssh_key.k"

// onlyKeysLeft is a CheckDestroy: after destroy the account holds exactly
// want (the keys Terraform never managed).
func onlyKeysLeft(fake *runpodfake.Fake, want ...string) func(*terraform.State) error {
	return func(*terraform.State) error { return accountKeys(fake, want...) }
}

func keyConfig(key string) string {
	return fmt.Sprintf("resource \"runpod_ssh_key\" \"k\" {\n  public_key = %q\n}", key)
}

func TestAccSSHKey_lifecycle(t *testing.T) {
	env := acctest.New(t)
	byHand := testKey(100, "added-in-console")
	env.Fake.SetSSHKeys(byHand)
	laptop := testKey(1, "me@laptop")

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             onlyKeysLeft(env.Fake, byHand),
		Steps: []resource.TestStep{
			{
				Config: keyConfig(laptop),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keyAddr, plancheck.ResourceActionCreate),
					// The id follows from the key, so it is known at plan time.
					plancheck.ExpectKnownValue(keyAddr, acctest.Attr("id"), knownvalue.StringExact(fingerprint(laptop))),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(keyAddr, acctest.Attr("id"), knownvalue.StringExact(fingerprint(laptop))),
					statecheck.ExpectKnownValue(keyAddr, acctest.Attr("fingerprint"), knownvalue.StringExact(fingerprint(laptop))),
					statecheck.ExpectKnownValue(keyAddr, acctest.Attr("public_key"), knownvalue.StringExact(laptop)),
					acctest.CheckFake(func() error { return accountKeys(env.Fake, byHand, laptop) }),
				},
			},
			{
				ResourceName:      keyAddr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// A new comment on the same key: in place, touching nothing else.
				Config: keyConfig(testKey(1, "me@desktop")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keyAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(keyAddr, acctest.Attr("id"), knownvalue.StringExact(fingerprint(laptop))),
					acctest.CheckFake(func() error { return accountKeys(env.Fake, byHand, testKey(1, "me@desktop")) }),
				},
			},
			{
				// As file() reads it, with a trailing newline: no change, and
				// the API (whose pattern refuses the newline) is not involved.
				PreConfig: env.Fake.ResetRequests,
				Config:    keyConfig(testKey(1, "me@desktop") + "\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keyAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(keyAddr, acctest.Attr("public_key"), knownvalue.StringExact(testKey(1, "me@desktop")+"\n")),
					acctest.CheckFake(func() error {
						if n := env.Fake.CountRequests("PUT", "/v2/account/ssh-keys"); n != 0 {
							return fmt.Errorf("a whitespace change sent %d PUTs", n)
						}
						return accountKeys(env.Fake, byHand, testKey(1, "me@desktop"))
					}),
				},
			},
			{
				Config: keyConfig(testKey(1, "me@desktop") + "\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
			{
				// Another key replaces the resource: the old key goes, the hand-added one stays.
				Config: keyConfig(testKey(2, "me@new-laptop")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keyAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(keyAddr, acctest.Attr("id"), knownvalue.StringExact(fingerprint(testKey(2, "")))),
					acctest.CheckFake(func() error { return accountKeys(env.Fake, byHand, testKey(2, "me@new-laptop")) }),
				},
			},
		},
	})
}

// Twenty keys applied in parallel all end up registered, and the key added
// by hand survives both the creates and the destroys.
func TestAccSSHKey_parallelKeysAreAllRegistered(t *testing.T) {
	env := acctest.New(t)
	byHand := testKey(100, "added-in-console")
	env.Fake.SetSSHKeys(byHand)
	var keys []string
	for i := range 20 {
		keys = append(keys, testKey(10+i, fmt.Sprintf("worker-%02d", i)))
	}
	config := acctest.Testdata(t, "ssh_keys_counted", struct{ Keys []string }{keys})

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             onlyKeysLeft(env.Fake, byHand),
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						if n := env.Fake.CountRequests("PUT", "/v2/account/ssh-keys"); n != 20 {
							return fmt.Errorf("%d PUTs, want one per key", n)
						}
						return accountKeys(env.Fake, append([]string{byHand}, keys...)...)
					}),
				},
			},
		},
	})
}

func TestAccSSHKey_drift(t *testing.T) {
	env := acctest.New(t)
	byHand := testKey(100, "")
	config := keyConfig(testKey(1, "me"))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             onlyKeysLeft(env.Fake, byHand),
		Steps: []resource.TestStep{
			{Config: config},
			{
				// Removed in the console (and another key added): the plan adds it back.
				PreConfig: func() { env.Fake.SetSSHKeys(byHand) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(keyAddr, plancheck.ResourceActionCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error { return accountKeys(env.Fake, byHand, testKey(1, "me")) }),
				},
			},
		},
	})
}

func TestAccSSHKey_invalidKeyIsAPlanError(t *testing.T) {
	env := acctest.New(t)
	blob := strings.Fields(testKey(1, ""))[1]
	cases := []struct{ key, want string }{
		{"ssh-ed25519", `not an OpenSSH public key`},
		{"rsa " + blob, `key type "rsa" is not an OpenSSH public key type`},
		{"ssh-rsa " + blob, `does not encode a ssh-rsa key`},
		{"ssh-ed25519 " + blob[:40], `cut short`},
		{"-----BEGIN OPENSSH PRIVATE KEY----- abc", `private key`},
	}
	var steps []resource.TestStep
	for _, c := range cases {
		steps = append(steps, resource.TestStep{
			Config:      keyConfig(c.key),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Invalid SSH Public Key.*<type>\s+<base64\s+key>\s+\[comment\].*` + c.want),
		})
	}
	resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: env.Factories, Steps: steps})
	if n := len(env.Fake.Requests()); n != 0 {
		t.Fatalf("an invalid key reached the API: %d requests", n)
	}
}
