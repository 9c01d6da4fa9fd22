package cluster

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// errMembersStuck ends a wait early: a member is in a status it does not
// leave on its own, so waiting longer cannot make the cluster ready.
var errMembersStuck = errors.New("member pods stopped or failed")

// stuckStatuses are member statuses that do not lead to RUNNING without
// someone acting.
var stuckStatuses = []string{runpod.PodStatusExited, runpod.PodStatusError, runpod.PodStatusTerminated}

// ready reports whether every member the cluster should have is RUNNING
// and, when the primary exposes 22/tcp (wantSSH), its SSH port is mapped,
// so that primary_ssh_endpoint is usable as soon as the apply ends.
func ready(c *runpod.Cluster, wantSSH bool) bool {
	want := c.Compute.PodCount
	if want == 0 || c.Pods.Total != want || c.Pods.ByStatus[runpod.PodStatusRunning] != want {
		return false
	}
	return !wantSSH || (c.Primary != nil && c.Primary.SSHEndpoint != "")
}

func stuck(c *runpod.Cluster) bool {
	for _, s := range stuckStatuses {
		if c.Pods.ByStatus[s] > 0 {
			return true
		}
	}
	return false
}

// waitForMembers reads the cluster, paced by waits, until it
// is ready (see ready), ctx ends (the create timeout) or a member is stuck.
// It returns the last cluster read (nil if none succeeded) with the reason it
// stopped early, if it did. GETs are retried by the client, so an error here
// is one that outlasted those retries.
func waitForMembers(ctx context.Context, client *runpod.Client, waits poll.Backoff, id string, wantSSH bool) (*runpod.Cluster, error) {
	var last *runpod.Cluster
	err := poll.Until(ctx, waits, func(ctx context.Context, attempt int) (bool, error) {
		c, err := client.GetCluster(ctx, id)
		switch {
		case ctx.Err() != nil:
			return false, ctx.Err()
		case err != nil:
			return false, err
		}
		last = c
		tflog.Debug(ctx, "waiting for cluster members", map[string]any{
			"id": id, "attempt": attempt, "pods": formatCounts(c.Pods.ByStatus),
		})
		switch {
		case ready(c, wantSSH):
			return true, nil
		case stuck(c):
			return false, errMembersStuck
		}
		return false, nil
	})
	return last, err
}

// formatCounts reads "RUNNING 3, STARTING 1", statuses in lifecycle order.
func formatCounts(byStatus map[string]int) string {
	order := map[string]int{
		runpod.PodStatusProvisioning: 0, runpod.PodStatusStarting: 1, runpod.PodStatusRunning: 2,
		runpod.PodStatusExited: 3, runpod.PodStatusError: 4, runpod.PodStatusTerminated: 5,
	}
	keys := make([]string, 0, len(byStatus))
	for k, n := range byStatus {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "none"
	}
	sort.Slice(keys, func(i, j int) bool {
		oi, iok := order[keys[i]]
		oj, jok := order[keys[j]]
		if iok != jok {
			return iok
		}
		if oi != oj {
			return oi < oj
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, byStatus[k])
	}
	return strings.Join(parts, ", ")
}
