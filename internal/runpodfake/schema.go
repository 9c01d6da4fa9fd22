package runpodfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// schema is a deliberately small subset of JSON Schema, enough to express
// the closed request bodies of API.md. The fake validates request bodies with
// it so that schema problems answer 422 (with an `errors` list), exactly as the
// real API does, without needing the OpenAPI document at run time: the demo
// server and tests without the spec file must be just as strict.
//
// The error texts imitate the ones the real API returns (such as
// "$: additional properties 'bogus' not allowed").
type schema struct {
	types    []string // "object", "array", "string", "integer", "number", "boolean", "null"
	props    map[string]*schema
	required []string
	// closed rejects properties not listed in props (additionalProperties:false).
	closed bool
	// additional validates the values of an open map (e.g. env: string→string).
	additional *schema
	items      *schema
	enum       []string
	pattern    *regexp.Regexp
	minLength  *int
	minimum    *int64
	maximum    *int64
	minItems   *int
	maxItems   *int
	minProps   *int
}

func intp(n int) *int       { return &n }
func int64p(n int64) *int64 { return &n }

func sString() *schema { return &schema{types: []string{"string"}} }
func sBool() *schema   { return &schema{types: []string{"boolean"}} }
func sNullable(s *schema) *schema {
	c := *s
	c.types = append(append([]string{}, s.types...), "null")
	return &c
}

// sNonEmpty is a string the spec requires to be non-empty (minLength 1).
func sNonEmpty() *schema { return &schema{types: []string{"string"}, minLength: intp(1)} }
func sIntMin(n int64) *schema {
	return &schema{types: []string{"integer"}, minimum: int64p(n)}
}
func sEnum(values ...string) *schema { return &schema{types: []string{"string"}, enum: values} }
func sPattern(p string) *schema {
	return &schema{types: []string{"string"}, pattern: regexp.MustCompile(p)}
}
func sArray(items *schema) *schema { return &schema{types: []string{"array"}, items: items} }
func sStringMap() *schema {
	return &schema{types: []string{"object"}, additional: sString()}
}

// sObject is a closed object: every request body of the v2 API is closed
// (additionalProperties:false or unevaluatedProperties:false).
func sObject(props map[string]*schema, required ...string) *schema {
	return &schema{types: []string{"object"}, props: props, required: required, closed: true}
}

