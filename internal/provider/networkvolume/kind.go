package networkvolume

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// Kind is what every generic part of the provider knows of a network
// volume. Volume names repeat in an account, and Runpod does not say when a
// volume was created: a lost create is settled against a list taken just
// before it, and any unmanaged lookalike blocks a create, however old.
var Kind = kinds.Kind[runpod.NetworkVolume]{
	Collection:   runpod.NetworkVolumes,
	ResourceType: ResourceType,
	Name:         func(v *runpod.NetworkVolume) string { return v.Name },
	FreshLists:   true,
}

// lookalike tells package safecreate how to recognise the volume body
// creates: the same name, size and data center, and the same tier when the
// body names one.
func lookalike(body runpod.CreateNetworkVolumeRequest) safecreate.Lookalike[runpod.NetworkVolume] {
	return safecreate.Lookalike[runpod.NetworkVolume]{
		Name: body.Name, Shape: "size, data center and tier", OptOut: "allow_duplicate",
		Same: func(v *runpod.NetworkVolume) bool {
			return v.Size == body.Size && v.DataCenter == body.DataCenter && (body.Type == nil || v.Type == *body.Type)
		},
		Describe: func(v *runpod.NetworkVolume) string {
			return fmt.Sprintf("%q, %d GB, %s, %s", v.Name, v.Size, v.DataCenter, v.Type)
		},
	}
}

// pendingLike is the lookalike of the volume that a pending create (m, its
// state) asked for.
func pendingLike(m resourceModel) safecreate.Lookalike[runpod.NetworkVolume] {
	return lookalike(toCreateRequest(m.volumeModel))
}

// refuseOrphan is the volumes' duplicate guard, run when a create is
// planned (see providerdata.UnmanagedLookalikes for why at plan): a volume
// with the same name, size, data center and tier (as far as the plan knows
// them) that no address of this configuration manages is most likely the
// orphan of an earlier apply. allow_duplicate opts out.
func (r *volumeResource) refuseOrphan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	safecreate.GuardPlan(ctx, r.Data, req, resp, Kind, func(plan resourceModel) (safecreate.Lookalike[runpod.NetworkVolume], bool) {
		body := toCreateRequest(plan.volumeModel)
		like := lookalike(body)
		like.Same = func(v *runpod.NetworkVolume) bool {
			return (!tfvalue.Known(plan.SizeGB) || v.Size == body.Size) &&
				(!tfvalue.Known(plan.DataCenterID) || v.DataCenter == body.DataCenter) && (body.Type == nil || v.Type == *body.Type)
		}
		return like, !plan.AllowDuplicate.ValueBool() && tfvalue.Known(plan.Name)
	})
}
