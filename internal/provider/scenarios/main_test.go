package scenarios_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// TestMain lets Terraform start this test binary as the provider plugin
// (acctest.PluginCLI): the destroy scenarios need the provider to read the
// command that started it, as a released binary does.
func TestMain(m *testing.M) { acctest.Main(m) }
