package specfacts

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func readCommitted(t *testing.T) []byte {
	t.Helper()
	path, err := Committed()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the committed facts: %v", err)
	}
	return raw
}

// The committed facts are what the generator makes of the original
// document, when the original is at hand (../shared beside the checkout or
// RUNPOD_OPENAPI_SPEC). A clean clone has neither: then only this check
// does not apply; the fake's conformance tests still run on the committed
// facts.
func TestCommittedFactsAreUpToDate(t *testing.T) {
	src, explicit := Original()
	switch {
	case src == "" && explicit:
		t.Fatalf("$%s names a file that does not exist", EnvVar)
	case src == "":
		t.Skipf("no original OpenAPI document (../shared/runpod-api/openapi-v2.json or $%s) to compare %s with", EnvVar, CommittedPath)
	}
	want, err := Load(src)
	if err != nil {
		t.Fatal(err)
	}
	if got := readCommitted(t); !bytes.Equal(got, want) {
		gs, _ := SourceOf(got)
		ws, _ := SourceOf(want)
		t.Fatalf("%s is out of date with %s (committed from %+v, source is %+v): run `make spec-facts` and commit the result",
			CommittedPath, src, gs, ws)
	}
}

// Reducing the facts gives the facts, source record included, so the fake
// can read either through Reduce.
func TestReduceIsIdempotent(t *testing.T) {
	t.Parallel()
	committed := readCommitted(t)
	again, err := Reduce(committed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, committed) {
		t.Fatal("Reduce changed the committed facts")
	}
	src, err := SourceOf(committed)
	if err != nil {
		t.Fatal(err)
	}
	if src.Version == "" || len(src.SHA256) != 64 {
		t.Fatalf("source record %+v", src)
	}
}

// nameMaps are the members whose keys are names chosen by the document
// (properties, status codes, media types, components), not keywords: a
// property may be called "description".
var nameMaps = map[string]bool{
	"properties": true, "patternProperties": true, "$defs": true, "dependentSchemas": true,
	"dependentRequired": true, "mapping": true, "paths": true, "responses": true, "content": true,
	"headers": true, "schemas": true, "parameters": true, "requestBodies": true,
	"securitySchemes": true, "pathItems": true,
}

// proseKeys walks a facts document and reports every keyword that carries
// prose; info.title (the project's own) is allowed.
func proseKeys(v any, at string, names bool, found *[]string) {
	switch v := v.(type) {
	case map[string]any:
		for k, val := range v {
			p := at + "/" + k
			if !names && p != "#/info/title" && (prose[k] || (strings.HasPrefix(k, "x-") && p != "#/"+marker)) {
				*found = append(*found, p)
			}
			proseKeys(val, p, !names && nameMaps[k], found)
		}
	case []any:
		for _, val := range v {
			proseKeys(val, at+"/[]", false, found)
		}
	}
}

func TestFactsHaveNoProse(t *testing.T) {
	t.Parallel()
	var doc map[string]any
	if err := json.Unmarshal(readCommitted(t), &doc); err != nil {
		t.Fatal(err)
	}
	var found []string
	proseKeys(doc, "#", false, &found)
	if len(found) > 0 {
		t.Fatalf("prose in the facts:\n%s", strings.Join(found, "\n"))
	}
	if title := doc["info"].(map[string]any)["title"]; title != Title {
		t.Fatalf("info.title %q, want the project's own %q", title, Title)
	}

	// With the original at hand, not one of its texts may appear anywhere.
	src, _ := Original()
	if src == "" {
		return
	}
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var orig any
	if err := json.Unmarshal(raw, &orig); err != nil {
		t.Fatal(err)
	}
	texts := map[string]bool{}
	collectTexts(orig, texts)
	if len(texts) < 100 {
		t.Fatalf("only %d texts in the original: is this the right document?", len(texts))
	}
	var leaked []string
	collectStrings(doc, func(s string) {
		if texts[s] {
			leaked = append(leaked, s)
		}
	})
	if len(leaked) > 0 {
		t.Fatalf("texts of the original copied into the facts: %q", leaked)
	}
}

func collectTexts(v any, into map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, val := range v {
			if s, ok := val.(string); ok && (k == "description" || k == "summary" || k == "title") {
				into[s] = true
			}
			collectTexts(val, into)
		}
	case []any:
		for _, val := range v {
			collectTexts(val, into)
		}
	}
}

func collectStrings(v any, fn func(string)) {
	switch v := v.(type) {
	case map[string]any:
		for _, val := range v {
			collectStrings(val, fn)
		}
	case []any:
		for _, val := range v {
			collectStrings(val, fn)
		}
	case string:
		fn(v)
	}
}

