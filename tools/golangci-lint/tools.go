//go:build tools

// Package golangcilint pins golangci-lint, which `make lint` runs with the
// repository's .golangci.yml. Building it from this module (rather than
// `go run ...@version`) keeps the version and every dependency in go.sum.
package golangcilint

import _ "github.com/golangci/golangci-lint/v2/cmd/golangci-lint"
