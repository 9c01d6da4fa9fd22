//go:build tools

// Package terraformoldest pins Terraform 1.8.5, the oldest version the
// acceptance suite runs on (it has no write-only arguments, so those steps
// are skipped there, visibly).
package terraformoldest

import _ "github.com/hashicorp/terraform"
