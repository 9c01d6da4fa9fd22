package pod_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// What the API would refuse, or answer ambiguously, fails the plan, before
// any create is sent.
func TestAccPod_planTimeRefusals(t *testing.T) {
	env := newEnv(t)
	vol := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "ckpt", Size: 50, DataCenter: "US-KS-2"})
	pod := func(gpu string, extra ...string) string {
		return podConfig(append([]string{`name = "x"`, `image = "runpod/base:0.7.0"`, "gpu " + gpu}, extra...)...)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				// The display name, not the id: the API would say "no
				// instances available", the plan names the id.
				Config:      pod(`{ type_id = "RTX 4090" }`),
				ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*"RTX 4090"\s+is\s+not\s+in\s+Runpod's\s+GPU\s+catalog.*"NVIDIA GeForce RTX 4090"\s+\(RTX\s+4090,\s+24\s+GB\)`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA H200" }`),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*no\s+stock\s+for\s+1\s+×\s+NVIDIA\s+H200\s+per\s+pod` +
					`.*"AMD Instinct MI300X OAM"\s+\(MI300X,\s+192\s+GB`),
			},
			{
				// Stock elsewhere is offered.
				Config:      pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `data_center_ids = ["EU-SE-1"]`),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*EU-SE-1:\s+NONE.*NVIDIA\s+GeForce\s+RTX\s+4090\s+in\s+other\s+data\s+centers:\s+EU-RO-1\s+\(HIGH\),\s+US-KS-2\s+\(MEDIUM\)`),
			},
			{
				Config: pod(`{
  type_id = "NVIDIA GeForce RTX 4090"
  min_cuda_version = "12.9"
}`),
				ExpectError: regexp.MustCompile(`(?s)No GPU Stock With the Requested CUDA Version.*CUDA\s+12\.9\s+or\s+later` +
					`.*with\s+stock\s+\(any\s+data\s+center\):\s+12\.4,\s+12\.6,\s+12\.8`),
			},
			{
				Config:      pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `data_center_ids = ["EU-RO-2"]`),
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*"EU-RO-2".*"EU-RO-1"`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `cloud = "COMMUNITY"`, fmt.Sprintf(`network_volume {
  volume_id = %q
  path = "/ckpt"
}`, vol.ID)),
				ExpectError: regexp.MustCompile(`(?s)Network Volumes Need Secure Cloud`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `data_center_ids = ["EU-RO-1"]`,
					fmt.Sprintf(`network_volume {
  volume_id = %q
  path = "/ckpt"
}`, vol.ID)),
				ExpectError: regexp.MustCompile(`(?s)Network Volume in Another Data Center.*is\s+in\s+data\s+center\s+US-KS-2,\s+which\s+is\s+not\s+in\s+data_center_ids\s+\(EU-RO-1\)`),
			},
			{
				Config: pod(`{ type_id = "NVIDIA GeForce RTX 4090" }`, `network_volume {
  volume_id = "nope"
  path = "/ckpt"
}`),
				ExpectError: regexp.MustCompile(`(?s)Network Volume Not Found.*"nope"`),
			},
			{
				Config:      pod(`{ type_id = "NVIDIA L40S" }`, `cloud = "COMMUNITY"`),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Not Offered on Community Cloud`),
			},
			{
				Config: pod(`{
  type_id = "NVIDIA GeForce RTX 4090"
  count = 9
}`),
				ExpectError: regexp.MustCompile(`(?s)Too Many GPUs per Pod.*at\s+most\s+8`),
			},
			{
				Config:      cpuPod(t, "x", "cpu5m", 2),
				ExpectError: regexp.MustCompile(`(?s)CPU Flavour Out of Stock.*no\s+stock\s+for\s+a\s+cpu5m\s+CPU\s+pod\s+with\s+2\s+vCPUs.*flavour\s+"cpu3c"\s+\(Compute-Optimized,\s+\$0\.03\s+per\s+vCPU-hour\)`),
			},
			{
				Config:      cpuPod(t, "x", "cpu3c", 6),
				ExpectError: regexp.MustCompile(`(?s)Invalid vCPU Count.*power\s+of\s+two`),
			},
			{
				Config:      cpuPod(t, "x", "cpu3c", 2, `persistent_volume = { size_gb = 20, path = "/w" }`),
				ExpectError: regexp.MustCompile(`Volume Disk Not Available on CPU Pods`),
			},
			{
				Config:      podConfig(`name = "x"`, `image = "runpod/base:0.7.0"`),
				ExpectError: regexp.MustCompile(`(?s)Exactly\s+one\s+of\s+these\s+attributes\s+must\s+be\s+configured:\s+\[gpu,cpu\]`),
			},
			{
				Config:      podConfig(`name = "x"`, `gpu { type_id = "NVIDIA GeForce RTX 4090" }`),
				ExpectError: regexp.MustCompile(`(?s)At\s+least\s+one\s+of\s+these\s+attributes\s+must\s+be\s+configured:\s+\[image,template_id\]`),
			},
			{
				// After all that, nothing was ever created.
				Config:             `output "created" { value = "none" }`,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				PreConfig: func() {
					if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
						t.Errorf("%d creates sent despite the plan errors", n)
					}
				},
			},
		},
	})
}

// A GPU type known only at apply is checked when Terraform plans again
// with it known, still before any create is sent.
func TestAccPod_checkedAtApplyWhenUnknownAtPlan(t *testing.T) {
	env := newEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{{
			Config:      acctest.Testdata(t, "pod_gpu_known_at_apply", nil),
			ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*"RTX 4090"\s+is\s+not\s+in\s+Runpod's\s+GPU\s+catalog`),
		}},
	})
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 0 {
		t.Errorf("%d creates sent for an unknown GPU type", n)
	}
}

// An env that makes the create or update body exceed Runpod's 100 KB limit
// fails the plan naming env; a 413 at apply says the same.
func TestAccPod_bodyOverLimit(t *testing.T) {
	env := newEnv(t)
	cli := env.CLI(t)
	big := strings.Repeat("x", 200*1024)
	cli.SetConfig(gpuPod(t, "big", `env = { DATA = "`+big+`" }`))
	cli.Init()
	res := cli.Run("plan")
	if res.ExitCode == 0 {
		t.Fatalf("plan of a 200 KB env succeeded")
	}
	says(t, res, "Error: Request Body Too Large", "over Runpod's limit of 102400 bytes", "Most of it comes from env")

	// In place: a pod that exists gets the same refusal for its update.
	cli.SetConfig(gpuPod(t, "big", `env = { DATA = "small" }`))
	cli.MustRun("apply", "-auto-approve")
	cli.SetConfig(gpuPod(t, "big", `env = { DATA = "`+big+`" }`))
	res = cli.Run("plan")
	says(t, res, "Error: Request Body Too Large", "Most of it comes from env")

	// A 413 at apply maps to the same message.
	env.Fake.InjectFault(runpodfake.Fault{Method: "PATCH", Path: "/v2/pods/*", Count: 1, Status: 413})
	cli.SetConfig(gpuPod(t, "big", `env = { DATA = "still small" }`))
	res = cli.Run("apply", "-auto-approve")
	says(t, res, "Error: Request Body Too Large", "Most of it comes from env", "nothing was changed")
	if n := env.Fake.CountRequests("POST", "/v2/pods"); n != 1 {
		t.Errorf("%d POST /v2/pods, want 1", n)
	}
}
