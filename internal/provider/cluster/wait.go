package cluster

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

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

// waitForMembers reads the cluster, paced by waits, until it is ready
// (see ready), ctx ends (the create timeout) or a member is stuck. It returns the
// last cluster read (nil if none succeeded) with the reason it stopped
// early, if it did. GETs are retried by the client, so an error here is
// one that outlasted those retries.
func waitForMembers(ctx context.Context, client *runpod.Client, waits waitOptions, id string, wantSSH bool) (*runpod.Cluster, error) {
	pause := newBackoff(waits)
	defer pause.stop()
	var last *runpod.Cluster
	for attempt := 1; ; attempt++ {
		c, err := client.GetCluster(ctx, id)
		switch {
		case ctx.Err() != nil:
			return last, ctx.Err()
		case err != nil:
			return last, err
		}
		last = c
		tflog.Debug(ctx, "waiting for cluster members", map[string]any{
			"id": id, "attempt": attempt, "pods": formatCounts(c.Pods.ByStatus),
		})
		if ready(c, wantSSH) {
			return c, nil
		}
		if stuck(c) {
			return c, errMembersStuck
		}
		if err := pause.wait(ctx); err != nil {
			return last, err
		}
	}
}

// waitForGone reads the cluster until the API answers 404. Any other error
// is returned as is; ctx ending returns its error.
func waitForGone(ctx context.Context, client *runpod.Client, waits waitOptions, id string) error {
	pause := newBackoff(waits)
	defer pause.stop()
	for {
		_, err := client.GetCluster(ctx, id)
		switch {
		case runpod.IsNotFound(err):
			return nil
		case ctx.Err() != nil:
			return fmt.Errorf("still readable when the wait ended: %w", ctx.Err())
		case err != nil:
			return err
		}
		if err := pause.wait(ctx); err != nil {
			return fmt.Errorf("still readable when the wait ended: %w", err)
		}
	}
}

// backoff paces a wait: waits.interval first, doubling up to waits.max.
type backoff struct {
	next  time.Duration
	max   time.Duration
	timer *time.Timer
}

func newBackoff(waits waitOptions) *backoff {
	return &backoff{next: waits.interval, max: max(waits.max, waits.interval)}
}

// wait pauses until the next read is due, or returns ctx's error if it ends
// first.
func (b *backoff) wait(ctx context.Context) error {
	if b.timer == nil {
		b.timer = time.NewTimer(b.next)
	} else {
		b.timer.Reset(b.next)
	}
	b.next = min(2*b.next, b.max)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-b.timer.C:
		return nil
	}
}

func (b *backoff) stop() {
	if b.timer != nil {
		b.timer.Stop()
	}
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
