package pod_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A create whose reply is lost after Runpod created the pod, then the
// plain re-runs a pipeline makes: exactly one pod, tracked in state, and
// the create sent once.
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
			says(t, first, "Warning: Pod Adopted After a Lost Create Reply", "it is now in state")
			for i := 2; i <= 3; i++ {
				cli.Run("apply", "-auto-approve")
			}
			ids, err := listPodIDs(env.Fake)
			if err != nil || len(ids) != 1 {
				t.Fatalf("pods in the account after three applies: %v (%v), want exactly one", ids, err)
			}
			if got := cli.StateIDs("runpod_pod"); len(got) != 1 || got[0] != ids[0] {
				t.Errorf("state tracks %v, want [%s]", got, ids[0])
			}
			if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
				t.Errorf("%d POST /v2/pods, want exactly 1", n)
			}
			if res := cli.Run("plan", "-detailed-exitcode"); res.ExitCode != 0 {
				t.Errorf("the plan after the re-runs is not clean (exit %d):\n%s", res.ExitCode, res.Output())
			}
		})
	}
}

// A lookalike that existed before the create was sent (here one made in
// the console, created with allow_duplicate) is never taken for the lost
// reply's pod: the create's baseline tells them apart, so the one that
// appeared is adopted. Another workspace's apply of the same pod is then
// refused at plan while the lookalikes are recent, naming them with the
// import block; allow_duplicate opts out.
func TestAccPod_recentTwinRefused(t *testing.T) {
	env := newEnv(t)
	twin := env.Fake.SeedPod(runpodfake.Pod{Name: "twin", Image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04",
		GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 1}})
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/pods", Count: 1, Status: 503, AfterHandler: true})
	cli := env.CLI(t)
	cli.SetConfig(gpuPod(t, "twin", "allow_duplicate = true"))
	cli.Init()
	first := cli.Run("apply", "-auto-approve")
	if first.ExitCode != 0 {
		t.Fatalf("the first apply did not adopt the one pod that appeared:\n%s", first.Output())
	}
	says(t, first, "Warning: Pod Adopted After a Lost Create Reply")
	adopted := cli.StateID(addr)
	if adopted == "" || adopted == twin.ID {
		t.Fatalf("state tracks %q, want the pod the lost create made, not the console's %s", adopted, twin.ID)
	}

	other := env.CLI(t)
	other.SetConfig(gpuPod(t, "twin"))
	other.Init()
	for i := 1; i <= 2; i++ {
		res := other.Run("apply", "-auto-approve")
		if res.ExitCode == 0 {
			t.Fatalf("apply %d created a pod next to recent lookalikes:\n%s", i, res.Output())
		}
		says(t, res, "Error: Recent Identical Pod Exists", twin.ID, adopted, "import {", "to = runpod_pod.NAME",
			"allow_duplicate = true", "Nothing was created.")
	}
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want exactly 1", n)
	}
	if ids, err := listPodIDs(env.Fake); err != nil || len(ids) != 2 {
		t.Errorf("pods in the account: %v (%v), want the seeded one and the lost reply's", ids, err)
	}
}
