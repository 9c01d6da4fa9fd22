package listresources_test

import (
	"context"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

const (
	sshKeyA = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBkGBN0P2d4Xo3b4YzmwN8TjUKjZiUzx4jV7u0m7mU7c alice@laptop"
	rtx4090 = "NVIDIA GeForce RTX 4090"
	a100    = "NVIDIA A100 80GB PCIe"
	h100    = "NVIDIA H100 80GB HBM3"
)

// account is what seedAccount made, by kind: the ids the generated
// configuration must import.
type account struct {
	templates, pods, clusters, endpoints, volumes, registries, secrets []string
}

// seedAccount fills fake as a console user would: every kind, in every
// shape Runpod returns it. Templates with each start-command form (none, a
// command line, entrypoint and cmd, cmd alone, entrypoint alone), with a
// registry credential and a volume disk, and a serverless one; pods with a
// command line, with entrypoint/cmd, from a template, on CPU and with a
// network volume; a cluster with inline settings and one from a template;
// GPU and CPU endpoints and one made from a template; a network volume, a
// registry credential, a secret and an SSH key.
func seedAccount(t *testing.T, fake *runpodfake.Fake) account {
	t.Helper()
	ctx := context.Background()
	client := runpodtest.Client(t, fake)
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("seeding %s: %v", what, err)
		}
	}
	str := func(s string) *string { return &s }
	num := func(n int) *int { return &n }
	yes := true
	var a account
	fake.SetSSHKeys(sshKeyA)

	reg, err := client.CreateRegistry(ctx, "acme-ghcr", "acme-bot", "ghcr-token-canary")
	must("registry", err)
	a.registries = append(a.registries, reg.ID)
	sec, err := client.CreateSecret(ctx, runpod.CreateSecretRequest{Name: "hf_token", Value: "hf-canary", Description: str("HF read token")})
	must("secret", err)
	a.secrets = append(a.secrets, sec.ID)
	vol, err := client.CreateNetworkVolume(ctx, runpod.CreateNetworkVolumeRequest{Name: "acme-data", Size: 50, DataCenter: "EU-RO-1"})
	must("network volume", err)
	a.volumes = append(a.volumes, vol.ID)

	tmpl := func(req runpod.CreateTemplateRequest) *runpod.Template {
		t.Helper()
		created, err := client.CreateTemplate(ctx, req)
		must("template "+req.Name, err)
		a.templates = append(a.templates, created.ID)
		return created
	}
	tmpl(runpod.CreateTemplateRequest{Name: "acme-plain", Image: "runpod/base:0.7.0"})
	tmpl(runpod.CreateTemplateRequest{Name: "acme-shell", Image: "runpod/base:0.7.0", Args: str(`python serve.py --port 8000 --name "my model"`),
		Ports: []string{"8000/http"}, Env: map[string]string{"MODE": "prod"}})
	tmpl(runpod.CreateTemplateRequest{Name: "acme-exec", Image: "runpod/base:0.7.0",
		Entrypoint: []string{"/bin/sh", "-c"}, Cmd: []string{"python train.py --epochs 3"}})
	tmpl(runpod.CreateTemplateRequest{Name: "acme-cmd", Image: "runpod/base:0.7.0", Cmd: []string{"sleep", "infinity"}})
	tmpl(runpod.CreateTemplateRequest{Name: "acme-entrypoint", Image: "runpod/base:0.7.0", Entrypoint: []string{"/start.sh"}})
	tmpl(runpod.CreateTemplateRequest{Name: "acme-private", Image: "ghcr.io/acme/private:1", Registry: &reg.ID,
		Disk: num(30), Mounts: &runpod.TemplateMounts{Persistent: &runpod.PersistentMount{Size: 20, Path: "/workspace"}}})
	podTmpl := tmpl(runpod.CreateTemplateRequest{Name: "acme-serve-tmpl", Image: "ghcr.io/acme/serve:2", Args: str("serve --port 8000"),
		Ports: []string{"8000/http"}, Env: map[string]string{"MODEL": "llama"}})
	workerTmpl := tmpl(runpod.CreateTemplateRequest{Name: "acme-worker-tmpl", Image: "ghcr.io/acme/worker:3", Serverless: &yes,
		Args: str("python handler.py"), Env: map[string]string{"MODEL": "llama"}})
	clusterTmpl := tmpl(runpod.CreateTemplateRequest{Name: "acme-ray-tmpl", Image: "rayproject/ray:2.40.0"})

	pod := func(req runpod.CreatePodRequest) {
		t.Helper()
		p, err := client.CreatePod(ctx, req)
		must("pod "+req.Name, err)
		a.pods = append(a.pods, p.ID)
	}
	gpu := &runpod.CreatePodGPU{ID: rtx4090, Count: 1}
	pod(runpod.CreatePodRequest{Name: "acme-web", Image: "runpod/base:0.7.0", Args: str("python serve.py --port 8000"), GPU: gpu,
		Ports: []string{"8000/http", "22/tcp"}, Env: map[string]string{"MODE": "prod"}, DataCenterIDs: []string{"EU-RO-1"},
		Mounts: &runpod.Mounts{Persistent: &runpod.PersistentMount{Size: 20, Path: "/workspace"}}})
	pod(runpod.CreatePodRequest{Name: "acme-exec", Image: "runpod/base:0.7.0", GPU: gpu,
		Entrypoint: []string{"/bin/sh", "-c"}, Cmd: []string{"sleep infinity"}})
	pod(runpod.CreatePodRequest{Name: "acme-cmd", Image: "runpod/base:0.7.0", GPU: gpu, Cmd: []string{"sleep", "infinity"}})
	pod(runpod.CreatePodRequest{Name: "acme-from-template", TemplateID: podTmpl.ID, GPU: gpu})
	pod(runpod.CreatePodRequest{Name: "acme-cpu", Image: "runpod/base:0.7.0", CPU: &runpod.CreatePodCPU{ID: "cpu3c", VCPUCount: 4}})
	pod(runpod.CreatePodRequest{Name: "acme-with-volume", Image: "runpod/base:0.7.0", GPU: gpu, Cloud: "SECURE",
		DataCenterIDs: []string{"EU-RO-1"}, Mounts: &runpod.Mounts{Network: []runpod.NetworkMount{{VolumeID: vol.ID, Path: "/data"}}}})
	pod(runpod.CreatePodRequest{Name: "acme-private", Image: "ghcr.io/acme/private:1", Registry: &reg.ID, GPU: gpu})

	cluster := func(req runpod.CreateClusterRequest) {
		t.Helper()
		c, err := client.CreateCluster(ctx, req)
		must("cluster "+req.Name, err)
		a.clusters = append(a.clusters, c.ID)
	}
	cluster(runpod.CreateClusterRequest{Name: "acme-train", Type: runpod.ClusterTypeTraining, Image: "runpod/pytorch:1.0.2",
		Args: str("torchrun train.py"), Disk: num(80), Ports: []string{"22/tcp"}, Env: map[string]string{"EPOCHS": "3"},
		Compute: runpod.ClusterCompute{GPUTypeID: h100, GPUCountPerPod: 8, PodCount: 2}})
	cluster(runpod.CreateClusterRequest{Name: "acme-ray", Type: runpod.ClusterTypeRay, TemplateID: clusterTmpl.ID,
		Compute: runpod.ClusterCompute{GPUTypeID: a100, GPUCountPerPod: 2, PodCount: 2}})

	endpoint := func(req runpod.CreateEndpointRequest) {
		t.Helper()
		e, err := client.CreateEndpoint(ctx, req)
		must("endpoint "+req.Name, err)
		a.endpoints = append(a.endpoints, e.ID)
	}
	delay := 4.0
	endpoint(runpod.CreateEndpointRequest{Name: "acme-llm", Type: runpod.EndpointTypeQueue, Image: "runpod/worker-v1-vllm:v2.4.0",
		Args: str("python -m vllm.entrypoints"), Scaling: runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: &delay},
		GPU: &runpod.CreateEndpointGPU{Pools: []string{"ADA_24", "AMPERE_48"}}, Env: map[string]string{"HF_TOKEN": "{{ RUNPOD_SECRET_hf_token }}"}})
	endpoint(runpod.CreateEndpointRequest{Name: "acme-resize", Type: runpod.EndpointTypeLoadBalancer, Image: "ghcr.io/acme/resize:2",
		Scaling: runpod.EndpointScaling{Type: runpod.ScalerRequestCount, RequestCount: num(5)},
		CPU:     []runpod.EndpointCPURequest{{ID: "cpu5c", VCPUCount: 4}}, Env: map[string]string{"PORT": "8080"}})
	endpoint(runpod.CreateEndpointRequest{Name: "acme-worker", Type: runpod.EndpointTypeQueue, TemplateID: workerTmpl.ID,
		Scaling: runpod.EndpointScaling{Type: runpod.ScalerQueueDelay, QueueDelay: &delay},
		GPU:     &runpod.CreateEndpointGPU{Pools: []string{"ADA_24"}}})
	return a
}

