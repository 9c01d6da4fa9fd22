package pod_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// Destroying a locked pod works whichever way Runpod treats terminate on a
// locked pod: accepted (as the fake does by default), or refused with 409,
// when the provider unlocks it, terminates it and says so.
func TestAccPod_destroyLocked(t *testing.T) {
	for name, refuse := range map[string]bool{"accepted": false, "refused": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := newEnv(t)
			cli := env.CLI(t)
			cli.SetConfig(gpuPod(t, "locked-"+name, "locked = true"))
			cli.Init()
			cli.MustRun("apply", "-auto-approve")
			ids := cli.StateIDs("runpod_pod")
			if len(ids) != 1 {
				t.Fatalf("state tracks %v", ids)
			}
			if p, ok := env.Fake.Pod(ids[0]); !ok || !p.Locked {
				t.Fatalf("pod %s is not locked in the API", ids[0])
			}
			env.Fake.ResetRequests()
			if refuse {
				env.Fake.InjectFault(runpodfake.Fault{Method: "DELETE", Path: "/v2/pods/*", Count: 1, Status: 409})
			}
			res := cli.Run("destroy", "-auto-approve")
			if res.ExitCode != 0 {
				t.Fatalf("destroy failed:\n%s", res.Output())
			}
			if _, ok := env.Fake.Pod(ids[0]); ok {
				t.Errorf("pod %s still exists after destroy", ids[0])
			}
			patches, err := requestBodies(env.Fake, "PATCH", "/v2/pods/"+ids[0])
			if refuse {
				says(t, res, "Warning: Locked Pod Unlocked to Terminate It", ids[0])
				if err != nil || len(patches) != 1 || len(patches[0]) != 1 || patches[0]["locked"] != false {
					t.Errorf("PATCH bodies %v (%v), want one unlock", patches, err)
				}
				if n := env.Fake.CountRequests("DELETE", "/v2/pods/"+ids[0]); n != 2 {
					t.Errorf("%d DELETE, want 2 (refused, then after the unlock)", n)
				}
			} else {
				res.Lacks(t, "Unlocked")
				if len(patches) != 0 {
					t.Errorf("the pod was unlocked although Runpod accepted the termination: %v", patches)
				}
			}
		})
	}
}
