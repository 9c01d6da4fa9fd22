// Package schemacheck holds a unit-test helper that keeps each kind's Terraform
// model struct and its schema in step. It imports nothing from the provider
// (only the framework), so a kind's internal tests can use it without an
// import cycle.
package schemacheck

import (
	"context"
	"reflect"
	"sort"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
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
	collectTags(typ, tags)
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

// ResourceSchema returns r's schema, failing t if building it reports an
// error or the framework finds it malformed, and the schema's attributes
// and blocks in one map: a block (timeouts) is a field of the model too.
func ResourceSchema(t testing.TB, r resource.Resource) (rschema.Schema, map[string]any) {
	t.Helper()
	ctx := context.Background()
	var resp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &resp)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	if d := resp.Schema.ValidateImplementation(ctx); d.HasError() {
		t.Fatal(d)
	}
	all := map[string]any{}
	for k, v := range resp.Schema.Attributes {
		all[k] = v
	}
	for k, v := range resp.Schema.Blocks {
		all[k] = v
	}
	return resp.Schema, all
}

// DataSourceSchema returns d's schema, failing t if building it reports an
// error.
func DataSourceSchema(t testing.TB, d datasource.DataSource) dschema.Schema {
	t.Helper()
	var resp datasource.SchemaResponse
	d.Schema(context.Background(), datasource.SchemaRequest{}, &resp)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	return resp.Schema
}

// collectTags adds typ's tfsdk tags to tags, including those of embedded
// structs, whose fields the framework reads as the outer model's own.
func collectTags(typ reflect.Type, tags map[string]bool) {
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag := f.Tag.Get("tfsdk")
		switch {
		case f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct:
			collectTags(f.Type, tags)
		case tag != "" && tag != "-":
			tags[tag] = true
		}
	}
}

// Nested returns the attributes of a nested attribute (single, list, set or
// map nested; resource or data source schema) or of a resource's nested
// block (single or list) so that the model of its objects can be checked
// with ModelMatches. It fails t for any other attribute: a test that names
// the wrong attribute must not pass silently.
func Nested(t testing.TB, attribute any) map[string]any {
	t.Helper()
	out := map[string]any{}
	add := func(attrs any) {
		v := reflect.ValueOf(attrs)
		for _, k := range v.MapKeys() {
			out[k.String()] = v.MapIndex(k).Interface()
		}
	}
	switch a := attribute.(type) {
	case rschema.SingleNestedAttribute:
		add(a.Attributes)
	case rschema.ListNestedAttribute:
		add(a.NestedObject.Attributes)
	case rschema.SetNestedAttribute:
		add(a.NestedObject.Attributes)
	case rschema.MapNestedAttribute:
		add(a.NestedObject.Attributes)
	case rschema.SingleNestedBlock:
		add(a.Attributes)
	case rschema.ListNestedBlock:
		add(a.NestedObject.Attributes)
	case dschema.SingleNestedAttribute:
		add(a.Attributes)
	case dschema.ListNestedAttribute:
		add(a.NestedObject.Attributes)
	case dschema.SetNestedAttribute:
		add(a.NestedObject.Attributes)
	case dschema.MapNestedAttribute:
		add(a.NestedObject.Attributes)
	default:
		t.Fatalf("%T is not a nested attribute", attribute)
	}
	return out
}
