package runpod

import (
	"encoding/json"
	"reflect"
)

// Optional is one field of a PATCH body, which needs three states: omitted
// (the zero Optional, dropped by the `json:",omitzero"` tag), set to a value,
// and set to empty. Set with a nil slice sends `[]`, with a nil map `{}` and
// with a nil pointer `null`, which is how the API clears lists, env and the
// registry.
type Optional[T any] struct {
	value T
	set   bool
}

// Set returns an Optional that is sent with value v.
func Set[T any](v T) Optional[T] {
	return Optional[T]{value: v, set: true}
}

// IsZero reports whether the field is unset; encoding/json's omitzero calls it.
func (o Optional[T]) IsZero() bool { return !o.set }

// Get returns the value and whether it was set.
func (o Optional[T]) Get() (T, bool) { return o.value, o.set }

// MarshalJSON writes the value, turning a nil slice into `[]` and a nil map
// into `{}` so that "clear" never goes out as `null`, which the API would
// reject for those fields.
func (o Optional[T]) MarshalJSON() ([]byte, error) {
	v := reflect.ValueOf(&o.value).Elem()
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return []byte("[]"), nil
		}
	case reflect.Map:
		if v.IsNil() {
			return []byte("{}"), nil
		}
	}
	return json.Marshal(o.value)
}
