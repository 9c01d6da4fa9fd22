package endpoint_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A 5xx or a dropped connection on the create never produces a second
// endpoint: the create is sent once, the one that appeared is named and not
// adopted (another writer may have made it), a pipeline that re-runs apply
// is refused and creates nothing more, and the import block the error
// gives converges.
func TestAccEndpoint_lostCreateReplyNeverMakesTwo(t *testing.T) {
	for _, fault := range []runpodfake.Fault{
		{Method: "POST", Path: "/v2/serverless", Status: 502, AfterHandler: true},
		{Method: "POST", Path: "/v2/serverless", Drop: true, AfterHandler: true},
	} {
		env := newEnv(t)
		cli := env.CLI(t)
		cli.SetConfig(endpointConfig(t, "lost"))
		cli.Init()
		env.Fake.InjectFault(fault)
		res := cli.RunJSON("apply", "-auto-approve", "-input=false")
		if res.ExitCode == 0 {
			t.Fatalf("apply after a lost create reply (%+v) adopted what another writer may have made:\n%s", fault, res.Output())
		}
		errs := res.Diagnostics("error")
		if len(errs) != 1 || errs[0].Summary != "Endpoint May Have Been Created" ||
			!strings.Contains(errs[0].Detail, "may be the one this apply created") || !strings.Contains(errs[0].Detail, "another writer") {
			t.Fatalf("want the error naming the endpoint that appeared, got %+v", errs)
		}
		m := regexp.MustCompile(`id = "([^"]+)"`).FindStringSubmatch(errs[0].Detail)
		if m == nil {
			t.Fatalf("the error gives no import block:\n%s", errs[0].Detail)
		}
		if rerun := cli.Run("apply", "-auto-approve", "-input=false"); rerun.ExitCode == 0 {
			t.Fatalf("the re-run created another endpoint:\n%s", rerun.Output())
		}
		if n := env.Fake.CountRequests("POST", "/v2/serverless"); n != 1 {
			t.Errorf("%d creates sent, want 1", n)
		}
		if n := env.Fake.EndpointCount(); n != 1 {
			t.Errorf("%d endpoints exist, want 1", n)
		}
		cli.SetConfig(endpointConfig(t, "lost") + "\nimport {\n  to = runpod_endpoint.e\n  id = \"" + m[1] + "\"\n}\n")
		cli.MustRun("apply", "-auto-approve", "-input=false")
		cli.ExpectNoChanges()
	}
}

// A create whose reply is lost and whose lookup fails too is kept pending;
// the re-run names the endpoint the first apply made (never adopting it:
// another writer may have made it) and creates no second one.
func TestAccEndpoint_lostCreateAndLookupKeptPending(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.FastRetries + endpointConfig(t, "lost-twice"))
	cli.Init()
	// The create is processed but answered 502; the lookup that follows
	// gets 502s until the retries run out.
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/serverless", Status: 502, AfterHandler: true,
		Then: []runpodfake.Fault{{Method: "GET", Path: "/v2/serverless", Status: 502, Count: 2}}})
	res := cli.Run("apply", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("apply succeeded although the endpoint could not be found:\n%s", res.Output())
	}
	res.Says(t, "Error: Endpoint Create Recorded As Pending", "Runpod console")
	res = cli.Run("apply", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("the re-run adopted or created past the endpoint the pending create may have made:\n%s", res.Output())
	}
	res.Says(t, "Error: Endpoint May Have Been Created", "terraform state rm runpod_endpoint.NAME", "import {")
	res.Lacks(t, "Identical Endpoint")
	if n := env.Fake.EndpointCount(); n != 1 {
		t.Errorf("%d endpoints exist, want one", n)
	}
	if n := env.Fake.CountRequests("POST", "/v2/serverless"); n != 1 {
		t.Errorf("%d creates sent, want 1", n)
	}
}

// A read outage right after a successful create keeps the endpoint in
// state, untainted, with a warning; the next plan is empty.
func TestAccEndpoint_readOutageAfterCreateKeepsIt(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cli.SetConfig(acctest.FastRetries + endpointConfig(t, "outage"))
	cli.Init()
	env.Fake.InjectFault(runpodfake.Fault{Method: "GET", Path: "/v2/serverless/*", Count: 2, Status: 502})
	res := cli.RunJSON("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed after a read outage that followed a successful create:\n%s", res.Output())
	}
	if w := res.Warnings("Endpoint Created But Not Read Back"); len(w) != 1 {
		t.Errorf("want the not-read-back warning, got %+v", res.Diagnostics("warning"))
	}
	cli.AssertUntainted(addr)
	cli.ExpectNoChanges()
}

// Workers that keep failing their health checks, or wait for capacity past
// the timeout, end the wait with a warning; the endpoint stays in state,
// untainted, and the next plan does not replace it.
func TestAccEndpoint_waitEndsShortWithWarning(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetEndpointWorkerStartDelay(1_000_000)
	cli := env.CLI(t)
	cli.SetConfig(endpointConfig(t, "sick", "workers_min = 2", "wait_for_ready_workers = 2", "timeouts {\n    create = \"2s\"\n    update = \"2s\"\n  }"))
	cli.Init()
	res := cli.RunJSON("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed instead of warning:\n%s", res.Output())
	}
	ws := res.Warnings("Endpoint Workers Not Ready")
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, "ran out after 2s") || !strings.Contains(ws[0].Detail, "2 initializing") {
		t.Fatalf("want a timeout warning with the worker counts, got %+v", res.Diagnostics("warning"))
	}
	cli.AssertUntainted(addr)
	id := cli.StateID(addr)

	env.Fake.SetEndpointWorkersStatus(id, runpodfake.WorkerUnhealthy)
	cli.SetConfig(endpointConfig(t, "sick", "workers_min = 2", "workers_max = 4", "wait_for_ready_workers = 2",
		"timeouts {\n    update = \"10m\"\n  }"))
	res = cli.RunJSON("apply", "-auto-approve", "-input=false")
	if res.ExitCode != 0 {
		t.Fatalf("apply failed instead of warning:\n%s", res.Output())
	}
	ws = res.Warnings("Endpoint Workers Not Ready")
	if len(ws) != 1 || !strings.Contains(ws[0].Detail, "failed its health checks") {
		t.Fatalf("want an unhealthy warning, got %+v", res.Diagnostics("warning"))
	}
	cli.AssertUntainted(addr)
	if got := cli.StateID(addr); got != id {
		t.Errorf("the endpoint was replaced: %s, was %s", got, id)
	}
}
