package pod

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// ModifyPlan enforces at plan time what the API would refuse or get wrong
// at apply, and says what the plan will cost:
//   - a new pod's compute is checked against the catalog (unknown GPU type
//     or data center, stock for product POD where asked, CUDA floor with
//     stock), because the API answers all of these with one ambiguous 400;
//   - a network volume must be on Secure Cloud in a data center the pod
//     may use; the pod is then placed there, which the plan shows;
//   - start_ssh with no SSH key on the account warns;
//   - creating, replacing or starting a pod warns with its hourly price;
//   - settings Runpod never returns (start flags, CUDA constraint, machine
//     filters, data-center preference, template) replace the pod when changed,
//     unless the pod came from an import (their values were never known)
//     or already satisfies the new constraint.
//
// Catalog reads go through the provider-wide memo, so fifty pods asking for
// the same GPU cost one request. Without an API key the checks are skipped
// with a warning, so that plans still work offline.
func (r *podResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	ctx = providerdata.PlanContext(ctx, req.ClientCapabilities)
	// A template planned after this object leaves it out of its in-use warning when this plan destroys it.
	defer r.Data.TemplatePlans().RecordUserPlan(ctx, providerdata.UserPod, req, resp)
	r.Data.Managed(ctx, Kind.Noun, req.State)
	if req.Plan.Raw.IsNull() || r.Data == nil {
		return // destroy, or validation before the provider is configured
	}
	var plan podModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if pendingcreate.IsPending(ctx, req.State) {
		// A create whose reply was lost and whose look-up failed.
		var state podModel
		if resp.Diagnostics.Append(req.State.Get(ctx, &state)...); !resp.Diagnostics.HasError() {
			pendingcreate.Plan(ctx, Kind, r.Data, pendingLike(ctx, state), plan.AllowDuplicate.ValueBool(),
				pendingcreate.Cost(state.EstimatedCost, "hour"), req, resp)
		}
		return
	}
	if req.State.Raw.IsNull() {
		defer r.refuseOrphan(ctx, req, resp)
		// The create half of a replacement (marked by the first call)
		// repeats the checks, whose errors Terraform keeps, but states no
		// cost: the first call did, in the call whose warnings are shown.
		_, createHalf, d := privateReplacing.Get(ctx, req.Private)
		resp.Diagnostics.Append(d...)
		if createHalf {
			resp.Diagnostics.Append(privateReplacing.Remove(ctx, resp.Private)...)
			r.planCreate(ctx, &plan, "", resp)
			return
		}
		r.planCreate(ctx, &plan, verbCreating, resp)
		return
	}
	if onlyMarkedUnknown(req.Config.Raw, req.Plan.Raw, req.State.Raw) {
		// Nothing configured changes: keep the pod as it is, with its
		// reported values, instead of an update that changes nothing.
		resp.Plan.Raw = req.State.Raw
		return
	}
	var state podModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	imported, d := privatestate.IsSet(ctx, req.Private, privateImported)
	resp.Diagnostics.Append(d...)

	replace := createOnlyReplacements(ctx, plan, state, imported, &resp.Diagnostics)
	resp.RequiresReplace = append(resp.RequiresReplace, replace...)
	if len(replace) > 0 || replacedByAttributes(plan, state) {
		// A replacement is planned in two calls: this one (prior state set),
		// then the create half with no prior state, which runs planCreate
		// again. Terraform shows the create half's diagnostics only when
		// one of them is an error, so its cost warning never reaches the
		// user: the stock check and the cost are stated here, in the call
		// whose warnings Terraform prints. The create half repeats the
		// check (its warnings are dropped) and sets the planned values
		// Terraform keeps, such as estimated_cost_per_hour.
		r.planCreate(ctx, &plan, verbReplacing, resp)
		resp.Diagnostics.Append(privateReplacing.Set(ctx, resp.Private, true)...)
		return
	}
	r.planUpdate(ctx, plan, state, resp)
}

// privateReplacing is set by the first plan call of a replacement for the
// second (the create half, planned with no prior state), which Terraform
// hands the first call's private state: the cost was stated once, there.
var privateReplacing = privatestate.NewKey[bool]("replacing")

// Verbs of the cost warning: what the plan does to the pod.
const (
	verbCreating  = "Creating"
	verbReplacing = "Replacing"
	verbStarting  = "Starting"
)

// planCreate checks a new pod (a create, or the new pod of a replacement:
// verb says which) and warns about its cost; verb "" (the create half of a
// replacement) states no cost.
func (r *podResource) planCreate(ctx context.Context, plan *podModel, verb string, resp *resource.ModifyPlanResponse) {
	dcs, dcsKnown := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, &resp.Diagnostics)
	volumeDC, ok := r.checkNetworkVolume(ctx, plan, dcs, dcsKnown, resp)
	if !ok {
		return
	}
	if volumeDC != "" {
		// The volume pins the data center: stock counts only there, and
		// the plan can show where the pod goes.
		dcs, dcsKnown = []string{volumeDC}, true
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("data_center_id"), types.StringValue(volumeDC))...)
	}

	if dcsKnown && !r.chooseGPUType(ctx, plan, dcs, resp) {
		return
	}
	if body, d := toCreateRequest(ctx, *plan); !d.HasError() && !checkBodySize(body, *plan, resp) {
		return
	}
	var res *placement.Result
	if dcsKnown {
		var ok bool
		if res, ok = r.planPlacement(ctx, *plan, dcs, resp); !ok {
			return
		}
	}
	// start_ssh without a registered key is checked at create, not here:
	// a runpod_ssh_key in the same configuration (that the pod depends on)
	// registers its key only during the apply.
	if verb != "" {
		r.stateCost(ctx, *plan, res, verb, &resp.Diagnostics)
	}
	// The same figure, machine-readable in the saved plan; unknown until
	// apply when the compute or the catalog is not known yet.
	estimate := types.Float64Unknown()
	if res != nil && res.Price.Known {
		estimate = types.Float64Value(res.Price.PerHour)
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_hour"), estimate)...)
}

