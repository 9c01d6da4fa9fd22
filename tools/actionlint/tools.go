//go:build tools

// Package tools pins actionlint, which make lint runs on .github/workflows.
package tools

import _ "github.com/rhysd/actionlint/cmd/actionlint"