// merge returns the union of property maps, for "ContainerConfig + fields" bodies.
func merge(maps ...map[string]*schema) map[string]*schema {
	out := map[string]*schema{}
	for _, m := range maps {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// validate appends one message per violation to errs. path is a JSONPath-like
// location ("$", "$.mounts.persistent", "$.ports[0]").
func (s *schema) validate(path string, v any, errs *[]string) {
	got := jsonType(v)
	if !s.allows(got) {
		*errs = append(*errs, fmt.Sprintf("%s: got %s, want %s", path, got, strings.Join(s.types, " or ")))
		return
	}
	switch x := v.(type) {
	case string:
		if s.minLength != nil && len([]rune(x)) < *s.minLength {
			*errs = append(*errs, fmt.Sprintf("%s: minLength: got %d, want %d", path, len([]rune(x)), *s.minLength))
		}
		if len(s.enum) > 0 && !contains(s.enum, x) {
			*errs = append(*errs, fmt.Sprintf("%s: value must be one of %s", path, quoteList(s.enum)))
		}
		if s.pattern != nil && !s.pattern.MatchString(x) {
			*errs = append(*errs, fmt.Sprintf("%s: '%s' does not match pattern '%s'", path, x, s.pattern.String()))
		}
	case json.Number:
		n, ok := integerValue(x)
		if !ok {
			// Only reachable for "integer" schemas that also allow "number";
			// none of the request bodies do.
			return
		}
		if s.minimum != nil && n.Cmp(big.NewInt(*s.minimum)) < 0 {
			*errs = append(*errs, fmt.Sprintf("%s: minimum: got %s, want %d", path, n.String(), *s.minimum))
		}
		if s.maximum != nil && n.Cmp(big.NewInt(*s.maximum)) > 0 {
			*errs = append(*errs, fmt.Sprintf("%s: maximum: got %s, want %d", path, n.String(), *s.maximum))
		}
	case []any:
		if s.minItems != nil && len(x) < *s.minItems {
			*errs = append(*errs, fmt.Sprintf("%s: minItems: got %d, want %d", path, len(x), *s.minItems))
		}
		if s.maxItems != nil && len(x) > *s.maxItems {
			*errs = append(*errs, fmt.Sprintf("%s: maxItems: got %d, want %d", path, len(x), *s.maxItems))
		}
		if s.items != nil {
			for i, item := range x {
				s.items.validate(fmt.Sprintf("%s[%d]", path, i), item, errs)
			}
		}
	case map[string]any:
		if s.minProps != nil && len(x) < *s.minProps {
			*errs = append(*errs, fmt.Sprintf("%s: minProperties: got %d, want %d", path, len(x), *s.minProps))
		}
		var missing []string
		for _, r := range s.required {
			if _, ok := x[r]; !ok {
				missing = append(missing, r)
			}
		}
		if len(missing) == 1 {
			*errs = append(*errs, fmt.Sprintf("%s: missing property '%s'", path, missing[0]))
		} else if len(missing) > 1 {
			*errs = append(*errs, fmt.Sprintf("%s: missing properties %s", path, quoteList(missing)))
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var extra []string
		for _, k := range keys {
			child := path + "." + k
			if ps, ok := s.props[k]; ok {
				ps.validate(child, x[k], errs)
				continue
			}
			if s.additional != nil {
				s.additional.validate(child, x[k], errs)
				continue
			}
			if s.closed {
				extra = append(extra, k)
			}
		}
		if len(extra) > 0 {
			*errs = append(*errs, fmt.Sprintf("%s: additional properties %s not allowed", path, quoteList(extra)))
		}
	}
}

func (s *schema) allows(got string) bool {
	for _, t := range s.types {
		if t == got {
			return true
		}
		if t == "number" && got == "integer" {
			return true
		}
	}
	return false
}

// jsonType names the JSON Schema type of a value decoded with UseNumber.
// A number is an "integer" when it has no fractional part (JSON Schema 2020-12:
// 1.0 is an integer).
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, ok := integerValue(x); ok {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	default:
		return fmt.Sprintf("%T", v)
	}
}

func integerValue(n json.Number) (*big.Int, bool) {
	if i, ok := new(big.Int).SetString(n.String(), 10); ok {
		return i, true
	}
	r, ok := new(big.Rat).SetString(n.String())
	if !ok || !r.IsInt() {
		return nil, false
	}
	return r.Num(), true
}

// normalizeNumbers rewrites integral numbers such as 1.0 or 1e1 to their
// plain form so that the typed decode that follows validation accepts them.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, ok := integerValue(x); ok {
			return json.Number(i.String())
		}
		return x
	case []any:
		for i := range x {
			x[i] = normalizeNumbers(x[i])
		}
		return x
	case map[string]any:
		for k := range x {
			x[k] = normalizeNumbers(x[k])
		}
		return x
	default:
		return v
	}
}

func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = "'" + s + "'"
	}
	return strings.Join(q, ", ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// decodeStrict parses a request body, validates it against s and decodes it
// into out. It returns a ready-to-send problem on failure:
//   - an empty body or malformed JSON is 400 (the spec's BadRequestError covers
//     "malformed" requests);
//   - a schema violation is 422 with every violation listed in `errors`.
//
// raw receives the generic decoded value so that handlers can tell an absent
// field from an explicit null where that matters (PATCH semantics).
func decodeStrict(body []byte, s *schema, out any) (raw map[string]any, p *problem) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, badRequest("request body is required")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, badRequest("request body is not valid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, badRequest("request body is not valid JSON: unexpected data after the top-level value")
	}
	var errs []string
	s.validate("$", v, &errs)
	if len(errs) > 0 {
		return nil, unprocessable(errs...)
	}
	v = normalizeNumbers(v)
	clean, err := json.Marshal(v)
	if err != nil {
		return nil, badRequest("request body could not be re-encoded: %v", err)
	}
	if err := json.Unmarshal(clean, out); err != nil {
		// The schema has checked every type, so what remains is a number the
		// fake cannot hold (beyond 64 bits). The schema allows it, so it is
		// not a 422; the fake refuses it as out of range (400).
		return nil, badRequest("request body has a value out of range: %v", err)
	}
	m, _ := v.(map[string]any)
	return m, nil
}

// has reports whether a decoded object carries a key (present, even if null).
func has(raw map[string]any, key string) bool {
	_, ok := raw[key]
	return ok
}

// isNull reports whether a decoded object carries key with an explicit null.
func isNull(raw map[string]any, key string) bool {
	v, ok := raw[key]
	return ok && v == nil
}

// parseInt parses a base-10 integer query value.
func parseInt(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}
