package cluster_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/cluster"
)

// The plan reads cluster stock (product CLUSTER, not POD) and refuses what
// cannot be placed, with the nearest configurations that can; nothing is
// sent to the API.
func TestAccCluster_stockCheck(t *testing.T) {
	env := newEnv(t)
	// H200 has cluster stock in EU-RO-1 only: the alternative of at least
	// 80 GB where the H100 was asked for.
	env.Fake.SetGPUStock(h200, "CLUSTER", "SECURE", "EU-RO-1", 16)
	// Plenty of H100s for pods in EU-RO-1, none for clusters: pod stock
	// must not count.
	env.Fake.SetGPUStock(h100, "POD", "SECURE", "EU-RO-1", 64)
	inEURO := override(clusterConfig(t, "euro"), "data_center_ids", `data_center_ids = ["EU-RO-1"]`)

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: inEURO,
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*with\s+runpod_cluster\.c.*gpu_type_id.*` +
					`no\s+stock\s+for\s+2\s+pods\s+of\s+8\s+×\s+NVIDIA\s+H100\s+80GB\s+HBM3\s+per\s+pod\s+\(Secure\s+Cloud,\s+product\s+CLUSTER\)\s+` +
					`in\s+the\s+requested\s+data\s+centers\s+\(EU-RO-1\).*EU-RO-1:\s+NONE.*With\s+stock\s+now:.*` +
					`NVIDIA\s+H100\s+80GB\s+HBM3\s+in\s+other\s+data\s+centers:\s+US-TX-3\s+\(HIGH\).*` +
					`other\s+GPU\s+types\s+with\s+at\s+least\s+80\s+GB.*"NVIDIA\s+H200"\s+\(H200\s+SXM,\s+141\s+GB,\s+\$3\.99\s+per\s+GPU-hour\):\s+EU-RO-1`),
			},
			{
				// Offered for clusters in US-TX-3 with none free; the same GPU
				// elsewhere is the way out.
				Config: override(clusterConfig(t, "h200"), "gpu_type_id", fmt.Sprintf("gpu_type_id = %q", h200)),
				ExpectError: regexp.MustCompile(`(?s)GPU Type Out of Stock.*NVIDIA\s+H200.*US-TX-3:\s+NONE.*` +
					`NVIDIA\s+H200\s+in\s+other\s+data\s+centers:\s+EU-RO-1\s+\(LOW\)`),
			},
			{
				Config: override(clusterConfig(t, "typo"), "gpu_type_id", `gpu_type_id = "H100 SXM"`),
				ExpectError: regexp.MustCompile(`(?s)Unknown GPU Type.*gpu_type_id.*"H100\s+SXM"\s+is\s+not\s+in\s+Runpod's\s+GPU\s+catalog.*` +
					`"NVIDIA\s+H100\s+80GB\s+HBM3"\s+\(H100\s+SXM,\s+80\s+GB\)`),
			},
			{
				Config:      override(clusterConfig(t, "fat"), "gpu_count_per_pod", `gpu_count_per_pod = 16`),
				ExpectError: regexp.MustCompile(`(?s)Too Many GPUs per Pod.*gpu_count_per_pod.*holds\s+at\s+most\s+8\s+GPUs`),
			},
			{
				Config:      override(clusterConfig(t, "where"), "data_center_ids", `data_center_ids = ["US-KS-9"]`),
				ExpectError: regexp.MustCompile(`(?s)Unknown Data Center.*data_center_ids.*"US-KS-9"\s+is\s+not\s+in\s+Runpod's\s+catalog.*"US-KS-2"`),
			},
			{
				Config:      override(clusterConfig(t, "few"), "pod_count", `pod_count = 1`),
				ExpectError: regexp.MustCompile(`(?s)pod_count.*value\s+must\s+be\s+between\s+2\s+and\s+250`),
			},
			{
				// None of the refused plans reached the create endpoint.
				Config:   inEURO,
				PlanOnly: true,
				PreConfig: func() {
					if n := env.Fake.CountRequests("POST", "/v2/clusters"); n != 0 {
						t.Errorf("%d cluster creates sent by refused plans", n)
					}
				},
				ExpectError: regexp.MustCompile(`GPU Type Out of Stock`),
			},
		},
	})
}

