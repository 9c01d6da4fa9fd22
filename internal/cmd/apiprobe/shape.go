package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// A shape is what one object type's answers look like, without their
// values: every JSON path seen (arrays as "[]"), the JSON types at each
// path, the enum-like strings and whether a number was 0. Comparing the
// shapes of two servers' answers for the same requests shows where they
// differ without comparing objects that are not the same.
type shape struct {
	types map[string]map[string]bool // path -> JSON types seen ("null" included)
	enums map[string]map[string]bool // path -> enum-like strings seen
	zeros map[string]bool            // path -> a number there was 0
	nonZ  map[string]bool            // path -> a number there was not 0
}

func newShape() *shape {
	return &shape{types: map[string]map[string]bool{}, enums: map[string]map[string]bool{}, zeros: map[string]bool{}, nonZ: map[string]bool{}}
}

// enumLike matches the API's enum values (RUNNING, QUEUE_DELAY, SECURE).
var enumLike = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

// freeForm are maps keyed by user data (env, request URLs), whose keys are
// not fields.
var freeForm = map[string]bool{"env": true, "requestUrls": true}

func (s *shape) add(path string, v any) {
	t := jsonType(v)
	if s.types[path] == nil {
		s.types[path] = map[string]bool{}
	}
	s.types[path][t] = true
	switch x := v.(type) {
	case map[string]any:
		last := path[strings.LastIndex(path, ".")+1:]
		if freeForm[last] {
			return
		}
		for k, c := range x {
			s.add(join(path, k), c)
		}
	case []any:
		for _, c := range x {
			s.add(path+"[]", c)
		}
	case string:
		if enumLike.MatchString(x) {
			if s.enums[path] == nil {
				s.enums[path] = map[string]bool{}
			}
			s.enums[path][x] = true
		}
	case float64:
		if x == 0 {
			s.zeros[path] = true
		} else {
			s.nonZ[path] = true
		}
	}
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case float64, json.Number:
		return "number"
	case bool:
		return "boolean"
	}
	return fmt.Sprintf("%T", v)
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
