//go:build tools

// Package tofu pins the OpenTofu CLI that the acceptance tests run against.
package tofu

import _ "github.com/opentofu/opentofu/cmd/tofu"