// Stock that looked sufficient at plan time but was not at apply (the
// catalog reports a level per pod, the cluster needs 24 A100s in one data
// center, and US-KS-2 has 16): the API's capacity 400 is explained, not
// retried, and leaves nothing behind.
func TestAccCluster_capacityAtApply(t *testing.T) {
	env := newEnv(t)
	// What the error proposes instead: the A100 elsewhere, an H100 where asked.
	env.Fake.SetGPUStock(a100, "CLUSTER", "SECURE", "CA-MTL-1", 8)
	env.Fake.SetGPUStock(h100, "CLUSTER", "SECURE", "US-KS-2", 32)
	cfg := override(override(override(clusterConfig(t, "big"),
		"gpu_type_id", fmt.Sprintf("gpu_type_id = %q", a100)),
		"data_center_ids", `data_center_ids = ["US-KS-2"]`),
		"pod_count", `pod_count = 3`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ExpectError: regexp.MustCompile(`(?s)No Capacity for the Cluster.*gpu_type_id.*Runpod\s+refused\s+to\s+create\s+cluster\s+"big":\s+` +
					`it\s+could\s+not\s+place\s+3\s+pods\s+×\s+8\s+NVIDIA\s+A100\s+80GB\s+PCIe\s+in\s+one\s+data\s+center\s+\(Runpod\s+said:\s+` +
					`"There\s+are\s+no\s+instances\s+currently\s+available.*The\s+create\s+was\s+not\s+retried,\s+and\s+no\s+cluster\s+was\s+created.*` +
					`still\s+reports\s+stock\s+for\s+one\s+pod\s+of\s+this\s+size\s+\(US-KS-2\s+LOW\),\s+but\s+not\s+enough.*With\s+stock\s+now:.*` +
					`NVIDIA\s+A100\s+80GB\s+PCIe\s+in\s+other\s+data\s+centers:\s+CA-MTL-1\s+\(LOW\).*` +
					`other\s+GPU\s+types\s+with\s+at\s+least\s+80\s+GB\s+in\s+the\s+requested\s+data\s+centers\s+\(US-KS-2\):\s+"NVIDIA\s+H100\s+80GB\s+HBM3"\s+\(H100\s+SXM,\s+80\s+GB,\s+\$2\.99\s+per\s+GPU-hour\):\s+US-KS-2`),
			},
			{
				PreConfig: func() {
					if n := env.Fake.CountRequests("POST", "/v2/clusters"); n != 1 {
						t.Errorf("%d creates sent, want exactly 1 (never retried)", n)
					}
				},
				Config: `# nothing`,
			},
		},
	})
}

// Without an API key a cluster's plan fails naming the key: stock and cost
// cannot be checked, and a plan that did not check them must not pass.
func TestAccCluster_planWithoutAPIKey(t *testing.T) {
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.FactoriesWithEnv(func(string) string { return "" }, cluster.NewTestResource),
		Steps: []resource.TestStep{{
			Config:      clusterConfig(t, "offline"),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Missing Runpod API Key.*api_key.*RUNPOD_API_KEY`),
		}},
	})
}

// Several clusters share the catalog memo: the GPU availability for
// clusters is read once per Terraform run (plan, then apply), not once per
// cluster.
func TestAccCluster_catalogReadOncePerRun(t *testing.T) {
	env := newEnv(t)
	config := acctest.Testdata(t, "clusters_sharing_the_catalog", nil)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CheckFake(func() error {
						// One read by the plan, one by the apply's own re-plan.
						if n := env.Fake.CountRequests("GET", "/v2/catalog/gpus"); n != 2 {
							return fmt.Errorf("%d GPU catalog reads for 4 clusters, want 2", n)
						}
						return nil
					}),
				},
			},
		},
	})
}
