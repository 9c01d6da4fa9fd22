package networkvolume_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// TestMain lets Terraform start this test binary as the provider plugin
// (acctest.PluginCLI), for tests of what the provider learns from the
// command that started it.
func TestMain(m *testing.M) { acctest.Main(m) }
