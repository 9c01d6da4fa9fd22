package providerdata

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
)

// Creates is what this provider process (one Terraform command) created or
// adopted of the kinds whose names repeat (pods, clusters, endpoints,
// network volumes), and which of their creates are under way, so that the
// identical objects of one apply (count, for_each) are never taken for the
// orphan of a lost create reply.
//
// An object is this process's own from the moment its create returns (Own),
// but Runpod lists it from the moment the POST lands, which may be well
// before: a sibling's duplicate guard that lists in between would see an
// object that no one owns yet. Every create therefore tells Creates when it
// sends its POST (Send) and when it is over (Flight.Done), and a guard or a
// lost-reply lookup that finds lookalikes while same-name creates of this
// process are under way waits for them to return and record what they made
// before it decides (Settle).
type Creates struct {
	mu      sync.Mutex
	owned   map[string]map[string]bool // kind -> id -> own
	flights map[flightKey]*flights
}

type flightKey struct{ kind, name string }

// flights counts one kind and name's creates under way: sending (POST sent,
// no reply yet) and resolving (the reply was lost and the create is looking
// up what it made); started counts every Send, so that a list can tell
// whether a create began while it ran; last is the createSeq of the latest
// Send or Done, so that a fresh list sent earlier can tell whether it came
// after all of them (Recent).
type flights struct {
	sending, resolving int
	started            uint64
	last               uint64
}

// createSeq numbers the Sends and Dones of every create, so that a fresh
// list can record (snapshot.mark, read before the list is sent) which of
// them came before it: those numbered at most its mark. One counter for
// the process is enough, as the numbers are only compared.
var createSeq atomic.Uint64

func newCreates() *Creates {
	return &Creates{owned: map[string]map[string]bool{}, flights: map[flightKey]*flights{}}
}

// Own records that this process created or adopted the kind's object id.
func (c *Creates) Own(kind, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.owned[kind] == nil {
		c.owned[kind] = map[string]bool{}
	}
	c.owned[kind][id] = true
}

// Owns reports whether this process created or adopted the kind's object id.
func (c *Creates) Owns(kind, id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.owned[kind][id]
}

// Flight is one create under way, from Send to Done.
type Flight struct {
	c         *Creates
	key       flightKey
	resolving bool
	done      bool
}

// Send records that a create of the kind named name is about to send its
// POST. Call Done when it is over: after Own, or after a failure.
func (c *Creates) Send(kind, name string) *Flight {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.begin(flightKey{kind, name})
}

// begin records a create of k about to send its POST; c.mu is held.
func (c *Creates) begin(k flightKey) *Flight {
	f := c.flights[k]
	if f == nil {
		f = &flights{}
		c.flights[k] = f
	}
	f.sending++
	f.started++
	f.last = createSeq.Add(1)
	return &Flight{c: c, key: k}
}

// Resolve records that the create's reply was lost and that it now looks
// up what it made: other lookups wait for creates still sending, not for
// this one (two lookups waiting for each other would wait forever).
func (f *Flight) Resolve() {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	if f.done || f.resolving {
		return
	}
	f.resolving = true
	fl := f.c.flights[f.key]
	fl.sending--
	fl.resolving++
}

// Done ends the flight; calling it again does nothing.
func (f *Flight) Done() {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	if f.done {
		return
	}
	f.done = true
	fl := f.c.flights[f.key]
	if f.resolving {
		fl.resolving--
	} else {
		fl.sending--
	}
	fl.last = createSeq.Add(1)
}

// quiet reports whether no create of the key that a guard (or, with
// lookup, a lost-reply lookup) must wait for is under way, and how many
// were started so far.
func (c *Creates) quiet(k flightKey, lookup bool) (bool, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f := c.flights[k]
	if f == nil {
		return true, 0
	}
	busy := f.sending
	if !lookup {
		busy += f.resolving
	}
	return busy == 0, f.started
}

// settleWait paces the wait for siblings' creates: they end when Runpod
// answers a POST, in well under a second.
var settleWait = poll.Backoff{Initial: 20 * time.Millisecond, Max: 250 * time.Millisecond, Factor: 2}

// Settle lists the account's objects of a kind (list) and picks the
// lookalikes of a create named name (pick, which reads Owns after the list
// returned). When it finds some while same-name creates of this process are
// under way when the list began or ended, or began while it ran, they may
// be those creates' own objects, listed before their replies came back: it
// waits until they are over (they record what they made) and lists again. A lookup after a lost
// reply (lookup true, after Flight.Resolve) waits only for creates still
// sending. The wait ends with ctx.
func Settle[T any](ctx context.Context, c *Creates, kind, name string, lookup bool,
	list func(context.Context) ([]T, error), pick func([]T) []T,
) (all, picked []T, err error) {
	k := flightKey{kind, name}
	for {
		quietBefore, before := c.quiet(k, lookup)
		all, err = list(ctx)
		if err != nil {
			return nil, nil, err
		}
		picked = pick(all)
		// Quiet on both sides of the list, with no create begun in
		// between: a create under way when the list began may have
		// recorded its object after pick read Owns.
		quiet, after := c.quiet(k, lookup)
		if len(picked) == 0 || (quietBefore && quiet && after == before) {
			return all, picked, nil
		}
		if err := c.waitQuiet(ctx, k, lookup); err != nil {
			return nil, nil, err
		}
	}
}

// waitQuiet waits until no create of k is under way (see quiet), or for
// ctx to end.
func (c *Creates) waitQuiet(ctx context.Context, k flightKey, lookup bool) error {
	return poll.Until(ctx, settleWait, func(context.Context, int) (bool, error) {
		q, _ := c.quiet(k, lookup)
		return q, nil
	})
}

// Claim is the name check before a create of a kind whose names are unique
// (templates, secrets, registry credentials), made safe to serve from a
// list shared with other checks: free reads whether name is free, from a
// list sent after it began (a fresh list), or from a recent one that
// vouches for name (its context is Recent's, see Recent lists in fresh.go). Its answer counts only when no
// create of the kind named name by this process was under way when it
// began, or began before Claim records this one: otherwise that create's
// object may be missing from the list, so Claim waits until it is over and
// reads again. When free says the name is free, Claim records the create
// about to be sent (Send) in the same step, and returns its flight: the
// caller calls Done when the create is over. ok is false when the name is
// taken (the caller words it) and err is free's error or ctx's.
func (c *Creates) Claim(ctx context.Context, kind, name string, free func(context.Context) (bool, error)) (_ *Flight, ok bool, err error) {
	k := flightKey{kind, name}
	for {
		// Quiet and the count of creates begun, read together: a create
		// begun later shows in the count, one under way now in quiet.
		quiet, before := c.quiet(k, false)
		if !quiet {
			if err := c.waitQuiet(ctx, k, false); err != nil {
				return nil, false, err
			}
			continue
		}
		isFree, err := free(c.Recent(ctx, kind, name))
		if err != nil || !isFree {
			return nil, false, err
		}
		if f := c.sendIfUnchanged(k, before); f != nil {
			return f, true, nil
		}
		// A same-name create began meanwhile: wait for it and look again.
	}
}

// sendIfUnchanged is Send when no create of k is under way and none began
// since started counted before; otherwise it records nothing and is nil.
func (c *Creates) sendIfUnchanged(k flightKey, before uint64) *Flight {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f := c.flights[k]; f != nil && (f.sending+f.resolving != 0 || f.started != before) {
		return nil
	}
	return c.begin(k)
}
