package scenarios_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A misspelt argument inside a nested object fails `validate`, naming the
// misspelling, on the real CLI. Terraform and OpenTofu silently drop an
// unknown key in an object assigned to a nested attribute (`gpu = { cuont =
// 2 }` would apply a one-GPU pod), so every such object that decides money,
// placement or compatibility is a block, where the CLI itself refuses the
// key. Each case also validates with the right spelling, so the refusal is
// the typo's and nothing else's.
//
// The pod's persistent_volume stays a nested attribute (a template can fill
// it, so it is Computed, which a block cannot be). Both its keys are
// required, so a misspelling still fails validate, as the missing key it was
// meant to be; that case checks this.
func TestAccScenario_misspeltNestedFieldsFailValidate(t *testing.T) {
	t.Parallel()
	// config is the case's configuration in testdata/misspelt_nested_fields.tf
	// with key as the argument under test, spelt right or wrong.
	config := func(t *testing.T, name, key string) string {
		t.Helper()
		return acctest.Testdata(t, "misspelt_nested_fields", map[string]any{"Case": name, "Key": key})
	}
	for _, tt := range []struct {
		name, right, wrong string
		// want are what the refusal must say besides the CLI's own
		// "Unsupported argument" naming the misspelling.
		want []string
	}{
		{name: "pod gpu", right: "count", wrong: "cuont"},
		{name: "pod gpu preferences", right: "min_cuda_version", wrong: "min_cuda"},
		{name: "pod cpu", right: "vcpu_count", wrong: "vcpus_count"},
		{name: "pod network_volume", right: "path", wrong: "pth"},
		{name: "pod ready_when", right: "source", wrong: "sorce"},
		{name: "endpoint cpu", right: "vcpu_count", wrong: "vpcu_count"},
		{name: "cluster network_volume", right: "path", wrong: "mount_path"},
		{name: "cluster persistent_volume", right: "size_gb", wrong: "size"},
		{name: "template persistent_volume", right: "size_gb", wrong: "sizegb"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(config(t, tt.name, tt.right))
			cli.Init()
			cli.MustRun("validate")

			cli.SetConfig(config(t, tt.name, tt.wrong))
			res := cli.MustFail("validate")
			res.Contains(t, "Unsupported argument", `An argument named "`+tt.wrong+`" is not expected here`)
		})
	}

	// The pod's volume disk is the one nested attribute left: a misspelt
	// key is dropped, and the key it stood for is missing.
	t.Run("pod persistent_volume", func(t *testing.T) {
		env := acctest.New(t)
		cli := env.CLI(t)
		cli.SetConfig(config(t, "pod persistent_volume", "size_gb"))
		cli.Init()
		cli.MustRun("validate")

		cli.SetConfig(config(t, "pod persistent_volume", "sise_gb"))
		res := cli.MustFail("validate")
		if out := flatten(res.Output()); !strings.Contains(out, `attribute "size_gb" is required`) {
			t.Errorf("validate does not say size_gb is missing:\n%s", res.Output())
		}
	})
}
