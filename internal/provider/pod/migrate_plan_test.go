package pod_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A pod moved from runpod/runpod (the migration guide: its state entry,
// kept at schema version 0 under this provider, holds only the id this
// provider takes) plans an in-place update that only records the settings
// Runpod never returns. Nothing in it changes the pod, so the human plan
// shows every attribute known: "(known after apply)" would read as a
// restart to a reviewer.
func TestAccPod_movedFromRunpodRecordOnlyPlanIsKnown(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	seeded := env.Fake.SeedPod(runpodfake.Pod{
		Name:  "dev",
		Image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04",
		GPU:   &runpodfake.PodGPU{ID: rtx4090, Count: 1},
		Ports: []string{"8888/http", "22/tcp"},
		Disk:  50,
	})
	cli := env.CLI(t)
	host := "registry.terraform.io"
	if cli.IsOpenTofu() {
		host = "registry.opentofu.org"
	}
	// runpod/runpod 1.0.8's entry for the pod, after the guide's state
	// replace-provider (the test serves this provider as hashicorp/runpod).
	old, err := os.ReadFile(filepath.Join("testdata", "pod_moved_from_runpod_state.json"))
	if err != nil {
		t.Fatal(err)
	}
	cli.WriteFile("terraform.tfstate", strings.NewReplacer("<host>", host, "<pod id>", seeded.ID).Replace(string(old)))
	cli.SetConfig(acctest.Testdata(t, "pod_moved_from_runpod", nil))
	cli.Init()

	plan := cli.MustRun("plan")
	plan.Contains(t, "~ resource \"runpod_pod\" \"dev\"", "Plan: 0 to add, 1 to change, 0 to destroy.")
	if n := plan.Count("(known after apply)"); n != 0 {
		var lines []string
		for _, l := range strings.Split(plan.Stdout, "\n") {
			if strings.Contains(l, "(known after apply)") {
				lines = append(lines, strings.TrimSpace(l))
			}
		}
		t.Errorf("the record-only update shows %d attributes as (known after apply): %s", n, strings.Join(lines, "; "))
	}
	env.Fake.ResetRequests()
	cli.MustRun("apply", "-auto-approve")
	for _, r := range env.Fake.Requests() {
		if r.Method != "GET" {
			t.Errorf("the record-only apply sent %s %s", r.Method, r.Path)
		}
	}
	if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
		t.Fatalf("plan after the apply: exit %d, want 0:\n%s", res.ExitCode, res.Output())
	}
	cli.MustRun("destroy", "-auto-approve")
}
