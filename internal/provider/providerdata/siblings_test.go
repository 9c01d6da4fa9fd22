package providerdata

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
)

// withSiblingWait sets Terraform's parallelism and the sibling wait for one
// test.
func withSiblingWait(t *testing.T, slots int, wait time.Duration) {
	t.Helper()
	oldSlots, oldWait := parallelism.Load(), siblingWait
	SetParallelism(slots)
	siblingWait = wait
	t.Cleanup(func() { parallelism.Store(oldSlots); siblingWait = oldWait })
}

// lookalikes is a guard over a fixed list of ids, every one a lookalike.
func lookalikes(ctx context.Context, d *Data, ids ...string) ([]string, bool, error) {
	return UnmanagedLookalikes(ctx, d, resource.ModifyPlanClientCapabilities{}, "pod",
		func(*Reads, context.Context) ([]string, error) { return ids, nil },
		func(string) bool { return true }, func(id string) string { return id })
}

// waiting blocks until n plans of d wait for their siblings.
func waiting(t *testing.T, d *Data, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := poll.Until(ctx, poll.Backoff{Initial: time.Millisecond, Max: 10 * time.Millisecond}, func(context.Context, int) (bool, error) {
		d.waits.mu.Lock()
		defer d.waits.mu.Unlock()
		return d.waits.waiting == n, nil
	}); err != nil {
		t.Fatalf("never %d plans waiting: %v", n, err)
	}
}

func TestSiblingWaitsStarveWhenTheyFillEverySlot(t *testing.T) {
	var w siblingWaits
	w.enter()
	if w.starved(2) {
		t.Fatal("one wait of two slots starved: the other slot can read the siblings")
	}
	w.enter()
	if !w.starved(2) {
		t.Fatal("two waits of two slots did not starve")
	}
	if w.starved(2) {
		t.Fatal("the wait left by the starved one's return starved too: only one must stop")
	}
	w.leave()
	w.enter()
	if !w.starved(1) {
		t.Fatal("the only slot's wait did not starve")
	}
	for range 9 {
		w.enter()
	}
	if w.starved(10) {
		t.Fatal("nine waits of ten slots starved")
	}
}

// With -parallelism=1 the plan that finds unread lookalikes holds the only
// slot: it returns them at once, as starved, not after siblingWait.
func TestUnmanagedLookalikesStarvedWithOneSlot(t *testing.T) {
	withSiblingWait(t, 1, time.Hour)
	d := testData(t)
	d.creates.Own("pod", "a")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	found, starved, err := lookalikes(ctx, d, "a", "b", "c")
	if err != nil || !starved || !slices.Equal(found, []string{"b", "c"}) {
		t.Fatalf("got %v starved %v err %v, want the unread b and c, starved", found, starved, err)
	}
}

// With free slots the wait goes on while the siblings are read, however
// slowly: the plan returns nothing once they are, and is not starved.
func TestUnmanagedLookalikesWaitsForSlowReads(t *testing.T) {
	withSiblingWait(t, 10, time.Hour)
	d := testData(t)
	type result struct {
		found   []string
		starved bool
		err     error
	}
	done := make(chan result, 1)
	go func() {
		found, starved, err := lookalikes(context.Background(), d, "a", "b")
		done <- result{found, starved, err}
	}()
	waiting(t, d, 1)
	d.creates.Own("pod", "a")
	d.creates.Own("pod", "b")
	if r := <-done; r.err != nil || r.starved || len(r.found) != 0 {
		t.Fatalf("got %+v, want nothing unmanaged, not starved", r)
	}
}

// An orphan is never read: with free slots the wait ends with siblingWait
// and the orphan is returned, not starved, to be refused.
func TestUnmanagedLookalikesReturnsTheOrphan(t *testing.T) {
	withSiblingWait(t, 10, 50*time.Millisecond)
	d := testData(t)
	d.creates.Own("pod", "a")
	found, starved, err := lookalikes(context.Background(), d, "a", "orphan")
	if err != nil || starved || !slices.Equal(found, []string{"orphan"}) {
		t.Fatalf("got %v starved %v err %v, want the orphan, not starved", found, starved, err)
	}
	if d.waits.waiting != 0 {
		t.Fatalf("%d waits left counted", d.waits.waiting)
	}
}

// Two plans fill two slots: one stops (starved), and once Terraform reads
// the siblings in the slot it freed, the other finds them managed.
func TestUnmanagedLookalikesReleasesOneWaitAtATime(t *testing.T) {
	withSiblingWait(t, 2, time.Hour)
	d := testData(t)
	type result struct {
		found   []string
		starved bool
	}
	done := make(chan result, 2)
	for range 2 {
		go func() {
			found, starved, err := lookalikes(context.Background(), d, "a", "b")
			if err != nil {
				t.Error(err)
			}
			done <- result{found, starved}
		}()
	}
	first := <-done
	if !first.starved || !slices.Equal(first.found, []string{"a", "b"}) {
		t.Fatalf("the first plan to return got %+v, want a and b unread, starved", first)
	}
	d.creates.Own("pod", "a")
	d.creates.Own("pod", "b")
	if second := <-done; second.starved || len(second.found) != 0 {
		t.Fatalf("the second plan got %+v, want nothing unmanaged, not starved", second)
	}
	if d.waits.waiting != 0 {
		t.Fatalf("%d waits left counted", d.waits.waiting)
	}
}

// Terraform's default applies when the command's -parallelism is unknown.
func TestParallelismDefault(t *testing.T) {
	withSiblingWait(t, 0, siblingWait)
	if got := Parallelism(); got != 10 {
		t.Fatalf("Parallelism() = %d, want Terraform's default 10", got)
	}
	SetParallelism(3)
	if got := Parallelism(); got != 3 {
		t.Fatalf("Parallelism() = %d, want 3", got)
	}
}
