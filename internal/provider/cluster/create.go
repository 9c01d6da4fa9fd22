package cluster

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// Kind is what every generic part of the provider knows of an Instant
// Cluster. Cluster names repeat in an account.
var Kind = kinds.Kind[runpod.Cluster]{
	Collection:   runpod.Clusters,
	ResourceType: ResourceType,
	Name:         func(c *runpod.Cluster) string { return c.Name },
	CreatedAt:    func(c *runpod.Cluster) time.Time { return c.CreatedAt },
}

// lookalike tells package safecreate how to recognise the cluster body
// creates: the same name, type and compute (clusters' names repeat, so one
// is never adopted by name alone).
func lookalike(body runpod.CreateClusterRequest) safecreate.Lookalike[runpod.Cluster] {
	return safecreate.Lookalike[runpod.Cluster]{
		Name: body.Name, Shape: "type and compute",
		Same: func(c *runpod.Cluster) bool { return c.Compute == body.Compute && c.Type == body.Type },
		Describe: func(c *runpod.Cluster) string {
			return fmt.Sprintf("%s, %d pods × %d %s in %s", c.Type, c.Compute.PodCount, c.Compute.GPUCountPerPod,
				c.Compute.GPUTypeID, orDash(c.DataCenterID))
		},
	}
}

func orDash(s string) string {
	if s == "" {
		return "a data center not yet assigned"
	}
	return s
}

// noRegistryOnClusters rejects registry_auth_id with the way to do what
// the user meant: Runpod's cluster API has no registry field (a body with
// one is refused), and a private image reaches a cluster only through a
// template that carries the credential.
type noRegistryOnClusters struct{}

func (noRegistryOnClusters) Description(context.Context) string {
	return "must not be set: clusters take a private image only through template_id"
}

func (v noRegistryOnClusters) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (noRegistryOnClusters) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Clusters Take No Registry Credential",
		"Runpod's cluster API has no registry field, so a cluster cannot pull a private image with registry_auth_id. "+
			"Create a runpod_template with the image and registry_auth_id (the template carries the credential), set "+
			"template_id to it, and remove registry_auth_id and the inline container settings from the cluster.")
}

// pendingLike is the lookalike of the cluster that a pending create (m,
// its state) asked for.
func pendingLike(ctx context.Context, m resourceModel) safecreate.Lookalike[runpod.Cluster] {
	body, d := toCreateRequest(ctx, m)
	like := lookalike(body).ShapeKnown(!d.HasError())
	like.Name = m.Name.ValueString()
	return like
}

// refuseOrphan is the clusters' duplicate guard, run when a create is
// planned (see providerdata.UnmanagedLookalikes for why at plan), on the
// planned type and compute.
func (r *clusterResource) refuseOrphan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	safecreate.GuardPlan(ctx, r.Data, req, resp, Kind, func(plan resourceModel) (safecreate.Lookalike[runpod.Cluster], bool) {
		body, d := toCreateRequest(ctx, plan)
		return lookalike(body).ShapeKnown(!d.HasError()), tfvalue.Known(plan.Name)
	})
}
