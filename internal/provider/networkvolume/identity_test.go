package networkvolume_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A network volume is imported back by its identity and by its id through
// import blocks, and either plans to the import alone: every argument is
// read from the API except allow_duplicate, which is only read at create
// and is null both in state and in this configuration.
func TestAccNetworkVolume_identity(t *testing.T) {
	env := acctest.New(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, volumeConfig("identity", 20, "US-TX-3", `type = "HIGH_PERFORMANCE"`), false))
}
