package scenarios_test

import (
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// hang is a fault that holds the request until the client gives up: an API
// that accepts connections and never answers.
func hang(method, path string, count int) runpodfake.Fault {
	return runpodfake.Fault{Method: method, Path: path, Count: count, Latency: time.Hour}
}

// An API that accepts requests and never answers ends the run at the
// provider's request_timeout_seconds, with an error naming the request, on
// create, refresh and delete; the create is sent once.
func TestAccScenario_hungAPIEndsTheRun(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "hung_api_template", nil))
	cli.Init()

	env.Fake.InjectFault(hang("POST", "/v2/templates", 1))
	res := cli.MustFail(applyArgs...)
	res.Says(t, "POST /v2/templates", "request timeout of 1s", "request_timeout_seconds")
	if n := env.Fake.CountRequests("POST", "/v2/templates"); n != 1 {
		t.Errorf("%d POST /v2/templates, want 1: a create that got no answer is never sent again", n)
	}

	cli.MustRun(applyArgs...)
	id := cli.StateID("runpod_template.t")
	env.Fake.InjectFault(hang("GET", "/v2/templates/"+id, 2))
	cli.MustFail("plan", "-input=false").Says(t, "GET /v2/templates/"+id, "request timeout of 1s")

	env.Fake.InjectFault(hang("DELETE", "/v2/templates/"+id, 2))
	cli.MustFail("destroy", "-auto-approve", "-input=false").Says(t, "DELETE /v2/templates/"+id, "request timeout of 1s")
	cli.MustRun("destroy", "-auto-approve", "-input=false")
	if _, ok := env.Fake.Template(id); ok {
		t.Errorf("template %s still exists after destroy", id)
	}
}

// One transient 500 on a read does not fail a plan: reads are retried on
// 500 as on 502-504.
func TestAccScenario_transient500OnRead(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.Testdata(t, "hung_api_template", nil))
	cli.Init()
	cli.MustRun(applyArgs...)
	id := cli.StateID("runpod_template.t")
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/templates/" + id, Status: 500})
	cleanPlan(t, cli, "after one 500 on the template's read")
	if n := env.Fake.CountRequests("GET", "/v2/templates/"+id); n < 2 {
		t.Errorf("%d GET /v2/templates/%s, want the 500 and its retry", n, id)
	}
}
