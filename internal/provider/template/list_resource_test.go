package template_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// seedTemplates stores templates as the console would make them: two of a
// team's pod templates, a serverless one and one of another team's.
func seedTemplates(fake *runpodfake.Fake) (web, worker, infer, other runpodfake.Template) {
	mk := func(name string, serverless bool, env map[string]string) runpodfake.Template {
		t := runpodfake.DefaultTemplate(name, "runpod/base:0.6.2")
		t.Serverless, t.Env = serverless, env
		t.Ports = []string{"8888/http"}
		return fake.SeedTemplate(t)
	}
	return mk("team-web", false, map[string]string{"MODE": "prod"}),
		mk("team-worker", false, nil),
		mk("team-infer", true, map[string]string{"MODEL": "llama"}),
		mk("other", false, nil)
}

func TestAccTemplate_listResource(t *testing.T) {
	env := acctest.New(t)
	web, worker, infer, _ := seedTemplates(env.Fake)
	// The template Runpod made for endpoint team-llm: left out unless asked for.
	boundTmpl := runpodfake.DefaultTemplate("team-llm__template__k3v9qz", "runpod/base:0.6.2")
	boundTmpl.Serverless = true
	bound := env.Fake.SeedTemplate(boundTmpl)

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.Testdata(t, "team_template_lists", nil),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("runpod_template.team", 3),
				querycheck.ExpectLength("runpod_template.pods", 2),
				querycheck.ExpectLength("runpod_template.with_bound", 4),
				querycheck.ExpectIdentity("runpod_template.with_bound", acctest.HasID(bound.ID)),
				querycheck.ExpectIdentity("runpod_template.pods", acctest.HasID(web.ID)),
				querycheck.ExpectIdentity("runpod_template.pods", acctest.HasID(worker.ID)),
				querycheck.ExpectLength("runpod_template.exact", 1),
				querycheck.ExpectResourceDisplayName("runpod_template.exact",
					queryfilter.ByResourceIdentity(acctest.HasID(infer.ID)),
					knownvalue.StringExact("team-infer ("+infer.ID+")")),
				querycheck.ExpectResourceKnownValues("runpod_template.exact",
					queryfilter.ByResourceIdentity(acctest.HasID(infer.ID)),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("image"), KnownValue: knownvalue.StringExact("runpod/base:0.6.2")},
						{Path: tfjsonpath.New("serverless"), KnownValue: knownvalue.Bool(true)},
						{Path: tfjsonpath.New("env").AtMapKey("MODEL"), KnownValue: knownvalue.StringExact("llama")},
					}),
			},
		},
	})
}

// Templates made in the console are adopted with terraform query: the
// generated configuration plans to imports and nothing else.
func TestAccTemplate_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	web, worker, infer, other := seedTemplates(env.Fake)
	cli := env.QueryCLI(t)

	_, generated := cli.GenerateConfig(`
list "runpod_template" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}
`)
	acctest.ExpectGenerated(t, generated, "template", []string{web.ID, worker.ID, infer.ID}, []string{other.ID})
	if !regexp.MustCompile(`(?s)import \{.*identity`).MatchString(generated) {
		t.Errorf("generated import blocks do not use identity:\n%s", generated)
	}

	cli.PlanGenerated(3, "import")
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
}
