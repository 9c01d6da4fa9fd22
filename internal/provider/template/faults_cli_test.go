package template_test

import (
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/template"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// templateKind is runpod_template for the fault tests shared with the other
// uniquely named kinds.
var templateKind = acctest.NamedKind{
	Facts:          template.Kind.Facts(),
	Address:        addr,
	CollectionPath: "/v2/templates",
	Config: acctest.OutageOr(`
resource "runpod_template" "t" {
  name  = "outage"
  image = "runpod/base:0.6.2"
  env   = { A = "1" }
}`, func(name string) string {
		return `
resource "runpod_template" "t" {
  name  = "` + name + `"
  image = "runpod/base:0.6.2"
}`
	}),
	IDsNamed: (*runpodfake.Fake).TemplateIDsNamed,
}

func TestAccTemplate_readOutageAfterCreateKeepsIt(t *testing.T) {
	t.Parallel()
	acctest.ReadOutageAfterCreateKeepsIt(t, templateKind)
}

func TestAccTemplate_lostReplyAndFailedLookupIsSettledNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostReplyAndFailedLookupIsSettledNextRun(t, templateKind, "double-fault")
}

func TestAccTemplate_lostCreateReplyIsNotAdopted(t *testing.T) {
	t.Parallel()
	acctest.LostCreateReplyIsNotAdopted(t, templateKind, "flaky-network")
}

func TestAccTemplate_lostCreateRequestSaysNotCreated(t *testing.T) {
	t.Parallel()
	acctest.LostCreateRequestSaysNotCreated(t, templateKind, "lostrequest")
}

// A failed update says what is unknown after it: whether the change was
// applied (the template exists), and a 502 is a server error, not a
// refusal. Both ways it may have gone, the next plan shows the truth: the
// change again when it was not applied, nothing when it was.
func TestAccTemplate_failedUpdateSaysWhatIsUnknown(t *testing.T) {
	t.Parallel()
	for name, applied := range map[string]bool{"not applied": false, "applied": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			cli := env.CLI(t)
			config := func(image string) string {
				return "resource \"runpod_template\" \"t\" {\n  name  = \"patched\"\n  image = \"" + image + "\"\n}\n"
			}
			cli.SetConfig(config("runpod/base:0.6.2"))
			cli.Init()
			cli.MustRun("apply", "-auto-approve")

			env.Fake.InjectFault(runpodfake.Fault{Method: "PATCH", Path: "/v2/templates/*", Status: 502, AfterHandler: applied})
			cli.SetConfig(config("runpod/base:0.6.3"))
			res := cli.Run("apply", "-auto-approve")
			if res.ExitCode == 0 {
				t.Fatalf("apply succeeded although the update got a 502:\n%s", res.Output())
			}
			res.Says(t, "Error: Template Not Updated", "The Runpod API failed with a server error while updating template",
				"Status: 502", "the update may or may not have been applied; the next plan shows what differs",
				"The provider did not send it again.")
			res.Lacks(t, "refused", "may exist in the account")

			plan := cli.Run("plan", "-detailed-exitcode")
			if want := map[bool]int{false: 2, true: 0}[applied]; plan.ExitCode != want {
				t.Fatalf("the plan after the failed update exits %d, want %d:\n%s", plan.ExitCode, want, plan.Output())
			}
		})
	}
}

func TestAccTemplate_lostBeforeActingAndFailedLookupIsCreatedNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostBeforeActingAndFailedLookupIsCreatedNextRun(t, templateKind, "never-made")
}
