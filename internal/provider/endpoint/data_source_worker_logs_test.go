package endpoint_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const (
	workerLogsDS = "data.runpod_endpoint_worker_logs.l[0]"
	// secretValue is what the secret holds; it must never reach the state
	// through a log line.
	secretValue = "hf_live_Zq81canary"
)

// workerLogsConfig is testdata/endpoint_worker_logs.tf: a secret, an
// endpoint whose env references it and keeps one worker active, and, when
// logs is set, the logs of its workers read the way users do (workers
// listed, logs per worker) with extra arguments.
func workerLogsConfig(t testing.TB, logs bool, extra ...string) string {
	t.Helper()
	return acctest.Testdata(t, "endpoint_worker_logs", map[string]any{
		"Secret": secretValue, "Logs": logs, "LogArgs": strings.Join(extra, "\n  "),
	})
}

// logText is the knownvalue check of one element of lines, by source and
// text.
func logText(source, text string) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"time": knownvalue.StringRegexp(rfc3339), "source": knownvalue.StringExact(source), "text": knownvalue.StringExact(text),
	})
}

// noSecret fails when s holds the secret's value.
var noSecret = knownvalue.StringFunc(func(s string) error {
	if strings.Contains(s, secretValue) {
		return fmt.Errorf("the secret's value is in the state: %q", s)
	}
	return nil
})

// A worker whose env holds a Runpod secret dumps its env at start: the
// logs read through the data source show the other variables and mask the
// secret's value wherever its variable's name is printed with it.
func TestAccEndpointWorkerLogs_secretMasked(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetEndpointWorkerStartDelay(1)
	env.Fake.SetEndpointWorkerLogForName("env-dump", runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
		{Source: runpodfake.PodLogSourceContainer, Text: "HF_TOKEN=${HF_TOKEN}"},
		{Source: runpodfake.PodLogSourceContainer, Text: "MODE=${MODE}"},
		{Source: runpodfake.PodLogSourceContainer, Text: `settings: {"HF_TOKEN": "${HF_TOKEN}", "MODE": "${MODE}"}`},
		{Source: runpodfake.PodLogSourceContainer, Text: "listening on 0.0.0.0:8080"},
	}})
	var endpointID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: workerLogsConfig(t, false),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &endpointID),
					acctest.CheckFake(func() error {
						// The worker really printed the value: the masking below is what hides it.
						return workerLogHas(env.Fake, endpointID, "HF_TOKEN="+secretValue)
					}),
				},
			},
			{
				Config: workerLogsConfig(t, true, `source = "container"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workerLogsDS, acctest.Attr("lines"), knownvalue.ListExact([]knownvalue.Check{
						logText("container", "Worker ready."),
						logText("container", "HF_TOKEN=***"),
						logText("container", "MODE=prod"),
						logText("container", `settings: {"HF_TOKEN": "***", "MODE": "prod"}`),
						logText("container", "listening on 0.0.0.0:8080"),
					})),
					statecheck.ExpectKnownValue(workerLogsDS, acctest.Attr("text"), noSecret),
				},
			},
			{
				// The line limit keeps the newest lines; the system log has
				// no secret and is read as it is.
				Config: workerLogsConfig(t, true, "tail = 2"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workerLogsDS, acctest.Attr("lines"), knownvalue.ListExact([]knownvalue.Check{
						logText("container", `settings: {"HF_TOKEN": "***", "MODE": "prod"}`),
						logText("container", "listening on 0.0.0.0:8080"),
					})),
					statecheck.ExpectKnownValue(workerLogsDS, acctest.Attr("text"),
						knownvalue.StringExact(`settings: {"HF_TOKEN": "***", "MODE": "prod"}`+"\nlistening on 0.0.0.0:8080")),
				},
			},
			{
				Config: workerLogsConfig(t, true, `source = "system"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workerLogsDS, acctest.Attr("lines"), knownvalue.ListExact([]knownvalue.Check{
						logText("system", "Pulling image ghcr.io/acme/worker:1"),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"text": knownvalue.StringRegexp(regexp.MustCompile(`^Worker \S+ started$`))}),
					})),
				},
			},
			{
				Config: workerLogsConfig(t, false) + `
data "runpod_endpoint_worker_logs" "gone" {
  endpoint_id = runpod_endpoint.e.id
  worker_id   = "nosuchwrk0"
}
`,
				ExpectError: regexp.MustCompile(`(?s)Worker Not Found.*no active worker with id "nosuchwrk0".*runpod_endpoint_workers`),
			},
			{
				Config: workerLogsConfig(t, false) + `
data "runpod_endpoint_worker_logs" "gone" {
  endpoint_id = "doesnotexist"
  worker_id   = "nosuchwrk0"
}
`,
				ExpectError: regexp.MustCompile(`(?s)Endpoint Not Found.*"doesnotexist"`),
			},
		},
	})
}

// workerLogHas checks, in the fake, that a worker of the endpoint printed
// line.
func workerLogHas(fake *runpodfake.Fake, endpointID, line string) error {
	workers, _ := fake.EndpointWorkers(endpointID)
	for _, w := range workers.Workers {
		lines, _ := fake.EndpointWorkerLog(endpointID, w.ID)
		if slices.Contains(lines, line) {
			return nil
		}
	}
	return fmt.Errorf("no worker of endpoint %s printed %q", endpointID, line)
}
