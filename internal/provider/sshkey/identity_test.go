package sshkey_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// An SSH key is imported back by its identity (its fingerprint) and by its
// id through import blocks, and either plans to the import alone: the
// import reads the key line as Runpod stores it, which is the configured
// one.
func TestAccSSHKey_identity(t *testing.T) {
	env := acctest.New(t)
	byHand := testKey(100, "added-in-console")
	env.Fake.SetSSHKeys(byHand)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		TerraformVersionChecks:   acctest.IdentityVersions,
		CheckDestroy:             onlyKeysLeft(env.Fake, byHand),
		Steps: append([]resource.TestStep{{
			Config:            keyConfig(testKey(1, "me@laptop")),
			ConfigStateChecks: []statecheck.StateCheck{acctest.IdentityIsID(keyAddr)},
		}}, acctest.ImportBlockSteps(keyAddr, false)...),
	})
}
