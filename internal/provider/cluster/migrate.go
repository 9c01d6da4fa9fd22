package cluster

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
)

var (
	_ resource.ResourceWithMoveState    = (*clusterResource)(nil)
	_ resource.ResourceWithUpgradeState = (*clusterResource)(nil)
)

// MoveState takes a cluster from Runpod's provider (runpod/runpod) by id when
// a moved block names it (see package migrate).
func (r *clusterResource) MoveState(context.Context) []resource.StateMover {
	return migrate.Movers([]string{ResourceType}, migrate.FlagMark(privateImported))
}

// UpgradeState keeps this provider's version-0 state and takes only the id
// of Runpod's provider's state, which `terraform state replace-provider`
// hands over at version 0 (see package migrate).
func (r *clusterResource) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	var s resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &s)
	return migrate.Upgraders(s.Schema, OwnAttributes)
}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its cost estimate, primary pod and pods by status), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"estimated_cost_per_hour", "primary_pod_id", "primary_ssh_endpoint", "pods_by_status"}