// chooseGPUType picks, for a pod with gpu.type_ids and no chosen type yet,
// the first type with stock for the request, and records it as the plan's
// gpu.type_id (Runpod never falls back to another type, so the choice is
// made, and shown, before apply). It returns false, with an error on
// gpu.type_ids listing what was checked, when no type has stock. It does
// nothing when the list or the rest of the request is not known yet.
func (r *podResource) chooseGPUType(ctx context.Context, plan *podModel, dcs []string, resp *resource.ModifyPlanResponse) bool {
	if !tfvalue.Known(plan.GPU) {
		return true
	}
	var g gpuModel
	if d := plan.GPU.As(ctx, &g, tfvalue.ObjectAsOptions); d.HasError() || !g.TypeID.IsUnknown() || !tfvalue.Known(g.TypeIDs) {
		return true
	}
	ids, ok := tfvalue.StringsIfKnown(ctx, g.TypeIDs, &resp.Diagnostics)
	if !ok || len(ids) == 0 {
		return true
	}
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return true // planPlacement says the placement was not checked
	}
	// The request with the first type stands for every type: only the
	// type differs between them.
	g.TypeID = types.StringValue(ids[0])
	candidate := *plan
	var diags diag.Diagnostics
	candidate.GPU, diags = types.ObjectValueFrom(ctx, gpuAttrTypes, g)
	if diags.HasError() {
		resp.Diagnostics.Append(diags...)
		return false
	}
	gr, known := gpuRequest(ctx, candidate, dcs)
	if !known {
		return true // known after apply; the apply-time plan chooses
	}
	choice, err := placement.ChooseGPU(ctx, cat, gr, ids)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read the Runpod Catalog", "reading the catalog to choose the pod's GPU type", err))
		return false
	}
	if !choice.OK() {
		resp.Diagnostics.AddAttributeError(path.Root("gpu").AtName("type_ids"), "No GPU Type in the Preference List Can Be Placed",
			fmt.Sprintf("None of the %d GPU types in gpu.type_ids can be placed for this pod now (Runpod never falls back to "+
				"another type, so the plan checked each in order):\n%s\n\nAdd a type with stock, widen data_center_ids or "+
				"cloud, or try again later.", len(ids), choice.SkippedLines()))
		return false
	}
	g.TypeID = types.StringValue(choice.TypeID)
	plan.GPU, diags = types.ObjectValueFrom(ctx, gpuAttrTypes, g)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("gpu").AtName("type_id"), choice.TypeID)...)
	detail := fmt.Sprintf("The plan chose %q, the first GPU type of gpu.type_ids with stock for this pod.", choice.TypeID)
	if len(choice.Skipped) > 0 {
		detail += " Skipped:\n" + choice.SkippedLines()
	}
	detail += "\n\nThe choice is kept in gpu.type_id: later stock changes do not replace the pod, and changing the " +
		"list replaces it only if the chosen type is no longer in it."
	resp.Diagnostics.AddAttributeWarning(path.Root("gpu").AtName("type_id"), "GPU Type Chosen From the Preference List", detail)
	return true
}

// planPlacement runs the catalog check. It returns the result (nil when
// the compute is not known yet or the catalog cannot be read without an
// API key) and false when the plan must fail.
func (r *podResource) planPlacement(ctx context.Context, plan podModel, dcs []string, resp *resource.ModifyPlanResponse) (*placement.Result, bool) {
	gr, isGPU := gpuRequest(ctx, plan, dcs)
	cr, isCPU := cpuRequest(ctx, plan, dcs)
	if !isGPU && !isCPU {
		return nil, true // known after apply; a refusal is explained then
	}
	cat, d := r.Data.Catalog()
	if d.HasError() {
		resp.Diagnostics.AddWarning("Pod Placement Not Checked",
			fmt.Sprintf("The plan could not check in Runpod's catalog that the pod's compute exists and has stock, because the "+
				"provider cannot call the API (%s: %s)\n\nThe API refuses an unknown GPU type and a stock-out alike at apply, "+
				"with \"no instances available\".", d[0].Summary(), d[0].Detail()))
		return nil, true
	}
	var res *placement.Result
	var err error
	if isGPU {
		res, err = placement.CheckGPU(ctx, cat, gr)
	} else {
		res, err = placement.CheckCPU(ctx, cat, cr)
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read the Runpod Catalog", "reading the catalog to check the pod's compute and stock", err))
		return nil, false
	}
	if !res.OK() {
		resp.Diagnostics.Append(placementDiagnostic(res, isGPU, gr))
		return res, false
	}
	return res, true
}

// placementDiagnostic is the plan error for a request placement refused,
// with placement's own summary and detail, on the attribute at fault; nil
// when the request can be placed.
func placementDiagnostic(res *placement.Result, isGPU bool, gr placement.GPURequest) diag.Diagnostic {
	if res.OK() {
		return nil
	}
	return diag.NewAttributeErrorDiagnostic(placementAttribute(res.Outcome, isGPU, gr), res.Summary, res.Detail)
}

