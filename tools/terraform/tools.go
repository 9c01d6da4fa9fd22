//go:build tools

// Package terraform pins the Terraform CLI that the acceptance tests run against.
package terraform

import _ "github.com/hashicorp/terraform"
