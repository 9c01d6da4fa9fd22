package acctest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider"
)

// servePluginEnv makes a test binary serve the provider instead of running
// tests: Terraform starts it as a plugin in PluginCLI's runs.
const servePluginEnv = "RUNPOD_ACCTEST_SERVE_PROVIDER"

// mainRan is set by Main: PluginCLI needs the package's TestMain to be it.
var mainRan bool

// Main is the TestMain of packages whose tests use PluginCLI. Started by
// Terraform as a provider plugin, the test binary serves the provider
// exactly as the released binary does (provider.Serve, main's whole job);
// otherwise it runs the tests.
func Main(m *testing.M) {
	if os.Getenv(servePluginEnv) == "1" {
		if err := provider.Serve("0.0.1", false); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	mainRan = true
	os.Exit(m.Run())
}

// PluginCLI is a CLI whose terraform or tofu starts the provider as it
// starts a released one: a child process installed by `init` from a
// filesystem mirror (this test binary, serving through Main), aimed at e's
// fake through RUNPOD_API_URL and RUNPOD_API_KEY in its environment. What
// the provider learns from the process that started it (the destroy's
// refresh plan, see destroyrefresh) is tested this way only: an in-process
// provider (CLI) has no such parent. Call Init before the first plan.
func (e *Env) PluginCLI(t *testing.T) *CLI {
	t.Helper()
	c := NewCLI(t, e.Factories)
	if !mainRan {
		t.Fatal("PluginCLI needs the package's TestMain to call acctest.Main(m)")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	target := runtime.GOOS + "_" + runtime.GOARCH
	for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
		dir := filepath.Join(root, "mirror", host, "hashicorp", "runpod", "0.0.1", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(self, filepath.Join(dir, "terraform-provider-runpod_v0.0.1")); err != nil {
			t.Fatal(err)
		}
	}
	rc := filepath.Join(root, "plugin.tfrc")
	config := fmt.Sprintf(`provider_installation {
  filesystem_mirror {
    path    = %q
    include = ["registry.terraform.io/hashicorp/runpod", "registry.opentofu.org/hashicorp/runpod"]
  }
  direct {
    exclude = ["*/*/*"]
  }
}
disable_checkpoint = true
`, filepath.Join(root, "mirror"))
	if err := os.WriteFile(rc, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	c.pluginEnv = []string{
		"TF_CLI_CONFIG_FILE=" + rc,
		servePluginEnv + "=1",
		provider.EnvBaseURL + "=" + e.getenv(provider.EnvBaseURL),
		provider.EnvAPIKey + "=" + e.getenv(provider.EnvAPIKey),
	}
	return c
}
