// Package kinds states once, per kind of Runpod object, the facts that every
// generic part of the provider needs of it: the noun its messages use, its
// resource type, how to read an object's id, name and creation time, how to
// get, list and delete one, and whether its names are unique in an account.
// The data sources, list resources, the create engine (packages
// safecreate and pendingcreate) and the tests' fault helpers all take a
// Kind, so that no kind's facts are written twice.
package kinds

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is one kind of object, T being the client's type for one.
type Kind[T any] struct {
	// Collection is the API's collection the kind's objects are in: its
	// noun, e.g. "network volume" (Title, "Network Volume", and Plural,
	// "network volumes", follow from it), an object's id, and the client's
	// Get, List and Delete of one.
	runpod.Collection[T]
	// Own, when set, picks the kind's objects from the collection, which
	// holds others too (pods: instant clusters' members, which
	// runpod_cluster manages). ListAll, SharedList and FreshList return
	// only those; Get and SharedGet read any.
	Own func(*T) bool
	// ResourceType is the kind's resource type, e.g. "runpod_network_volume",
	// for import hints and list resources.
	ResourceType string
	// Name reads an object's name.
	Name func(*T) string
	// CreatedAt reads when an object was created; nil when the API does not
	// say (network volumes), so that a lost create is settled by comparing
	// lists taken before and after it rather than by a time window.
	CreatedAt func(*T) time.Time
	// Ended, when set, reports an object that the API still lists but that
	// has ended and bills nothing (a terminated pod): never a twin of a
	// create, never the object a lost create made.
	Ended func(*T) bool
	// FreshLists is set when a write's checks (name checks, delete
	// confirmations, lookups after a lost create reply) read the kind from
	// fresh lists (FreshList): one request serves many writes of one run,
	// and none is answered from a list older than its question. Without it
	// those calls use ListAll and Get.
	FreshLists bool

	// UniqueNames is set for the kinds whose names are unique in an account
	// (templates, secrets, registry credentials): Find then finds an object
	// by name. Kinds without it have names that repeat, and are told apart
	// by shape and creation time instead (package safecreate).
	UniqueNames bool
	// FilterByName, when set, is the API's name filter, which Find uses
	// instead of listing every object: it returns the objects whose name may
	// be name (a secret's filter ignores case), among which Find takes the
	// exact match.
	FilterByName func(ctx context.Context, client *runpod.Client, name string) ([]T, error)
}

// ErrNotFound is what Find returns when no object has the name.
var ErrNotFound = fmt.Errorf("not found")

// ListAll lists every object of the kind.
func (k Kind[T]) ListAll(client *runpod.Client, ctx context.Context) ([]T, error) {
	return k.own(k.List(client, ctx))
}

// SharedGet reads one object through the provider's shared reads, so that
// a refresh of many objects shares their lists.
func (k Kind[T]) SharedGet(reads *providerdata.Reads, ctx context.Context, id string) (*T, error) {
	return providerdata.Get(ctx, reads, k.Collection, id)
}

// SharedList lists every object of the kind through the shared reads.
func (k Kind[T]) SharedList(reads *providerdata.Reads, ctx context.Context) ([]T, error) {
	return k.own(providerdata.List(ctx, reads, k.Collection))
}

// FreshList lists every object of the kind from a list sent after the call
// began, shared with the calls of this process waiting at the time (see
// providerdata.Fresh).
func (k Kind[T]) FreshList(reads *providerdata.Reads, ctx context.Context) ([]T, error) {
	return k.own(providerdata.Fresh(ctx, reads, k.Collection))
}

// own keeps the kind's objects of a list of its collection (Own).
func (k Kind[T]) own(all []T, err error) ([]T, error) {
	if err != nil || k.Own == nil {
		return all, err
	}
	return Pick(all, k.Own), nil
}

// Pick is the objects of all that keep holds for, in order: a new slice,
// empty rather than nil when none is kept (as a list the API answered).
func Pick[T any](all []T, keep func(*T) bool) []T {
	out := []T{}
	for i := range all {
		if keep(&all[i]) {
			out = append(out, all[i])
		}
	}
	return out
}

// Lister is the kind's list for a write's checks: FreshList when the kind
// has fresh lists, otherwise ListAll.
func (k Kind[T]) Lister(client *runpod.Client, reads *providerdata.Reads) func(context.Context) ([]T, error) {
	if k.FreshLists && reads != nil {
		return func(ctx context.Context) ([]T, error) { return k.FreshList(reads, ctx) }
	}
	return func(ctx context.Context) ([]T, error) { return k.ListAll(client, ctx) }
}

