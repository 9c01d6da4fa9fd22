package pod_test

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
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

// jupyterCanary is the JupyterLab password of the seeded notebook pod: it
// must never appear in what terraform query prints or generates.
const jupyterCanary = "jupyter-canary-5e1f9c"

// consolePods are pods made in the console, as a team's account holds them.
type consolePods struct {
	web, batch, cpu, notebook, fromTemplate, other runpodfake.Pod
	cluster                                        *runpod.Cluster
	members                                        []runpod.Pod
}

// seedPods stores them in the fake: a team's GPU pod with SSH and a volume
// disk, a stopped one, a CPU pod, a notebook with a JupyterLab password, a
// pod made from a template, another team's pod, and a team cluster whose
// member pods (named "team-train-0" and "-1") runpod_cluster manages.
func seedPods(t *testing.T, fake *runpodfake.Fake) consolePods {
	t.Helper()
	fake.SetSSHKeys(sshKey)
	dc := func(id string) *string { return &id }
	tmpl := runpodfake.DefaultTemplate("team-serve-tmpl", "ghcr.io/acme/serve:2")
	tmpl.Env = map[string]string{"MODEL": "llama"}
	tmpl.Ports = []string{"8000/http"}
	tmpl = fake.SeedTemplate(tmpl)
	var s consolePods
	s.web = fake.SeedPod(runpodfake.Pod{Name: "team-web", Image: "runpod/base:0.7.0", DataCenterID: dc("EU-RO-1"),
		GPU: &runpodfake.PodGPU{ID: rtx4090, Count: 2}, Ports: []string{"8888/http", "22/tcp"},
		Env:    map[string]string{"MODE": "prod", "PUBLIC_KEY": sshKey},
		Mounts: runpodfake.Mounts{Persistent: &runpodfake.PersistentMount{Size: 20, Path: "/workspace"}}})
	s.batch = fake.SeedPod(runpodfake.Pod{Name: "team-batch", Image: "runpod/base:0.7.0", DataCenterID: dc("CA-MTL-1"),
		GPU: &runpodfake.PodGPU{ID: "NVIDIA RTX A5000"}, Status: runpodfake.PodStatusExited, Args: "python train.py"})
	s.cpu = fake.SeedPod(runpodfake.Pod{Name: "team-cpu", Image: "runpod/base:0.7.0", DataCenterID: dc("EU-RO-1"),
		CPU: &runpodfake.PodCPU{ID: "cpu3c", VCPUCount: 4}, Disk: 20})
	s.notebook = fake.SeedPod(runpodfake.Pod{Name: "team-notebook", Image: "runpod/pytorch:2.8.0", DataCenterID: dc("US-KS-2"),
		GPU: &runpodfake.PodGPU{ID: "NVIDIA RTX A6000"}, Ports: []string{"8888/http"},
		Env: map[string]string{"JUPYTER_PASSWORD": jupyterCanary}})
	s.fromTemplate = fake.SeedPod(runpodfake.Pod{Name: "team-serve", Image: tmpl.Image, DataCenterID: dc("EU-RO-1"),
		GPU: &runpodfake.PodGPU{ID: rtx4090}, Ports: tmpl.Ports, Env: map[string]string{"MODEL": "llama"}, Template: &tmpl.ID})
	s.other = fake.SeedPod(runpodfake.Pod{Name: "other", Image: "runpod/base:0.7.0", DataCenterID: dc("EU-RO-1"),
		GPU: &runpodfake.PodGPU{ID: rtx4090}})

	client := runpodtest.Client(t, fake)
	ctx := context.Background()
	var err error
	s.cluster, err = client.CreateCluster(ctx, runpod.CreateClusterRequest{
		Name: "team-train", Type: runpod.ClusterTypeTraining, Image: "runpod/base:0.7.0",
		Compute: runpod.ClusterCompute{GPUTypeID: "NVIDIA A100 80GB PCIe", GPUCountPerPod: 8, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.members, err = client.ListClusterPods(ctx, s.cluster.ID); err != nil || len(s.members) != 2 {
		t.Fatalf("cluster members %v, %v", s.members, err)
	}
	return s
}

// byID selects the result whose identity is id.
func TestAccPod_listResource(t *testing.T) {
	env := newEnv(t)
	s := seedPods(t, env.Fake)
	member := s.members[0]

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.Testdata(t, "pod_list_queries", map[string]any{"Member": member.Name}),
			QueryResultChecks: []querycheck.QueryResultCheck{
				// Cluster members match the prefix but are left out by default.
				querycheck.ExpectLength("runpod_pod.team", 5),
				querycheck.ExpectIdentity("runpod_pod.team", acctest.HasID(s.web.ID)),
				querycheck.ExpectIdentity("runpod_pod.team", acctest.HasID(s.batch.ID)),
				querycheck.ExpectIdentity("runpod_pod.team", acctest.HasID(s.cpu.ID)),
				querycheck.ExpectIdentity("runpod_pod.team", acctest.HasID(s.notebook.ID)),
				querycheck.ExpectIdentity("runpod_pod.team", acctest.HasID(s.fromTemplate.ID)),
				querycheck.ExpectLength("runpod_pod.team_and_clusters", 7),
				querycheck.ExpectIdentity("runpod_pod.team_and_clusters", acctest.HasID(s.members[0].ID)),
				querycheck.ExpectIdentity("runpod_pod.team_and_clusters", acctest.HasID(s.members[1].ID)),
				// team-serve and other are RTX 4090s in EU-RO-1 too.
				querycheck.ExpectLength("runpod_pod.running_4090s_in_ro", 3),
				querycheck.ExpectIdentity("runpod_pod.running_4090s_in_ro", acctest.HasID(s.web.ID)),
				querycheck.ExpectIdentity("runpod_pod.running_4090s_in_ro", acctest.HasID(s.fromTemplate.ID)),
				querycheck.ExpectIdentity("runpod_pod.running_4090s_in_ro", acctest.HasID(s.other.ID)),
				querycheck.ExpectLength("runpod_pod.stopped", 1),
				querycheck.ExpectIdentity("runpod_pod.stopped", acctest.HasID(s.batch.ID)),

				querycheck.ExpectResourceDisplayName("runpod_pod.team", acctest.ByID(s.web.ID),
					knownvalue.StringExact("team-web ("+s.web.ID+", 2x RTX 4090 in EU-RO-1, RUNNING)")),
				querycheck.ExpectResourceDisplayName("runpod_pod.team", acctest.ByID(s.batch.ID),
					knownvalue.StringExact("team-batch ("+s.batch.ID+", 1x RTX A5000 in CA-MTL-1, EXITED)")),
				querycheck.ExpectResourceDisplayName("runpod_pod.team", acctest.ByID(s.cpu.ID),
					knownvalue.StringExact("team-cpu ("+s.cpu.ID+", 4 vCPU cpu3c in EU-RO-1, RUNNING)")),
				querycheck.ExpectResourceDisplayName("runpod_pod.member", acctest.ByID(member.ID),
					// The member's status moves on as the fake is read.
					knownvalue.StringRegexp(regexp.MustCompile(`^`+member.Name+` \(`+member.ID+
						`, 8x A100 PCIe in US-KS-2, [A-Z]+, cluster `+s.cluster.ID+`\)$`))),

				// include_resource: the pod as an import reads it.
				querycheck.ExpectLength("runpod_pod.web", 1),
				querycheck.ExpectResourceKnownValues("runpod_pod.web", acctest.ByID(s.web.ID), []querycheck.KnownValueCheck{
					{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(s.web.ID)},
					{Path: tfjsonpath.New("image"), KnownValue: knownvalue.StringExact("runpod/base:0.7.0")},
					{Path: tfjsonpath.New("gpu"), KnownValue: knownvalue.ObjectExact(map[string]knownvalue.Check{
						"type_id": knownvalue.StringExact(rtx4090), "type_ids": knownvalue.Null(), "count": knownvalue.Int64Exact(2),
						"min_cuda_version": knownvalue.Null(), "allowed_cuda_versions": knownvalue.Null(),
						"min_ram_per_gpu": knownvalue.Null(), "min_vcpu_count_per_gpu": knownvalue.Null(),
					})},
					{Path: tfjsonpath.New("data_center_id"), KnownValue: knownvalue.StringExact("EU-RO-1")},
					{Path: tfjsonpath.New("desired_status"), KnownValue: knownvalue.StringExact("RUNNING")},
					// The injected SSH key is not part of env, as after an import.
					{Path: tfjsonpath.New("env"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{
						"MODE": knownvalue.StringExact("prod"),
					})},
					{Path: tfjsonpath.New("persistent_volume"), KnownValue: knownvalue.ObjectExact(map[string]knownvalue.Check{
						"size_gb": knownvalue.Int64Exact(20), "path": knownvalue.StringExact("/workspace"),
					})},
					// Never returned by Runpod: null, as after an import.
					{Path: tfjsonpath.New("start_ssh"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("data_center_ids"), KnownValue: knownvalue.Null()},
				}),
				querycheck.ExpectResourceKnownValues("runpod_pod.notebook", acctest.ByID(s.notebook.ID), []querycheck.KnownValueCheck{
					{Path: tfjsonpath.New("jupyter_password"), KnownValue: knownvalue.Null()},
					{Path: tfjsonpath.New("env"), KnownValue: knownvalue.MapSizeExact(0)},
					{Path: tfjsonpath.New("proxy_urls").AtMapKey("8888"),
						KnownValue: knownvalue.StringExact("https://" + s.notebook.ID + "-8888.proxy.runpod.net")},
				}),
			},
		},
		{
			Config: acctest.ListBlock("runpod_pod", "typo", false, `gpu_type_id = "NVIDIA RTX 4090"`),
			ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*gpu_type_id: Runpod's catalog has no GPU\s+type\s+"NVIDIA\s+RTX\s+4090".*` +
				`Closest\s+valid\s+ids:\s+"NVIDIA\s+GeForce\s+RTX\s+4090"`),
		},
		{
			Config: acctest.ListBlock("runpod_pod", "typo", false, `data_center_id = "EU-RO1"`),
			ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*data_center_id: Runpod's catalog has no data\s+center\s+"EU-RO1".*` +
				`Closest\s+valid\s+ids:\s+"EU-RO-1"`),
		},
		{
			Config:      acctest.ListBlock("runpod_pod", "typo", false, `status = "STOPPED"`),
			ExpectError: regexp.MustCompile(`(?s)status.*value must be one of:.*"RUNNING".*"EXITED"`),
		},
	})
}

