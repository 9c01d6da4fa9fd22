// Package specfacts reduces Runpod's OpenAPI document to its facts, the
// part a test can check an exchange against: paths, methods, parameters,
// request and response bodies with their schemas, status codes, and in the
// schemas types, required fields, enums, limits, patterns, formats, defaults
// and whether an object is closed (additionalProperties,
// unevaluatedProperties). Descriptions, summaries, titles, examples, tags,
// servers and vendor extensions are dropped, so none of the document's
// prose is copied into the repository.
//
// The result is still an OpenAPI 3.1 document with the same $refs to named
// components (a validator such as libopenapi-validator loads it as it loads
// the original), written as indented JSON with sorted keys so that a new
// version of the source shows up as a readable diff. Its "x-specfacts"
// member records the source's info.version and sha256.
//
// Every keyword is either kept or dropped by name: a keyword this package
// does not know makes Reduce fail, so that a new version of the document
// cannot lose a constraint silently. Reduce is idempotent: reducing a facts
// document returns it unchanged, source record included.
//
// The committed output is internal/runpodfake/testdata/openapi-facts.json;
// `make spec-facts` (or `go generate ./internal/runpodfake/`) rewrites it
// from ../shared/runpod-api/openapi-v2.json or $RUNPOD_OPENAPI_SPEC.
package specfacts

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Title is the info.title of every facts document. OpenAPI requires a
// title; this one is the project's, not the source's.
const Title = "Runpod API v2: facts reduced by internal/specfacts"

// Source records which document a facts document came from.
type Source struct {
	Version string `json:"version"` // the source's info.version
	SHA256  string `json:"sha256"`  // of the source file's bytes, hex
}

// marker is the top-level member that records the source.
const marker = "x-specfacts"

// Reduce returns the facts of the OpenAPI 3.1 document src (JSON), as
// indented JSON with sorted keys and a trailing newline.
func Reduce(src []byte) ([]byte, error) {
	doc, err := decode(src)
	if err != nil {
		return nil, err
	}
	source, err := sourceOf(doc, src)
	if err != nil {
		return nil, err
	}
	r := &reducer{}
	out := r.document(doc)
	out[marker] = map[string]any{"source": map[string]any{"version": source.Version, "sha256": source.SHA256}}
	if len(r.errs) > 0 {
		sort.Strings(r.errs)
		return nil, fmt.Errorf("specfacts: %d keyword(s) neither kept nor dropped (add each to a list in specfacts.go):\n  %s",
			len(r.errs), strings.Join(r.errs, "\n  "))
	}
	return encode(out)
}

// SourceOf reads the source record of a facts document (the one Reduce
// wrote), or computes it for an original document.
func SourceOf(doc []byte) (Source, error) {
	m, err := decode(doc)
	if err != nil {
		return Source{}, err
	}
	return sourceOf(m, doc)
}

func sourceOf(doc map[string]any, raw []byte) (Source, error) {
	if rec, ok := doc[marker].(map[string]any); ok {
		src, _ := rec["source"].(map[string]any)
		v, _ := src["version"].(string)
		sum, _ := src["sha256"].(string)
		if v == "" || sum == "" {
			return Source{}, fmt.Errorf("specfacts: %s lacks source.version or source.sha256", marker)
		}
		return Source{Version: v, SHA256: sum}, nil
	}
	info, _ := doc["info"].(map[string]any)
	v, _ := info["version"].(string)
	if v == "" {
		return Source{}, errors.New("specfacts: the document has no info.version")
	}
	sum := sha256.Sum256(raw)
	return Source{Version: v, SHA256: hex.EncodeToString(sum[:])}, nil
}

func decode(src []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber() // numbers keep their spelling (1e3 stays 1e3)
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("specfacts: the document is not a JSON object: %w", err)
	}
	if dec.More() {
		return nil, errors.New("specfacts: trailing data after the document")
	}
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.1") {
		return nil, fmt.Errorf("specfacts: OpenAPI version %q, want 3.1.x", v)
	}
	return doc, nil
}

func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // patterns keep their < > &
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil { // maps marshal with sorted keys
		return nil, fmt.Errorf("specfacts: encoding: %w", err)
	}
	return buf.Bytes(), nil
}

// reducer walks the document knowing what each object is, and collects the
// keywords it has no rule for.
type reducer struct{ errs []string }

// A rule says what to do with one member of an object: copy the value,
// reduce it as another kind of object, or drop it.
type rule func(r *reducer, at string, v any) any

func keep(_ *reducer, _ string, v any) any { return v }

// prose names what is dropped everywhere: text, examples, documentation
// links, grouping, and hints for people (a security scheme's bearerFormat).
// Members named x-... (vendor extensions) are dropped too.
var prose = map[string]bool{
	"description": true, "summary": true, "title": true, "example": true, "examples": true,
	"externalDocs": true, "$comment": true, "tags": true, "servers": true, "xml": true,
	"bearerFormat": true,
}

// object reduces the JSON object v by rules; members without a rule that
// are not prose are reported.
func (r *reducer) object(at string, v any, rules map[string]rule) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		r.errs = append(r.errs, fmt.Sprintf("%s: want an object, got %T", at, v))
		return nil
	}
	out := map[string]any{}
	for k, val := range m {
		if f, ok := rules[k]; ok {
			out[k] = f(r, at+"/"+escape(k), val)
			continue
		}
		if prose[k] || strings.HasPrefix(k, "x-") {
			continue
		}
		r.errs = append(r.errs, at+"/"+escape(k))
	}
	return out
}