// An account holding every kind in every shape is adopted with terraform
// query: the generated configuration, as written, validates and plans to
// the imports alone, with nothing created, replaced, destroyed or updated
// (the write-only values the adoption guide names are only needed to take
// them over later); applied, it writes nothing and plans clean.
func TestAccQuery_everyKindGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	a := seedAccount(t, env.Fake)
	cli := env.QueryCLI(t)

	// One list block per resource type that has a list resource.
	_, generated := cli.GenerateConfig(acctest.Testdata(t, "list_every_kind", nil))
	all := [][]string{a.templates, a.pods, a.clusters, a.endpoints, a.volumes, a.registries, a.secrets}
	var ids []string
	for _, k := range all {
		ids = append(ids, k...)
	}
	acctest.ExpectGenerated(t, generated, "object", ids, []string{"ghcr-token-canary", "hf-canary"})
	if res := cli.Run("validate"); res.ExitCode != 0 {
		t.Fatalf("terraform validate refuses the generated configuration:\n%s\n%s", res.Output(), generated)
	}

	env.Fake.ResetRequests()
	// One more than the ids above: the SSH key has no id of the API's kind.
	res, _ := cli.PlanGenerated(len(ids)+1, "import")
	if t.Failed() {
		t.Logf("plan:\n%s\ngenerated configuration:\n%s", res.Output(), generated)
		return
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if err := acctest.OnlyReads(env.Fake); err != nil {
		t.Errorf("adopting the account %v", err)
	}
	cli.ExpectNoChanges()
}
