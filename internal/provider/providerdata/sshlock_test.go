package providerdata

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
)

func TestLockSSHKeysSerializes(t *testing.T) {
	var d *Data // the lock does not depend on the client
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
	unlock, err := (&Data{}).LockSSHKeys(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := (&Data{}).LockSSHKeys(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("LockSSHKeys on a cancelled context = %v, want context.Canceled", err)
	}
}
