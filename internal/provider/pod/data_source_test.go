package pod_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

// The data sources read any pod, cluster members included on request; a
// cluster member imported as a runpod_pod cannot be terminated one by one,
// and the error says why.
func TestAccPod_dataSourcesAndClusterMembers(t *testing.T) {
	env := newEnv(t)
	env.Fake.SetPodStartDelay(0)
	solo := env.Fake.SeedPod(runpodfake.Pod{Name: "solo", Image: "runpod/base:0.7.0", GPU: &runpodfake.PodGPU{ID: rtx4090}, Ports: []string{"8888/http"}})
	client := runpodtest.Client(t, env.Fake)
	ctx := context.Background()
	cluster, err := client.CreateCluster(ctx, runpod.CreateClusterRequest{
		Name: "train", Type: runpod.ClusterTypeTraining, Image: "runpod/base:0.7.0",
		Compute: runpod.ClusterCompute{GPUTypeID: "NVIDIA A100 80GB PCIe", GPUCountPerPod: 8, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	members, err := client.ListClusterPods(ctx, cluster.ID)
	if err != nil || len(members) != 2 {
		t.Fatalf("cluster members %v %v", members, err)
	}
	member := members[0]
	memberConfig := acctest.Testdata(t, "pod_gpu_count", map[string]any{
		"Name": member.Name, "Image": "runpod/base:0.7.0", "GPU": "NVIDIA A100 80GB PCIe", "Count": 8,
	})

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		Steps: []resource.TestStep{
			{
				Config: acctest.Testdata(t, "pods_data_sources", map[string]any{"Solo": solo.ID, "Member": member.ID}),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.runpod_pods.mine", acctest.Attr("pods"), knownvalue.ListSizeExact(1)),
					statecheck.ExpectKnownValue("data.runpod_pods.all", acctest.Attr("pods"), knownvalue.ListSizeExact(3)),
					statecheck.ExpectKnownValue("data.runpod_pods.named", acctest.Attr("pods").AtSliceIndex(0).AtMapKey("id"), knownvalue.StringExact(solo.ID)),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("gpu"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"type_id": knownvalue.StringExact(rtx4090), "count": knownvalue.Int64Exact(1),
					})),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("proxy_urls").AtMapKey("8888"),
						knownvalue.StringExact("https://"+solo.ID+"-8888.proxy.runpod.net")),
					statecheck.ExpectKnownValue("data.runpod_pod.solo", acctest.Attr("cluster_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue("data.runpod_pod.member", acctest.Attr("cluster_id"), knownvalue.StringExact(cluster.ID)),
				},
			},
			{
				Config:      `data "runpod_pod" "gone" { id = "nosuchpod" }`,
				ExpectError: regexp.MustCompile(`(?s)Pod Not Found.*"nosuchpod"`),
			},
			{
				// A cluster member can be adopted to read it ...
				Config:             memberConfig,
				ResourceName:       addr,
				ImportState:        true,
				ImportStateId:      member.ID,
				ImportStatePersist: true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].Attributes["cluster_id"] != cluster.ID {
						return fmt.Errorf("imported %v, want cluster_id %s", states, cluster.ID)
					}
					return nil
				},
			},
			{
				// ... but not terminated on its own.
				Config:      `output "x" { value = 1 }`,
				ExpectError: regexp.MustCompile(`(?s)Pod Not Terminated.*belongs\s+to\s+cluster\s+` + cluster.ID + `.*runpod_cluster`),
			},
			{
				Config: `
removed {
  from = runpod_pod.p
  lifecycle {
    destroy = false
  }
}`,
			},
		},
	})
}
