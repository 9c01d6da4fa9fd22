package providerdata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Fresh lists: the reads around the provider's own writes.
//
// A create of a kind whose names are unique first checks that the name is
// free, and a delete confirms that the object is gone; both read the
// account's objects of the kind. Applying or destroying many objects of one
// kind sends those reads ten at a time, so, as for refresh (Reads), one list
// request serves many of them. Unlike refresh's lists, a fresh list is never
// taken before the reader asked for it:
//   - A fresh list is sent after every call it answers began: a caller joins
//     the list waiting to be sent, never one already sent. A caller that
//     finds a list in flight queues the next one, which is sent when the
//     one in flight returns; everyone who asks meanwhile shares it. So a
//     confirm-gone read that starts after its DELETE returned is answered
//     by a list sent after that DELETE returned, and a name check by a list
//     sent after the check began (Creates.Claim makes sure that no create
//     of the same name by this process overlaps it).
//   - Nothing is kept: a list serves the callers queued for it and no one
//     after, so no list outlives its round, let alone the command.
//   - One list of a kind is in flight at a time, so the reads of a kind cost
//     at most one list per list round trip, however many objects are
//     written.
//   - A list that fails fails its callers (name checks report it; a
//     confirm-gone read falls back to the object's own GET, see
//     deletion.Listed). A list cancelled with its sender's context is sent
//     again for the callers still waiting.

// FreshTemplates lists the account's templates from a list sent after the
// call began (see Fresh lists above).
func (r *Reads) FreshTemplates(ctx context.Context) ([]runpod.Template, error) {
	return r.templates.freshList(ctx)
}

// FreshSecrets lists the account's secrets (metadata) from a list sent
// after the call began.
func (r *Reads) FreshSecrets(ctx context.Context) ([]runpod.Secret, error) {
	return r.secrets.freshList(ctx)
}

// FreshRegistries lists the account's registry credentials from a list
// sent after the call began.
func (r *Reads) FreshRegistries(ctx context.Context) ([]runpod.Registry, error) {
	return r.registries.freshList(ctx)
}

// FreshNetworkVolumes lists the account's network volumes from a list sent
// after the call began.
func (r *Reads) FreshNetworkVolumes(ctx context.Context) ([]runpod.NetworkVolume, error) {
	return r.volumes.freshList(ctx)
}

// FreshPods lists the account's pods, cluster members included, from a
// list sent after the call began.
func (r *Reads) FreshPods(ctx context.Context) ([]runpod.Pod, error) {
	return r.pods.freshList(ctx)
}

func (k *kindReads[T]) freshList(ctx context.Context) ([]T, error) {
	s, err := k.fresh(ctx)
	if err != nil {
		return nil, err
	}
	// The caller's own slice; the objects' nested values are shared.
	return append([]T(nil), s.objects...), nil
}

// fresh waits for a list sent after the call, joining the one queued to be
// sent or queueing one (see Fresh lists above).
func (k *kindReads[T]) fresh(ctx context.Context) (*snapshot[T], error) {
	for {
		k.mu.Lock()
		s := k.queued
		mine := s == nil
		var prev *snapshot[T]
		if mine {
			s = &snapshot[T]{done: make(chan struct{})}
			k.queued = s
			prev = k.sending
		}
		k.mu.Unlock()

		if mine {
			k.sendQueued(ctx, s, prev)
		}
		select {
		case <-s.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if s.err != nil && isContextError(s.err) && ctx.Err() == nil && !mine {
			continue // its sender gave up: queue another
		}
		return s, s.err
	}
}

// sendQueued sends the queued list s once the list in flight before it
// (prev, if any) has returned. From the moment it leaves the queue no
// caller joins it.
func (k *kindReads[T]) sendQueued(ctx context.Context, s, prev *snapshot[T]) {
	if prev != nil {
		select {
		case <-prev.done:
		case <-ctx.Done():
			k.mu.Lock()
			if k.queued == s {
				k.queued = nil
			}
			k.mu.Unlock()
			s.err = ctx.Err()
			close(s.done)
			return
		}
	}
	k.mu.Lock()
	k.queued = nil
	k.sending = s
	s.writes = k.client.Writes()
	k.mu.Unlock()
	tflog.Debug(ctx, "listing the kind for the reads around this run's writes", map[string]any{"kind": k.kind})
	k.fetch(ctx, s)
}
