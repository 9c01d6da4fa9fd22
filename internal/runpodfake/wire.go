package runpodfake

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The fake declares what it serves itself. Response bodies of every area
// (pods, clusters, endpoints and their workers, templates, network
// volumes, registries, ECR delegations, secrets, the catalog, logs) are
// built field by field from
// the fake's own model, with the names and shapes of the API reference
// (../shared/runpod-api/API.md, the spec facts in
// testdata/openapi-facts.json), instead of by encoding structs whose JSON
// tags could be copies of the client's: a misreading of the API in the
// client then shows up as a failing test rather than being shared by both.
// The conformance tests check every response against the spec facts.

// wireObject is one JSON object of a response, its members written in the
// order given (the order the fake has always served them).
type wireObject []wireField

// wireField is one member. A value of nil is written as null.
type wireField struct {
	key   string
	value any
}

// with returns o with key appended, unless omit (a member the API leaves
// out rather than sending as null).
func (o wireObject) with(key string, value any, omit bool) wireObject {
	if omit {
		return o
	}
	return append(o, wireField{key, value})
}

// MarshalJSON writes the members in order, values as encoding/json writes
// them (without HTML escaping, as every response of the fake).
func (o wireObject) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	out := []byte{'{'}
	for i, f := range o {
		if i > 0 {
			out = append(out, ',')
		}
		buf.Reset()
		if err := enc.Encode(f.key); err != nil {
			return nil, err
		}
		out = append(out, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...)
		out = append(out, ':')
		buf.Reset()
		if err := enc.Encode(f.value); err != nil {
			return nil, fmt.Errorf("%s: %w", f.key, err)
		}
		out = append(out, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...)
	}
	return append(out, '}'), nil
}

// wireList is a JSON array of objects built by one: null for a nil slice,
// [] for an empty one.
func wireList[T any](xs []T, one func(T) wireObject) any {
	if xs == nil {
		return nil
	}
	out := make([]wireObject, len(xs))
	for i, x := range xs {
		out[i] = one(x)
	}
	return out
}
