package scenarios_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A delegation of a private ECR repository and a pod whose image is in it,
// the image named from the delegation's attributes: both apply in one run,
// the pod runs the repository's image, a re-plan is clean, and a plan that
// revokes the delegation warns that the pod's image is in that repository.
// Destroy revokes the delegation and terminates the pod.
func TestAccScenario_ecrDelegationAndPod(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	const arn = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment"
	const image = "418399314813.dkr.ecr.us-east-2.amazonaws.com/runpod/deployment:v1"
	withDelegation := acctest.Testdata(t, "ecr_delegation_and_pod", map[string]any{"Delegated": true, "ARN": arn})
	cli.SetConfig(withDelegation)
	cli.Init()
	cli.MustRun(applyArgs...)

	deleg, ok := env.Fake.Delegation(cli.StateID("runpod_ecr_delegation.app"))
	if !ok || deleg.Resource != arn {
		t.Fatalf("delegation in the API = %+v (%v), want one of %s", deleg, ok, arn)
	}
	pod, ok := env.Fake.Pod(cli.StateID("runpod_pod.app"))
	if !ok || pod.Image != image {
		t.Fatalf("pod in the API = %+v (%v), want image %s", pod.Image, ok, image)
	}
	cleanPlan(t, cli, "after creating the delegation and the pod")

	// Dropping the delegation from the configuration (the pod keeps its
	// image, now written out) warns, naming the pod.
	cli.SetConfig(acctest.Testdata(t, "ecr_delegation_and_pod", map[string]any{"Delegated": false, "Image": image}))
	res := cli.MustRun("plan", "-input=false", "-no-color")
	res.Contains(t, "Pods Use The Delegated Repository", `pod "app"`, image, "1 to destroy")
	res.Lacks(t, "runpod_pod.app must be replaced")

	cli.SetConfig(withDelegation)
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if len(env.Fake.Delegations()) != 0 {
		t.Errorf("delegations left after destroy: %+v", env.Fake.Delegations())
	}
	if _, ok := env.Fake.Pod(pod.ID); ok {
		t.Errorf("pod %s left after destroy", pod.ID)
	}
}
