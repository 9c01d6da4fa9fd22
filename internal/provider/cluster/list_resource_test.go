package cluster_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

const sshKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBkGBN0P2d4Xo3b4YzmwN8TjUKjZiUzx4jV7u0m7mU7c tester@example"

// consoleClusters are clusters made in the console, as a team's account
// holds them.
type consoleClusters struct {
	train, ray, other *runpod.Cluster
	tmpl              runpodfake.Template
	// jupyterPassword is what start_jupyter gave train's members.
	jupyterPassword string
}

// seedClusters makes them through the API, as the console would: a team's
// training cluster with inline container settings, SSH and JupyterLab
// (running), a team's Ray cluster from a template (stopped), and another
// team's cluster with one member stopped.
func seedClusters(t *testing.T, fake *runpodfake.Fake) consoleClusters {
	t.Helper()
	fake.SetSSHKeys(sshKey)
	client := apiClient(t, fake)
	ctx := context.Background()
	yes := true
	args := "torchrun train.py"
	disk := 80
	var s consoleClusters
	s.tmpl = fake.SeedTemplate(runpodfake.DefaultTemplate("team-ray-tmpl", "rayproject/ray:2.40.0"))
	create := func(req runpod.CreateClusterRequest, statuses ...string) *runpod.Cluster {
		c, err := client.CreateCluster(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		members, err := client.ListClusterPods(ctx, c.ID)
		if err != nil || len(members) != len(statuses) {
			t.Fatalf("cluster %s members %v, %v", c.Name, members, err)
		}
		for i, m := range members {
			fake.SetPodStatus(m.ID, statuses[i])
			if v, ok := m.Env["JUPYTER_PASSWORD"]; ok {
				s.jupyterPassword = v
			}
		}
		return c
	}
	s.train = create(runpod.CreateClusterRequest{
		Name: "team-train", Type: runpod.ClusterTypeTraining, Image: "runpod/pytorch:1.0.2", Args: &args, Disk: &disk,
		Ports: []string{"8888/http", "22/tcp"}, Env: map[string]string{"EPOCHS": "3"}, StartSSH: &yes, StartJupyter: &yes,
		Mounts:        &runpod.Mounts{Persistent: &runpod.PersistentMount{Size: 100, Path: "/workspace"}},
		DataCenterIDs: []string{"US-TX-3"},
		Compute:       runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 8, PodCount: 2},
	}, runpod.PodStatusRunning, runpod.PodStatusRunning)
	s.ray = create(runpod.CreateClusterRequest{
		Name: "team-ray", Type: runpod.ClusterTypeRay, TemplateID: s.tmpl.ID,
		Compute: runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 2, PodCount: 2},
	}, runpod.PodStatusExited, runpod.PodStatusExited)
	s.other = create(runpod.CreateClusterRequest{
		Name: "other", Type: runpod.ClusterTypeApplication, Image: "busybox",
		Compute: runpod.ClusterCompute{GPUTypeID: a100, GPUCountPerPod: 1, PodCount: 2},
	}, runpod.PodStatusRunning, runpod.PodStatusExited)
	if s.jupyterPassword == "" {
		t.Fatal("the fake gave team-train no JupyterLab password")
	}
	return s
}

