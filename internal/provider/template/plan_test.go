package template_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A template whose env makes the request body larger than Runpod's 102400
// bytes is refused at plan time, naming env, and nothing is sent; a 413 at
// apply is explained the same way.
func TestAccTemplate_bodyOverLimit(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "template_with_big_env", nil))
	cli.Init()
	plan := cli.RunJSON("plan", "-input=false")
	errs := plan.Diagnostics("error")
	if plan.ExitCode == 0 || len(errs) != 1 || errs[0].Summary != "Request Body Too Large" {
		t.Fatalf("plan exited %d with errors %+v, want one Request Body Too Large", plan.ExitCode, errs)
	}
	plan.Contains(t, "Most of it comes from env", "102400")
	if n := env.Fake.CountRequests("POST", "/v2/templates"); n != 0 {
		t.Fatalf("%d creates sent after a plan-time refusal", n)
	}

	// A 413 at apply (the API counts a body the provider could not know at
	// plan time) is explained the same way.
	cli.SetConfig(`
resource "runpod_template" "t" {
  name  = "big"
  image = "busybox:1"
  env   = { SMALL = "1" }
}
`)
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/templates", Status: 413})
	apply := cli.RunJSON("apply", "-auto-approve", "-input=false")
	errs = apply.Diagnostics("error")
	if apply.ExitCode == 0 || len(errs) != 1 || errs[0].Summary != "Request Body Too Large" {
		t.Fatalf("apply exited %d with errors %+v, want one Request Body Too Large", apply.ExitCode, errs)
	}
	apply.Contains(t, "Most of it comes from env", "nothing was changed")
	if ids := env.Fake.TemplateIDsNamed("big"); len(ids) != 0 {
		t.Fatalf("templates created: %v", ids)
	}
}
