package specfacts

import (
	"os"
	"path/filepath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/moduleroot"
)

// EnvVar names an OpenAPI document to use instead of the committed facts
// (reduced in-process, so tests see the same shape either way).
const EnvVar = "RUNPOD_OPENAPI_SPEC"

// CommittedPath is where the facts live, relative to the module root.
const CommittedPath = "internal/runpodfake/testdata/openapi-facts.json"

// sharedSource is where the original document sits when the checkout has
// the project's shared directory beside it, relative to the module root.
var sharedSource = filepath.Join("..", "shared", "runpod-api", "openapi-v2.json")

// Committed is the path of the committed facts document.
func Committed() (string, error) {
	root, err := moduleroot.Find()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, CommittedPath), nil
}

// Original locates the original OpenAPI document: $RUNPOD_OPENAPI_SPEC if
// set (explicit is then true, and path is "" if that file does not exist),
// else ../shared/runpod-api/openapi-v2.json beside the module root if it
// exists, else "".
func Original() (path string, explicit bool) {
	if p := os.Getenv(EnvVar); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", true
		}
		return p, true
	}
	root, err := moduleroot.Find()
	if err != nil {
		return "", false
	}
	p := filepath.Join(root, sharedSource)
	if _, err := os.Stat(p); err != nil {
		return "", false
	}
	return p, false
}

// ForTests locates the document tests check against: $RUNPOD_OPENAPI_SPEC
// if set (explicit is then true, and path is "" if that file does not
// exist), else the committed facts ("" only outside the module). Either is
// read through Reduce.
func ForTests() (path string, explicit bool) {
	if p := os.Getenv(EnvVar); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", true
		}
		return p, true
	}
	p, err := Committed()
	if err != nil {
		return "", false
	}
	if _, err := os.Stat(p); err != nil {
		return "", false
	}
	return p, false
}

// Load reads the document at path and reduces it.
func Load(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Reduce(raw)
}
