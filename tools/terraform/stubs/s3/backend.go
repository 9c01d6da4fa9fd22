// Package s3 stands in for a remote-state backend that the published
// Terraform module zip lacks. The acceptance tests use local state only, so
// this backend is never configured; it hands out the in-memory backend.
package s3

import (
	"github.com/hashicorp/terraform/internal/backend"
	"github.com/hashicorp/terraform/internal/backend/remote-state/inmem"
)

// New returns the in-memory backend.
func New() backend.Backend { return inmem.New() }
