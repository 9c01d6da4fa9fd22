package endpoint_test

import (
	"strings"
	"testing"
)

// The plan checks what the pod, template and cluster plans check, each an
// error on the attribute at fault instead of a refusal at apply: a request
// body over Runpod's 100 KB limit (env), more GPUs per worker than any
// machine of the chosen pools holds (gpu_count), and data centers the
// catalog does not have (data_center_ids). On create and on update.
func TestAccEndpoint_planChecksBodySizeGPUCountAndDataCenters(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	big := `env = { BLOB = "` + strings.Repeat("x", 200000) + `" }`
	cases := []struct {
		name, extra, summary, attr, detail string
	}{
		{"env over the body limit", big, "Request Body Too Large", "env", "over Runpod's limit of 102400 bytes"},
		{"gpu_count above the pools' machines", "gpu_count = 99", "Too Many GPUs per Worker", "gpu_count",
			"at most 8 GPUs"},
		{"unknown data center", `data_center_ids = ["EU-RO-1", "US-NOWHERE-9"]`, "Unknown Data Center", "data_center_ids",
			`"US-NOWHERE-9" is not in Runpod's catalog`},
	}
	check := func(when string, cfg func(extra string) string) {
		t.Helper()
		for _, c := range cases {
			cli.SetConfig(cfg(c.extra))
			res := cli.RunJSON("plan", "-input=false")
			errs := res.Diagnostics("error")
			if res.ExitCode == 0 || len(errs) != 1 {
				t.Errorf("%s, %s: plan exited %d with errors %+v, want one %q", when, c.name, res.ExitCode, errs, c.summary)
				continue
			}
			e := errs[0]
			if e.Summary != c.summary || e.Address != addr || e.Snippet == nil || !strings.Contains(e.Snippet.Code, c.attr) ||
				!strings.Contains(strings.Join(strings.Fields(e.Detail), " "), c.detail) {
				t.Errorf("%s, %s: plan error %q at %q (%v): %s\nwant %q on %s saying %q", when, c.name, e.Summary, e.Address,
					e.Snippet != nil, e.Detail, c.summary, c.attr, c.detail)
			}
		}
	}
	create := func(extra string) string { return endpointConfig(t, "checked", extra) }
	cli.Init()
	check("create", create)
	if n := env.Fake.EndpointCount(); n != 0 {
		t.Fatalf("%d endpoints exist after refused plans", n)
	}

	cli.SetConfig(create(""))
	cli.MustRun("apply", "-auto-approve", "-input=false")
	check("update", create)
	cli.SetConfig(create(""))
	cli.ExpectNoChanges()
}
