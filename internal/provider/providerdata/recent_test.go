package providerdata

import (
	"context"
	"testing"
	"time"
)

// A recent list answers a name check only when it vouches for the name:
// sent at most RecentListAge ago, after every same-name create of this
// process had ended, with none begun since. Other calls, other kinds and
// lists that do not vouch get a list sent after they asked.
func TestRecentListVouchesForName(t *testing.T) {
	k, sent, release := seqReads(t)
	close(release) // every list returns at once
	c := newCreates()
	ctx := t.Context()
	web := c.Recent(ctx, "test", "web")

	list := func(ctx context.Context) int {
		t.Helper()
		l, err := k.freshList(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return l[0]
	}
	expect := func(what string, got, want int) {
		t.Helper()
		if got != want {
			t.Fatalf("%s: got list %d, want list %d", what, got, want)
		}
	}

	expect("first list", list(ctx), 1)
	expect("a name check after it", list(web), 1)
	expect("a call that is not a name check (a delete confirmation)", list(ctx), 2)
	expect("a name check of another kind", list(c.Recent(ctx, "other", "web")), 3)

	// A list sent while a same-name create is under way vouches for the
	// name neither then nor after the create ended.
	f := c.Send("test", "web")
	expect("a list sent during a same-name create", list(ctx), 4)
	expect("a name check while the create is under way", list(web), 5)
	f.Done()
	expect("a name check after the create, whose list was sent before it ended", list(web), 6)
	expect("a name check after a list sent after the create ended", list(web), 6)

	// Creates of other names do not matter.
	other := c.Send("test", "api")
	expect("a name check while another name's create is under way", list(web), 6)
	other.Done()
	expect("a name check after another name's create", list(web), 6)

	// A same-name create that began (and ended) since the list was sent.
	g := c.Send("test", "web")
	g.Done()
	expect("a name check after a same-name create began since the list", list(web), 7)

	// Too old.
	k.mu.Lock()
	k.sending.sentAt = time.Now().Add(-RecentListAge - time.Millisecond)
	k.mu.Unlock()
	expect("a name check after the list is older than RecentListAge", list(web), 8)
	expect("a name check after a new list", list(web), 8)

	if n := sent.Load(); n != 8 {
		t.Errorf("%d lists sent, want 8", n)
	}
}

// A name check joins a vouching list still in flight instead of queueing
// the next one; a failed recent list answers no one.
func TestRecentListInFlight(t *testing.T) {
	k, sent, release := seqReads(t)
	c := newCreates()
	ctx := t.Context()

	first := make(chan int, 1)
	go func() {
		l, err := k.freshList(ctx)
		if err != nil {
			t.Error(err)
		}
		first <- l[0]
	}()
	waitFor(t, "list 1", func() bool { return sent.Load() == 1 })
	check := make(chan int, 1)
	go func() {
		l, err := k.freshList(c.Recent(ctx, "test", "web"))
		if err != nil {
			t.Error(err)
		}
		check <- l[0]
	}()
	time.Sleep(20 * time.Millisecond)
	k.mu.Lock()
	queued := k.queued != nil
	k.mu.Unlock()
	if queued {
		t.Fatal("the name check queued a new list instead of joining the vouching one in flight")
	}
	release <- struct{}{}
	if a, b := <-first, <-check; a != 1 || b != 1 {
		t.Fatalf("got lists %d and %d, want list 1 for both", a, b)
	}

	// A recent list that failed: the check gets a new one.
	k.mu.Lock()
	k.sending.err = context.DeadlineExceeded
	k.mu.Unlock()
	close(release)
	if l, err := k.freshList(c.Recent(ctx, "test", "web")); err != nil || l[0] != 2 {
		t.Fatalf("a name check after a failed list got %v, %v, want list 2", l, err)
	}
}

// Claim reads the name with Recent's context, so a list that vouches for
// the name serves it, and one sent before a same-name create ended does not.
func TestClaimUsesRecentList(t *testing.T) {
	k, sent, release := seqReads(t)
	close(release)
	c := newCreates()
	ctx := t.Context()
	free := func(ctx context.Context) (bool, error) {
		_, err := k.freshList(ctx)
		return true, err
	}

	if _, err := k.freshList(ctx); err != nil { // list 1
		t.Fatal(err)
	}
	f, ok, err := c.Claim(ctx, "test", "web", free)
	if !ok || err != nil || sent.Load() != 1 {
		t.Fatalf("Claim = %v, %v after %d lists, want list 1 reused", ok, err, sent.Load())
	}
	// web's create is under way; another name's check still reuses list 1.
	g, ok, err := c.Claim(ctx, "test", "api", free)
	if !ok || err != nil || sent.Load() != 1 {
		t.Fatalf("Claim of another name = %v, %v after %d lists, want list 1 reused", ok, err, sent.Load())
	}
	g.Done()
	f.Done()
	// web's create ended after list 1 was sent: a new list.
	f, ok, err = c.Claim(ctx, "test", "web", free)
	if !ok || err != nil || sent.Load() != 2 {
		t.Fatalf("Claim after a same-name create = %v, %v after %d lists, want a new list", ok, err, sent.Load())
	}
	f.Done()
}