func TestAccCluster_listResource(t *testing.T) {
	env := newEnv(t)
	s := seedClusters(t, env.Fake)

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.ListBlock("runpod_cluster", "team", false, `name_prefix = "team-"`) +
				acctest.ListBlock("runpod_cluster", "stopped", false, `status = "EXITED"`) +
				acctest.ListBlock("runpod_cluster", "running", false, `status = "RUNNING"`) +
				acctest.ListBlock("runpod_cluster", "train", true, `name = "team-train"`) +
				acctest.ListBlock("runpod_cluster", "ray", true, `name = "team-ray"`),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("runpod_cluster.team", 2),
				querycheck.ExpectIdentity("runpod_cluster.team", acctest.HasID(s.train.ID)),
				querycheck.ExpectIdentity("runpod_cluster.team", acctest.HasID(s.ray.ID)),
				// A cluster with one member stopped is not RUNNING.
				querycheck.ExpectLength("runpod_cluster.stopped", 2),
				querycheck.ExpectIdentity("runpod_cluster.stopped", acctest.HasID(s.ray.ID)),
				querycheck.ExpectIdentity("runpod_cluster.stopped", acctest.HasID(s.other.ID)),
				querycheck.ExpectLength("runpod_cluster.running", 1),
				querycheck.ExpectIdentity("runpod_cluster.running", acctest.HasID(s.train.ID)),

				querycheck.ExpectResourceDisplayName("runpod_cluster.team", acctest.ByID(s.train.ID),
					knownvalue.StringExact("team-train ("+s.train.ID+", 2 pods × 8x H100 SXM in US-TX-3, RUNNING)")),
				querycheck.ExpectResourceDisplayName("runpod_cluster.stopped", acctest.ByID(s.other.ID),
					knownvalue.StringExact("other ("+s.other.ID+", 2 pods × 1x A100 PCIe in US-KS-2, EXITED: RUNNING 1, EXITED 1)")),

				// include_resource: the cluster as an import reads it, with
				// the container settings its members were created with.
				querycheck.ExpectLength("runpod_cluster.train", 1),
				querycheck.ExpectResourceKnownValues("runpod_cluster.train", acctest.ByID(s.train.ID), []querycheck.KnownValueCheck{
					{Path: tfjsonpath.New("type"), KnownValue: knownvalue.StringExact("TRAINING")},
					{Path: tfjsonpath.New("gpu_type_id"), KnownValue: knownvalue.StringExact(h100)},
					{Path: tfjsonpath.New("gpu_count_per_pod"), KnownValue: knownvalue.Int64Exact(8)},
					{Path: tfjsonpath.New("pod_count"), KnownValue: knownvalue.Int64Exact(2)},
					{Path: tfjsonpath.New("data_center_id"), KnownValue: knownvalue.StringExact("US-TX-3")},
					{Path: tfjsonpath.New("estimated_cost_per_hour"), KnownValue: knownvalue.Float64Exact(47.84)},
					{Path: tfjsonpath.New("template_id"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("image"), KnownValue: knownvalue.StringExact("runpod/pytorch:1.0.2")},
					{Path: tfjsonpath.New("args"), KnownValue: knownvalue.StringExact("torchrun train.py")},
					{Path: tfjsonpath.New("container_disk_gb"), KnownValue: knownvalue.Int64Exact(80)},
					{Path: tfjsonpath.New("ports"), KnownValue: knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("22/tcp"), knownvalue.StringExact("8888/http"),
					})},
					// The keys the start flags injected are left out.
					{Path: tfjsonpath.New("env"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{
						"EPOCHS": knownvalue.StringExact("3"),
					})},
					{Path: tfjsonpath.New("persistent_volume"), KnownValue: knownvalue.ObjectExact(map[string]knownvalue.Check{
						"size_gb": knownvalue.Int64Exact(100), "path": knownvalue.StringExact("/workspace"),
					})},
					// Returned nowhere: null.
					{Path: tfjsonpath.New("start_ssh"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("start_jupyter"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("data_center_ids"), KnownValue: knownvalue.Null()},
				}),
				// A template cluster's container is the template's.
				querycheck.ExpectResourceKnownValues("runpod_cluster.ray", acctest.ByID(s.ray.ID), []querycheck.KnownValueCheck{
					{Path: tfjsonpath.New("template_id"), KnownValue: knownvalue.StringExact(s.tmpl.ID)},
					{Path: tfjsonpath.New("image"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("container_disk_gb"), KnownValue: knownvalue.Null()},
				}),
			},
		},
		{
			Config:      acctest.ListBlock("runpod_cluster", "typo", false, `status = "STOPPED"`),
			ExpectError: regexp.MustCompile(`(?s)status.*value must be one of:.*"RUNNING".*"EXITED"`),
		},
	})
}

// Clusters made in the console are adopted with terraform query. Runpod
// returns a cluster's container settings only on its member pods, so the
// generated configuration carries them from there (a cluster needs an image
// or a template), and the import reads them from there too: the plan is the
// imports alone, and changes nothing at Runpod. After the apply the plan is empty. No
// JupyterLab password or SSH key appears in what query prints or writes.
func TestAccCluster_queryGeneratesWorkingConfig(t *testing.T) {
	env := newEnv(t)
	s := seedClusters(t, env.Fake)
	cli := env.QueryCLI(t)

	printed := cli.Query(`
list "runpod_cluster" "all" {
  provider         = runpod
  include_resource = true
}
`)
	printed.Contains(t, s.train.ID, `"EPOCHS":"3"`)
	printed.Lacks(t, s.jupyterPassword, "JUPYTER_PASSWORD", "PUBLIC_KEY")

	_, generated := cli.GenerateConfig(`
list "runpod_cluster" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}
`)
	acctest.ExpectGenerated(t, generated, "cluster", []string{s.train.ID, s.ray.ID}, []string{s.other.ID, s.jupyterPassword, "JUPYTER_PASSWORD", "PUBLIC_KEY"})
	env.Fake.ResetRequests()

	// The import reads the container settings from the members as the list
	// result did, so the generated configuration plans to the imports alone.
	res, _ := cli.PlanGenerated(2, "import")
	res.Lacks(t, summaryRecorded)
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if err := acctest.OnlyReads(env.Fake); err != nil {
		t.Errorf("adopting the clusters %v", err)
	}
	cli.ExpectNoChanges()
}
