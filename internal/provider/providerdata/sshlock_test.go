package providerdata

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"
)

func TestLockSSHKeysSerializes(t *testing.T) {
	d := &Data{} // the lock does not depend on the client
	var inside, maxInside int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock, err := d.LockSSHKeys(t.Context())
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			inside++
			maxInside = max(maxInside, inside)
			mu.Unlock()
			runtime.Gosched() // give the others a chance to get in if they can
			mu.Lock()
			inside--
			mu.Unlock()
			unlock()
		}()
	}
	wg.Wait()
	if maxInside != 1 {
		t.Fatalf("%d holders at once, want 1", maxInside)
	}
}

func TestLockSSHKeysGivesUpWithTheContext(t *testing.T) {
	d := &Data{}
	unlock, err := d.LockSSHKeys(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := d.LockSSHKeys(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("LockSSHKeys on a cancelled context = %v, want context.Canceled", err)
	}
}

// Two provider instances are two processes to the API: the lock of one must
// not hold up the other (a shared lock would hide, in tests that serve two
// providers from one binary, the cross-process race the resources handle).
func TestLockSSHKeysIsPerProviderInstance(t *testing.T) {
	a, b := &Data{}, &Data{}
	unlockA, err := a.LockSSHKeys(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer unlockA()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	unlockB, err := b.LockSSHKeys(ctx)
	if err != nil {
		t.Fatalf("the second instance waited for the first one's lock: %v", err)
	}
	unlockB()
}
