package scenarios_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// `terraform destroy` first makes a normal plan of the whole configuration
// to refresh state, and an error in it aborts the whole destroy. These
// scenarios leave objects billing behind a plan-time check that must still
// fail a normal plan, and prove that `plan -destroy` and `destroy` pass
// anyway, removing what the workspace made and nothing else. They run the
// provider as Terraform starts a release (PluginCLI): the provider tells a
// destroy's refresh plan from the command that started it.

// appliedPlugin applies the testdata configuration name with the provider
// started as Terraform starts it (acctest.PluginCLI).
func appliedPlugin(t *testing.T, name string, data map[string]any) (*acctest.Env, *acctest.CLI) {
	t.Helper()
	env := acctest.New(t)
	cli := env.PluginCLI(t)
	cli.SetConfig(acctest.Testdata(t, name, data))
	cli.Init()
	cli.MustRun(applyArgs...)
	return env, cli
}

// destroyWorks runs plan -destroy and destroy, both of which must succeed.
func destroyWorks(t *testing.T, cli *acctest.CLI) {
	t.Helper()
	cli.MustRun("plan", "-destroy", "-input=false")
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if left := cli.StateAddresses(); len(left) != 0 {
		t.Errorf("state after destroy still holds %v", left)
	}
}

// A pod deleted in the console while its GPU type is out of stock: the plan
// to re-create it fails, rightly; its volume still bills and destroy removes it.
func TestAccScenario_destroyAfterConsoleDeleteWhileOutOfStock(t *testing.T) {
	t.Parallel()
	env, cli := appliedPlugin(t, "destroy_volume_and_pod", map[string]any{"DataCenter": "EU-RO-1"})
	volumeID := cli.StateID("runpod_network_volume.data")
	env.Fake.DeletePod(cli.StateID("runpod_pod.p"))
	env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", "EU-RO-1", 0)

	cli.MustFail("plan", "-input=false").Contains(t, "GPU Type Out of Stock")
	destroyWorks(t, cli)
	if _, ok := env.Fake.NetworkVolume(volumeID); ok {
		t.Errorf("volume %s still exists after destroy", volumeID)
	}
}

// An existing pod whose data_center_ids are edited to exclude its volume's
// data center: the plan is refused, rightly, and destroy removes both.
func TestAccScenario_destroyAfterRefusedEdit(t *testing.T) {
	t.Parallel()
	env, cli := appliedPlugin(t, "destroy_volume_and_pod", map[string]any{"DataCenter": "EU-RO-1"})
	podID, volumeID := cli.StateID("runpod_pod.p"), cli.StateID("runpod_network_volume.data")

	cli.SetConfig(acctest.Testdata(t, "destroy_volume_and_pod", map[string]any{"DataCenter": "US-KS-2"}))
	cli.MustFail("plan", "-input=false").Contains(t, "EU-RO-1")
	destroyWorks(t, cli)
	if _, ok := env.Fake.Pod(podID); ok {
		t.Errorf("pod %s still exists after destroy", podID)
	}
	if _, ok := env.Fake.NetworkVolume(volumeID); ok {
		t.Errorf("volume %s still exists after destroy", volumeID)
	}
}

// The account holds unmanaged twins of configured objects that are not in
// state (a killed run's orphans, or console-made lookalikes): the plan
// refuses to create beside them, and destroy removes what state holds while
// leaving the twins, which the workspace does not own, untouched.
func TestAccScenario_destroyBesideUnmanagedTwins(t *testing.T) {
	t.Parallel()
	env, cli := appliedPlugin(t, "destroy_with_unmanaged_twins", nil)
	podID, volumeID, secretID := cli.StateID("runpod_pod.p"), cli.StateID("runpod_network_volume.data"), cli.StateID("runpod_secret.token")
	cli.MustRun("state", "rm", "runpod_pod.p", "runpod_network_volume.data")

	cli.MustFail("plan", "-input=false").Contains(t, "Recent Identical Pod Exists", "Identical Network Volume Exists")
	destroyWorks(t, cli)
	if _, ok := env.Fake.Secret(secretID); ok {
		t.Errorf("secret %s still exists after destroy", secretID)
	}
	if _, ok := env.Fake.Pod(podID); !ok {
		t.Errorf("destroy deleted pod %s, which state did not hold", podID)
	}
	if _, ok := env.Fake.NetworkVolume(volumeID); !ok {
		t.Errorf("destroy deleted volume %s, which state did not hold", volumeID)
	}
}
