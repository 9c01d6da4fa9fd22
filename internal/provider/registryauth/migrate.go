package registryauth

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
)

var _ resource.ResourceWithMoveState = (*registryResource)(nil)

// SourceTypes are the type names a moved block can take a registry
// credential from: runpod/runpod 1.x calls it runpod_container_registry_auth
// and 2.0 runpod_registry.
var SourceTypes = []string{"runpod_container_registry_auth", "runpod_registry", ResourceType}

// MoveState takes a registry credential from Runpod's provider
// (runpod/runpod) by id (see package migrate). The username and password it
// held in state are not carried over: the configured ones are recorded at
// the next apply without being sent, as after an import.
func (r *registryResource) MoveState(context.Context) []resource.StateMover {
	return migrate.Movers(SourceTypes, migrate.FlagMark(privateImported))
}
