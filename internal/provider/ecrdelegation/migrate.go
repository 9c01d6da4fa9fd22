package ecrdelegation

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
)

var _ resource.ResourceWithMoveState = (*delegationResource)(nil)

// SourceTypes are the type names a moved block can take an ECR delegation
// from: runpod/runpod 2.0 calls it runpod_registry_delegation (1.x called it
// runpod_ecr_delegation, as here).
var SourceTypes = []string{"runpod_registry_delegation", ResourceType}

// MoveState takes an ECR delegation from Runpod's provider (runpod/runpod)
// by id (see package migrate). Runpod does not return the delegated ARN:
// the next refresh reads the rest, and the configured ARN is recorded at
// the next apply without an API write, as after an import.
func (r *delegationResource) MoveState(context.Context) []resource.StateMover {
	return migrate.Movers(SourceTypes, nil)
}
