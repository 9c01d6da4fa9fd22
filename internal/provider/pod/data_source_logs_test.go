package pod_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const logsAddr = "data.runpod_pod_logs.l"

// logLine is the knownvalue check of one element of lines.
func logLine(ts, source, text string) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"time": knownvalue.StringExact(ts), "source": knownvalue.StringExact(source), "text": knownvalue.StringExact(text),
	})
}

// bootLog is a scripted boot log of an HTTP server.
var bootLog = runpodfake.PodLogScript{Lines: []runpodfake.PodLogScriptLine{
	{Source: runpodfake.PodLogSourceSystem, Text: "Starting container"},
	{Source: runpodfake.PodLogSourceContainer, Text: "loading model"},
	{Source: runpodfake.PodLogSourceContainer, Text: "model loaded"},
	{Source: runpodfake.PodLogSourceSystem, Text: "Container is running"},
	{Source: runpodfake.PodLogSourceContainer, Text: "listening on 0.0.0.0:8080"},
}}

// logsEnv is a fake with one running pod printing bootLog, stamped at a
// fixed time.
func logsEnv(t *testing.T) (*acctest.Env, string) {
	t.Helper()
	env := newEnv(t)
	env.Fake.SetClock(func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) })
	p := env.Fake.SeedPod(runpodfake.Pod{Name: "web", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090}})
	env.Fake.SetPodLog(p.ID, bootLog)
	return env, p.ID
}

func logsConfig(podID string, extra ...string) string {
	return fmt.Sprintf("data \"runpod_pod_logs\" \"l\" {\n  pod_id = %q\n  %s\n}\n", podID, strings.Join(extra, "\n  "))
}

const ts = "2026-06-01T12:00:00Z"

func TestAccPodLogsDataSource_tailAndSource(t *testing.T) {
	env, id := logsEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: logsConfig(id, "tail = 3"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(logsAddr, acctest.Attr("lines"), knownvalue.ListExact([]knownvalue.Check{
						logLine(ts, "container", "model loaded"),
						logLine(ts, "system", "Container is running"),
						logLine(ts, "container", "listening on 0.0.0.0:8080"),
					})),
					statecheck.ExpectKnownValue(logsAddr, acctest.Attr("text"),
						knownvalue.StringExact("model loaded\nContainer is running\nlistening on 0.0.0.0:8080")),
					acctest.CheckFake(func() error { return lastLogQuery(env.Fake, id, "tail=3") }),
				},
			},
			{
				Config: logsConfig(id, `source = "container"`, "tail = 2"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(logsAddr, acctest.Attr("lines"), knownvalue.ListExact([]knownvalue.Check{
						logLine(ts, "container", "model loaded"),
						logLine(ts, "container", "listening on 0.0.0.0:8080"),
					})),
					acctest.CheckFake(func() error { return lastLogQuery(env.Fake, id, "source=container&tail=2") }),
				},
			},
			{
				// Defaults: both sources, the last 100 lines.
				Config: logsConfig(id, `source = "all"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(logsAddr, acctest.Attr("lines"), knownvalue.ListSizeExact(5)),
					statecheck.ExpectKnownValue(logsAddr, acctest.Attr("text"), knownvalue.StringRegexp(regexp.MustCompile(`^Starting container\n`))),
					acctest.CheckFake(func() error { return lastLogQuery(env.Fake, id, "tail=100") }),
				},
			},
			{
				Config: logsConfig(id, `source = "system"`, `since = "2026-06-01T12:00:00Z"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(logsAddr, acctest.Attr("lines"), knownvalue.ListExact([]knownvalue.Check{
						logLine(ts, "system", "Starting container"),
						logLine(ts, "system", "Container is running"),
					})),
					acctest.CheckFake(func() error { return lastLogQuery(env.Fake, id, "since=2026-06-01T12%3A00%3A00Z&source=system") }),
				},
			},
		},
	})
}

// lastLogQuery asserts the query of the last logs request for the pod.
func lastLogQuery(fake *runpodfake.Fake, id, want string) error {
	var last *runpodfake.Request
	for _, r := range fake.Requests() {
		if r.Path == "/v2/pods/"+id+"/logs" {
			last = &r
		}
	}
	if last == nil {
		return fmt.Errorf("no logs request for %s", id)
	}
	if last.RawQuery != want {
		return fmt.Errorf("logs query %q, want %q", last.RawQuery, want)
	}
	return nil
}

// Bad arguments are refused before any request, naming the attribute and
// the limit.
func TestAccPodLogsDataSource_badArguments(t *testing.T) {
	env, id := logsEnv(t)
	noRequest := func() error {
		if n := env.Fake.CountRequests("GET", "/v2/pods/*"); n != 0 {
			return fmt.Errorf("%d pod requests sent for a refused configuration", n)
		}
		return nil
	}
	step := func(extra, want string) resource.TestStep {
		return resource.TestStep{
			Config:      logsConfig(id, extra),
			ExpectError: regexp.MustCompile(want),
			PlanOnly:    true,
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			step("tail = 5000", `(?s)Attribute tail value must be between 1 and 1000,.*got: 5000`),
			step("tail = 0", `(?s)Attribute tail value must be between 1 and 1000,.*got: 0`),
			step(`source = "both"`, `(?s)Attribute source value must be one of:.*"container".*"system".*"all"`),
			step(`since = "yesterday"`, `(?s)Attribute since must be an RFC 3339 date-time,.*got "yesterday"`),
		},
	})
	if err := noRequest(); err != nil {
		t.Fatal(err)
	}
}

func TestAccPodLogsDataSource_unknownPod(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config:      logsConfig("nosuchpod0"),
			ExpectError: regexp.MustCompile(`(?s)Pod Not Found.*No pod with id "nosuchpod0" exists`),
		}},
	})
}

// A pod created in the same configuration, scripted by name before
// Terraform creates it, and the documented example.
func TestAccPodLogsDataSource_withPodResource(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(0)
	env.Fake.SetPodLogForName("logged", bootLog)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{{
			Config: acctest.Testdata(t, "pod_with_logs_data_source", nil),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(logsAddr, acctest.Attr("text"), knownvalue.StringExact("listening on 0.0.0.0:8080")),
			},
		}},
	})
}

func TestAccPodLogsDataSource_example(t *testing.T) {
	env := newEnv(t)
	env.Fake.SeedPod(runpodfakePod("7h9k2m4n6p"))
	env.Fake.SetPodLog("7h9k2m4n6p", bootLog)
	example, err := os.ReadFile("../../../examples/data-sources/runpod_pod_logs/data-source.tf")
	if err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config: string(example),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("app_log", knownvalue.StringExact("loading model\nmodel loaded\nlistening on 0.0.0.0:8080")),
			},
		}},
	})
}
