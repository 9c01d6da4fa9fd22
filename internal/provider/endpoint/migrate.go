package endpoint

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
)

var (
	_ resource.ResourceWithMoveState    = (*endpointResource)(nil)
	_ resource.ResourceWithUpgradeState = (*endpointResource)(nil)
)

// SourceTypes are the type names a moved block can take a serverless
// endpoint from: runpod/runpod 1.x calls it runpod_endpoint, as here, and 2.0
// runpod_serverless_endpoint.
var SourceTypes = []string{"runpod_serverless_endpoint", ResourceType}

// MoveState takes a serverless endpoint from Runpod's provider (runpod/runpod) by id when
// a moved block names it (see package migrate).
func (r *endpointResource) MoveState(context.Context) []resource.StateMover {
	return migrate.Movers(SourceTypes, migrate.FlagMark(privateTemplateUnknown))
}

// UpgradeState keeps this provider's version-0 state and takes only the id
// of Runpod's provider's state, which `terraform state replace-provider`
// hands over at version 0 (see package migrate).
func (r *endpointResource) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	var s resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &s)
	return migrate.Upgraders(s.Schema, OwnAttributes)
}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its request URLs, idle timeout and excluded GPU types), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"request_urls", "idle_timeout_seconds", "gpu_excluded_type_ids"}
