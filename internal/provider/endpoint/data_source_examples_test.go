package endpoint_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// The data-source examples work as written.
func TestAccEndpointDataSourceExamples(t *testing.T) {
	env := newEnv(t)
	// The endpoint the examples read: the resource example's, with one
	// active worker that the apply waits for.
	base := acctest.Testdata(t, "endpoint_llm_inference_example", nil)
	withData := base + acctest.Example(t,
		"data-sources/runpod_endpoint/data-source.tf",
		"data-sources/runpod_endpoints/data-source.tf",
		"data-sources/runpod_endpoint_workers/data-source.tf",
		"data-sources/runpod_endpoint_releases/data-source.tf",
		"data-sources/runpod_endpoint_worker_logs/data-source.tf")
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            base,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr("runpod_endpoint.inference", "id", &id)},
			},
			{
				Config: withData,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("inference_run_url", knownvalue.StringFunc(func(v string) error {
						return expect("run URL", v, "https://api.runpod.ai/v2/"+id+"/run")
					})),
					statecheck.ExpectKnownOutputValue("active_workers", knownvalue.MapExact(map[string]knownvalue.Check{
						"llm-inference": knownvalue.Int64Exact(1),
					})),
					// The resource waited for its active worker.
					statecheck.ExpectKnownOutputValue("ready_workers", knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownOutputValue("workers_by_status", knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"idle": knownvalue.Int64Exact(1), "total": knownvalue.Int64Exact(1),
					})),
					// One release so far, the endpoint's creation.
					statecheck.ExpectKnownOutputValue("current_release", knownvalue.ObjectExact(map[string]knownvalue.Check{
						"version": knownvalue.Int64Exact(1),
						"changed": knownvalue.ListPartial(map[int]knownvalue.Check{0: knownvalue.StringExact("template.imageName")}),
					})),
					// The active worker's container log, by worker id.
					statecheck.ExpectKnownOutputValue("worker_logs", knownvalue.MapSizeExact(1)),
					statecheck.ExpectKnownOutputValue("worker_logs", everyValue{knownvalue.StringExact("Worker ready.")}),
				},
			},
		},
	})
}

// The list-resource example finds the queue endpoints named llm-*.
func TestAccEndpointListResourceExample(t *testing.T) {
	env := acctest.New(t)
	s := seedEndpoints(t, env.Fake)
	cli := env.QueryCLI(t)
	printed := cli.Query(acctest.Example(t, "list-resources/runpod_endpoint/list-resource.tfquery.hcl"))
	printed.Contains(t, "llm-inference ("+s.inference.ID+", QUEUE, 2x AMPERE_48/ADA_24)")
	// A load-balancing endpoint and other names are left out.
	printed.Lacks(t, s.resize.ID, s.other.ID, s.dupA.ID, s.dupB.ID)
}

// everyValue checks every value of a map with one check, for maps keyed by
// ids the test does not know.
type everyValue struct{ check knownvalue.Check }

func (c everyValue) CheckValue(v any) error {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("expected a map, got %T", v)
	}
	for k, e := range m {
		if err := c.check.CheckValue(e); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	return nil
}

func (c everyValue) String() string { return "every value " + c.check.String() }
