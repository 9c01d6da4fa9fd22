// Package scenarios holds acceptance tests that drive several resource kinds
// together the way users combine them, and the fault matrix that checks, for
// every kind, that a failed request never leaves an object outside state, a
// state entry without an object, or a duplicate, and that a plain re-run
// converges. Its tests run the real terraform or tofu binary through
// internal/acctest's CLI harness; the package has no non-test code.
package scenarios
