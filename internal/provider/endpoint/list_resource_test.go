package endpoint_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

func TestAccEndpoint_listResource(t *testing.T) {
	env := acctest.New(t)
	s := seedEndpoints(t, env.Fake)

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.ListBlock("runpod_endpoint", "llm", false, `name_prefix = "llm-"`) +
				acctest.ListBlock("runpod_endpoint", "balancers", false, `type = "LOAD_BALANCER"`) +
				acctest.ListBlock("runpod_endpoint", "dup", false, `name = "dup"`) +
				acctest.ListBlock("runpod_endpoint", "inference", true, `name = "llm-inference"`),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("runpod_endpoint.llm", 2),
				querycheck.ExpectIdentity("runpod_endpoint.llm", acctest.HasID(s.inference.ID)),
				querycheck.ExpectIdentity("runpod_endpoint.llm", acctest.HasID(s.resize.ID)),
				querycheck.ExpectLength("runpod_endpoint.balancers", 1),
				querycheck.ExpectIdentity("runpod_endpoint.balancers", acctest.HasID(s.resize.ID)),
				querycheck.ExpectLength("runpod_endpoint.dup", 2),
				querycheck.ExpectIdentity("runpod_endpoint.dup", acctest.HasID(s.dupA.ID)),
				querycheck.ExpectIdentity("runpod_endpoint.dup", acctest.HasID(s.dupB.ID)),

				querycheck.ExpectResourceDisplayName("runpod_endpoint.llm", acctest.ByID(s.inference.ID),
					knownvalue.StringExact("llm-inference ("+s.inference.ID+", QUEUE, 2x AMPERE_48/ADA_24)")),
				querycheck.ExpectResourceDisplayName("runpod_endpoint.llm", acctest.ByID(s.resize.ID),
					knownvalue.StringExact("llm-resize ("+s.resize.ID+", LOAD_BALANCER, 4 vCPU cpu5c/cpu3c)")),

				// include_resource: the endpoint as an import reads it.
				querycheck.ExpectLength("runpod_endpoint.inference", 1),
				querycheck.ExpectResourceKnownValues("runpod_endpoint.inference", acctest.ByID(s.inference.ID), []querycheck.KnownValueCheck{
					{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact("llm-inference")},
					{Path: tfjsonpath.New("type"), KnownValue: knownvalue.StringExact("QUEUE")},
					{Path: tfjsonpath.New("image"), KnownValue: knownvalue.StringExact("runpod/worker-v1-vllm:v2.4.0")},
					{Path: tfjsonpath.New("gpu_pools"), KnownValue: knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("AMPERE_48"), knownvalue.StringExact("ADA_24"),
					})},
					{Path: tfjsonpath.New("gpu_count"), KnownValue: knownvalue.Int64Exact(2)},
					{Path: tfjsonpath.New("workers_min"), KnownValue: knownvalue.Int64Exact(1)},
					{Path: tfjsonpath.New("workers_max"), KnownValue: knownvalue.Int64Exact(4)},
					{Path: tfjsonpath.New("flashboot"), KnownValue: knownvalue.StringExact("FLASHBOOT")},
					{Path: tfjsonpath.New("env"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{
						"MODEL_NAME": knownvalue.StringExact("meta-llama/Llama-3.1-8B"),
						"HF_TOKEN":   knownvalue.StringExact("{{ RUNPOD_SECRET_hf_token }}"),
					})},
					// Only a configuration knows these.
					{Path: tfjsonpath.New("template_id"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("wait_for_ready_workers"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("data_center_ids"), KnownValue: knownvalue.Null()},
				}),
			},
		},
		{
			Config:      acctest.ListBlock("runpod_endpoint", "typo", false, `type = "SERVERLESS"`),
			ExpectError: regexp.MustCompile(`(?s)type.*value must be one of:.*"QUEUE".*"LOAD_BALANCER"`),
		},
	})
}

// Endpoints made in the console are adopted with terraform query: the
// generated configuration plans to the imports alone, changes nothing at
// Runpod when applied, and plans clean afterwards.
func TestAccEndpoint_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	s := seedEndpoints(t, env.Fake)
	cli := env.QueryCLI(t)

	_, generated := cli.GenerateConfig(`
list "runpod_endpoint" "llm" {
  provider = runpod
  config {
    name_prefix = "llm-"
  }
}
`)
	acctest.ExpectGenerated(t, generated, "endpoint", []string{s.inference.ID, s.resize.ID}, []string{s.other.ID, s.dupA.ID})
	env.Fake.ResetRequests()
	cli.PlanGenerated(2, "import")
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if err := acctest.OnlyReads(env.Fake); err != nil {
		t.Errorf("adopting the endpoints %v", err)
	}
	cli.ExpectNoChanges()
}