// placementAttribute is the attribute a placement problem is reported on.
func placementAttribute(o placement.Outcome, isGPU bool, gr placement.GPURequest) path.Path {
	block := path.Root("cpu")
	if isGPU {
		block = path.Root("gpu")
	}
	switch o {
	case placement.UnknownDataCenter:
		return path.Root("data_center_ids")
	case placement.NotInCloud:
		return path.Root("cloud")
	case placement.CountOutOfRange:
		if isGPU {
			return block.AtName("count")
		}
		return block.AtName("vcpu_count")
	case placement.NoCudaStock:
		if gr.MinCudaVersion != "" {
			return block.AtName("min_cuda_version")
		}
		return block.AtName("allowed_cuda_versions")
	}
	return block.AtName("type_id")
}

// gpuRequest is the placement request for the plan's gpu block, and false
// when there is none or part of it is not known yet.
func gpuRequest(ctx context.Context, plan podModel, dcs []string) (placement.GPURequest, bool) {
	if !tfvalue.Known(plan.GPU) || !tfvalue.Known(plan.Cloud) {
		return placement.GPURequest{}, false
	}
	var g gpuModel
	if d := plan.GPU.As(ctx, &g, tfvalue.ObjectAsOptions); d.HasError() {
		return placement.GPURequest{}, false
	}
	if !tfvalue.Known(g.TypeID) || !tfvalue.Known(g.Count) || g.MinCudaVersion.IsUnknown() || g.AllowedCudaVersions.IsUnknown() {
		return placement.GPURequest{}, false
	}
	var diags diag.Diagnostics
	allowed, _ := tfvalue.StringsIfKnown(ctx, g.AllowedCudaVersions, &diags)
	return placement.GPURequest{
		Product:             placement.ProductPod,
		GPUTypeID:           g.TypeID.ValueString(),
		GPUCount:            int(g.Count.ValueInt64()),
		Cloud:               plan.Cloud.ValueString(),
		DataCenterIDs:       dcs,
		MinCudaVersion:      g.MinCudaVersion.ValueString(),
		AllowedCudaVersions: allowed,
	}, !diags.HasError()
}

// cpuRequest is gpuRequest for the cpu block.
func cpuRequest(ctx context.Context, plan podModel, dcs []string) (placement.CPURequest, bool) {
	if !tfvalue.Known(plan.CPU) || !tfvalue.Known(plan.Cloud) {
		return placement.CPURequest{}, false
	}
	var c cpuModel
	if d := plan.CPU.As(ctx, &c, tfvalue.ObjectAsOptions); d.HasError() || !tfvalue.Known(c.TypeID) || !tfvalue.Known(c.VCPUCount) {
		return placement.CPURequest{}, false
	}
	return placement.CPURequest{
		CPUTypeID: c.TypeID.ValueString(), VCPUCount: int(c.VCPUCount.ValueInt64()),
		Cloud: plan.Cloud.ValueString(), DataCenterIDs: dcs,
	}, true
}

// checkNetworkVolume checks a network volume mount: Secure Cloud only, and
// the volume's data center must be one the pod may use. It returns that
// data center ("" when there is no volume or it is not known yet) and
// false when the plan must fail.
func (r *podResource) checkNetworkVolume(ctx context.Context, plan *podModel, dcs []string, dcsKnown bool, resp *resource.ModifyPlanResponse) (string, bool) {
	if plan.NetworkVolume.IsNull() {
		return "", true
	}
	if plan.Cloud.ValueString() == runpod.CloudCommunity {
		resp.Diagnostics.AddAttributeError(path.Root("cloud"), "Network Volumes Need Secure Cloud",
			"A network volume attaches only to Secure Cloud compute, and this pod asks for cloud = \"COMMUNITY\". Set cloud = "+
				"\"SECURE\" (the default), or remove network_volume.")
		return "", false
	}
	nv, ok := networkVolumeOf(ctx, plan.NetworkVolume, &resp.Diagnostics)
	if !ok {
		return "", !resp.Diagnostics.HasError()
	}
	if !tfvalue.Known(nv.VolumeID) {
		// Created in the same apply: its data center is what the block
		// says, checked against the volume at create.
		if !tfvalue.Known(nv.DataCenterID) {
			return "", r.checkNewVolumes(plan, dcs, dcsKnown, resp)
		}
		dc := nv.DataCenterID.ValueString()
		if dcsKnown && len(dcs) > 0 && !slices.Contains(dcs, dc) {
			resp.Diagnostics.AddAttributeError(path.Root("data_center_ids"), "Network Volume in Another Data Center",
				fmt.Sprintf("The pod's network volume is in data center %s (network_volume.data_center_id), which is not in "+
					"data_center_ids (%s). A pod can mount a network volume only in the volume's own data center, so Runpod "+
					"would refuse the pod at apply, after creating the volume. Add %q to data_center_ids (or leave "+
					"data_center_ids unset: the volume decides), or create the volume in one of those data centers.",
					dc, strings.Join(dcs, ", "), dc))
			return "", false
		}
		return dc, true
	}
	client, d := r.Data.Client()
	if d.HasError() {
		resp.Diagnostics.AddAttributeWarning(path.Root("network_volume").AtName("volume_id"), "Network Volume Not Checked",
			fmt.Sprintf("The plan could not read network volume %s to check its data center, because the provider cannot call "+
				"the API (%s: %s)", nv.VolumeID.ValueString(), d[0].Summary(), d[0].Detail()))
		return "", true
	}
	id := nv.VolumeID.ValueString()
	vol, err := client.GetNetworkVolume(ctx, id)
	if runpod.IsNotFound(err) {
		resp.Diagnostics.AddAttributeError(path.Root("network_volume").AtName("volume_id"), "Network Volume Not Found",
			fmt.Sprintf("Network volume %q does not exist in the Runpod account (or this API key cannot see it). The "+
				"runpod_network_volumes data source lists the account's volumes.", id))
		return "", false
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Network Volume", fmt.Sprintf("reading network volume %s to check its data center", id), err))
		return "", false
	}
	if tfvalue.Known(nv.DataCenterID) && nv.DataCenterID.ValueString() != vol.DataCenter {
		resp.Diagnostics.AddAttributeError(path.Root("network_volume").AtName("data_center_id"), "Network Volume Data Center Mismatch",
			volumeDCMismatch(vol, nv.DataCenterID.ValueString()))
		return "", false
	}
	if dcsKnown && len(dcs) > 0 && !slices.Contains(dcs, vol.DataCenter) {
		resp.Diagnostics.AddAttributeError(path.Root("data_center_ids"), "Network Volume in Another Data Center",
			fmt.Sprintf("Network volume %q (%s) is in data center %s, which is not in data_center_ids (%s). A pod can mount a "+
				"network volume only in the volume's own data center. Add %q to data_center_ids (or leave data_center_ids "+
				"unset: the volume decides), or use a volume in one of those data centers.",
				vol.Name, id, vol.DataCenter, strings.Join(dcs, ", "), vol.DataCenter))
		return "", false
	}
	return vol.DataCenter, true
}

