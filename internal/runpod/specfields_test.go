package runpod

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/specfacts"
)

// The client's types are checked against Runpod's published OpenAPI
// document, so that a misspelt JSON tag fails a unit test instead of
// silently dropping a field. The tests read its facts, committed in
// internal/runpodfake/testdata/openapi-facts.json (see internal/specfacts),
// or the document $RUNPOD_OPENAPI_SPEC names, reduced the same way.

var (
	specOnce sync.Once
	specDoc  map[string]any
	specErr  string
)

func loadSpec(t *testing.T) map[string]any {
	t.Helper()
	specOnce.Do(func() {
		path, explicit := specfacts.ForTests()
		if path == "" {
			specErr = "the committed OpenAPI facts (" + specfacts.CommittedPath + ") are missing"
			if explicit {
				specErr = "RUNPOD_OPENAPI_SPEC names a file that does not exist"
			}
			return
		}
		raw, err := specfacts.Load(path)
		if err != nil {
			specErr = "reading the OpenAPI spec: " + err.Error()
			return
		}
		if err := json.Unmarshal(raw, &specDoc); err != nil {
			specErr = "parsing the OpenAPI spec: " + err.Error()
		}
	})
	if specErr != "" {
		t.Fatal(specErr)
	}
	return specDoc
}

// specSchema returns #/components/schemas/<name>.
func specSchema(t *testing.T, name string) map[string]any {
	t.Helper()
	s := asMap(asMap(asMap(loadSpec(t)["components"])["schemas"])[name])
	if s == nil {
		t.Fatalf("spec has no schema %q", name)
	}
	return s
}

// specQueryParams lists the query parameter names of an operation.
func specQueryParams(t *testing.T, method, path string) []string {
	t.Helper()
	doc := loadSpec(t)
	op := asMap(asMap(asMap(doc["paths"])[path])[strings.ToLower(method)])
	if op == nil {
		t.Fatalf("spec has no operation %s %s", method, path)
	}
	var names []string
	params, _ := op["parameters"].([]any)
	for _, p := range params {
		pm := resolveRef(doc, asMap(p))
		if name, ok := pm["name"].(string); ok && pm["in"] == "query" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// asMap is a JSON object or nil; a spec that is not shaped as expected
// then fails the check instead of panicking.
func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func resolveRef(doc, s map[string]any) map[string]any {
	for {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		cur := doc
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = asMap(cur[part])
		}
		s = cur
	}
}

// specProps gathers an object schema's properties through $ref, allOf and
// the non-null branches of anyOf/oneOf.
func specProps(doc, s map[string]any) map[string]map[string]any {
	s = resolveRef(doc, s)
	out := map[string]map[string]any{}
	if props, ok := s["properties"].(map[string]any); ok {
		for k, v := range props {
			out[k] = asMap(v)
		}
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		list, _ := s[key].([]any)
		for _, sub := range list {
			for k, v := range specProps(doc, asMap(sub)) {
				out[k] = v
			}
		}
	}
	return out
}

// specItems finds the element schema of an array (items) or a map
// (additionalProperties), through $ref and allOf/anyOf.
func specItems(doc, s map[string]any, key string) map[string]any {
	s = resolveRef(doc, s)
	if v, ok := s[key].(map[string]any); ok {
		return v
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		list, _ := s[k].([]any)
		for _, sub := range list {
			if v := specItems(doc, asMap(sub), key); v != nil {
				return v
			}
		}
	}
	return nil
}

// jsonFields maps JSON names to struct fields, flattening embedded structs
// the way encoding/json does.
func jsonFields(typ reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			for k, v := range jsonFields(f.Type) {
				out[k] = v
			}
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}

var timeType = reflect.TypeOf(time.Time{})

// checkSpecFields asserts that typ's JSON names are exactly the properties
// of spec schema `schema`, recursively through nested structs, slices and
// maps. newer lists "path.field" names that are [newer-docs] additions the
// spec lacks (API.md), e.g. "Pod.entrypoint" or "Pod.gpu.vcpuCount".
func checkSpecFields(t *testing.T, typ reflect.Type, schema string, newer ...string) {
	t.Helper()
	allowed := map[string]bool{}
	for _, n := range newer {
		allowed[n] = true
	}
	used := map[string]bool{}
	var errs []string
	compareSpec(&errs, loadSpec(t), typ.Name(), typ, specSchema(t, schema), allowed, used)
	for _, e := range errs {
		t.Error(e)
	}
	for _, n := range newer {
		if !used[n] {
			t.Errorf("newer-docs allowance %q matched nothing; remove it", n)
		}
	}
}

func compareSpec(errs *[]string, doc map[string]any, path string, typ reflect.Type, s map[string]any, allowed, used map[string]bool) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if strings.HasPrefix(typ.Name(), "Optional[") {
		m, _ := reflect.PointerTo(typ).MethodByName("Get")
		typ = m.Type.Out(0)
		compareSpec(errs, doc, path, typ, s, allowed, used)
		return
	}
	switch typ.Kind() {
	case reflect.Struct:
		if typ == timeType {
			return
		}
		props := specProps(doc, s)
		fields := jsonFields(typ)
		for name, f := range fields {
			p := path + "." + name
			if ps, ok := props[name]; ok {
				compareSpec(errs, doc, p, f.Type, ps, allowed, used)
				continue
			}
			if allowed[p] {
				used[p] = true
				continue
			}
			*errs = append(*errs, fmt.Sprintf("%s: the spec has no such property (has %s)", p, strings.Join(sortedKeys(props), ", ")))
		}
		for name := range props {
			if _, ok := fields[name]; !ok {
				*errs = append(*errs, fmt.Sprintf("%s.%s: spec property has no field", path, name))
			}
		}
	case reflect.Slice:
		if items := specItems(doc, s, "items"); items != nil {
			compareSpec(errs, doc, path+"[]", typ.Elem(), items, allowed, used)
		}
	case reflect.Map:
		if items := specItems(doc, s, "additionalProperties"); items != nil {
			compareSpec(errs, doc, path+"{}", typ.Elem(), items, allowed, used)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// TestSpecFieldCheckerCatchesMistakes proves the checker fails on a wrong
// tag and on a missing field, so a passing check means something.
func TestSpecFieldCheckerCatchesMistakes(t *testing.T) {
	type wrongTag struct {
		ID   string `json:"id"`
		Name string `json:"label"`
	}
	type missing struct {
		ID string `json:"id"`
	}
	check := func(typ reflect.Type) []string {
		var errs []string
		compareSpec(&errs, loadSpec(t), typ.Name(), typ, specSchema(t, "Registry"), map[string]bool{}, map[string]bool{})
		return errs
	}
	if errs := check(reflect.TypeOf(wrongTag{})); len(errs) != 2 {
		t.Errorf("wrong tag: %q, want the unknown label and the missing name", errs)
	}
	if errs := check(reflect.TypeOf(missing{})); len(errs) != 1 || !strings.Contains(errs[0], "missing.name") {
		t.Errorf("missing field: %q", errs)
	}
	if errs := check(reflect.TypeOf(Registry{})); len(errs) != 0 {
		t.Errorf("Registry failed its own check: %q", errs)
	}
}
