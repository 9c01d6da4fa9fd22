package cluster_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
)

// Every argument but name is fixed when a cluster is created: changing any
// of them plans a replacement, attributed to that argument, and the new
// cluster is created with the new setting.
func TestAccCluster_immutableArgumentsReplace(t *testing.T) {
	env := newEnv(t)
	rec := env.Record()
	env.Fake.SetSSHKeys("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJ1bXBlciBzdGlja2VyIGZvciB0ZXN0cyBvbmx5 test@example")

	// The configuration is kept as its argument lines, so that each step
	// can change, add or remove one.
	args := []string{
		`name = "rep"`, `type = "TRAINING"`, fmt.Sprintf("gpu_type_id = %q", h100), `gpu_count_per_pod = 8`,
		`pod_count = 2`, `data_center_ids = ["US-TX-3"]`, `image = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"`,
		`ports = ["22/tcp", "8888/http"]`,
	}
	render := func() string {
		return "resource \"runpod_cluster\" \"c\" {\n  " + strings.Join(args, "\n  ") + "\n}\n"
	}
	// set replaces the argument key's line, appends it when absent, or
	// removes it when line is "".
	set := func(key, line string) func() {
		return func() {
			out := args[:0:0]
			found := false
			for _, a := range args {
				if strings.HasPrefix(a, key+" ") {
					found = true
					if line != "" {
						out = append(out, line)
					}
					continue
				}
				out = append(out, a)
			}
			if !found && line != "" {
				out = append(out, line)
			}
			args = out
		}
	}
	// Steps are built before the test runs, each with its configuration.
	initial := render()
	var prevID, id string
	// step applies changes and expects a replacement due to exactly attrs.
	step := func(attrs []string, changes ...func()) resource.TestStep {
		for _, c := range changes {
			c()
		}
		return resource.TestStep{
			PreConfig: func() { prevID = id; rec.Reset(); env.Fake.ResetRequests() },
			Config:    render(),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				expectReplacedBy(attrs...),
				rec.ExpectWarning(summaryCost, `Replacing cluster "rep" (`),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				acctest.CaptureAttr(addr, "id", &id),
				acctest.CheckFake(func() error {
					if id == prevID {
						return fmt.Errorf("the cluster was not replaced (id %s)", id)
					}
					if _, ok := env.Fake.Cluster(prevID); ok {
						return fmt.Errorf("the old cluster %s still exists", prevID)
					}
					if n := env.Fake.CountRequests("POST", "/v2/clusters"); n != 1 {
						return fmt.Errorf("%d creates, want 1", n)
					}
					return nil
				}),
			},
		}
	}
	one := func(attr string) []string { return []string{attr} }

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config:            initial,
				ConfigStateChecks: []statecheck.StateCheck{acctest.CaptureAttr(addr, "id", &id)},
			},
			step(one("type"), set("type", `type = "RAY"`)),
			step(one("gpu_count_per_pod"), set("gpu_count_per_pod", `gpu_count_per_pod = 4`)),
			func() resource.TestStep {
				s := step(one("pod_count"), set("pod_count", `pod_count = 3`))
				s.ConfigPlanChecks.PreApply = append(s.ConfigPlanChecks.PreApply,
					plancheck.ExpectKnownValue(addr, acctest.Attr("estimated_cost_per_hour"), knownvalue.Float64Exact(35.88)),
					rec.ExpectWarning(summaryCost, "pod_count × gpu_count_per_pod = 3 × 4 = 12 GPUs", "= $35.88 per hour"))
				return s
			}(),
			step(one("data_center_ids"), set("data_center_ids", `data_center_ids = ["US-TX-3", "US-KS-2"]`)),
			func() resource.TestStep {
				// The A100 has cluster stock only in US-KS-2, the second choice.
				s := step(one("gpu_type_id"), set("gpu_type_id", fmt.Sprintf("gpu_type_id = %q", a100)))
				s.ConfigStateChecks = append(s.ConfigStateChecks,
					statecheck.ExpectKnownValue(addr, acctest.Attr("data_center_id"), knownvalue.StringExact("US-KS-2")))
				return s
			}(),
			step(one("image"), set("image", `image = "ghcr.io/acme/trainer:2"`)),
			step(one("args"), set("args", `args = "sleep infinity"`)),
			step([]string{"args", "entrypoint"}, set("args", ""), set("entrypoint", `entrypoint = ["python"]`)),
			step(one("cmd"), set("cmd", `cmd = ["train.py"]`)),
			step(one("container_disk_gb"), set("container_disk_gb", `container_disk_gb = 40`)),
			step(one("env"), set("env", `env = { EPOCHS = "3" }`)),
			step(one("ports"), set("ports", `ports = ["22/tcp"]`)),
			step(one("persistent_volume"), set("persistent_volume", `persistent_volume {
  size_gb = 20
  path = "/workspace"
}`)),
			step(one("start_ssh"), set("start_ssh", `start_ssh = true`)),
			func() resource.TestStep {
				s := step(one("start_jupyter"), set("start_jupyter", `start_jupyter = true`))
				s.ConfigStateChecks = append(s.ConfigStateChecks, acctest.CheckFake(func() error {
					// Everything configured so far reached the API in one body.
					bodies := requestBodies(env.Fake, "POST", "/v2/clusters")
					want := `{"cmd":["train.py"],"compute":{"gpuCountPerPod":4,"gpuTypeId":"NVIDIA A100 80GB PCIe","podCount":3},` +
						`"dataCenterIds":["US-TX-3","US-KS-2"],"disk":40,"entrypoint":["python"],"env":{"EPOCHS":"3"},` +
						`"image":"ghcr.io/acme/trainer:2","mounts":{"persistent":{"path":"/workspace","size":20}},` +
						`"name":"rep","ports":["22/tcp"],"startJupyter":true,"startSsh":true,"type":"RAY"}`
					if len(bodies) != 1 || bodies[0] != want {
						return fmt.Errorf("create body %v, want %s", bodies, want)
					}
					return nil
				}))
				return s
			}(),
		},
	})
}
