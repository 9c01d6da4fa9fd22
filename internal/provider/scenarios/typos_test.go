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
	const (
		pod = `resource "runpod_pod" "p" {
  name  = "typo"
  image = "runpod/base:0.7.0"
`
		cluster = `resource "runpod_cluster" "c" {
  name              = "typo"
  type              = "SLURM"
  gpu_type_id       = "NVIDIA H100 80GB HBM3"
  gpu_count_per_pod = 8
  pod_count         = 2
  image             = "runpod/base:0.7.0"
`
		endpoint = `resource "runpod_endpoint" "e" {
  name         = "typo"
  type         = "QUEUE"
  image        = "ghcr.io/acme/worker:1"
  scaler_type  = "QUEUE_DELAY"
  scaler_value = 4
`
		template = `resource "runpod_template" "t" {
  name  = "typo"
  image = "runpod/base:0.7.0"
`
	)
	// In each config, KEY is the argument under test, spelt right or wrong.
	for _, tt := range []struct {
		name, config, right, wrong string
		// want are what the refusal must say besides the CLI's own
		// "Unsupported argument" naming the misspelling.
		want []string
	}{
		{name: "pod gpu", config: pod + `  gpu {
    type_id = "NVIDIA RTX A6000"
    KEY     = 2
  }
}`, right: "count", wrong: "cuont"},
		{name: "pod gpu preferences", config: pod + `  gpu {
    type_ids         = ["NVIDIA RTX A6000"]
    KEY = "12.8"
  }
}`, right: "min_cuda_version", wrong: "min_cuda"},
		{name: "pod cpu", config: pod + `  cpu {
    type_id = "cpu3c"
    KEY     = 4
  }
}`, right: "vcpu_count", wrong: "vcpus_count"},
		{name: "pod network_volume", config: pod + `  gpu { type_id = "NVIDIA RTX A6000" }
  network_volume {
    volume_id = "vol"
    KEY       = "/workspace"
  }
}`, right: "path", wrong: "pth"},
		{name: "pod ready_when", config: pod + `  gpu { type_id = "NVIDIA RTX A6000" }
  ready_when {
    log_line = "listening"
    KEY      = "system"
  }
}`, right: "source", wrong: "sorce"},
		{name: "endpoint cpu", config: endpoint + `  cpu {
    type_id    = "cpu3c"
    vcpu_count = 4
  }
  cpu {
    type_id = "cpu5c"
    KEY     = 2
  }
}`, right: "vcpu_count", wrong: "vpcu_count"},
		{name: "cluster network_volume", config: cluster + `  network_volume {
    volume_id = "vol"
    KEY       = "/workspace"
  }
}`, right: "path", wrong: "mount_path"},
		{name: "cluster persistent_volume", config: cluster + `  persistent_volume {
    KEY  = 20
    path = "/workspace"
  }
}`, right: "size_gb", wrong: "size"},
		{name: "template persistent_volume", config: template + `  persistent_volume {
    KEY  = 20
    path = "/workspace"
  }
}`, right: "size_gb", wrong: "sizegb"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(strings.ReplaceAll(tt.config, "KEY", tt.right))
			cli.Init()
			cli.MustRun("validate")

			cli.SetConfig(strings.ReplaceAll(tt.config, "KEY", tt.wrong))
			res := cli.MustFail("validate")
			res.Contains(t, "Unsupported argument", `An argument named "`+tt.wrong+`" is not expected here`)
		})
	}

	// The pod's volume disk is the one nested attribute left: a misspelt
	// key is dropped, and the key it stood for is missing.
	t.Run("pod persistent_volume", func(t *testing.T) {
		env := acctest.New(t)
		cli := env.CLI(t)
		config := pod + `  gpu { type_id = "NVIDIA RTX A6000" }
  persistent_volume = { KEY = 20, path = "/workspace" }
}`
		cli.SetConfig(strings.ReplaceAll(config, "KEY", "size_gb"))
		cli.Init()
		cli.MustRun("validate")

		cli.SetConfig(strings.ReplaceAll(config, "KEY", "sise_gb"))
		res := cli.MustFail("validate")
		if out := flatten(res.Output()); !strings.Contains(out, `attribute "size_gb" is required`) {
			t.Errorf("validate does not say size_gb is missing:\n%s", res.Output())
		}
	})
}
