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

// The first resource of a run to record a key manages it; a second one is
// told so. Another provider instance (another run) knows nothing of it.
func TestManageSSHKeyFirstRecordWins(t *testing.T) {
	a, b := &Data{}, &Data{}
	if !a.ManageSSHKey("SHA256:one") {
		t.Fatal("the first record of a key was refused")
	}
	if a.ManageSSHKey("SHA256:one") {
		t.Fatal("a second record of the same key in the same run was accepted")
	}
	if !a.ManageSSHKey("SHA256:two") {
		t.Fatal("another key was refused")
	}
	if !a.SSHKeyManaged("SHA256:one") || a.SSHKeyManaged("SHA256:three") {
		t.Fatal("SSHKeyManaged does not reflect the records")
	}
	if b.SSHKeyManaged("SHA256:one") || !b.ManageSSHKey("SHA256:one") {
		t.Fatal("another provider instance shares the records")
	}
	var none *Data
	if !none.ManageSSHKey("SHA256:one") || none.SSHKeyManaged("SHA256:one") {
		t.Fatal("a nil Data must record nothing")
	}
}

func TestManageSSHKeyConcurrent(t *testing.T) {
	d := &Data{}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if d.ManageSSHKey("SHA256:same") {
				mu.Lock()
				won++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d resources got the key, want 1", won)
	}
}
