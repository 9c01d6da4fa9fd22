package endpoint_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// What the API would refuse fails at validate or plan, naming the
// attribute and what is allowed, and nothing is created.
func TestAccEndpoint_refusedAtPlan(t *testing.T) {
	env := newEnv(t)
	podTmpl := env.Fake.SeedTemplate(runpodfake.DefaultTemplate("pod-only", "ghcr.io/acme/pod:1"))
	volRO := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "weights-ro", Size: 50, DataCenter: "EU-RO-1"})
	volRO2 := env.Fake.SeedNetworkVolume(runpodfake.NetworkVolume{Name: "weights-ro-2", Size: 50, DataCenter: "EU-RO-1"})
	base := endpointConfig(t, "refused")
	cases := []struct {
		name   string
		config string
		want   string
	}{
		{"unknown pool", override(base, "gpu_pools", `gpu_pools = ["ADA_24", "NVIDIA GeForce RTX 4090"]`),
			`(?s)Unknown Serverless GPU Pool.*"NVIDIA GeForce RTX 4090".*pool ids.*AMPERE_48: NVIDIA RTX A6000`},
		{"excluded type outside the pools", endpointConfig(t, "refused", `gpu_excluded_type_ids = ["NVIDIA H200"]`),
			`(?s)Excluded GPU Type Not In The Pools.*"NVIDIA H200"`},
		{"queue delay on a load balancer", override(base, "type", `type = "LOAD_BALANCER"`),
			`(?s)Scaler Not Allowed For Load-Balancing Endpoints.*REQUEST_COUNT`},
		{"idle timeout with request count", override(override(base, "scaler_type", `scaler_type = "REQUEST_COUNT"`), "scaler_value",
			"scaler_value = 2\n  idle_timeout_seconds = 5"), `(?s)Idle Timeout Not Used With REQUEST_COUNT`},
		{"fractional request count", override(override(base, "scaler_type", `scaler_type = "REQUEST_COUNT"`), "scaler_value",
			"scaler_value = 2.5"), `(?s)Invalid Scaler Value.*whole number`},
		{"no image", override(base, "image", ""), `(?s)Missing Container Image.*template_id`},
		{"gpu and cpu", endpointConfig(t, "refused", cpuBlocks("cpu3c", 4)), `(?s)Invalid Attribute Combination.*Exactly one of gpu_pools`},
		{"neither gpu nor cpu", override(base, "gpu_pools", ""), `(?s)Invalid Attribute Combination.*Exactly one of gpu_pools`},
		{"cpu block without its flavour", override(base, "gpu_pools", "cpu {\n    vcpu_count = 4\n  }"),
			`(?s)Missing Required Argument.*"type_id" is required in cpu block 1`},
		{"vcpu not a power of two", override(base, "gpu_pools", cpuBlocks("cpu3c", 6)),
			`(?s)Invalid vCPU Count.*power of two`},
		{"unknown cpu flavour", override(base, "gpu_pools", cpuBlocks("cpu9z", 4)),
			`(?s)Unknown CPU Flavour.*cpu3c`},
		{"pod template", override(base, "image", `template_id = "`+podTmpl.ID+`"`), `(?s)Not A Serverless Template.*pod-only`},
		{"volume outside the data centers", endpointConfig(t, "refused", `data_center_ids = ["US-TX-3"]`,
			`network_volume_ids = ["`+volRO.ID+`"]`), `(?s)Network Volume Outside The Endpoint's Data Centers.*EU-RO-1`},
		{"two volumes in one data center", endpointConfig(t, "refused", `network_volume_ids = ["`+volRO.ID+`", "`+volRO2.ID+`"]`),
			`(?s)Two Network Volumes In One Data Center`},
		{"waiting for more than workers_max", endpointConfig(t, "refused", "workers_max = 2", "wait_for_ready_workers = 3"),
			`(?s)Cannot Wait For More Workers Than workers_max`},
		{"more active workers than workers_max", endpointConfig(t, "refused", "workers_min = 4"), `(?s)workers_min Above workers_max.*at least 4`},
		{"bad CUDA version", endpointConfig(t, "refused", `min_cuda_version = "12"`), `(?s)min_cuda_version.*major.minor`},
	}
	steps := make([]resource.TestStep, len(cases))
	for i, c := range cases {
		steps[i] = resource.TestStep{Config: c.config, PlanOnly: true, ExpectError: regexp.MustCompile(c.want)}
	}
	resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: env.Factories, Steps: steps})
	if n := env.Fake.EndpointCount(); n != 0 {
		t.Errorf("%d endpoints were created by refused plans", n)
	}
}
