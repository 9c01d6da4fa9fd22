package pod_test

import "testing"

// A pod made from a template with a volume disk, its persistent_volume left
// to the template: after apply the plan is empty. Terraform proposes null
// for the unconfigured nested attribute, which used to show an update of
// every reported attribute on every plan.
func TestAccPod_templateVolumeDiskNoDiff(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(`
resource "runpod_template" "t" {
  name              = "with-volume-disk"
  image             = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  persistent_volume {
    size_gb = 20
    path = "/workspace"
  }
}

resource "runpod_pod" "p" {
  name        = "from-volume-template"
  template_id = runpod_template.t.id
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
}
`)
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
	if pv, _ := cli.StateAttributes(addr)["persistent_volume"].(map[string]any); pv["path"] != "/workspace" {
		t.Fatalf("persistent_volume in state = %v, want the template's", pv)
	}
}
