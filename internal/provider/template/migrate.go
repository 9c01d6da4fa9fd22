package template

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
)

var (
	_ resource.ResourceWithMoveState    = (*templateResource)(nil)
	_ resource.ResourceWithUpgradeState = (*templateResource)(nil)
)

// MoveState takes a template from Runpod's provider (runpod/runpod) by id when
// a moved block names it (see package migrate).
func (r *templateResource) MoveState(context.Context) []resource.StateMover {
	return migrate.Movers([]string{ResourceType}, nil)
}

// UpgradeState keeps this provider's version-0 state and takes only the id
// of Runpod's provider's state, which `terraform state replace-provider`
// hands over at version 0 (see package migrate).
func (r *templateResource) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	var s resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &s)
	return migrate.Upgraders(s.Schema, OwnAttributes)
}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its container disk and registry credential (null when unset)), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"container_disk_gb", "registry_auth_id"}
