package pod_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// start_ssh with no key on the account warns; the pod is still created.
func TestAccPod_sshWithoutKeyWarns(t *testing.T) {
	rec := applyOnce(t, gpuPod(t, "no-key", `start_ssh = true`, `ports = ["22/tcp"]`),
		statecheck.ExpectKnownValue(addr, acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
	)
	warningWith(t, rec, "No SSH Key Registered", "without SSH access", "runpod_ssh_key")
}

// An SSH key registered in the same configuration, that the pod depends
// on, is there when the pod is created: no "No SSH Key Registered" in the
// plan or the apply. Without any key, the apply says so.
func TestAccPod_sshKeyInSameConfigNoFalseWarning(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "pod_with_ssh_key_in_same_config", map[string]any{"PublicKey": sshKey}))
	cli.Init()
	plan := cli.Run("plan")
	plan.Lacks(t, "No SSH Key Registered")
	apply := cli.Run("apply", "-auto-approve")
	if apply.ExitCode != 0 {
		t.Fatalf("apply failed:\n%s", apply.Output())
	}
	apply.Lacks(t, "No SSH Key Registered")

	bare := newEnv(t)
	cli = bare.CLI(t)
	cli.SetConfig(gpuPod(t, "without-key", `start_ssh = true`, `ports = ["22/tcp"]`))
	cli.Init()
	apply = cli.Run("apply", "-auto-approve")
	says(t, apply, "Warning: No SSH Key Registered", `pod "without-key" was created`, "without SSH access")
}
