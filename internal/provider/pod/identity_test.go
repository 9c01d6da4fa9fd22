package pod_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A pod is imported back by its identity and by its id through import
// blocks. Runpod never returns the create-only settings (here
// data_center_ids and the CUDA floor), so each import plans the one
// in-place update that records them from the configuration: an update,
// never a replacement (ImportBlockSteps asserts the action).
func TestAccPod_identity(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, podConfig(`name = "identity"`, `image = "runpod/base:0.7.0"`,
		`gpu {
  type_id = "NVIDIA GeForce RTX 4090"
  min_cuda_version = "12.4"
}`,
		`data_center_ids = ["EU-RO-1"]`), true))
}
