// Package schemacheck holds a unit-test helper that keeps each kind's Terraform
// model struct and its schema in step. It imports nothing from the provider,
// so a kind's internal tests can use it without an import cycle.
package schemacheck

import (
	"reflect"
	"sort"
)

// Reporter is the part of testing.TB that ModelMatches uses.
type Reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// ModelMatches fails t unless the tfsdk tags of model (a struct
// value) are exactly the schema's attribute names. The framework reports a
// mismatch only at run time, on the first Get or Set; this catches it in a
// unit test.
func ModelMatches[A any](t Reporter, attributes map[string]A, model any) {
	t.Helper()
	typ := reflect.TypeOf(model)
	tags := map[string]bool{}
	for i := range typ.NumField() {
		if tag := typ.Field(i).Tag.Get("tfsdk"); tag != "" && tag != "-" {
			tags[tag] = true
		}
	}
	var missing, extra []string
	for name := range attributes {
		if !tags[name] {
			missing = append(missing, name)
		}
	}
	for tag := range tags {
		if _, ok := attributes[tag]; !ok {
			extra = append(extra, tag)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("%s: schema attributes without a model field: %v; model fields not in the schema: %v", typ, missing, extra)
	}
}
