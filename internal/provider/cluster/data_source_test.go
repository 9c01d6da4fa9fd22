package cluster_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// The two clusters named "slurm", as the ambiguity error lists them (by id,
// so in either order).
const (
	ambA = `[a-z0-9]{10}\s+\(2\s+pods\s+×\s+1\s+NVIDIA\s+A100\s+80GB\s+PCIe\s+in\s+US-KS-2\)`
	ambB = `[a-z0-9]{10}\s+\(2\s+pods\s+×\s+8\s+NVIDIA\s+H100\s+80GB\s+HBM3\s+in\s+US-TX-3\)`
)

func TestAccClusterDataSources(t *testing.T) {
	env := newEnv(t)
	// A frozen clock: billing accrues nothing by itself, so the records are
	// exactly the charges below.
	now := time.Date(2026, 3, 10, 12, 30, 0, 0, time.UTC)
	env.Fake.SetClock(func() time.Time { return now })
	client := apiClient(t, env.Fake)
	other, err := client.CreateCluster(context.Background(), runpod.CreateClusterRequest{
		Name: "aaa-other", Type: "APPLICATION", Image: "busybox",
		Compute: runpod.ClusterCompute{GPUTypeID: a100, GPUCountPerPod: 1, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	env.Fake.AddClusterBilling("deletedclu", now.Add(-26*time.Hour), 3, 0, 0)

	var id string
	base := override(clusterConfig(t, "slurm"), "type", `type = "SLURM"`)
	withData := base + acctest.Testdata(t, "cluster_data_sources", nil)
	pod := func(i int, key string) tfjsonpath.Path { return tfjsonpath.New("pods").AtSliceIndex(i).AtMapKey(key) }
	record := func(i int, key string) tfjsonpath.Path {
		return tfjsonpath.New("records").AtSliceIndex(i).AtMapKey(key)
	}
	const (
		dsID    = "data.runpod_cluster.by_id"
		dsName  = "data.runpod_cluster.by_name"
		dsAll   = "data.runpod_clusters.all"
		dsPods  = "data.runpod_cluster_pods.members"
		dsMine  = "data.runpod_cluster_billing.mine"
		dsBills = "data.runpod_cluster_billing.all"
	)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: env.Factories,
		CheckDestroy:             acctest.CheckDestroyed(env.Fake),
		Steps: []resource.TestStep{
			{
				Config: base,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.CaptureAttr(addr, "id", &id),
					acctest.CheckFake(func() error {
						env.Fake.AddClusterBilling(id, now.Add(-2*time.Hour), 10.5, 0.25, 0.05)
						return nil
					}),
				},
			},
			{
				Config: withData,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(dsID, acctest.Attr("name"), knownvalue.StringExact("slurm")),
					statecheck.ExpectKnownValue(dsID, acctest.Attr("type"), knownvalue.StringExact("SLURM")),
					statecheck.ExpectKnownValue(dsID, acctest.Attr("pod_count"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(dsID, acctest.Attr("gpu_count_per_pod"), knownvalue.Int64Exact(8)),
					statecheck.ExpectKnownValue(dsID, acctest.Attr("data_center_id"), knownvalue.StringExact("US-TX-3")),
					statecheck.ExpectKnownValue(dsID, acctest.Attr("created_at"), knownvalue.StringExact("2026-03-10T12:30:00Z")),
					statecheck.ExpectKnownValue(dsID, acctest.Attr("pods_by_status"), knownvalue.MapExact(map[string]knownvalue.Check{
						"RUNNING": knownvalue.Int64Exact(2),
					})),
					statecheck.CompareValuePairs(dsName, acctest.Attr("id"), addr, acctest.Attr("id"), compareEqual),
					statecheck.CompareValuePairs(dsID, acctest.Attr("primary_pod_id"), addr, acctest.Attr("primary_pod_id"), compareEqual),

					// Sorted by name: the older "aaa-other" first.
					statecheck.ExpectKnownValue(dsAll, acctest.Attr("clusters"), knownvalue.ListSizeExact(2)),
					statecheck.ExpectKnownValue(dsAll, tfjsonpath.New("clusters").AtSliceIndex(0).AtMapKey("id"), knownvalue.StringExact(other.ID)),
					statecheck.ExpectKnownValue(dsAll, tfjsonpath.New("clusters").AtSliceIndex(0).AtMapKey("gpu_type_id"), knownvalue.StringExact(a100)),
					statecheck.ExpectKnownValue(dsAll, tfjsonpath.New("clusters").AtSliceIndex(1).AtMapKey("name"), knownvalue.StringExact("slurm")),

					// Members by rank, with their roles, addresses and cost.
					statecheck.ExpectKnownValue(dsPods, acctest.Attr("pods"), knownvalue.ListSizeExact(2)),
					statecheck.CompareValuePairs(dsPods, pod(0, "id"), addr, acctest.Attr("primary_pod_id"), compareEqual),
					statecheck.ExpectKnownValue(dsPods, pod(0, "rank"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(dsPods, pod(0, "role"), knownvalue.StringExact("SLURM_CONTROLLER")),
					statecheck.ExpectKnownValue(dsPods, pod(0, "name"), knownvalue.StringExact("slurm-0")),
					statecheck.ExpectKnownValue(dsPods, pod(0, "ip"), knownvalue.StringExact("10.65.0.2")),
					statecheck.ExpectKnownValue(dsPods, pod(0, "status"), knownvalue.StringExact("RUNNING")),
					statecheck.ExpectKnownValue(dsPods, pod(0, "gpu_type_id"), knownvalue.StringExact(h100)),
					statecheck.ExpectKnownValue(dsPods, pod(0, "gpu_count"), knownvalue.Int64Exact(8)),
					statecheck.ExpectKnownValue(dsPods, pod(0, "data_center_id"), knownvalue.StringExact("US-TX-3")),
					statecheck.ExpectKnownValue(dsPods, pod(0, "cost_per_hour"), knownvalue.Float64Exact(23.92)),
					statecheck.ExpectKnownValue(dsPods, pod(1, "rank"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(dsPods, pod(1, "role"), knownvalue.StringExact("SLURM_COMPUTE")),
					statecheck.ExpectKnownValue(dsPods, pod(1, "ip"), knownvalue.StringExact("10.65.0.3")),
					statecheck.ExpectKnownValue(dsPods, acctest.Attr("total_cost_per_hour"), knownvalue.Float64Exact(47.84)),

					// One cluster, the last two days: yesterday nothing, today the charge.
					statecheck.ExpectKnownValue(dsMine, acctest.Attr("window"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"start_time":  knownvalue.StringExact("2026-03-09T00:00:00Z"),
						"end_time":    knownvalue.StringExact("2026-03-11T00:00:00Z"),
						"bucket_size": knownvalue.StringExact("day"),
					})),
					statecheck.ExpectKnownValue(dsMine, acctest.Attr("record_count"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(dsMine, acctest.Attr("unique_cluster_count"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(dsMine, record(0, "total_amount"), knownvalue.Float64Exact(0)),
					statecheck.ExpectKnownValue(dsMine, record(1, "start_time"), knownvalue.StringExact("2026-03-10T00:00:00Z")),
					statecheck.ExpectKnownValue(dsMine, record(1, "end_time"), knownvalue.StringExact("2026-03-11T00:00:00Z")),
					statecheck.CompareValuePairs(dsMine, record(1, "cluster_id"), addr, acctest.Attr("id"), compareEqual),
					statecheck.ExpectKnownValue(dsMine, record(1, "gpu_amount"), knownvalue.Float64Exact(10.5)),
					statecheck.ExpectKnownValue(dsMine, record(1, "disk_amount"), knownvalue.Float64Exact(0.25)),
					statecheck.ExpectKnownValue(dsMine, record(1, "networking_amount"), knownvalue.Float64Exact(0.05)),
					statecheck.ExpectKnownValue(dsMine, record(1, "total_amount"), knownvalue.Float64Exact(10.8)),
					statecheck.ExpectKnownValue(dsMine, acctest.Attr("totals"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"total_amount":      knownvalue.Float64Exact(10.8),
						"gpu_amount":        knownvalue.Float64Exact(10.5),
						"disk_amount":       knownvalue.Float64Exact(0.25),
						"networking_amount": knownvalue.Float64Exact(0.05),
					})),

					// Every cluster, a window widened to whole days: the deleted
					// cluster's history counts too.
					statecheck.ExpectKnownValue(dsBills, acctest.Attr("window"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"start_time":  knownvalue.StringExact("2026-03-09T00:00:00Z"),
						"end_time":    knownvalue.StringExact("2026-03-11T00:00:00Z"),
						"bucket_size": knownvalue.StringExact("day"),
					})),
					statecheck.ExpectKnownValue(dsBills, acctest.Attr("unique_cluster_count"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue(dsBills, acctest.Attr("record_count"), knownvalue.Int64Exact(6)),
					statecheck.ExpectKnownValue(dsBills, acctest.Attr("totals").AtMapKey("total_amount"), knownvalue.Float64Exact(13.8)),
				},
			},
			{
				Config: base + `
data "runpod_cluster_billing" "bad" {
  start_time = "yesterday"
}`,
				ExpectError: regexp.MustCompile(`(?s)Invalid Timestamp.*"yesterday"\s+is\s+not\s+a\s+valid\s+timestamp`),
			},
			{
				Config: base + `
data "runpod_cluster_billing" "bad" {
  start_time = "2026-03-09T00:00:00Z"
  last_n     = 3
}`,
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*last_n`),
			},
			{
				Config: base + `
data "runpod_cluster_billing" "bad" {
  start_time = "2026-03-09T00:00:00Z"
  end_time   = "2026-03-08T00:00:00Z"
}`,
				ExpectError: regexp.MustCompile(`(?s)Empty Billing Window.*end_time.*must\s+be\s+after\s+start_time`),
			},
			{
				Config:      base + `data "runpod_cluster_pods" "x" { cluster_id = "nosuchclus" }`,
				ExpectError: regexp.MustCompile(`(?s)Cluster Not Found.*"nosuchclus"`),
			},
			{
				Config:      base + `data "runpod_cluster" "x" { name = "nope" }`,
				ExpectError: regexp.MustCompile(`(?s)Cluster Not Found.*no\s+cluster\s+named\s+"nope"`),
			},
			{
				PreConfig: func() {
					if _, err := client.CreateCluster(context.Background(), runpod.CreateClusterRequest{
						Name: "slurm", Type: "TRAINING", Image: "busybox",
						Compute: runpod.ClusterCompute{GPUTypeID: a100, GPUCountPerPod: 1, PodCount: 2},
					}); err != nil {
						t.Fatal(err)
					}
				},
				Config: base + `data "runpod_cluster" "x" { name = "slurm" }`,
				// Listed by id, with what tells them apart.
				ExpectError: regexp.MustCompile(`(?s)Cluster Name Is Ambiguous.*2\s+clusters\s+are\s+named\s+"slurm".*(` + ambA + `.*` + ambB +
					`|` + ambB + `.*` + ambA + `).*Read\s+it\s+by\s+id`),
			},
		},
	})
}

var compareEqual = compareFunc(func(a, b any) error {
	if fmt.Sprint(a) != fmt.Sprint(b) {
		return fmt.Errorf("%v != %v", a, b)
	}
	return nil
})

type compareFunc func(a, b any) error

func (f compareFunc) CompareValues(values ...any) error {
	if len(values) != 2 {
		return fmt.Errorf("want 2 values, got %d", len(values))
	}
	return f(values[0], values[1])
}
