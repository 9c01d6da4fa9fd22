package scenarios_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/moduleroot"
)

// pageBlocks returns the shell blocks of DEVELOPMENT.md that follow a
// "<!-- local-build:NAME -->" marker, by NAME, so that the test runs the
// commands the page shows and nothing else.
func pageBlocks(t *testing.T, root string) map[string]string {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(root, "DEVELOPMENT.md"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)<!-- local-build:([a-z]+) -->\n```sh\n(.*?)```")
	blocks := map[string]string{}
	for _, m := range re.FindAllStringSubmatch(string(page), -1) {
		blocks[m[1]] = m[2]
	}
	for _, name := range []string{"build", "mirror", "fake", "config", "terraform", "tofu"} {
		if blocks[name] == "" {
			t.Fatalf("DEVELOPMENT.md has no local-build:%s block", name)
		}
	}
	return blocks
}

// The page on trying a local build works as written, on the CLI under test:
// its commands build the provider and the fake, install the build through a
// filesystem mirror, start the fake, write a configuration, and `init` and
// `plan` it. init installs the local build as it would a release (no
// development-override warning) and the plan reaches the fake.
func TestAccLocalBuildPage(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set")
	}
	cliPath := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if cliPath == "" {
		t.Fatal("TF_ACC_TERRAFORM_PATH is not set: run the tests through make (make test, make testacc-terraform)")
	}
	root, err := moduleroot.Find()
	if err != nil {
		t.Fatal(err)
	}
	blocks := pageBlocks(t, root)
	name := "terraform"
	if strings.Contains(filepath.Base(cliPath), "tofu") {
		name = "tofu"
	}
	// The CLI under test is the page's `terraform` (or `tofu`) on PATH.
	pathDir := t.TempDir()
	if err := os.Symlink(cliPath, filepath.Join(pathDir, name)); err != nil {
		t.Fatal(err)
	}
	home, work := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".terraform.d"), 0o755); err != nil {
		t.Fatal(err)
	}
	// The page's blocks in order; the build and the mirror run from the
	// repository root, the configuration in a directory of the test's.
	script := strings.Join([]string{
		"set -euo pipefail",
		"trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
		blocks["build"], blocks["mirror"], blocks["fake"],
		`cd "$WORK"`,
		blocks["config"], blocks[name],
	}, "\n")
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = root
	// HOME is the test's, so Go's caches are named as they are: under the
	// test's HOME they would be empty (a cold build, modules downloaded).
	goEnv, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	caches := strings.Fields(string(goEnv))
	if len(caches) != 3 {
		t.Fatalf("go env printed %q", goEnv)
	}
	cmd.Env = append(os.Environ(),
		"GOCACHE="+caches[0], "GOMODCACHE="+caches[1], "GOPATH="+caches[2],
		"HOME="+home, "WORK="+work, "PATH="+pathDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TF_CLI_CONFIG_FILE=", "TF_IN_AUTOMATION=1", "NO_COLOR=1", "CHECKPOINT_DISABLE=1")
	out, err := cmd.CombinedOutput()
	// The page's commands run without -no-color, as a user types them.
	text := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(string(out), "")
	t.Logf("the page's commands with %s:\n%s", name, text)
	if err != nil {
		t.Fatalf("the page's commands failed: %v", err)
	}
	for _, want := range []string{"Installed runpod-tf/runpod v0.1.0", "Plan: 1 to add, 0 to change, 0 to destroy."} {
		if !strings.Contains(text, want) {
			t.Errorf("the output does not say %q", want)
		}
	}
	if strings.Contains(strings.ToLower(text), "development overrides") {
		t.Errorf("the output warns of development overrides, which a filesystem mirror does not use")
	}
}
