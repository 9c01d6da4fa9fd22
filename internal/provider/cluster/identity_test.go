package cluster_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A cluster is imported back by its identity and by its id through import
// blocks. Runpod does not return the settings a cluster was created with,
// so the first plan after an import is always the in-place update that
// records them from the configuration (summaryRecorded): an update, never a
// replacement (ImportBlockSteps asserts the action).
func TestAccCluster_identity(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, env.IdentityTestCase(addr, clusterConfig(t, "identity"), true))
}
