// Package privatestate is the one way the resources keep data in
// Terraform's private state: the provider-only bytes stored next to a
// resource's state that users never see in plans.
//
// Every value is stored as JSON under a Key whose type says what it holds,
// so a resource cannot read a key as something other than what was written
// to it, and every read and write returns diagnostics for the caller to
// append: a private state that cannot be read is reported, never silently
// taken for an absent one.
//
// Key names and encodings are part of the on-disk format: state written by
// an older provider version must keep reading the same, so a key's name and
// type are never changed once released.
package privatestate

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// Store is the framework's private state as every request and response
// exposes it (req.Private, resp.Private, and plan modifier requests): all of
// them are the same type with both methods, so one interface serves reads
// and writes.
type Store interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// Key names one private-state entry holding a JSON-encoded T.
type Key[T any] struct {
	name string
}

// NewKey declares the entry stored under name. name is what older state
// already holds: keep it when renaming the Go identifier.
func NewKey[T any](name string) Key[T] {
	return Key[T]{name: name}
}

// Name is the key as stored in state.
func (k Key[T]) Name() string { return k.name }

// Get reads the entry. ok is false, with the zero T, when the entry is
// absent (never set, removed, or a nil store); an entry that does not
// decode as T is an error diagnostic.
func (k Key[T]) Get(ctx context.Context, s Store) (value T, ok bool, diags diag.Diagnostics) {
	if s == nil {
		return value, false, nil
	}
	raw, diags := s.GetKey(ctx, k.name)
	if diags.HasError() || len(raw) == 0 {
		return value, false, diags
	}
	if err := json.Unmarshal(raw, &value); err != nil {
		var zero T
		diags.AddError("Cannot Read Private State",
			fmt.Sprintf("The provider's private data for this resource under %q could not be decoded: %s. "+
				"This is a bug in the provider or a hand-edited state; please report it.", k.name, err))
		return zero, false, diags
	}
	return value, true, diags
}

// Set stores v, replacing any earlier value.
func (k Key[T]) Set(ctx context.Context, s Store, v T) diag.Diagnostics {
	raw, err := json.Marshal(v)
	if err != nil {
		var diags diag.Diagnostics
		diags.AddError("Cannot Write Private State",
			fmt.Sprintf("The provider's private data for this resource under %q could not be encoded: %s. "+
				"This is a bug in the provider; please report it.", k.name, err))
		return diags
	}
	return s.SetKey(ctx, k.name, raw)
}

// Remove deletes the entry; a later Get reports it absent.
func (k Key[T]) Remove(ctx context.Context, s Store) diag.Diagnostics {
	return s.SetKey(ctx, k.name, nil) // the framework removes a key set to nil
}

// Flag is a Key[bool] that is set (true) or absent; the type of every
// "this happened" marker, such as "imported".
type Flag = Key[bool]

// IsSet reads a flag: true only when the entry holds true.
func IsSet(ctx context.Context, s Store, f Flag) (bool, diag.Diagnostics) {
	v, _, diags := f.Get(ctx, s)
	return v, diags
}

// SetFlag sets the flag when on, and removes it otherwise, so that a
// cleared flag leaves nothing in state.
func SetFlag(ctx context.Context, s Store, f Flag, on bool) diag.Diagnostics {
	if on {
		return f.Set(ctx, s, true)
	}
	return f.Remove(ctx, s)
}