// each applies f to every value of a JSON object whose keys are names
// (properties, status codes, components), keeping the keys.
func each(f rule) rule {
	return func(r *reducer, at string, v any) any {
		m, ok := v.(map[string]any)
		if !ok {
			r.errs = append(r.errs, fmt.Sprintf("%s: want an object, got %T", at, v))
			return v
		}
		out := make(map[string]any, len(m))
		for k, val := range m {
			out[k] = f(r, at+"/"+escape(k), val)
		}
		return out
	}
}

// list applies f to every element of a JSON array.
func list(f rule) rule {
	return func(r *reducer, at string, v any) any {
		a, ok := v.([]any)
		if !ok {
			r.errs = append(r.errs, fmt.Sprintf("%s: want an array, got %T", at, v))
			return v
		}
		out := make([]any, len(a))
		for i, val := range a {
			out[i] = f(r, fmt.Sprintf("%s/%d", at, i), val)
		}
		return out
	}
}

func escape(k string) string { return strings.NewReplacer("~", "~0", "/", "~1").Replace(k) }

func with(rules map[string]rule) rule {
	return func(r *reducer, at string, v any) any { return r.object(at, v, rules) }
}

// The rules per OpenAPI 3.1 object. They are built in init because schema
// refers to itself.
var (
	documentRules, schemaRules map[string]rule
	schema                     rule
)

func init() {
	schema = func(r *reducer, at string, v any) any {
		if b, ok := v.(bool); ok { // true and false are schemas
			return b
		}
		return r.object(at, v, schemaRules)
	}
	schemaRules = map[string]rule{
		// Subschemas.
		"properties": each(schema), "patternProperties": each(schema), "$defs": each(schema),
		"dependentSchemas": each(schema),
		"items":            schema, "additionalProperties": schema, "unevaluatedProperties": schema,
		"unevaluatedItems": schema, "contains": schema, "propertyNames": schema, "contentSchema": schema,
		"not": schema, "if": schema, "then": schema, "else": schema,
		"allOf": list(schema), "anyOf": list(schema), "oneOf": list(schema), "prefixItems": list(schema),
		// Facts, copied as they are.
		"$ref": keep, "$schema": keep, "$id": keep, "$anchor": keep, "$dynamicRef": keep, "$dynamicAnchor": keep,
		"type": keep, "enum": keep, "const": keep, "format": keep, "default": keep, "nullable": keep,
		"required": keep, "dependentRequired": keep,
		"minimum": keep, "maximum": keep, "exclusiveMinimum": keep, "exclusiveMaximum": keep, "multipleOf": keep,
		"minLength": keep, "maxLength": keep, "pattern": keep,
		"minItems": keep, "maxItems": keep, "uniqueItems": keep, "minContains": keep, "maxContains": keep,
		"minProperties": keep, "maxProperties": keep,
		"readOnly": keep, "writeOnly": keep, "deprecated": keep,
		"contentEncoding": keep, "contentMediaType": keep,
		"discriminator": with(map[string]rule{"propertyName": keep, "mapping": keep}),
	}
	content := each(with(map[string]rule{"schema": schema, "encoding": keep}))
	header := with(map[string]rule{
		"$ref": keep, "required": keep, "deprecated": keep, "style": keep, "explode": keep,
		"schema": schema, "content": content,
	})
	parameter := with(map[string]rule{
		"$ref": keep, "name": keep, "in": keep, "required": keep, "deprecated": keep,
		"allowEmptyValue": keep, "style": keep, "explode": keep, "allowReserved": keep,
		"schema": schema, "content": content,
	})
	requestBody := with(map[string]rule{"$ref": keep, "required": keep, "content": content})
	response := with(map[string]rule{"$ref": keep, "headers": each(header), "content": content})
	operation := with(map[string]rule{
		"operationId": keep, "deprecated": keep, "security": keep,
		"parameters": list(parameter), "requestBody": requestBody, "responses": each(response),
	})
	pathItem := with(map[string]rule{
		"$ref": keep, "parameters": list(parameter),
		"get": operation, "put": operation, "post": operation, "delete": operation,
		"options": operation, "head": operation, "patch": operation, "trace": operation,
	})
	securityScheme := with(map[string]rule{
		"type": keep, "scheme": keep, "in": keep, "name": keep, "flows": keep, "openIdConnectUrl": keep,
	})
	documentRules = map[string]rule{
		"openapi": keep, "jsonSchemaDialect": keep, "security": keep,
		"paths": each(pathItem),
		"components": with(map[string]rule{
			"schemas": each(schema), "parameters": each(parameter), "headers": each(header),
			"requestBodies": each(requestBody), "responses": each(response),
			"securitySchemes": each(securityScheme), "pathItems": each(pathItem),
		}),
		// info is rebuilt by document; the marker by Reduce.
		"info": func(*reducer, string, any) any { return nil },
		marker: func(*reducer, string, any) any { return nil },
	}
}

func (r *reducer) document(doc map[string]any) map[string]any {
	out := r.object("#", doc, documentRules)
	info, _ := doc["info"].(map[string]any)
	out["info"] = map[string]any{"title": Title, "version": info["version"]}
	delete(out, marker)
	return out
}
