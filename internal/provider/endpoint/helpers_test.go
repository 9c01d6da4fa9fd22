package endpoint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/endpoint"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

const (
	addr        = "runpod_endpoint.e"
	summaryCost = "Serverless Endpoint Cost"
)

// newEnv is acctest.New with the endpoint resource built by its test
// constructor, so that its waits poll at the fake's pace.
func newEnv(t *testing.T) *acctest.Env {
	t.Helper()
	return acctest.New(t).WithResources(endpoint.NewTestResource)
}

// endpointData fills testdata/endpoint_queue_two_pools.tf.
type endpointData struct {
	Name     string
	Extra    string // lines added inside the resource
	ImportID string // when set, an import block for the endpoint
}

// endpointConfig is testdata/endpoint_queue_two_pools.tf, a queue endpoint on
// two GPU pools with extra lines added (a later line with the same key wins
// through override).
func endpointConfig(t testing.TB, name string, extra ...string) string {
	t.Helper()
	return acctest.Testdata(t, "endpoint_queue_two_pools", endpointData{Name: name, Extra: strings.Join(extra, "\n  ")})
}

// cpuBlocks is one cpu block per flavour and vCPU count, for override.
func cpuBlocks(flavours ...any) string {
	var blocks []string
	for i := 0; i+1 < len(flavours); i += 2 {
		blocks = append(blocks, fmt.Sprintf("cpu {\n    type_id    = %q\n    vcpu_count = %d\n  }", flavours[i], flavours[i+1]))
	}
	return strings.Join(blocks, "\n  ")
}

// override replaces the line starting with key in a configuration (or
// deletes it when line is empty).
func override(cfg, key, line string) string {
	var out []string
	for _, l := range strings.Split(cfg, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, key+" ") || strings.HasPrefix(t, key+"=") {
			if line == "" {
				continue
			}
			l = "  " + line
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func apiClient(t *testing.T, fake *runpodfake.Fake) *runpod.Client {
	t.Helper()
	c := runpodtest.Client(t, fake)
	return c
}

func envValue(m map[string]string) knownvalue.Check {
	checks := map[string]knownvalue.Check{}
	for k, v := range m {
		checks[k] = knownvalue.StringExact(v)
	}
	return knownvalue.MapExact(checks)
}

func knownString(s string) knownvalue.Check { return knownvalue.StringExact(s) }
