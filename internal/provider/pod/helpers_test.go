package pod_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// newEnv is acctest.New with the pod resource built by its test constructor
// (pod.NewTestResource), so that its waits poll at the fake's pace.
func newEnv(t *testing.T) *acctest.Env {
	t.Helper()
	return acctest.New(t).WithResources(pod.NewTestResource).WithActions(pod.NewTestActions()...)
}

const (
	addr    = "runpod_pod.p"
	rtx4090 = "NVIDIA GeForce RTX 4090"
	sshKey  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBkGBN0P2d4Xo3b4YzmwN8TjUKjZiUzx4jV7u0m7mU7c tester@example"
)

// podConfig is a runpod_pod "p" with the given body lines.
func podConfig(lines ...string) string {
	return "resource \"runpod_pod\" \"p\" {\n  " + strings.Join(lines, "\n  ") + "\n}\n"
}

// gpuPod is testdata/pod_rtx4090.tf, a minimal GPU pod config, with extra
// lines.
func gpuPod(t testing.TB, name string, extra ...string) string {
	t.Helper()
	return acctest.Testdata(t, "pod_rtx4090", map[string]any{"Name": name, "Extra": strings.Join(extra, "\n  ")})
}

// cpuPod is testdata/pod_cpu.tf, a CPU pod of vcpus vCPUs of flavour cpu,
// with extra lines.
func cpuPod(t testing.TB, name, cpu string, vcpus int, extra ...string) string {
	t.Helper()
	return acctest.Testdata(t, "pod_cpu", map[string]any{"Name": name, "CPU": cpu, "VCPUs": vcpus, "Extra": strings.Join(extra, "\n  ")})
}

// applyOnce applies config in a one-step test case (the pods destroyed
// after it), asserting checks on the state, and returns the recorder of
// the provider's diagnostics for the warnings the test expects.
func applyOnce(t *testing.T, config string, checks ...statecheck.StateCheck) *acctest.Recorder {
	t.Helper()
	env := newEnv(t)
	rec := env.Record()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps:                    []resource.TestStep{{Config: config, ConfigStateChecks: checks}},
	})
	return rec
}

// requestBodies returns the JSON bodies of the requests matching method and
// path, as decoded maps.
func requestBodies(fake *runpodfake.Fake, method, path string) ([]map[string]any, error) {
	var out []map[string]any
	for _, r := range fake.Requests() {
		if r.Method != method || r.Path != path {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(r.Body, &m); err != nil {
			return nil, fmt.Errorf("%s %s body %q: %w", method, path, r.Body, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// checkPod asserts something about the fake's pod whose id is *id.
func checkPod(fake *runpodfake.Fake, id *string, fn func(runpodfake.Pod) error) statecheck.StateCheck {
	return acctest.CheckFake(func() error {
		p, ok := fake.Pod(*id)
		if !ok {
			return fmt.Errorf("pod %s is not in the API", *id)
		}
		return fn(p)
	})
}

// countPOSTs asserts how many create requests the fake received.
func countPOSTs(fake *runpodfake.Fake, want int) statecheck.StateCheck {
	return acctest.CheckFake(func() error {
		if n := fake.CountRequests("POST", "/v2/pods"); n != want {
			return fmt.Errorf("%d POST /v2/pods, want %d", n, want)
		}
		return nil
	})
}

// warningWith fails unless rec holds a warning with summary whose detail
// contains every part.
func warningWith(t *testing.T, rec *acctest.Recorder, summary string, parts ...string) {
	t.Helper()
	ws := rec.Warnings(summary)
	if len(ws) == 0 {
		t.Errorf("no %q warning; diagnostics: %v", summary, rec.Diagnostics())
		return
	}
	for _, w := range ws {
		ok := true
		for _, p := range parts {
			if !strings.Contains(w.Detail, p) {
				ok = false
			}
		}
		if ok {
			return
		}
	}
	t.Errorf("no %q warning contains %q; got: %v", summary, parts, ws)
}

// runpodfakePod is a running RTX 4090 pod named "shared" to seed.
func runpodfakePod(id string) runpodfake.Pod {
	return runpodfake.Pod{ID: id, Name: "shared", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090}, Ports: []string{"8888/http"}}
}

// flat is CLI output with the diagnostic box drawing removed and all
// whitespace collapsed, so that a phrase matches however Terraform wrapped
// it.
func flat(s string) string {
	s = strings.NewReplacer("│", " ", "╷", " ", "╵", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// tookSuffix is the elapsed time an action's progress message carries once a
// wait lasts half a second or more (" after 1s."); how long the fake takes
// depends on the machine, so says compares messages without it.
var tookSuffix = regexp.MustCompile(` after [0-9][0-9hms.]*s([.,])`)

// says fails t unless the run printed every phrase (whitespace-insensitive,
// elapsed times in action progress left out).
// It reads what the terraform (or tofu) binary printed, not what the
// provider returned: Terraform drops some provider diagnostics, so only its
// own output proves that the user saw a promise.
func says(t *testing.T, res acctest.Result, phrases ...string) {
	t.Helper()
	out := tookSuffix.ReplaceAllString(flat(res.Output()), "$1")
	for _, p := range phrases {
		if !strings.Contains(out, flat(p)) {
			t.Errorf("%v did not print %q:\n%s", res.Args, p, res.Output())
		}
	}
}

// listPodIDs lists the pods in the account through the API (reads that
// advance pod lifecycles, so only once nothing waits for them).
func listPodIDs(fake *runpodfake.Fake) ([]string, error) {
	client, err := runpod.New(runpod.Config{APIKey: runpodfake.DefaultAPIKey, BaseURL: fake.URL()})
	if err != nil {
		return nil, err
	}
	pods, err := client.ListPods(context.Background(), true)
	var ids []string
	for _, p := range pods {
		ids = append(ids, p.ID)
	}
	return ids, err
}
