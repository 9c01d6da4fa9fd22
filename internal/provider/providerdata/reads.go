package providerdata

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Reads serves the refresh of account objects (templates, network volumes,
// secrets, registry credentials, pods, clusters, endpoints, ECR delegations)
// for one provider process.
//
// Refreshing a workspace calls Read once per resource, ten at a time. Runpod's
// v2 lists are unpaginated and return the same objects as the single GETs, so
// when several objects of one kind are read, one list request serves them
// all: a workspace of 180 objects costs a handful of requests per plan
// instead of 180, which keeps hourly drift checks of many workspaces under
// the account's rate limit.
//
// The rules, per kind:
//   - The first read of a kind in the process is one GET, so a workspace with
//     one object of a kind sends exactly the request it always did.
//   - Any later read is served from one list request, shared by every read
//     and data source that wants it while it is current.
//   - A list is current until the provider's client finishes a write of any
//     kind (runpod.Client.Writes): a read that starts after the provider's
//     own create, update or delete lists again (a write of one kind can change
//     another, e.g. deleting a registry credential clears templates' registry).
//   - An object missing from the list is confirmed with its own GET before it
//     is reported gone: a list is not proof of deletion.
//   - A list that fails is not kept: its readers fall back to their own GET.
//
// Terraform configures a fresh provider for each command (and for each of plan
// and apply), so a list is never older than the command that reads it.
//
// Read-back after the provider's own write does not go through Reads: those
// reads call the client directly and always send their own GET.
type Reads struct {
	client *runpod.Client

	mu sync.Mutex
	// byNoun holds each collection's *kindReads, made on its first read.
	byNoun map[string]any
}

func newReads(c *runpod.Client) *Reads {
	return &Reads{client: c, byNoun: map[string]any{}}
}

// of returns the reads of collection c, made on first use. A collection
// whose Get lists (runpod.Collection.GetLists) has every read, the first
// too, served from the shared list; its Get, a fresh list, only confirms
// that an object the shared list lacks is gone.
func of[T any](r *Reads, c runpod.Collection[T]) *kindReads[T] {
	r.mu.Lock()
	defer r.mu.Unlock()
	if k, ok := r.byNoun[c.Noun].(*kindReads[T]); ok {
		return k
	}
	client := r.client
	k := &kindReads[T]{
		client: client, kind: c.Noun, idOf: c.ID, listOnly: c.GetLists,
		getOne:  func(ctx context.Context, id string) (*T, error) { return c.Get(client, ctx, id) },
		listAll: func(ctx context.Context) ([]T, error) { return c.List(client, ctx) },
	}
	r.byNoun[c.Noun] = k
	return k
}

// Reads returns the process-wide read coalescer. Call it after Client has
// returned a client: without one it is nil.
func (d *Data) Reads() *Reads {
	return d.reads
}

// Client is the API client, for reads of kinds that have no list to share
// (the account's SSH keys are one object).
func (r *Reads) Client() *runpod.Client { return r.client }

// Get reads one object of collection c through r; runpod.IsNotFound(err)
// when it is gone. Like every read here, the object's nested pointers and
// slices may be shared with other readers and must not be modified.
func Get[T any](ctx context.Context, r *Reads, c runpod.Collection[T], id string) (*T, error) {
	return of(r, c).get(ctx, id)
}

// List lists every object of collection c, sharing the list with refresh.
func List[T any](ctx context.Context, r *Reads, c runpod.Collection[T]) ([]T, error) {
	return of(r, c).list(ctx)
}

// kindReads coalesces the reads of one kind (see Reads).
type kindReads[T any] struct {
	client  *runpod.Client
	kind    string
	getOne  func(context.Context, string) (*T, error)
	listAll func(context.Context) ([]T, error)
	idOf    func(*T) string
	// listOnly: getOne is itself a list (runpod.Collection.GetLists).
	listOnly bool

	mu    sync.Mutex
	reads int          // single-object reads started in this process
	snap  *snapshot[T] // the latest list, finished or in flight; nil before the first

	// Fresh lists (fresh.go): the one waiting to be sent, which new callers
	// join, and the last one sent.
	queued, sending *snapshot[T]
}

// snapshot is one list request: done is closed once objects or err is set.
type snapshot[T any] struct {
	writes uint64 // the client's write count when the list was sent
	// Fresh lists only (fresh.go): when the list was sent, and the
	// create sequence (createSeq) then, for a later caller's Recent check.
	sentAt  time.Time
	mark    uint64
	done    chan struct{}
	objects []T
	byID    map[string]int
	err     error
}

// get reads one object: the first read of the kind with its own GET, later
// ones from a current list, confirming with a GET what the list lacks.
func (k *kindReads[T]) get(ctx context.Context, id string) (*T, error) {
	k.mu.Lock()
	k.reads++
	if k.reads == 1 && k.current() == nil && !k.listOnly {
		k.mu.Unlock()
		return k.getOne(ctx, id)
	}
	k.mu.Unlock()

	s, err := k.snapshot(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		tflog.Debug(ctx, "listing failed; reading the object on its own", map[string]any{"kind": k.kind, "id": id, "error": err.Error()})
		return k.getOne(ctx, id)
	}
	if i, ok := s.byID[id]; ok {
		obj := s.objects[i]
		tflog.Trace(ctx, "read served from the provider's list of this kind", map[string]any{"kind": k.kind, "id": id})
		return &obj, nil
	}
	// Not in the list: only the object's own GET may say it is gone (the
	// list may lag behind a create, or leave out objects the GET still serves).
	tflog.Debug(ctx, "object missing from the list; confirming with its own read", map[string]any{"kind": k.kind, "id": id})
	return k.getOne(ctx, id)
}

// list returns every object of the kind from a current list, sending one if
// there is none. The slice is the caller's own (callers sort it), though the
// objects' nested pointers and slices are shared and must not be modified.
func (k *kindReads[T]) list(ctx context.Context) ([]T, error) {
	s, err := k.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return slices.Clone(s.objects), nil
}

// current returns the latest list if no write has finished since it was sent
// and it did not fail. Callers hold k.mu.
func (k *kindReads[T]) current() *snapshot[T] {
	s := k.snap
	if s == nil || s.writes != k.client.Writes() {
		return nil
	}
	select {
	case <-s.done:
		if s.err != nil {
			return nil
		}
	default: // in flight: current
	}
	return s
}

// snapshot waits for a current list, sending one if there is none. A list
// that ended only because its sender's context was cancelled is sent again
// with this caller's context rather than inherit the cancellation.
func (k *kindReads[T]) snapshot(ctx context.Context) (*snapshot[T], error) {
	for {
		k.mu.Lock()
		s := k.current()
		mine := s == nil
		if mine {
			s = &snapshot[T]{writes: k.client.Writes(), done: make(chan struct{})}
			k.snap = s
		}
		k.mu.Unlock()

		if mine {
			k.fetch(ctx, s)
		}
		select {
		case <-s.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if s.err != nil && isContextError(s.err) && ctx.Err() == nil && !mine {
			continue
		}
		return s, s.err
	}
}

func (k *kindReads[T]) fetch(ctx context.Context, s *snapshot[T]) {
	defer close(s.done)
	tflog.Debug(ctx, "listing every object of the kind to serve the reads of this run", map[string]any{"kind": k.kind})
	objects, err := k.listAll(ctx)
	if err != nil {
		s.err = err
		return
	}
	s.objects = objects
	s.byID = make(map[string]int, len(objects))
	for i := range objects {
		s.byID[k.idOf(&objects[i])] = i
	}
}
