package endpoint_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A 5xx or a dropped connection on the create never produces a second
// endpoint: the create is sent once, the one that appeared is adopted, and
// a pipeline that re-runs apply creates nothing more.
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
		if res.ExitCode != 0 {
			t.Fatalf("apply after a lost create reply (%+v) failed:\n%s", fault, res.Output())
		}
		if w := res.Warnings("Endpoint Adopted After a Lost Create Reply"); len(w) != 1 {
			t.Errorf("want the adoption warning, got %+v", res.Diagnostics("warning"))
		}
		cli.MustRun("apply", "-auto-approve", "-input=false")
		if n := env.Fake.CountRequests("POST", "/v2/serverless"); n != 1 {
			t.Errorf("%d creates sent, want 1", n)
		}
		if n := env.Fake.EndpointCount(); n != 1 {
			t.Errorf("%d endpoints exist, want 1", n)
		}
		cli.ExpectNoChanges()
	}
}

// A create whose reply is lost and whose lookup fails too is kept pending;
// the re-run, even within the twin window, settles it: the endpoint the
// first apply made is taken into state, not refused as its own twin, and
// no second one is made.
func TestAccEndpoint_lostCreateAndLookupSettlesNextRun(t *testing.T) {
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
	if res.ExitCode != 0 {
		t.Fatalf("the re-run did not settle the pending create:\n%s", res.Output())
	}
	res.Says(t, "Warning: Endpoint Found After Lost Create Reply")
	res.Lacks(t, "Identical Endpoint")
	if n := env.Fake.EndpointCount(); n != 1 {
		t.Errorf("%d endpoints exist, want one", n)
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
