package secret_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// A secret value that would make the request body larger than Runpod's
// 102400 bytes (well under the 16 MiB value limit) is refused at plan time,
// naming the attribute and never printing the value; nothing is sent.
func TestAccSecret_bodyOverLimit(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	canary := "canary-" + strings.Repeat("s3cr3t", 20000)
	cli.SetConfig(`
resource "runpod_secret" "s" {
  name  = "big"
  value = "` + canary + `"
}
`)
	cli.Init()
	plan := cli.RunJSON("plan", "-input=false")
	errs := plan.Diagnostics("error")
	if plan.ExitCode == 0 || len(errs) != 1 || errs[0].Summary != "Request Body Too Large" {
		t.Fatalf("plan exited %d with errors %+v, want one Request Body Too Large", plan.ExitCode, errs)
	}
	plan.Contains(t, "Most of it comes from value", "102400")
	for _, d := range errs {
		if strings.Contains(d.Detail, "s3cr3t") {
			t.Fatal("the error detail prints the secret value")
		}
	}
	if strings.Contains(plan.Output(), "s3cr3t") {
		t.Fatal("the plan output prints the secret value")
	}
	human := cli.Run("plan", "-input=false")
	human.Contains(t, "Request Body Too Large")
	human.Lacks(t, "s3cr3t")
	if n := env.Fake.CountRequests("POST", "/v2/account/secrets"); n != 0 {
		t.Fatalf("%d creates sent after a plan-time refusal", n)
	}
}
