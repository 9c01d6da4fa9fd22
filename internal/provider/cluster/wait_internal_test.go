package cluster

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodtest"
)

// newCluster creates a 2-pod cluster, whose members need startDelay reads
// to run, in a fresh fake and returns a client for it.
func newCluster(t *testing.T, ports []string, startDelay int) (*runpodfake.Fake, *runpod.Client, *runpod.Cluster) {
	t.Helper()
	fake := runpodfake.NewTestServer(t)
	client := runpodtest.Client(t, fake)
	fake.SetPodStartDelay(startDelay)
	c, err := client.CreateCluster(context.Background(), runpod.CreateClusterRequest{
		Name: "w", Type: runpod.ClusterTypeTraining, Image: "busybox", Ports: ports,
		Compute: runpod.ClusterCompute{GPUTypeID: "NVIDIA H100 80GB HBM3", GPUCountPerPod: 1, PodCount: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	return fake, client, c
}

func TestWaitForMembers_ready(t *testing.T) {
	fake, client, c := newCluster(t, []string{"22/tcp"}, 3)
	got, err := waitForMembers(context.Background(), client, testWaits, c.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if got.Pods.ByStatus[runpod.PodStatusRunning] != 2 || got.Primary == nil || got.Primary.SSHEndpoint == "" {
		t.Fatalf("returned before the cluster was ready: %+v %+v", got.Pods, got.Primary)
	}
	// Three reads to RUNNING, one more for the SSH port mapping.
	if n := fake.CountRequests("GET", "/v2/clusters/"+c.ID); n != 4 {
		t.Errorf("%d reads, want 4", n)
	}
}

func TestWaitForMembers_stuck(t *testing.T) {
	fake, client, c := newCluster(t, nil, 3)
	pods, err := client.ListClusterPods(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	fake.SetPodStatus(pods[1].ID, runpodfake.PodStatusError)
	got, err := waitForMembers(context.Background(), client, testWaits, c.ID, false)
	if !errors.Is(err, errMembersStuck) {
		t.Fatalf("err = %v, want errMembersStuck", err)
	}
	if got == nil || got.Pods.ByStatus[runpod.PodStatusError] != 1 {
		t.Fatalf("last read %+v, want the one that showed the ERROR member", got)
	}
}

func TestWaitForMembers_deadline(t *testing.T) {
	_, client, c := newCluster(t, nil, 1<<20)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	got, err := waitForMembers(ctx, client, testWaits, c.ID, false)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if got == nil || got.ID != c.ID || got.Pods.ByStatus[runpod.PodStatusStarting] != 2 {
		t.Fatalf("want the last read returned, got %+v", got)
	}
}

func TestFormatCounts(t *testing.T) {
	for _, c := range []struct {
		in   map[string]int
		want string
	}{
		{nil, "none"},
		{map[string]int{"RUNNING": 3, "PROVISIONING": 1, "ERROR": 0}, "PROVISIONING 1, RUNNING 3"},
		{map[string]int{"SOMETHING_NEW": 1, "EXITED": 2}, "EXITED 2, SOMETHING_NEW 1"},
	} {
		if got := formatCounts(c.in); got != c.want {
			t.Errorf("formatCounts(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Waits start at the interval and double up to the maximum (poll's tests
// prove the doubling and the cap).
func TestClusterPolling(t *testing.T) {
	if b := defaultWaits; b.Initial != time.Second || b.Max != 15*time.Second || b.Factor != 0 {
		t.Errorf("defaultWaits = %+v, want 1s doubling up to 15s", b)
	}
}