// checkNewVolumes is checkNetworkVolume for a volume created in the same
// apply whose data center the block does not state: when every network
// volume planned so far is outside data_center_ids, the pod's is too (it is
// one of them: Terraform plans a volume before the pod that references
// it), and Runpod would refuse the pod at apply, after creating the volume. When only some are,
// the plan cannot tell which one the pod gets, and says so. It returns false
// when the plan must fail.
func (r *podResource) checkNewVolumes(plan *podModel, dcs []string, dcsKnown bool, resp *resource.ModifyPlanResponse) bool {
	if !dcsKnown || len(dcs) == 0 {
		return true
	}
	outside, all := r.Data.NewVolumes().Outside(dcs)
	if all {
		resp.Diagnostics.AddAttributeError(path.Root("data_center_ids"), "Network Volume in Another Data Center",
			fmt.Sprintf("Pod %q mounts a network volume created in this apply, and the network volumes planned before it are "+
				"all in %s, not in data_center_ids (%s). A pod can mount a network volume only in the volume's own data center, so "+
				"Runpod would refuse the pod at apply, after creating the volume. Add the volume's data center to "+
				"data_center_ids (or leave data_center_ids unset: the volume decides), or create the volume in one of them.",
				plan.Name.ValueString(), strings.Join(outside, ", "), strings.Join(dcs, ", ")))
		return false
	}
	if len(outside) > 0 {
		resp.Diagnostics.AddAttributeWarning(path.Root("network_volume").AtName("data_center_id"), SummaryVolumeNotChecked,
			fmt.Sprintf("Pod %q mounts a network volume created in this apply, and this plan creates network volumes in %s, "+
				"which is not in data_center_ids (%s). The plan cannot tell which volume the pod gets: if it is outside "+
				"data_center_ids, Runpod refuses the pod at apply, after creating the volume. Set network_volume.data_center_id "+
				"to the volume resource's data_center_id (runpod_network_volume.<name>.data_center_id) and the plan checks it "+
				"before anything is created.",
				plan.Name.ValueString(), strings.Join(outside, ", "), strings.Join(dcs, ", ")))
	}
	return true
}

// SummaryVolumeNotChecked is the warning of a pod plan that could not check
// the data center of a volume created in the same apply.
const SummaryVolumeNotChecked = "Pod Network Volume Not Checked At Plan"

// volumeDCMismatch explains a network_volume.data_center_id that is not the
// volume's data center.
func volumeDCMismatch(vol *runpod.NetworkVolume, configured string) string {
	return fmt.Sprintf("network_volume.data_center_id is %s, but network volume %q (%s) is in data center %s. It must be "+
		"the volume's own: set it to the volume resource's data_center_id (runpod_network_volume.<name>.data_center_id), "+
		"or remove it.", configured, vol.Name, vol.ID, vol.DataCenter)
}

// warnNoSSHKey warns when start_ssh has nothing to inject: the pod would
// start without SSH access. It runs at create, right before the pod is
// created, because only then have the keys this configuration registers
// (runpod_ssh_key the pod depends on) been applied; at plan time it would
// warn falsely about them.
func warnNoSSHKey(ctx context.Context, client *runpod.Client, plan podModel, diags *diag.Diagnostics) {
	if !plan.StartSSH.ValueBool() {
		return
	}
	if tfvalue.Known(plan.Env) {
		env := map[string]string{}
		diags.Append(plan.Env.ElementsAs(ctx, &env, false)...)
		if env["PUBLIC_KEY"] != "" {
			return // the configuration brings its own key
		}
	}
	keys, err := client.GetSSHKeys(ctx)
	if err != nil || len(keys) > 0 {
		return // a failed read is not worth failing the create over
	}
	diags.AddAttributeWarning(path.Root("start_ssh"), "No SSH Key Registered",
		fmt.Sprintf("start_ssh injects the account's registered SSH public keys into the pod, and the account had none when "+
			"pod %q was created, so it starts without SSH access. Register a key with runpod_ssh_key (and make this pod "+
			"depend_on it, so the key is there before the pod is created), or set PUBLIC_KEY in env; then replace the pod "+
			"(terraform apply -replace), since keys are injected only at create.", plan.Name.ValueString()))
}

