package schemacheck

import (
	"fmt"
	"strings"
	"testing"

	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestModelMatches(t *testing.T) {
	type model struct {
		A string `tfsdk:"a"`
		B string `tfsdk:"b"`
	}
	ok := &recorder{}
	ModelMatches(ok, map[string]int{"a": 0, "b": 0}, model{})
	if len(ok.errs) != 0 {
		t.Fatalf("matching model reported: %v", ok.errs)
	}

	bad := &recorder{}
	ModelMatches(bad, map[string]int{"a": 0, "c": 0}, model{})
	if len(bad.errs) != 1 || !strings.Contains(bad.errs[0], "[c]") || !strings.Contains(bad.errs[0], "[b]") {
		t.Fatalf("mismatch not reported as missing [c] and extra [b]: %v", bad.errs)
	}
}

// An embedded struct's fields are the outer model's own, as the framework
// reads them.
func TestModelMatchesEmbedded(t *testing.T) {
	type inner struct {
		A string `tfsdk:"a"`
	}
	type outer struct {
		inner
		B string `tfsdk:"b"`
	}
	ok := &recorder{}
	ModelMatches(ok, map[string]int{"a": 0, "b": 0}, outer{})
	if len(ok.errs) != 0 {
		t.Fatalf("embedded fields not counted: %v", ok.errs)
	}
	bad := &recorder{}
	ModelMatches(bad, map[string]int{"b": 0}, outer{})
	if len(bad.errs) != 1 || !strings.Contains(bad.errs[0], "[a]") {
		t.Fatalf("embedded field missing from the schema not reported: %v", bad.errs)
	}
}

func TestNested(t *testing.T) {
	inner := map[string]rschema.Attribute{"x": rschema.StringAttribute{Computed: true}}
	for _, a := range []any{
		rschema.SingleNestedAttribute{Attributes: inner},
		rschema.ListNestedAttribute{NestedObject: rschema.NestedAttributeObject{Attributes: inner}},
		dschema.SetNestedAttribute{NestedObject: dschema.NestedAttributeObject{Attributes: map[string]dschema.Attribute{
			"x": dschema.StringAttribute{Computed: true},
		}}},
	} {
		got := Nested(t, a)
		if _, ok := got["x"]; len(got) != 1 || !ok {
			t.Errorf("Nested(%T) = %v, want the one attribute x", a, got)
		}
	}
}
