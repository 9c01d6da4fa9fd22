package scenarios_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// driftJob returns the terraform commands of the GitOps guide's scheduled
// drift job (the drift job of examples/guides/gitops/workflow.yml), each
// split into its arguments without the leading "terraform", init left out.
func driftJob(t *testing.T) [][]string {
	t.Helper()
	workflow := acctest.Example(t, "guides/gitops/workflow.yml")
	_, job, ok := strings.Cut(workflow, "\n  drift:\n")
	if !ok {
		t.Fatal("workflow.yml has no drift job")
	}
	var cmds [][]string
	for _, line := range strings.Split(job, "\n") {
		cmd, ok := strings.CutPrefix(strings.TrimSpace(line), "- run: terraform ")
		if !ok || strings.HasPrefix(cmd, "init ") {
			continue
		}
		cmds = append(cmds, strings.Fields(cmd))
	}
	if len(cmds) == 0 {
		t.Fatal("the drift job of workflow.yml runs no terraform command")
	}
	return cmds
}

// runDriftJob runs the drift job's commands in order, as the CI runner does:
// the first that exits non-zero ends the job with its exit code.
func runDriftJob(t *testing.T, cli *acctest.CLI, job [][]string) (int, acctest.Result) {
	t.Helper()
	var last acctest.Result
	for _, cmd := range job {
		last = cli.Run(cmd...)
		if last.ExitCode != 0 {
			return last.ExitCode, last
		}
	}
	return 0, last
}

// The GitOps guide's scheduled drift job flags every console change that
// costs money: a cluster scaled up in the console (which a plan leaves as
// it is, with a warning, so `plan -detailed-exitcode` alone exits 0) and a
// pod changed in the console both end the job with exit code 2; an account
// that matches its state ends it with 0.
func TestAccGuide_gitopsDriftJob(t *testing.T) {
	t.Parallel()
	cli, fake, _ := guideCLI(t)
	cli.SetConfig(acctest.Example(t, "guides/gitops/main.tf"))
	cli.WriteFile("cluster.tf", acctest.Example(t, "resources/runpod_cluster/resource.tf"))
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	job := driftJob(t)

	if code, res := runDriftJob(t, cli, job); code != 0 {
		t.Fatalf("the drift job exited %d with nothing changed, want 0:\n%s", code, res.Output())
	}

	// Scaled up in the console: one more 8-GPU pod bills.
	clusterID := cli.StateID("runpod_cluster.train")
	if !fake.ScaleCluster(clusterID, 3) {
		t.Fatal("the cluster is gone")
	}
	code, res := runDriftJob(t, cli, job)
	if code != 2 {
		t.Fatalf("the drift job exited %d after the cluster was scaled up in the console, want 2:\n%s", code, res.Output())
	}
	quoted(t, cli, "guides/gitops/drift-refresh-only.txt", res)
	// Accepted into state (the guide's "write it into main.tf" aside), the
	// job is quiet again.
	cli.MustRun("apply", "-refresh-only", "-auto-approve", "-input=false")
	if code, res := runDriftJob(t, cli, job); code != 0 {
		t.Fatalf("the drift job exited %d after the scale-up was accepted, want 0:\n%s", code, res.Output())
	}

	// A trainer pod changed in the console: another image.
	podID := cli.StateID("runpod_pod.trainer[0]")
	if !fake.UpdatePod(podID, func(p *runpodfake.Pod) { p.Image = "runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04" }) {
		t.Fatal("the pod is gone")
	}
	code, res = runDriftJob(t, cli, job)
	if code != 2 {
		t.Fatalf("the drift job exited %d after the pod was changed in the console, want 2:\n%s", code, res.Output())
	}
	res.Contains(t, "runpod_pod.trainer[0]")

	cli.MustRun("destroy", "-auto-approve", "-input=false")
}