// stateCost gives the pod's cost warning, with a summary no other warning of
// this plan has (Terraform folds equal summaries into one), and counts its
// hourly cost against the provider's max_hourly_spend. A pod created
// stopped (desired_status = "EXITED") adds nothing: it is stopped at once.
func (r *podResource) stateCost(ctx context.Context, plan podModel, res *placement.Result, verb string, diags *diag.Diagnostics) {
	costs := r.Data.Costs()
	costs.Warn(ctx, diags, costWarning(ctx, plan, res, verb))
	known := res != nil && res.Price.Known
	price := 0.0
	switch {
	case verb != verbStarting && plan.DesiredStatus.ValueString() == desiredExited:
		known = true
	case known:
		price = res.Price.PerHour
	}
	if d := costs.Add(ctx, fmt.Sprintf("pod %q", plan.Name.ValueString()), price, known); d != nil {
		diags.Append(d)
	}
}

// costSummary names the pod and its hourly price, so that each pod's cost
// warning has its own summary.
func costSummary(name string, res *placement.Result) string {
	if res != nil && res.Price.Known {
		return fmt.Sprintf("%s: %q at %s/h", summaryCost, name, pricing.USD(res.Price.PerHour))
	}
	return fmt.Sprintf("%s: %q", summaryCost, name)
}

// summaryCost begins the summary of every pod cost warning.
const summaryCost = "Pod Compute Cost"

// costWarning states what the pod bills: its hourly compute price while it
// runs, that it bills whether used or not, and that a stopped pod still
// bills its volume disk. verb is verbCreating, verbReplacing or
// verbStarting.
func costWarning(ctx context.Context, plan podModel, res *placement.Result, verb string) diag.Diagnostic {
	name := plan.Name.ValueString()
	subject := fmt.Sprintf("%s pod %q", verb, name)
	if verb == verbReplacing {
		subject = fmt.Sprintf("Replacing pod %q (the current pod is terminated with its disks, and a new one is created)", name)
	}
	var b strings.Builder
	if res != nil && res.Price.Known {
		fmt.Fprintf(&b, "%s: %s costs %s (%s) while it runs.", subject, res.Price.What,
			pricing.USD(res.Price.PerHour)+" per hour", res.Price.Formula)
	} else {
		fmt.Fprintf(&b, "%s: its hourly price is shown once its compute is known and the catalog can be read "+
			"(the runpod_gpu_types and runpod_cpu_types data sources list prices).", subject)
	}
	b.WriteString(" A running pod bills whether it is used or not, from the moment it is created (image pulls included).")
	// What a stopped pod bills, said as what happens: a pod created stopped
	// is stopped at once; any other is stopped only if desired_status
	// becomes "EXITED" later.
	stopped := "Once stopped (desired_status = \"EXITED\")"
	if verb != verbStarting && plan.DesiredStatus.ValueString() == desiredExited {
		b.WriteString(" It is stopped right after it is created (desired_status = \"EXITED\"), which ends the compute charge.")
		stopped = "Stopped"
	}
	switch disk := volumeDisk(ctx, plan.PersistentVolume); {
	case plan.PersistentVolume.IsNull():
		fmt.Fprintf(&b, " %s, it bills nothing: it has no volume disk (persistent_volume).", stopped)
	default:
		fmt.Fprintf(&b, " %s, it still bills %s at %s per GB per month until it is destroyed.",
			stopped, disk, pricing.USD(placement.StoppedVolumeDiskRate))
	}
	if !plan.NetworkVolume.IsNull() {
		b.WriteString(" The network volume bills separately, as its own resource, whatever the pod does.")
	}
	return diag.NewWarningDiagnostic(costSummary(name, res), b.String())
}

// volumeDisk describes a persistent_volume value for a cost message: "its
// 20 GB volume disk (20 GB × $0.20 = $4.00 per month)", or "its volume
// disk" when the size is not known yet.
func volumeDisk(ctx context.Context, v types.Object) string {
	if tfvalue.Known(v) {
		var pv containerschema.PersistentVolumeModel
		if d := v.As(ctx, &pv, tfvalue.ObjectAsOptions); !d.HasError() && tfvalue.Known(pv.SizeGB) {
			gb := pv.SizeGB.ValueInt64()
			return fmt.Sprintf("its %d GB volume disk (%d GB × %s = %s per month)", gb, gb,
				pricing.USD(placement.StoppedVolumeDiskRate), pricing.USD(float64(gb)*placement.StoppedVolumeDiskRate))
		}
	}
	return "its volume disk"
}

// checkBodySize refuses, at plan time, a create or update body over
// Runpod's request limit (runpod.MaxRequestBodyBytes), which the API would
// refuse at apply with a bare 413. Values not known yet are left out of
// body, so a body already over the limit surely is. It names env, the one
// attribute that can make a pod's body large, when env is known.
func checkBodySize(body any, plan podModel, resp *resource.ModifyPlanResponse) bool {
	size, err := runpod.BodySize(body)
	if err != nil || size <= runpod.MaxRequestBodyBytes {
		return true
	}
	if tfvalue.Known(plan.Env) {
		summary, detail := diagnostics.RequestTooLarge("env", size)
		resp.Diagnostics.AddAttributeError(path.Root("env"), summary, detail)
	} else {
		summary, detail := diagnostics.RequestTooLarge("the pod's settings", size)
		resp.Diagnostics.AddError(summary, detail)
	}
	return false
}

