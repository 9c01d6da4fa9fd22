package endpoint_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

type newVolume struct{ Name, DC string }

// Network volumes created in the same apply as the endpoint have ids known
// only after apply; network_volume_data_center_ids states their data
// centers, so the plan refuses two volumes in one data center, or one
// outside data_center_ids, before anything is created, and apply refuses a
// statement the volumes contradict before it sends anything.
func TestAccEndpoint_newVolumesCheckedAtPlan(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cfg := func(declared, extra string, vols ...newVolume) string {
		return acctest.Testdata(t, "endpoint_with_new_volumes", map[string]any{"Volumes": vols, "Declared": declared, "Extra": extra})
	}
	ro1, ro2 := newVolume{"ro1", "EU-RO-1"}, newVolume{"ro2", "EU-RO-1"}
	cli.Init()
	for _, c := range []struct {
		name, config, summary, detail string
	}{
		{"two in one data center", cfg(`[runpod_network_volume.ro1.data_center_id, runpod_network_volume.ro2.data_center_id]`, "", ro1, ro2),
			"Two Network Volumes In One Data Center", "are both in EU-RO-1"},
		{"outside data_center_ids", cfg(`[runpod_network_volume.ro1.data_center_id]`, `data_center_ids = ["US-TX-3"]`, ro1),
			"Network Volume Outside The Endpoint's Data Centers", "is in EU-RO-1, which is not in data_center_ids (US-TX-3)"},
	} {
		cli.SetConfig(c.config)
		res := cli.RunJSON("plan", "-input=false")
		errs := res.Diagnostics("error")
		if res.ExitCode == 0 || len(errs) != 1 || errs[0].Summary != c.summary || errs[0].Address != addr ||
			errs[0].Snippet == nil || !strings.Contains(errs[0].Snippet.Code, "network_volume_ids") ||
			!strings.Contains(strings.Join(strings.Fields(errs[0].Detail), " "), c.detail) {
			t.Errorf("%s: plan exited %d with errors %+v, want one %q on network_volume_ids saying %q", c.name, res.ExitCode, errs, c.summary, c.detail)
		}
	}
	if n := env.Fake.EndpointCount(); n != 0 {
		t.Fatalf("%d endpoints exist after refused plans", n)
	}

	// A statement the volumes contradict: the plan Terraform makes during
	// apply, once the volume exists, refuses it before the create is sent.
	cli.SetConfig(cfg(`["US-KS-2"]`, "", ro1))
	res := cli.MustFail("apply", "-auto-approve", "-input=false")
	flat := strings.Join(strings.Fields(res.Output()), " ")
	for _, want := range []string{"Error: Network Volume Data Centers Do Not Match", `network_volume_data_center_ids states "US-KS-2"`,
		`are in "EU-RO-1"`, `"ro1" (`} {
		if !strings.Contains(flat, want) {
			t.Errorf("the refused apply does not say %q:\n%s", want, res.Output())
		}
	}
	if n := env.Fake.EndpointCount(); n != 0 {
		t.Fatalf("%d endpoints exist after the refused apply", n)
	}

	// Stated right, it applies and converges; once the ids are known, the
	// plan checks the statement against the volumes itself.
	cli.SetConfig(cfg(`[runpod_network_volume.ro1.data_center_id]`, "", ro1))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
	cli.SetConfig(cfg(`["US-KS-2"]`, "", ro1))
	cli.MustFail("plan", "-input=false").Contains(t, "Error: Network Volume Data Centers Do Not Match")
}

// Without network_volume_data_center_ids, volumes of the same apply are
// placed by what the plan creates: when every volume planned before the
// endpoint is outside data_center_ids, so are the endpoint's, and the plan
// fails before any volume bills (contract seed 343656589); when only some
// are, the plan cannot tell which the endpoint gets and warns, naming the
// attribute that would let it check.
func TestAccEndpoint_newVolumesWithoutTheirDataCenters(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	cfg := func(extra, more string, vols ...newVolume) string {
		return acctest.Testdata(t, "endpoint_with_new_volumes", map[string]any{"Volumes": vols, "Declared": "null", "Extra": extra}) + more
	}
	cli.Init()
	cli.SetConfig(cfg(`data_center_ids = ["US-KS-2"]`, "", newVolume{"ro1", "EU-RO-1"}))
	res := cli.RunJSON("plan", "-input=false")
	errs := res.Diagnostics("error")
	if res.ExitCode == 0 || len(errs) != 1 || errs[0].Summary != "Network Volume Outside The Endpoint's Data Centers" ||
		!strings.Contains(strings.Join(strings.Fields(errs[0].Detail), " "), "the network volumes planned before it are all in EU-RO-1, not in data_center_ids (US-KS-2)") {
		t.Errorf("plan exited %d with errors %+v, want one naming EU-RO-1 and US-KS-2", res.ExitCode, errs)
	}

	// depends_on: the other volume is planned before the endpoint, as the
	// volumes it references are.
	other := "\nresource \"runpod_network_volume\" \"other\" {\n  name           = \"other\"\n  size_gb        = 10\n  data_center_id = \"US-KS-2\"\n}\n"
	cli.SetConfig(cfg("data_center_ids = [\"US-KS-2\"]\n  depends_on = [runpod_network_volume.other]", other, newVolume{"ro1", "EU-RO-1"}))
	res = cli.RunJSON("plan", "-input=false")
	found := false
	for _, w := range res.Diagnostics("warning") {
		found = found || w.Summary == "Endpoint Network Volumes Not Checked At Plan" && w.Address == addr &&
			strings.Contains(strings.Join(strings.Fields(w.Detail), " "), "creates network volumes in EU-RO-1, which is not in data_center_ids (US-KS-2)")
	}
	if res.ExitCode != 0 || !found {
		t.Errorf("plan exited %d with warnings %+v, want an 'Endpoint Network Volumes Not Checked At Plan' warning", res.ExitCode, res.Diagnostics("warning"))
	}
	if n := env.Fake.EndpointCount(); n != 0 || len(env.Fake.NetworkVolumes()) != 0 {
		t.Fatalf("plans created objects: %d endpoints, volumes %+v", n, env.Fake.NetworkVolumes())
	}
}
