package ecrdelegation

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// ModifyPlan warns, when a plan revokes a delegation (destroy or replace),
// about the account's pods whose image is in the delegated repository: the
// diff does not show them, and a pod that pulls its image again (a restart
// on a new machine, a reset) may no longer be able to. Best effort: it
// never fails a plan.
//
// A planned create is refused while the account has a recent delegation of
// the same name and repository that no address of this configuration
// manages (refuseOrphan).
func (r *delegationResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Data.Managed(ctx, Kind.Noun, req.State)
	if req.State.Raw.IsNull() {
		if !req.Plan.Raw.IsNull() && r.Data != nil {
			r.refuseOrphan(ctx, req, resp)
		}
		return
	}
	var state resourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	doing := "Destroying"
	if !req.Plan.Raw.IsNull() {
		var plan resourceModel
		resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
		if resp.Diagnostics.HasError() {
			return
		}
		if state.ID.ValueString() == "" {
			// A create whose reply was lost and whose look-up failed.
			if r.Data != nil {
				pendingcreate.Plan(ctx, Kind, r.Data, lookalike(state.Resource.ValueString(), state.Name.ValueString()),
					plan.AllowDuplicate.ValueBool(), "", req, resp)
			}
			return
		}
		replaced := !plan.Name.Equal(state.Name) && !plan.Name.IsUnknown()
		if !plan.Resource.IsUnknown() && !plan.Resource.Equal(state.Resource) {
			replaced = replaced || !sameRepository(plan.Resource.ValueString(), state.asAPI())
		}
		if !replaced {
			return
		}
		doing = "Replacing"
	}
	if state.DockerRegistryURI.ValueString() == "" || state.Repository.ValueString() == "" {
		return
	}
	client, d := r.Data.Client()
	if d.HasError() {
		tflog.Debug(ctx, "no API client at plan time; not checking pods that use the delegated repository")
		return
	}
	prefix := state.DockerRegistryURI.ValueString() + "/" + state.Repository.ValueString()
	pods, err := client.ListPods(ctx, true)
	if err != nil {
		resp.Diagnostics.AddWarning("Cannot Check Pods That Use The Delegated Repository",
			diagnostics.APIErrorDetail("listing pods to find those whose image is in "+prefix, err))
		return
	}
	var uses []string
	for _, p := range pods {
		if rest, ok := strings.CutPrefix(p.Image, prefix); ok && (rest == "" || rest[0] == ':' || rest[0] == '@') {
			uses = append(uses, fmt.Sprintf("  - pod %q (%s): %s", p.Name, p.ID, p.Image))
		}
	}
	if len(uses) == 0 {
		return
	}
	sort.Strings(uses)
	resp.Diagnostics.AddWarning("Pods Use The Delegated Repository",
		fmt.Sprintf("%s ECR delegation %s (%s) revokes it, and these pods' images are in that repository:\n\n%s\n\n"+
			"Runpod's API reference does not say what a revoked delegation does to pods that already pulled their "+
			"image; one that pulls again may fail to. The provider does not change the pods.",
			doing, displayName(state.Name.ValueString(), state.Resource.ValueString()), state.ID.ValueString(),
			strings.Join(uses, "\n")))
}

// refuseOrphan is the delegations' duplicate guard, run when a create is
// planned (see providerdata.UnmanagedLookalikes for why at plan): a
// delegation of the same name and repository registered in the last
// safecreate.TwinWindow that no address of this configuration manages is
// most likely the one of an earlier apply whose create reply was lost.
// allow_duplicate opts out.
func (r *delegationResource) refuseOrphan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	safecreate.GuardPlan(ctx, r.Data, req, resp, Kind, func(plan resourceModel) (safecreate.Lookalike[runpod.EcrDelegation], bool) {
		like := lookalike(plan.Resource.ValueString(), plan.Name.ValueString())
		return like, !plan.AllowDuplicate.ValueBool() && tfvalue.Known(plan.Resource) && !plan.Name.IsUnknown()
	})
}