// planUpdate checks an in-place change: a stop or start, a lock, and
// what changes with it.
func (r *podResource) planUpdate(ctx context.Context, plan, state podModel, resp *resource.ModifyPlanResponse) {
	// The injected keys sent back with env are small; the pod is not read
	// at plan time for them.
	if body, _, d := toUpdateRequest(ctx, plan, state, &runpod.Pod{}); !d.HasError() && !checkBodySize(body, plan, resp) {
		return
	}
	from, to := state.DesiredStatus.ValueString(), plan.DesiredStatus.ValueString()
	switch {
	case to == desiredExited && from != desiredExited:
		if plan.Locked.ValueBool() && state.Locked.ValueBool() {
			resp.Diagnostics.AddAttributeError(path.Root("desired_status"), "Locked Pod Cannot Be Stopped",
				fmt.Sprintf("Pod %q (%s) is locked, and Runpod refuses to stop a locked pod. Set locked = false in the same change "+
					"to stop it (the provider unlocks it first), or keep desired_status = \"RUNNING\".", plan.Name.ValueString(), state.ID.ValueString()))
			return
		}
		resp.Diagnostics.Append(stopWarning(ctx, plan, state))
	case to == desiredRunning && from == desiredExited && tfvalue.Known(plan.DesiredStatus):
		res := r.startCheck(ctx, plan, state, resp)
		r.stateCost(ctx, plan, res, verbStarting, &resp.Diagnostics)
	}
	if tfvalue.Known(plan.GlobalNetworking) && !plan.GlobalNetworking.Equal(state.GlobalNetworking) && (to != desiredRunning || from != desiredExited) {
		resp.Diagnostics.AddAttributeWarning(path.Root("global_networking"), "Global Networking Changes at the Next Start",
			fmt.Sprintf("Runpod applies global_networking = %t to pod %q at its next start or restart; the provider does not "+
				"restart the pod for it. Stop and start it (desired_status) or restart it in the console to apply it now.",
				plan.GlobalNetworking.ValueBool(), plan.Name.ValueString()))
	}
	checkRecordedVolumeDC(ctx, plan, state, resp)
	// A new JUPYTER_PASSWORD in env is a new jupyter_password.
	if !tfvalue.Known(plan.Env) || envValue(ctx, plan.Env, "JUPYTER_PASSWORD") != envValue(ctx, state.Env, "JUPYTER_PASSWORD") {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("jupyter_password"), types.StringUnknown())...)
	}
	if recordOnly(ctx, plan, state) {
		// Nothing is sent to Runpod (Update writes the plan as it is), so
		// nothing it reports changes: showing those values "(known after
		// apply)" would read as a restart to a reviewer.
		for name, v := range reportedValues(state) {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), v)...)
		}
	}
}

// checkRecordedVolumeDC refuses a network_volume.data_center_id set or
// changed on an existing pod that is not where the pod runs: the pod is in
// its volume's data center, so that is the only value to record.
func checkRecordedVolumeDC(ctx context.Context, plan, state podModel, resp *resource.ModifyPlanResponse) {
	pnv, ok := networkVolumeOf(ctx, plan.NetworkVolume, &resp.Diagnostics)
	if !ok || !tfvalue.Known(pnv.DataCenterID) || !tfvalue.Known(state.DataCenterID) {
		return
	}
	if snv, ok := networkVolumeOf(ctx, state.NetworkVolume, &resp.Diagnostics); ok && snv.DataCenterID.Equal(pnv.DataCenterID) {
		return
	}
	if dc := state.DataCenterID.ValueString(); pnv.DataCenterID.ValueString() != dc {
		resp.Diagnostics.AddAttributeError(path.Root("network_volume").AtName("data_center_id"), "Network Volume Data Center Mismatch",
			fmt.Sprintf("network_volume.data_center_id is %s, but pod %q (%s) and its network volume %s are in data center %s. "+
				"Set it to the volume resource's data_center_id (runpod_network_volume.<name>.data_center_id), or remove it.",
				pnv.DataCenterID.ValueString(), plan.Name.ValueString(), state.ID.ValueString(), pnv.VolumeID.ValueString(), dc))
	}
}

// recordOnly reports whether an update from state to plan sends nothing to
// Runpod: every setting Runpod holds (the container, name, lock, status,
// networking and mounts) is known and unchanged, so the update only records
// what Runpod never returns (start flags, data-center preference, the CUDA
// constraint and machine filters, ready_when, allow_duplicate, timeouts),
// as the first apply after an import or a move from runpod/runpod does.
func recordOnly(ctx context.Context, plan, state podModel) bool {
	for _, v := range []attr.Value{
		plan.Name, plan.Image, plan.Args, plan.ContainerDiskGB, plan.Ports, plan.Env, plan.RegistryAuthID,
		plan.GlobalNetworking, plan.Locked, plan.DesiredStatus, plan.PersistentVolume, plan.NetworkVolume,
	} {
		if v.IsUnknown() {
			return false
		}
	}
	if !plan.Locked.Equal(state.Locked) || !plan.DesiredStatus.Equal(state.DesiredStatus) {
		return false
	}
	_, changed, d := toUpdateRequest(ctx, plan, state, &runpod.Pod{})
	return !d.HasError() && !changed
}

// reportedValues are the attributes a record-only update (recordOnly)
// keeps as they are: what Runpod reports of the pod, by attribute name.
func reportedValues(m podModel) map[string]attr.Value {
	r := m.reportedModel
	return map[string]attr.Value{
		"status": r.Status, "data_center_id": r.DataCenterID, "cuda_version": r.CudaVersion, "cost_per_hr": r.CostPerHr,
		"proxy_urls": r.ProxyURLs, "ssh_direct": r.SSHDirect, "ssh_proxy": r.SSHProxy, "public_ip": r.PublicIP,
		"port_mappings": r.PortMappings, "cluster_id": r.ClusterID, "created_at": r.CreatedAt,
		"estimated_cost_per_hour": m.EstimatedCost, "jupyter_password": m.JupyterPassword,
	}
}

