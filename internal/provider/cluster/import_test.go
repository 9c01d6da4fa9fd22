package cluster_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

func apiClient(t *testing.T, fake *runpodfake.Fake) *runpod.Client {
	t.Helper()
	c := runpodtest.Client(t, fake)
	return c
}

// A create whose answer is lost may have made a cluster. The provider sends
// it once and, when a cluster with the requested name, type and compute
// appeared since the request began, names it with the import block but does
// not adopt it: another writer may have made it in the same window. An older
// same-name cluster with other compute (someone else's) is not the one named,
// and is left alone.
func TestAccCluster_ambiguousCreateNamesTheOneThatAppeared(t *testing.T) {
	env := newEnv(t)
	client := apiClient(t, env.Fake)
	ctx := context.Background()

	// An older cluster with the same name, made an hour ago by someone else.
	env.Fake.SetClock(func() time.Time { return time.Now().Add(-time.Hour) })
	older, err := client.CreateCluster(ctx, runpod.CreateClusterRequest{
		Name: "train", Type: "TRAINING", Image: "busybox",
		Compute: runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 1, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	env.Fake.SetClock(nil)
	// The create is carried out, but its answer is lost.
	env.Fake.InjectFault(runpodfake.Fault{Method: "POST", Path: "/v2/clusters", Status: 502, AfterHandler: true})

	cli := env.CLI(t)
	cli.SetConfig(clusterConfig(t, "train"))
	cli.Init()
	res := cli.RunJSON("apply", "-auto-approve", "-input=false")
	if res.ExitCode == 0 {
		t.Fatalf("the apply adopted a cluster that another writer may have made:\n%s", res.Output())
	}
	all, err := client.ListClusters(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var appeared string
	for _, c := range all {
		if c.ID != older.ID {
			appeared = c.ID
		}
	}
	if len(all) != 2 || appeared == "" {
		t.Fatalf("clusters %+v, want the older one and the one the lost reply made", all)
	}
	errs := res.Diagnostics("error")
	if len(errs) != 1 || errs[0].Summary != "Cluster May Have Been Created" ||
		!strings.Contains(errs[0].Detail, "Cluster "+appeared+" may be the one this apply created") ||
		!strings.Contains(errs[0].Detail, fmt.Sprintf("id = %q", appeared)) {
		t.Fatalf("want the error naming %s with its import block, got %+v", appeared, errs)
	}
	// The older cluster's create plus the provider's one.
	if n := env.Fake.CountRequests("POST", "/v2/clusters"); n != 2 {
		t.Errorf("%d creates sent in all, want 2", n)
	}
	if ids := cli.StateIDs("runpod_cluster"); len(ids) != 0 {
		t.Errorf("state tracks %v", ids)
	}
	if _, ok := env.Fake.Cluster(older.ID); !ok {
		t.Errorf("the other cluster named train (%s) was touched", older.ID)
	}
}

// A cluster made from a template has no inline settings to write down: its
// import plans alone. A start flag configured afterwards, which Runpod never
// returns, is written down (an update that sends nothing, with a warning);
// once written, changing it replaces the cluster.
func TestAccCluster_importTemplateCluster(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	tmpl := env.Fake.SeedTemplate(runpodfake.DefaultTemplate("console-trainer", "ghcr.io/acme/trainer:1"))
	c, err := apiClient(t, env.Fake).CreateCluster(context.Background(), runpod.CreateClusterRequest{
		Name: "console-made", Type: "RAY", TemplateID: tmpl.ID,
		Compute: runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 2, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg := func(importID, extra string) string {
		return acctest.Testdata(t, "cluster_from_console_template", map[string]any{
			"ImportID": importID, "TemplateID": tmpl.ID, "Extra": extra,
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				PreConfig: func() { rec.Reset(); env.Fake.ResetRequests() },
				Config:    cfg(c.ID, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
					rec.ExpectNoWarning(summaryRecorded),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, acctest.Attr("id"), knownvalue.StringExact(c.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("template_id"), knownvalue.StringExact(tmpl.ID)),
					statecheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(11.96)),
					acctest.CheckFake(func() error {
						if n := len(requestBodies(env.Fake, "POST", "/v2/clusters")) + len(requestBodies(env.Fake, "PATCH", "/v2/clusters/"+c.ID)); n != 0 {
							return fmt.Errorf("%d writes during the import", n)
						}
						return nil
					}),
				},
			},
			{
				Config: cfg("", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
			},
			{
				PreConfig: func() { rec.Reset() },
				Config:    cfg("", "start_ssh = true"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					rec.ExpectWarning(summaryRecorded, "the configuration sets start_ssh"),
				}},
			},
			{
				Config: cfg("", "start_ssh = false"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					expectReplacedBy("start_ssh"),
				}},
			},
		},
	})
}
