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

func TestAccTemplate_lostReplyAndFailedLookupIsResolvedNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostReplyAndFailedLookupIsResolvedNextRun(t, templateKind, "double-fault")
}

func TestAccTemplate_ambiguousCreateIsNotRepeated(t *testing.T) {
	t.Parallel()
	acctest.AmbiguousCreateIsNotRepeated(t, templateKind, "flaky-network")
}

func TestAccTemplate_lostBeforeActingAndFailedLookupIsCreatedNextRun(t *testing.T) {
	t.Parallel()
	acctest.LostBeforeActingAndFailedLookupIsCreatedNextRun(t, templateKind, "never-made")
}