// startCheck reads the stock of the pod's GPU in its data center before a
// start: a stopped pod resumes on its own machine, so without stock there
// the start is likely refused. That is a warning, not an error: the
// catalog is coarse and the pod's own GPUs are not counted as free.
func (r *podResource) startCheck(ctx context.Context, plan, state podModel, resp *resource.ModifyPlanResponse) *placement.Result {
	var dcs []string
	if tfvalue.Known(state.DataCenterID) {
		dcs = []string{state.DataCenterID.ValueString()}
	}
	gr, isGPU := gpuRequest(ctx, plan, dcs)
	cr, isCPU := cpuRequest(ctx, plan, dcs)
	cat, d := r.Data.Catalog()
	if d.HasError() || (!isGPU && !isCPU) {
		return nil
	}
	var res *placement.Result
	var err error
	if isGPU {
		res, err = placement.CheckGPU(ctx, cat, gr)
	} else {
		res, err = placement.CheckCPU(ctx, cat, cr)
	}
	if err != nil {
		return nil
	}
	if !res.OK() && len(dcs) > 0 && (res.Outcome == placement.NoStock || res.Outcome == placement.NoCudaStock) {
		resp.Diagnostics.AddAttributeWarning(path.Root("desired_status"), "Pod May Not Start",
			fmt.Sprintf("Pod %q resumes on its machine in %s, and the catalog shows no free stock of its compute there now. The "+
				"start may be refused; the pod then stays stopped and the apply fails saying so.\n\n%s",
				plan.Name.ValueString(), dcs[0], res.Detail))
	}
	return res
}

// stopWarning states what a stop does to billing and to a later start.
func stopWarning(ctx context.Context, plan, state podModel) diag.Diagnostic {
	disk := fmt.Sprintf("%s keeps billing at %s per GB per month until the pod is destroyed", volumeDisk(ctx, state.PersistentVolume),
		pricing.USD(placement.StoppedVolumeDiskRate))
	if state.PersistentVolume.IsNull() {
		disk = "it has no volume disk to bill"
	}
	return diag.NewWarningDiagnostic("Stopping a Pod",
		fmt.Sprintf("Stopping pod %q (%s) releases its GPU and ends its compute charge; %s. The container disk is wiped. "+
			"Starting it again later needs its machine's GPUs to be free, and fails if they have been taken meanwhile.",
			plan.Name.ValueString(), state.ID.ValueString(), disk))
}

// createOnlyReplacements returns the create-time settings whose change
// replaces the pod. Runpod never returns them, so a change cannot be
// applied in place; but a pod adopted by import never had them recorded,
// and a pod that already satisfies a new placement constraint would gain
// nothing from being replaced, so both record the new value instead.
func createOnlyReplacements(ctx context.Context, plan, state podModel, imported bool, diags *diag.Diagnostics) []path.Path {
	var out []path.Path
	if !imported {
		out = append(out, startSettingReplacements(plan, state)...)
	}
	if dataCenterPreferenceReplaces(ctx, plan, state, diags) {
		out = append(out, path.Root("data_center_ids"))
	}
	if tfvalue.Known(plan.GPU) && tfvalue.Known(state.GPU) {
		out = append(out, gpuConstraintReplacements(ctx, plan, state, imported, diags)...)
	}
	return out
}

// startSettingReplacements are the template and start flags that changed.
// Without a template, an unset flag and false start the pod alike, so
// moving between them is no change.
func startSettingReplacements(plan, state podModel) []path.Path {
	var out []path.Path
	if !plan.TemplateID.Equal(state.TemplateID) {
		out = append(out, path.Root("template_id"))
	}
	noTemplate := plan.TemplateID.IsNull() && state.TemplateID.IsNull()
	flag := func(p path.Path, planV, stateV types.Bool) {
		same := planV.Equal(stateV) || (noTemplate && planV.ValueBool() == stateV.ValueBool() && !planV.IsUnknown())
		if !same {
			out = append(out, p)
		}
	}
	flag(path.Root("start_ssh"), plan.StartSSH, state.StartSSH)
	flag(path.Root("start_jupyter"), plan.StartJupyter, state.StartJupyter)
	return out
}

// dataCenterPreferenceReplaces reports whether a changed data_center_ids
// leaves out the data center the pod runs in (or is not known yet): a pod
// already in one of the new data centers stays.
func dataCenterPreferenceReplaces(ctx context.Context, plan, state podModel, diags *diag.Diagnostics) bool {
	if plan.DataCenterIDs.Equal(state.DataCenterIDs) {
		return false
	}
	dcs, ok := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, diags)
	return !ok || (len(dcs) > 0 && !slices.Contains(dcs, state.DataCenterID.ValueString()))
}

