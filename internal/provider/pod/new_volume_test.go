package pod_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// onNewVolume is testdata/pod_on_new_network_volume.tf: a network volume
// created in volumeDC and a pod that mounts it, with network_volume's
// data_center_id set to blockDC (an HCL expression) and extra lines.
func onNewVolume(t *testing.T, volumeDC, blockDC, extra string) string {
	t.Helper()
	return acctest.Testdata(t, "pod_on_new_network_volume", map[string]any{"VolumeDC": volumeDC, "BlockDC": blockDC, "Extra": extra})
}

const volumeDCRef = "runpod_network_volume.v.data_center_id"

// nothingCreated fails t unless the fake holds no volume and no pod: the
// plan stopped the apply before either was created.
func nothingCreated(t *testing.T, env *acctest.Env) {
	t.Helper()
	if vols := env.Fake.NetworkVolumes(); len(vols) != 0 {
		t.Errorf("network volumes created: %+v", vols)
	}
	for _, r := range env.Fake.Requests() {
		if r.Method == "POST" {
			t.Errorf("the apply sent %s %s", r.Method, r.Path)
		}
	}
}

// A pod whose network volume is created in the same configuration is
// checked at plan by the data center the block states
// (runpod_network_volume.v.data_center_id, known at plan): a volume outside
// data_center_ids fails the plan, before the volume is created and bills.
func TestAccPod_newNetworkVolumeInAnotherDataCenter(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(onNewVolume(t, "EU-RO-1", volumeDCRef, `data_center_ids = ["US-KS-2"]`))
	cli.Init()
	res := cli.MustFail("apply", "-auto-approve")
	says(t, res, "Error: Network Volume in Another Data Center",
		"The pod's network volume is in data center EU-RO-1 (network_volume.data_center_id), which is not in data_center_ids (US-KS-2).")
	nothingCreated(t, env)
}

// The GPU's stock is checked in the new volume's data center: none there
// fails the plan, though it has stock elsewhere.
func TestAccPod_newNetworkVolumeWhereTheGPUHasNoStock(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	env.Fake.SetGPUStock(rtx4090, "POD", "SECURE", "EU-RO-1", 0)
	cli := env.CLI(t)
	cli.SetConfig(onNewVolume(t, "EU-RO-1", volumeDCRef, ""))
	cli.Init()
	res := cli.MustFail("apply", "-auto-approve")
	res.Contains(t, "Error: GPU Type Out of Stock", "EU-RO-1")
	nothingCreated(t, env)
}

// The plan places the pod in the new volume's data center, and the pod is
// created there; the next plan is clean.
func TestAccPod_newNetworkVolumePlacesThePod(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(onNewVolume(t, "EU-RO-1", volumeDCRef, ""))
	cli.Init()
	_, plan := cli.SavedPlan()
	if plan == nil {
		t.Fatal("the plan failed")
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Address != "runpod_pod.p" {
			continue
		}
		after, _ := rc.Change.After.(map[string]any)
		if after["data_center_id"] != "EU-RO-1" {
			t.Errorf("planned data_center_id = %v, want EU-RO-1", after["data_center_id"])
		}
	}
	cli.MustRun("apply", "-auto-approve")
	if got := cli.StateAttributes("runpod_pod.p")["data_center_id"]; got != "EU-RO-1" {
		t.Errorf("the pod is in %v, want EU-RO-1", got)
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Fatalf("plan after apply: exit %d, want 0:\n%s", res.ExitCode, res.Output())
	}
	cli.MustRun("destroy", "-auto-approve")
}

// A data_center_id that is not the volume's (a literal, here) passes the
// plan, but is refused before the pod is created: once the volume exists,
// the apply plans the pod again with its id and reads it.
func TestAccPod_newNetworkVolumeWrongDataCenterRefusedAtCreate(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.PluginCLI(t) // the plain destroy below needs the provider started as Terraform starts it
	cli.SetConfig(onNewVolume(t, "EU-RO-1", `"US-KS-2"`, ""))
	cli.Init()
	res := cli.MustFail("apply", "-auto-approve")
	says(t, res, "Error: Network Volume Data Center Mismatch", "network_volume.data_center_id is US-KS-2", "is in data center EU-RO-1")
	for _, r := range env.Fake.Requests() {
		if r.Method == "POST" && r.Path == "/v2/pods" {
			t.Errorf("the apply created a pod")
		}
	}
	// The destroy's refresh plan plans the missing pod as a create, whose
	// check would fail; the provider skips its checks there (destroyrefresh).
	cli.MustRun("destroy", "-auto-approve")
	if vols := env.Fake.NetworkVolumes(); len(vols) != 0 {
		t.Errorf("volumes left after destroy: %+v", vols)
	}
}

// otherVolume is a second network volume of the configuration, in dc, that
// the pod does not mount.
func otherVolume(dc string) string {
	return "\nresource \"runpod_network_volume\" \"other\" {\n  name           = \"other\"\n  size_gb        = 10\n" +
		"  data_center_id = \"" + dc + "\"\n}\n"
}

// Without network_volume.data_center_id the plan knows the new volume's
// data center only through what the plan creates: when every new volume is
// outside data_center_ids, so is the pod's, and the plan fails before the
// volume bills (contract seed 343656596). When only some are, the plan
// cannot tell which one the pod mounts: it warns, naming the attribute
// that would let it check.
func TestAccPod_newNetworkVolumeWithoutItsDataCenter(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(onNewVolume(t, "EU-RO-1", "null", `data_center_ids = ["US-KS-2"]`) + otherVolume("EU-RO-1"))
	cli.Init()
	res := cli.MustFail("apply", "-auto-approve")
	says(t, res, "Error: Network Volume in Another Data Center", `Pod "trainer" mounts a network volume created in this apply`,
		"the network volumes planned before it are all in EU-RO-1, not in data_center_ids (US-KS-2)")
	nothingCreated(t, env)

	// depends_on: the other volume is planned before the pod, as a volume
	// the pod references is.
	cli.SetConfig(onNewVolume(t, "EU-RO-1", "null", "data_center_ids = [\"US-KS-2\"]\n  depends_on = [runpod_network_volume.other]") +
		otherVolume("US-KS-2"))
	plan := cli.RunJSON("plan", "-input=false")
	warns := plan.Diagnostics("warning")
	found := false
	for _, w := range warns {
		if w.Summary == "Pod Network Volume Not Checked At Plan" && w.Address == "runpod_pod.p" &&
			strings.Contains(flat(w.Detail), "creates network volumes in EU-RO-1, which is not in data_center_ids (US-KS-2)") {
			found = true
		}
	}
	if plan.ExitCode != 0 || !found {
		t.Errorf("plan exited %d with warnings %+v, want a %q warning on runpod_pod.p", plan.ExitCode, warns, "Pod Network Volume Not Checked At Plan")
	}
}
