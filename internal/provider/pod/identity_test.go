package pod_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A pod is imported back by its identity and by its id through import
// blocks. Runpod never returns the create-only settings (here
// data_center_ids and the CUDA floor), so each import plans the one
// in-place update that records them from the configuration: an update,
// never a replacement (ImportBlockSteps asserts the action).
func TestAccPod_identity(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, acctest.Testdata(t, "pod_rtx4090_cuda_12_4_in_eu_ro_1", nil), true))
}
