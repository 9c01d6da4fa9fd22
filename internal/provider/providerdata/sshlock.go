package providerdata

import (
	"context"
	"fmt"
)

// sshKeysLock serializes read-modify-write cycles of the account's SSH key
// set. The API only replaces the whole set (PUT), so two cycles that overlap
// would each write back a set missing the other's key. Terraform applies
// resources in parallel inside one provider process, so the lock is
// process-wide: shared by every Data, whatever Configure built it. (Separate
// provider configurations run as separate processes and cannot share it;
// the docs say not to manage one account's keys from two of them.)
var sshKeysLock = make(chan struct{}, 1)

// LockSSHKeys waits for the SSH key lock, or for ctx to end, and returns the
// function that releases it.
func (d *Data) LockSSHKeys(ctx context.Context) (unlock func(), err error) {
	select {
	case sshKeysLock <- struct{}{}:
		return func() { <-sshKeysLock }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for other SSH key changes in this run to finish: %w", ctx.Err())
	}
}
