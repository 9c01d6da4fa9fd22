package providerdata

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"weak"
)

// sshKeyLocks holds one lock per Data, that is per configured provider
// instance: the API only replaces the whole SSH key set (PUT), so two
// read-modify-write cycles that overlap would each write back a set missing
// the other's key, and Terraform applies resources in parallel inside one
// provider process.
//
// The lock is per instance, not a package global, because that is all it can
// be in production: a provider process serves one configuration and no lock
// reaches another process. A global would also make two providers served in
// one test binary behave as one process, hiding the cross-process race the
// sshkey package must (and does) survive by verifying every write. The lock
// only spares this process's own cycles that work.
//
// The map is keyed weakly, so a Data that is no longer used takes its lock
// with it.
var sshKeyLocks sync.Map // weak.Pointer[Data] -> chan struct{}

func (d *Data) sshKeysLock() chan struct{} {
	key := weak.Make(d)
	if l, ok := sshKeyLocks.Load(key); ok {
		return l.(chan struct{}) //nolint:forcetypeassert // only this file stores values
	}
	l, loaded := sshKeyLocks.LoadOrStore(key, make(chan struct{}, 1))
	if !loaded {
		runtime.AddCleanup(d, func(k weak.Pointer[Data]) { sshKeyLocks.Delete(k) }, key)
	}
	return l.(chan struct{}) //nolint:forcetypeassert // only this file stores values
}

// LockSSHKeys waits for this provider instance's SSH key lock, or for ctx to
// end, and returns the function that releases it.
func (d *Data) LockSSHKeys(ctx context.Context) (unlock func(), err error) {
	if d == nil {
		return nil, fmt.Errorf("the Runpod provider was not configured before this operation; this is a bug in the provider, please report it")
	}
	lock := d.sshKeysLock()
	select {
	case lock <- struct{}{}:
		return func() { <-lock }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for other SSH key changes in this run to finish: %w", ctx.Err())
	}
}
