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
