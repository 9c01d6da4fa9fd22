package scenarios_test

import (
	"fmt"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// A create of a kind whose names repeat whose connection drops before
// Runpod acts: the lookup afterwards proves that nothing was created, and
// the error's heading says so ("Pod Not Created", not "May Have Been
// Created"), as its body does. The name check of the same run reached the
// API, so base_url is not blamed. A plain re-run creates the one object.
func TestAccLostCreateMessages_notCreatedWhenTheLookupProvesIt(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ kind, title, noun, name string }{
		{"runpod_pod", "Pod", "pod", "fm-pod"},
		{"runpod_network_volume", "Network Volume", "network volume", "fm-volume"},
		{"runpod_endpoint", "Endpoint", "endpoint", "fm-endpoint"},
		{"runpod_cluster", "Cluster", "cluster", "fm-cluster"},
		{"runpod_ecr_delegation", "ECR Delegation", "ECR delegation", "fm-delegation"},
	} {
		t.Run(c.kind, func(t *testing.T) {
			t.Parallel()
			var k kind
			for _, each := range kinds() {
				if each.name == c.kind {
					k = each
				}
			}
			env := acctest.New(t)
			cli := env.CLI(t)
			cli.SetConfig(k.config(t, false))
			cli.Init()
			create := k.create[0]
			env.Fake.InjectFault(runpodfake.Fault{Method: create.method, Path: create.path, Drop: true})

			res := cli.Run(applyArgs...)
			if res.ExitCode == 0 {
				t.Fatalf("the apply whose create was lost succeeded:\n%s", res.Output())
			}
			res.Says(t, "Error: "+c.title+" Not Created", fmt.Sprintf("%s %q was not created: a lookup by name found none", c.noun, c.name),
				"Applying again is safe", "Earlier requests of this run reached the Runpod API")
			res.Lacks(t, "May Have Been Created", "most likely", "may exist in the account", "base_url")
			if ids := k.apiObject(env); len(ids) != 0 {
				t.Fatalf("the account holds %v after a create lost before Runpod acted", ids)
			}

			cli.MustRun(applyArgs...)
			if ids, state := k.apiObject(env), cli.StateIDs(c.kind); len(ids) != 1 || len(state) != 1 || ids[0] != state[0] {
				t.Fatalf("after the re-run the account holds %v and the state %v, want the same one object", ids, state)
			}
		})
	}
}
