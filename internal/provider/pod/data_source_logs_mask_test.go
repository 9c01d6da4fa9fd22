package pod_test

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A pod whose env holds a Runpod secret prints it at boot: the data source
// stores the line with the value masked, next to its variable's name, and
// leaves the other variables and lines as they are.
func TestAccPodLogsDataSource_secretMasked(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetClock(func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) })
	p := env.Fake.SeedPod(runpodfake.Pod{
		Name: "web", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090},
		Env: map[string]string{"HF_TOKEN": "{{ RUNPOD_SECRET_hf_token }}", "MODE": "prod"},
	})
	env.Fake.SetPodLog(p.ID, runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
		{Source: runpodfake.PodLogSourceContainer, Text: "HF_TOKEN=hf_live_Zq81canary"},
		{Source: runpodfake.PodLogSourceContainer, Text: "MODE=prod"},
		{Source: runpodfake.PodLogSourceContainer, Text: "token hf_live_Zq81canary loaded"},
	}})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config: logsConfig(p.ID, `source = "container"`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(logsAddr, acctest.Attr("lines"), knownvalue.ListExact([]knownvalue.Check{
					logLine(ts, "container", "HF_TOKEN=***"),
					logLine(ts, "container", "MODE=prod"),
					// Without its variable's name a value is not recognised
					// (the documented limit).
					logLine(ts, "container", "token hf_live_Zq81canary loaded"),
				})),
			},
		}},
	})
}
