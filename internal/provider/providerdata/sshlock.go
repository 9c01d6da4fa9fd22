package providerdata

import (
	"context"
	"fmt"
	"sync"
)

// sshKeyState is what the SSH key resources of one provider instance
// (one Data) share:
//
//   - a lock: the API only replaces the whole SSH key set (PUT), so two
//     read-modify-write cycles that overlap would each write back a set
//     missing the other's key, and Terraform applies resources in parallel
//     inside one provider process;
//   - the fingerprints the resources of this run have added, adopted or
//     written (ManageSSHKey), so that a runpod_ssh_key that finds its key
//     already registered can tell a key another resource of the same run
//     manages (refused) from one nobody here manages (adopted).
//
// Both live on the Data, not in package globals: a provider process serves
// one configuration and one graph walk (Terraform configures a provider
// again for the apply after a plan), and nothing reaches another process.
// A global would also make two providers served in one test binary behave
// as one process, hiding the cross-process race the sshkey package must
// (and does) survive by verifying every write.
type sshKeyState struct {
	lock chan struct{}

	mu      sync.Mutex
	managed map[string]bool // fingerprint -> recorded
}

func (d *Data) sshKeyState() *sshKeyState {
	d.sshOnce.Do(func() { d.ssh = &sshKeyState{lock: make(chan struct{}, 1), managed: map[string]bool{}} })
	return d.ssh
}

// LockSSHKeys waits for this provider instance's SSH key lock, or for ctx to
// end, and returns the function that releases it.
func (d *Data) LockSSHKeys(ctx context.Context) (unlock func(), err error) {
	if d == nil {
		return nil, fmt.Errorf("the Runpod provider was not configured before this operation; this is a bug in the provider, please report it")
	}
	lock := d.sshKeyState().lock
	select {
	case lock <- struct{}{}:
		return func() { <-lock }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for other SSH key changes in this run to finish: %w", ctx.Err())
	}
}

// ManageSSHKey records that a resource of this run manages the key with
// this fingerprint (it added, adopted or rewrote it). It reports false,
// recording nothing new, when another resource of this run recorded it
// first. A nil Data records nothing and reports true.
func (d *Data) ManageSSHKey(fingerprint string) bool {
	if d == nil {
		return true
	}
	s := d.sshKeyState()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.managed[fingerprint] {
		return false
	}
	s.managed[fingerprint] = true
	return true
}

// SSHKeyManaged reports whether a resource of this run recorded the key
// with this fingerprint (ManageSSHKey): a destroy in the same run must then
// leave it registered, since another resource has taken it over.
func (d *Data) SSHKeyManaged(fingerprint string) bool {
	if d == nil {
		return false
	}
	s := d.sshKeyState()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.managed[fingerprint]
}
