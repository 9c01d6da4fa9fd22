// Package moduleroot finds the repository's root from inside it: tests run
// in their package's directory and commands run wherever `go run` was
// called, and both need files beside go.mod (examples/, testdata, the
// provider's sources).
package moduleroot

import (
	"errors"
	"os"
	"path/filepath"
)

// ErrNotFound means no go.mod was found above the working directory.
var ErrNotFound = errors.New("no go.mod above the working directory")

// Find returns the nearest directory at or above the working directory
// that holds a go.mod.
func Find() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNotFound
		}
		dir = parent
	}
}