// A small document with one of each kind of member: what is a fact stays,
// verbatim (numbers keep their spelling, patterns their < >), what is prose
// goes, and the output is sorted and indented.
func TestReduceKeepsFactsAndDropsProse(t *testing.T) {
	t.Parallel()
	src := []byte(`{
  "openapi": "3.1.0",
  "info": {"title": "Some API", "version": "9.1", "description": "words"},
  "servers": [{"url": "https://example.invalid"}],
  "tags": [{"name": "things", "description": "words"}],
  "security": [{"bearer": []}],
  "x-vendor": true,
  "paths": {
    "/v2/things/{id}": {
      "summary": "words",
      "parameters": [{"name": "id", "in": "path", "required": true, "description": "words", "schema": {"type": "string", "pattern": "^<[a-z]+>$"}}],
      "patch": {
        "operationId": "updateThing", "summary": "words", "description": "words", "tags": ["things"], "x-codeSamples": [],
        "requestBody": {"required": true, "description": "words", "content": {"application/json": {
          "schema": {"$ref": "#/components/schemas/Thing"}, "examples": {"a": {"value": {}}}}}},
        "responses": {
          "200": {"description": "words", "headers": {"RateLimit": {"description": "words", "schema": {"type": "string"}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}, "example": {}}}},
          "204": {"description": "words"},
          "default": {"$ref": "#/components/responses/Problem"}
        }
      }
    }
  },
  "components": {
    "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "words", "description": "words"}},
    "responses": {"Problem": {"description": "words", "content": {"application/problem+json": {"schema": {"type": "object"}}}}},
    "schemas": {
      "Thing": {
        "title": "Thing", "description": "words", "type": "object", "x-enum-varnames": ["A"],
        "required": ["size", "description"],
        "unevaluatedProperties": false,
        "properties": {
          "size": {"type": "integer", "minimum": 1, "maximum": 1e3, "default": 10, "examples": [5]},
          "ratio": {"type": ["number", "null"], "exclusiveMaximum": 0.5, "format": "float"},
          "kind": {"enum": ["A", "B"], "description": "words"},
          "tags": {"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true, "items": {"type": "string", "minLength": 1, "maxLength": 8}},
          "description": {"type": "string", "description": "a property named description is a fact"},
          "env": {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1}
        },
        "allOf": [{"if": {"required": ["kind"]}, "then": {"required": ["tags"]}, "dependentRequired": {"tags": ["kind"]}}],
        "oneOf": [{"not": {"required": ["ratio"]}}, {"const": 1}],
        "discriminator": {"propertyName": "kind", "mapping": {"A": "#/components/schemas/Thing"}}
      }
    }
  }
}`)
	got, err := Reduce(src)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(src)
	want := `{
  "components": {
    "responses": {
      "Problem": {
        "content": {
          "application/problem+json": {
            "schema": {
              "type": "object"
            }
          }
        }
      }
    },
    "schemas": {
      "Thing": {
        "allOf": [
          {
            "dependentRequired": {
              "tags": [
                "kind"
              ]
            },
            "if": {
              "required": [
                "kind"
              ]
            },
            "then": {
              "required": [
                "tags"
              ]
            }
          }
        ],
        "discriminator": {
          "mapping": {
            "A": "#/components/schemas/Thing"
          },
          "propertyName": "kind"
        },
        "oneOf": [
          {
            "not": {
              "required": [
                "ratio"
              ]
            }
          },
          {
            "const": 1
          }
        ],
        "properties": {
          "description": {
            "type": "string"
          },
          "env": {
            "additionalProperties": {
              "type": "string"
            },
            "minProperties": 1,
            "type": "object"
          },
          "kind": {
            "enum": [
              "A",
              "B"
            ]
          },
          "ratio": {
            "exclusiveMaximum": 0.5,
            "format": "float",
            "type": [
              "number",
              "null"
            ]
          },
          "size": {
            "default": 10,
            "maximum": 1e3,
            "minimum": 1,
            "type": "integer"
          },
          "tags": {
            "items": {
              "maxLength": 8,
              "minLength": 1,
              "type": "string"
            },
            "maxItems": 3,
            "minItems": 1,
            "type": "array",
            "uniqueItems": true
          }
        },
        "required": [
          "size",
          "description"
        ],
        "type": "object",
        "unevaluatedProperties": false
      }
    },
    "securitySchemes": {
      "bearer": {
        "scheme": "bearer",
        "type": "http"
      }
    }
  },
  "info": {
    "title": "` + Title + `",
    "version": "9.1"
  },
  "openapi": "3.1.0",
  "paths": {
    "/v2/things/{id}": {
      "parameters": [
        {
          "in": "path",
          "name": "id",
          "required": true,
          "schema": {
            "pattern": "^<[a-z]+>$",
            "type": "string"
          }
        }
      ],
      "patch": {
        "operationId": "updateThing",
        "requestBody": {
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Thing"
              }
            }
          },
          "required": true
        },
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Thing"
                }
              }
            },
            "headers": {
              "RateLimit": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "204": {},
          "default": {
            "$ref": "#/components/responses/Problem"
          }
        }
      }
    }
  },
  "security": [
    {
      "bearer": []
    }
  ],
  "x-specfacts": {
    "source": {
      "sha256": "` + hex.EncodeToString(sum[:]) + `",
      "version": "9.1"
    }
  }
}
`
	if string(got) != want {
		t.Fatalf("Reduce gave\n%s\nwant\n%s", got, want)
	}
}

// A keyword Reduce has no rule for fails the reduction, naming where it
// is, instead of vanishing with the prose.
func TestReduceRefusesUnknownKeywords(t *testing.T) {
	t.Parallel()
	src := []byte(`{"openapi": "3.1.0", "info": {"version": "1"}, "paths": {}, "webhooks": {},
		"components": {"schemas": {"A": {"type": "object", "properties": {"b": {"type": "string", "maxGraphemes": 3}}}}}}`)
	_, err := Reduce(src)
	if err == nil {
		t.Fatal("Reduce accepted unknown keywords")
	}
	for _, want := range []string{"2 keyword(s)", "#/components/schemas/A/properties/b/maxGraphemes", "#/webhooks"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %q: %v", want, err)
		}
	}
	if _, err := Reduce([]byte(`{"openapi": "3.0.3", "info": {"version": "1"}}`)); err == nil || !strings.Contains(err.Error(), "3.1") {
		t.Errorf("an OpenAPI 3.0 document: %v", err)
	}
	if _, err := Reduce([]byte(`{"openapi": "3.1.0", "info": {}}`)); err == nil || !strings.Contains(err.Error(), "info.version") {
		t.Errorf("a document without info.version: %v", err)
	}
}
