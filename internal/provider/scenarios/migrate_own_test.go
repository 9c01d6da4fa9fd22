package scenarios_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/cluster"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/endpoint"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/networkvolume"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/template"
)

// The kinds whose type name runpod/runpod shares (1.x or 2.0), which
// `terraform state replace-provider` hands to UpgradeState.
var replacedKinds = map[string]struct {
	res func() resource.Resource
	own []string
}{
	"runpod_pod":            {pod.NewResource, pod.OwnAttributes},
	"runpod_template":       {template.NewResource, template.OwnAttributes},
	"runpod_network_volume": {networkvolume.NewResource, networkvolume.OwnAttributes},
	"runpod_endpoint":       {endpoint.NewResource, endpoint.OwnAttributes},
	"runpod_cluster":        {cluster.NewResource, cluster.OwnAttributes},
}

// Every state this provider writes holds its kind's own attributes (all of
// its schema's, as Terraform writes them), and no entry of runpod/runpod's
// state files (1.0.8 and 2.0.0) does, so neither is taken for the other.
func TestMigrate_ownStateIsToldFromRunpodRunpods(t *testing.T) {
	ctx := context.Background()
	for typ, k := range replacedKinds {
		var s resource.SchemaResponse
		k.res().Schema(ctx, resource.SchemaRequest{}, &s)
		if s.Diagnostics.HasError() {
			t.Fatal(s.Diagnostics)
		}
		// This provider's state at its current schema: every attribute, null.
		nulls := map[string]any{}
		for name := range s.Schema.Attributes {
			nulls[name] = nil
		}
		raw, err := json.Marshal(nulls)
		if err != nil {
			t.Fatal(err)
		}
		if !migrate.OwnState(&tfprotov6.RawState{JSON: raw}, k.own) {
			t.Errorf("%s: this provider's state is not recognised as its own by %q", typ, k.own)
		}
		for _, name := range k.own {
			if _, ok := s.Schema.Attributes[name]; !ok {
				t.Errorf("%s: own attribute %q is not in the schema", typ, name)
			}
		}
	}
	for _, file := range []string{"runpod-1.0.8.tfstate", "runpod-2.0.0.tfstate"} {
		b, err := os.ReadFile(filepath.Join("testdata", "migrate", file))
		if err != nil {
			t.Fatal(err)
		}
		var st struct {
			Resources []struct {
				Type      string `json:"type"`
				Instances []struct {
					Attributes json.RawMessage `json:"attributes"`
				} `json:"instances"`
			} `json:"resources"`
		}
		if err := json.Unmarshal(b, &st); err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, r := range st.Resources {
			k, ok := replacedKinds[r.Type]
			if !ok {
				continue
			}
			seen++
			for _, in := range r.Instances {
				if migrate.OwnState(&tfprotov6.RawState{JSON: in.Attributes}, k.own) {
					t.Errorf("%s: runpod/runpod's %s is taken for this provider's own state", file, r.Type)
				}
			}
		}
		if seen < 4 {
			t.Errorf("%s: only %d entries of shared type names", file, seen)
		}
	}
}
