package providerdata

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// seqReads is a kindReads whose list answers with its own sequence number
// (1 for the first list sent) and blocks until release lets it return.
func seqReads(t *testing.T) (k *kindReads[int], sent *atomic.Int32, release chan struct{}) {
	t.Helper()
	client, err := runpod.New(runpod.Config{APIKey: "k", BaseURL: "http://127.0.0.1:1", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	sent = &atomic.Int32{}
	release = make(chan struct{})
	list := func(ctx context.Context) ([]int, error) {
		n := int(sent.Add(1))
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return []int{n}, nil
	}
	get := func(context.Context, string) (*int, error) { t.Error("fresh lists never GET"); return nil, nil }
	return &kindReads[int]{client: client, kind: "test", getOne: get, listAll: list, idOf: func(*int) string { return "" }}, sent, release
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// A caller that finds a list in flight is never answered by it: it gets
// the next list, sent after that one returned, which every caller that
// asked meanwhile shares.
func TestFreshListIsSentAfterTheCall(t *testing.T) {
	k, sent, release := seqReads(t)
	ctx := t.Context()

	first := make(chan []int, 1)
	go func() {
		l, err := k.freshList(ctx)
		if err != nil {
			t.Error(err)
		}
		first <- l
	}()
	waitFor(t, "the first list to be sent", func() bool { return sent.Load() == 1 })

	// These callers ask while list 1 is in flight.
	const later = 5
	var wg sync.WaitGroup
	got := make([][]int, later)
	for i := range later {
		wg.Go(func() {
			l, err := k.freshList(ctx)
			if err != nil {
				t.Error(err)
			}
			got[i] = l
		})
	}
	waitFor(t, "the later callers to queue", func() bool {
		k.mu.Lock()
		defer k.mu.Unlock()
		return k.queued != nil
	})
	time.Sleep(20 * time.Millisecond) // let every later caller join the queue
	if n := sent.Load(); n != 1 {
		t.Fatalf("%d lists sent while the first was in flight, want 1 (one at a time)", n)
	}
	release <- struct{}{} // list 1 returns
	if l := <-first; len(l) != 1 || l[0] != 1 {
		t.Fatalf("first caller got %v, want list 1", l)
	}
	waitFor(t, "the queued list to be sent", func() bool { return sent.Load() == 2 })
	release <- struct{}{} // list 2 returns
	wg.Wait()
	for i, l := range got {
		if len(l) != 1 || l[0] != 2 {
			t.Errorf("later caller %d got %v, want list 2 (sent after it asked)", i, l)
		}
	}
	if n := sent.Load(); n != 2 {
		t.Errorf("%d lists sent, want 2", n)
	}

	// Nothing is kept: a caller after both lists returned gets a new one.
	close(release)
	if l, err := k.freshList(ctx); err != nil || l[0] != 3 {
		t.Errorf("a caller after the round got %v, %v, want list 3", l, err)
	}
}

// A caller whose queued list's sender gave up (its context ended) queues
// another instead of failing with the sender's cancellation.
func TestFreshListSenderCancelled(t *testing.T) {
	k, sent, release := seqReads(t)
	ctx := t.Context()

	go func() { _, _ = k.freshList(ctx) }() // list 1, in flight
	waitFor(t, "list 1", func() bool { return sent.Load() == 1 })

	senderCtx, cancelSender := context.WithCancel(ctx)
	senderDone := make(chan error, 1)
	go func() { _, err := k.freshList(senderCtx); senderDone <- err }() // queues list 2
	waitFor(t, "list 2 queued", func() bool {
		k.mu.Lock()
		defer k.mu.Unlock()
		return k.queued != nil
	})
	joined := make(chan []int, 1)
	go func() {
		l, err := k.freshList(ctx)
		if err != nil {
			t.Error(err)
		}
		joined <- l
	}()
	time.Sleep(20 * time.Millisecond)
	cancelSender()
	if err := <-senderDone; err == nil {
		t.Fatal("the cancelled sender got no error")
	}
	close(release)
	if l := <-joined; len(l) != 1 || l[0] < 2 {
		t.Fatalf("the caller that had joined got %v, want a list sent after it asked", l)
	}
}

// Claim vouches for a name only from a check that no same-name create of
// this process overlapped: it waits for one under way, and a create begun
// during the check makes it check again.
func TestClaimWaitsForSameNameCreates(t *testing.T) {
	c := newCreates()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	// A create of the name is under way: the check waits for it.
	other := c.Send("template", "web")
	checks := 0
	go func() {
		time.Sleep(50 * time.Millisecond)
		other.Done()
	}()
	f, ok, err := c.Claim(ctx, "template", "web", func(context.Context) (bool, error) {
		checks++
		if q, _ := c.quiet(flightKey{"template", "web"}, false); !q {
			t.Error("checked while a same-name create was under way")
		}
		return true, nil
	})
	if err != nil || !ok || f == nil || checks != 1 {
		t.Fatalf("Claim = %v, %v, %v after %d checks", f, ok, err, checks)
	}
	// The claim is a create under way: the next check waits for it.
	if q, _ := c.quiet(flightKey{"template", "web"}, false); q {
		t.Fatal("a claimed name is not recorded as a create under way")
	}
	f.Done()

	// A same-name create begins while the check lists: check again.
	checks = 0
	var racer *Flight
	f, ok, err = c.Claim(ctx, "template", "web", func(context.Context) (bool, error) {
		checks++
		if checks == 1 {
			racer = c.Send("template", "web")
			go func() { time.Sleep(20 * time.Millisecond); racer.Done() }()
			return true, nil
		}
		return false, nil // the racer's object, seen by the second check
	})
	if err != nil || ok || f != nil || checks != 2 {
		t.Fatalf("Claim = %v, %v, %v after %d checks, want the second check's answer (taken)", f, ok, err, checks)
	}

	// Other names and kinds do not wait.
	busy := c.Send("template", "api")
	defer busy.Done()
	if f, ok, err := c.Claim(ctx, "secret", "api", func(context.Context) (bool, error) { return true, nil }); !ok || err != nil {
		t.Fatalf("Claim of another kind = %v, %v, %v", f, ok, err)
	}
}
