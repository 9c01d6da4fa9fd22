package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/cluster"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// newEnv is acctest.New with the cluster resource built by its test constructor
// (cluster.NewTestResource), so that its waits poll at the fake's pace.
func newEnv(t *testing.T) *acctest.Env {
	t.Helper()
	return acctest.New(t).WithResources(cluster.NewTestResource)
}

const (
	addr = "runpod_cluster.c"
	h100 = "NVIDIA H100 80GB HBM3"
	a100 = "NVIDIA A100 80GB PCIe"
	h200 = "NVIDIA H200"

	summaryCost      = "Cluster GPU Cost"
	summaryNotReady  = "Cluster Created but Not Ready"
	summarySizeAdopt = "Cluster Size Adopted"
	summaryRecorded  = "Cluster Settings Recorded From Configuration"
	summaryScaled    = "Cluster Was Resized Outside Terraform"
)

// clusterData fills testdata/cluster_two_h100_nodes.tf.
type clusterData struct {
	Name  string
	Extra string // lines added inside the resource
	// RetryWaitSeconds, when set, adds a provider block that retries after
	// this many seconds.
	RetryWaitSeconds int
}

// clusterConfig is testdata/cluster_two_h100_nodes.tf, a 2 × 8 H100 training
// cluster in US-TX-3 (where the default catalog has 64 H100s for clusters)
// with extra lines added.
func clusterConfig(t testing.TB, name string, extra ...string) string {
	t.Helper()
	return acctest.Testdata(t, "cluster_two_h100_nodes", clusterData{Name: name, Extra: strings.Join(extra, "\n  ")})
}

// override replaces the line starting with key in a configuration (or
// deletes it when line is empty).
func override(cfg, key, line string) string {
	var out []string
	for _, l := range strings.Split(cfg, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), key+" ") || strings.HasPrefix(strings.TrimSpace(l), key+"=") {
			if line != "" {
				out = append(out, "  "+line)
			}
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// requestBodies returns the bodies of the requests matching method and path
// since the log was last reset, as compact JSON.
func requestBodies(fake *runpodfake.Fake, method, path string) []string {
	var out []string
	for _, r := range fake.Requests() {
		if r.Method == method && r.Path == path {
			var v any
			if err := json.Unmarshal(r.Body, &v); err == nil {
				b, _ := json.Marshal(v)
				out = append(out, string(b))
			} else {
				out = append(out, string(r.Body))
			}
		}
	}
	return out
}

// expectReplacedBy is a plan check that runpod_cluster.c is replaced
// because of exactly these attributes (the plan's replace_paths).
func expectReplacedBy(attrs ...string) plancheck.PlanCheck {
	return replacedBy{address: addr, attrs: attrs}
}

type replacedBy struct {
	address string
	attrs   []string
}

func (c replacedBy) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Address != c.address {
			continue
		}
		if !rc.Change.Actions.Replace() {
			resp.Error = fmt.Errorf("%s: actions %v, want a replacement", c.address, rc.Change.Actions)
			return
		}
		var got []string
		for _, p := range rc.Change.ReplacePaths {
			steps, ok := p.([]any)
			if !ok || len(steps) == 0 {
				continue
			}
			if s, ok := steps[0].(string); ok {
				got = append(got, s)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.attrs, ",") {
			resp.Error = fmt.Errorf("%s is replaced because of %v, want %v", c.address, got, c.attrs)
		}
		return
	}
	resp.Error = fmt.Errorf("%s is not in the plan", c.address)
}
