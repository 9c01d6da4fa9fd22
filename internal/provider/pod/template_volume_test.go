package pod_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A pod made from a template with a volume disk, its persistent_volume left
// to the template: after apply the plan is empty. Terraform proposes null
// for the unconfigured nested attribute, which used to show an update of
// every reported attribute on every plan.
func TestAccPod_templateVolumeDiskNoDiff(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "pod_from_template_with_volume_disk", nil))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
	if pv, _ := cli.StateAttributes(addr)["persistent_volume"].(map[string]any); pv["path"] != "/workspace" {
		t.Fatalf("persistent_volume in state = %v, want the template's", pv)
	}
}
