package providerdata

import (
	"context"
	"time"

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
//   - A fresh list is sent after every call it answers began (but for the
//     name checks that a recent list vouches for, see Recent lists below):
//     a caller joins
//     the list waiting to be sent, never one already sent. A caller that
//     finds a list in flight queues the next one, which is sent when the
//     one in flight returns; everyone who asks meanwhile shares it. So a
//     confirm-gone read that starts after its DELETE returned is answered
//     by a list sent after that DELETE returned, and a name check by a list
//     sent after the check began (Creates.Claim makes sure that no create
//     of the same name by this process overlaps it).
//   - Nothing is kept: a list serves the callers queued for it and no one
//     after (but for those name checks, for RecentListAge), so no list
//     outlives the command.
//   - One list of a kind is in flight at a time, so the reads of a kind cost
//     at most one list per list round trip, however many objects are
//     written.
//   - A list that fails fails its callers (name checks report it; a
//     confirm-gone read falls back to the object's own GET, see
//     deletion.Listed). A list cancelled with its sender's context is sent
//     again for the callers still waiting.

// Recent lists: a name check's shortcut.
//
// Applying many objects spread over several kinds, only a couple of name
// checks of a kind share each fresh list round, so a create would still
// cost half a list. A name check (Creates.Claim) and a network volume's
// baseline before its create (safecreate.Baseline) may therefore be
// answered by the kind's latest fresh list, in flight or returned without
// error, instead of the next one, when that list vouches for the name:
//   - it was sent at most RecentListAge ago, by this process: nothing is
//     kept across processes (Terraform commands);
//   - every create of this process of the kind and name that ever began
//     had ended before the list was sent, and none began since (createSeq:
//     the name's last Send or Done is numbered at most the list's mark, and
//     none is under way). So the list holds every object of that name this
//     process made, exactly as a list sent now would; what it may lack is
//     only what someone else made in the last RecentListAge.
//
// That is safe where Recent is used: names of templates, secrets and
// registry credentials are unique, so Runpod refuses a create whose name a
// list a moment old missed (secrets with 409; templates and registry
// credentials with a 400 saying the name must be unique), and the create
// reports the name taken from that refusal instead of from the check,
// having made nothing; a network volume's baseline
// only tells which lookalike a lost create made, and the plan's duplicate
// guard has refused the lookalikes this configuration does not manage.
// Confirming a delete and the lookup after a lost create reply never use
// it: they need a list sent after their DELETE or POST.

// RecentListAge is how old a fresh list may be to answer a name check it
// vouches for (see Recent lists). Short: it bounds how long an object made
// outside this process may go unseen by the check (which the API's own
// refusal of a taken name then reports), while still covering the few
// seconds over which an apply's creates of a kind share the quota (at 2 s
// `make bench` applied at 2.11 requests per object, at 3 s at 2.10).
const RecentListAge = 3 * time.Second

type recentKey struct{}

// recentCheck is what Recent puts in a context: the kind and a check that a
// list sent at mark vouches for the name.
type recentCheck struct {
	kind    string
	vouches func(mark uint64) bool
}

// Recent returns ctx for a name check of a create of kind named name, or
// the baseline before it: the kind's fresh lists called with it may be
// answered by a recent list that vouches for name (see Recent lists).
func (c *Creates) Recent(ctx context.Context, kind, name string) context.Context {
	k := flightKey{kind, name}
	return context.WithValue(ctx, recentKey{}, recentCheck{kind: kind, vouches: func(mark uint64) bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		f := c.flights[k]
		return f == nil || (f.sending+f.resolving == 0 && f.last <= mark)
	}})
}

// recent is the latest fresh list sent, when ctx is Recent's for this kind
// and the list vouches for its name (see Recent lists); nil otherwise, and
// when that list fails.
func (k *kindReads[T]) recent(ctx context.Context) *snapshot[T] {
	check, ok := ctx.Value(recentKey{}).(recentCheck)
	if !ok || check.kind != k.kind {
		return nil
	}
	k.mu.Lock()
	s := k.sending
	k.mu.Unlock()
	if s == nil || time.Since(s.sentAt) > RecentListAge || !check.vouches(s.mark) {
		return nil
	}
	select {
	case <-s.done:
	case <-ctx.Done():
		return nil // fresh then reports ctx's error
	}
	if s.err != nil {
		return nil
	}
	tflog.Debug(ctx, "a recent list vouches for the name this check reads", map[string]any{"kind": k.kind})
	return s
}

// Fresh lists every object of collection c from a list sent after the
// call began (see Fresh lists above).
func Fresh[T any](ctx context.Context, r *Reads, c runpod.Collection[T]) ([]T, error) {
	return of(r, c).freshList(ctx)
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
	if s := k.recent(ctx); s != nil {
		return s, nil
	}
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
	// Read before the request is sent: a create numbered at most mark
	// sent its POST (Send), or had its reply (Done), before this list.
	s.mark = createSeq.Load()
	s.sentAt = time.Now()
	k.mu.Unlock()
	tflog.Debug(ctx, "listing the kind for the reads around this run's writes", map[string]any{"kind": k.kind})
	k.fetch(ctx, s)
}