// gpuConstraintReplacements are the gpu block's create-time constraints
// the pod's machine may no longer meet: a CUDA floor or list its CUDA
// version fails, or a machine filter raised (floorRaised).
func gpuConstraintReplacements(ctx context.Context, plan, state podModel, imported bool, diags *diag.Diagnostics) []path.Path {
	var out []path.Path
	var pg, sg gpuModel
	diags.Append(plan.GPU.As(ctx, &pg, tfvalue.ObjectAsOptions)...)
	diags.Append(state.GPU.As(ctx, &sg, tfvalue.ObjectAsOptions)...)
	cuda := state.CudaVersion.ValueString()
	if !pg.MinCudaVersion.Equal(sg.MinCudaVersion) {
		if pg.MinCudaVersion.IsUnknown() || (!pg.MinCudaVersion.IsNull() && !cudaAtLeast(cuda, pg.MinCudaVersion.ValueString())) {
			out = append(out, path.Root("gpu").AtName("min_cuda_version"))
		}
	}
	if !pg.AllowedCudaVersions.Equal(sg.AllowedCudaVersions) {
		allowed, ok := tfvalue.StringsIfKnown(ctx, pg.AllowedCudaVersions, diags)
		if !ok || (len(allowed) > 0 && !slices.Contains(allowed, cuda)) {
			out = append(out, path.Root("gpu").AtName("allowed_cuda_versions"))
		}
	}
	if floorRaised(pg.MinRAMPerGPU, sg.MinRAMPerGPU, imported) {
		out = append(out, path.Root("gpu").AtName("min_ram_per_gpu"))
	}
	if floorRaised(pg.MinVCPUCountPerGPU, sg.MinVCPUCountPerGPU, imported) {
		out = append(out, path.Root("gpu").AtName("min_vcpu_count_per_gpu"))
	}
	return out
}

// floorRaised reports whether a machine filter (min_ram_per_gpu,
// min_vcpu_count_per_gpu) changed so that the pod's machine may no longer
// meet it: added or raised, or not known yet. Lowered or removed, the pod
// placed under the old floor meets it, so the new value is only recorded,
// as it is after an import (whose state never had it).
func floorRaised(planV, stateV types.Int64, imported bool) bool {
	switch {
	case planV.Equal(stateV) || imported:
		return false
	case planV.IsUnknown():
		return true
	case planV.IsNull():
		return false
	}
	return stateV.IsNull() || planV.ValueInt64() > stateV.ValueInt64()
}

// replacedByAttributes reports whether an attribute-level modifier replaces
// the pod: the compute, the cloud, the mount kind, the volume or the disk
// size.
func replacedByAttributes(plan, state podModel) bool {
	if !plan.Cloud.Equal(state.Cloud) || plan.GPU.IsNull() != state.GPU.IsNull() || plan.CPU.IsNull() != state.CPU.IsNull() ||
		plan.PersistentVolume.IsNull() != state.PersistentVolume.IsNull() || plan.NetworkVolume.IsNull() != state.NetworkVolume.IsNull() {
		return true
	}
	differs := func(a, b types.Object, attrName string) bool {
		if !tfvalue.Known(a) || !tfvalue.Known(b) {
			return a.IsUnknown() != b.IsUnknown()
		}
		return !a.Attributes()[attrName].Equal(b.Attributes()[attrName])
	}
	return differs(plan.GPU, state.GPU, "type_id") || differs(plan.GPU, state.GPU, "count") ||
		differs(plan.CPU, state.CPU, "type_id") || differs(plan.CPU, state.CPU, "vcpu_count") ||
		differs(plan.PersistentVolume, state.PersistentVolume, "size_gb") ||
		differs(plan.NetworkVolume, state.NetworkVolume, "volume_id")
}

// cudaAtLeast compares "major.minor" versions numerically; an empty or
// malformed have never satisfies a floor.
func cudaAtLeast(have, floor string) bool {
	hMaj, hMin, ok1 := splitVersion(have)
	fMaj, fMin, ok2 := splitVersion(floor)
	if !ok1 || !ok2 {
		return false
	}
	return hMaj > fMaj || (hMaj == fMaj && hMin >= fMin)
}

func splitVersion(v string) (int, int, bool) {
	a, b, ok := strings.Cut(v, ".")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return x, y, ok && err1 == nil && err2 == nil
}

// envValue is one key of a known env map ("" otherwise).
func envValue(ctx context.Context, env types.Map, key string) string {
	if !tfvalue.Known(env) {
		return ""
	}
	m := map[string]string{}
	_ = env.ElementsAs(ctx, &m, false)
	return m[key]
}

// onlyMarkedUnknown reports whether plan differs from state only in
// attributes left out of the configuration that the framework marked
// unknown. Terraform proposes null for an unconfigured nested attribute
// (persistent_volume of a pod made from a template with a volume disk),
// even though it is computed; the framework sees a change and marks every
// reported attribute unknown before the attribute's own modifier puts the
// state value back. Without this, such a pod shows an update that changes
// nothing on every plan.
func onlyMarkedUnknown(config, plan, state tftypes.Value) bool {
	var c, p, s map[string]tftypes.Value
	if config.As(&c) != nil || plan.As(&p) != nil || state.As(&s) != nil {
		return false
	}
	merged := make(map[string]tftypes.Value, len(p))
	for name, v := range p {
		if !v.IsKnown() && c[name].IsNull() {
			v = s[name]
		}
		merged[name] = v
	}
	return tftypes.NewValue(plan.Type(), merged).Equal(state)
}

// refuseOrphan is the pods' duplicate guard, run when a create is planned
// (see providerdata.UnmanagedLookalikes for why at plan): a pod with the
// same name, image and compute created in the last safecreate.TwinWindow
// that no address of this configuration manages is most likely the orphan
// of an earlier apply, and the plan refuses to create its twin. It runs
// after the create is planned, on the planned GPU type. allow_duplicate
// opts out.
func (r *podResource) refuseOrphan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	safecreate.GuardPlan(ctx, r.Data, req, resp, Kind, func(plan podModel) (safecreate.Lookalike[runpod.Pod], bool) {
		body, d := toCreateRequest(ctx, plan)
		like := lookalike(body).ShapeKnown(!d.HasError())
		like.Name = plan.Name.ValueString()
		return like, !plan.AllowDuplicate.ValueBool() && tfvalue.Known(plan.Name)
	})
}