// Pods made in the console are adopted with terraform query: the generated
// configuration plans to imports and nothing else (the settings Runpod
// never returns stay unset on both sides), carries no JupyterLab password,
// and plans clean after the apply.
func TestAccPod_queryGeneratesWorkingConfig(t *testing.T) {
	env := newEnv(t)
	s := seedPods(t, env.Fake)
	cli := env.QueryCLI(t)

	// What query prints, resource objects included, holds no password.
	printed := cli.Query(acctest.Testdata(t, "pod_list_all_with_resources", nil))
	printed.Contains(t, s.notebook.ID, `"MODE":"prod"`)
	printed.Lacks(t, jupyterCanary)

	_, generated := cli.GenerateConfig(`
list "runpod_pod" "team" {
  provider = runpod
  config {
    name_prefix = "team-"
  }
}
`)
	want := []string{s.web.ID, s.batch.ID, s.cpu.ID, s.notebook.ID, s.fromTemplate.ID}
	acctest.ExpectGenerated(t, generated, "pod", want,
		[]string{s.other.ID, s.members[0].ID, s.members[1].ID, jupyterCanary, "PUBLIC_KEY", sshKey})

	cli.PlanGenerated(len(want), "import")
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
	if n := env.Fake.CountRequests("PATCH", "/v2/pods/*") + env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
		t.Errorf("adopting the pods sent %d writes", n)
	}
}
