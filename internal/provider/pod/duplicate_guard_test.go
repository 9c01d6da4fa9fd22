package pod_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A create whose reply is lost after Runpod created the pod, then the
// plain re-runs a pipeline makes: the pod that appeared is named, not
// adopted (another writer may have made it in the same window), the
// re-runs refuse to create a second one beside it, and the import block
// the error gives converges: exactly one pod, tracked, the create sent once.
func TestAccPod_lostCreateReplyThreeApplies(t *testing.T) {
	for name, fault := range map[string]runpodfake.Fault{
		"dropped": {Method: "POST", Path: "/v2/pods", Count: 1, Drop: true, AfterHandler: true},
		"502":     {Method: "POST", Path: "/v2/pods", Count: 1, Status: 502, AfterHandler: true},
		"504":     {Method: "POST", Path: "/v2/pods", Count: 1, Status: 504, AfterHandler: true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := newEnv(t)
			env.Fake.InjectFault(fault)
			cli := env.CLI(t)
			cli.SetConfig(gpuPod(t, "lost-"+name))
			cli.Init()
			first := cli.Run("apply", "-auto-approve")
			ids, err := listPodIDs(env.Fake)
			if err != nil || len(ids) != 1 {
				t.Fatalf("pods in the account after the lost reply: %v (%v), want exactly one", ids, err)
			}
			if first.ExitCode == 0 {
				t.Fatalf("the apply took into state a pod that another writer may have created:\n%s", first.Output())
			}
			says(t, first, "Error: Pod May Have Been Created", "Pod "+ids[0]+" may be the one this apply created",
				"another writer", `id = "`+ids[0]+`"`)
			for i := 2; i <= 3; i++ {
				res := cli.Run("apply", "-auto-approve")
				if res.ExitCode == 0 {
					t.Fatalf("apply %d created a pod beside the lost reply's:\n%s", i, res.Output())
				}
				says(t, res, "Error: Recent Identical Pod Exists", ids[0])
			}
			if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
				t.Errorf("%d POST /v2/pods, want exactly 1", n)
			}
			cli.SetConfig(gpuPod(t, "lost-"+name) + "\nimport {\n  to = runpod_pod.p\n  id = \"" + ids[0] + "\"\n}\n")
			cli.MustRun("apply", "-auto-approve")
			if got := cli.StateIDs("runpod_pod"); len(got) != 1 || got[0] != ids[0] {
				t.Errorf("state tracks %v, want [%s]", got, ids[0])
			}
			if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
				t.Errorf("the plan after the import is not clean (exit %d):\n%s", res.ExitCode, res.Output())
			}
		})
	}
}

// When the provider cannot tell which pod a lost reply created (two
// look alike), it adopts none, and the re-runs refuse to create a third
// while the lookalikes are recent, naming them with the import block;
// allow_duplicate opts out.
func TestAccPod_recentTwinRefused(t *testing.T) {
	env := newEnv(t)
	twin := env.Fake.SeedPod(runpodfake.Pod{Name: "twin", Image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04",
		GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 1}})
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/pods", Count: 1, Status: 503, AfterHandler: true})
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "twin", "allow_duplicate = true"))
	cli.Init()
	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode == 0 {
		t.Fatalf("the first apply adopted one of two lookalikes:\n%s", first.Output())
	}
	says(t, first, "Error: Pod May Have Been Created", "may be the one this apply created", twin.ID)

	cli.SetConfig(gpuPod(t, "twin"))
	for i := 2; i <= 3; i++ {
		res := cli.Run("apply", "-auto-approve")
		if res.ExitCode == 0 {
			t.Fatalf("apply %d created a pod next to recent lookalikes:\n%s", i, res.Output())
		}
		says(t, res, "Error: Recent Identical Pod Exists", twin.ID, "import {", "to = runpod_pod.NAME",
			"allow_duplicate = true", "Nothing was created.")
	}
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want exactly 1", n)
	}
	if ids, err := listPodIDs(env.Fake); err != nil || len(ids) != 2 {
		t.Errorf("pods in the account: %v (%v), want the seeded one and the lost reply's", ids, err)
	}
}