// Deletion is the request that deletes the object with id (named name in
// messages) with Delete and confirms it gone: from a fresh list sent after
// the delete returned when the kind has one (deletion.Listed, shared with
// this process's other deletes of the kind), else, and for an object that
// list still holds, with Get.
func (k Kind[T]) Deletion(client *runpod.Client, reads *providerdata.Reads, id, name string) deletion.Request {
	get := func(ctx context.Context) error { _, err := k.Get(client, ctx, id); return err }
	req := deletion.Request{
		Kind: k.Noun, Name: name, ID: id,
		Delete: func(ctx context.Context) error { return k.Delete(client, ctx, id) },
		Read:   get,
	}
	if k.FreshLists && reads != nil {
		req.Read = deletion.Listed(id, k.Lister(client, reads), k.ID, get)
	}
	return req
}

// Find returns the object named exactly name, or ErrNotFound, for kinds
// whose names are unique.
func (k Kind[T]) Find(ctx context.Context, client *runpod.Client, name string) (*T, error) {
	if k.FilterByName != nil {
		candidates, err := k.FilterByName(ctx, client, name)
		return k.Named(candidates, err, name)
	}
	all, err := k.ListAll(client, ctx)
	return k.Named(all, err, name)
}

// Facts is what a kind says of itself without its type, for code that
// handles several kinds alike (the tests' fault helpers).
type Facts struct {
	Noun, ResourceType string
}

// Facts returns the kind's noun and resource type.
func (k Kind[T]) Facts() Facts { return Facts{Noun: k.Noun, ResourceType: k.ResourceType} }

// Title is the noun in title case, for diagnostic summaries.
func (f Facts) Title() string { return diagnostics.TitleCase(f.Noun) }

// Title is the noun in title case, for diagnostic summaries.
func (k Kind[T]) Title() string { return diagnostics.TitleCase(k.Noun) }

// Plural is the noun for several objects.
func (k Kind[T]) Plural() string { return k.Noun + "s" }

// ListError is the diagnostic of a failed list of every object of the kind:
// "Cannot List Network Volumes", "listing network volumes".
func (k Kind[T]) ListError(err error) diag.Diagnostic {
	return diagnostics.APIError("Cannot List "+k.Title()+"s", "listing "+k.Plural(), err)
}

// NotFound is the error, on the attribute at p, for an id that names no
// object of the kind.
func (k Kind[T]) NotFound(p path.Path, id string) diag.Diagnostic {
	return NotFound(p, k.Noun, id)
}

// NotFound is the error, on the attribute at p, for an id that names no
// object of the kind noun.
func NotFound(p path.Path, noun, id string) diag.Diagnostic {
	return diag.NewAttributeErrorDiagnostic(p, diagnostics.TitleCase(noun)+" Not Found",
		fmt.Sprintf("No %s with id %q exists or is visible to this API key.", noun, id))
}

// ChildrenError is the diagnostic of a failed list of the children (e.g.
// "pods") of the object of the kind with id, which the argument at p names:
// NotFound on p when no such object exists, otherwise "Cannot List Cluster
// Pods", "listing the pods of cluster <id>".
func (k Kind[T]) ChildrenError(p path.Path, children, id string, err error) diag.Diagnostic {
	if runpod.IsNotFound(err) {
		return k.NotFound(p, id)
	}
	return diagnostics.APIError("Cannot List "+k.Title()+" "+diagnostics.TitleCase(children),
		fmt.Sprintf("listing the %s of %s %s", children, k.Noun, id), err)
}

// ByNameThenID orders objects by name, then by id for objects of kinds
// whose names need not be unique, so that the order is stable.
func (k Kind[T]) ByNameThenID(a, b *T) bool {
	if na, nb := k.Name(a), k.Name(b); na != nb {
		return na < nb
	}
	return k.ID(a) < k.ID(b)
}

// WithName is the objects of all named name.
func (k Kind[T]) WithName(all []T, name string) []T {
	return Pick(all, func(o *T) bool { return k.Name(o) == name })
}

// Named returns the object of all named exactly name, or ErrNotFound (err,
// the list's own error, passes through).
func (k Kind[T]) Named(all []T, err error, name string) (*T, error) {
	if err != nil {
		return nil, err
	}
	for i := range all {
		if k.Name(&all[i]) == name {
			return &all[i], nil
		}
	}
	return nil, ErrNotFound
}

// Wrap is the kind k for a type W that holds a T (a list resource's result
// with what it joined to the object): the same noun, resource type and
// accessors, read through inner. Its reads, Delete and name lookups are
// left unset: they answer T, not W.
func Wrap[T, W any](k Kind[T], inner func(*W) *T) Kind[W] {
	w := Kind[W]{
		Collection:   runpod.Collection[W]{Noun: k.Noun, ID: func(o *W) string { return k.ID(inner(o)) }},
		ResourceType: k.ResourceType,
		Name:         func(o *W) string { return k.Name(inner(o)) },
	}
	if k.CreatedAt != nil {
		w.CreatedAt = func(o *W) time.Time { return k.CreatedAt(inner(o)) }
	}
	return w
}
