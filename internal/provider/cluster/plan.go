package cluster

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// Private state keys.
var (
	// privateAppliedPodCount is pod_count as Terraform last created or
	// accepted it, which pod_count in state also holds now (Runpod's count
	// is reported_pod_count). It is kept for states written before that,
	// whose refresh put Runpod's count in pod_count: Read restores pod_count
	// from it. It is absent for an imported cluster until its first apply.
	privateAppliedPodCount = privatestate.NewKey[int64]("applied_pod_count")
	// privateImported marks a cluster imported and not yet planned with its
	// configuration: the settings the API does not return are null in
	// state, and the first plan writes them down instead of replacing.
	privateImported = privatestate.NewKey[bool]("imported")
	// privateReplacing is set by the plan of a replacement for the plan of
	// its create half, which Terraform makes with no prior state, so that
	// the cost warning can say what is being replaced.
	privateReplacing = privatestate.NewKey[replacingMarker]("replacing")
)

// Warning and error summaries, also used by tests.
const (
	summaryCost        = "Cluster GPU Cost"
	summaryNotChecked  = "Cluster Stock and Cost Not Checked"
	summaryScaled      = "Cluster Was Resized Outside Terraform"
	summarySizeAdopted = "Cluster Size Adopted"
	summaryRecorded    = "Cluster Settings Recorded From Configuration"
	summaryNoCapacity  = "No Capacity for the Cluster"
	// summaryChosen and summaryNoListedCapacity are the pod's words for
	// its gpu.type_ids (runpod_pod), for the cluster's gpu_type_ids.
	summaryChosen           = "GPU Type Chosen From the Preference List"
	summaryNoListedCapacity = "No GPU Type in the Preference List Can Be Placed"
)

// replacingMarker describes the cluster a replacement destroys.
type replacingMarker struct {
	ID       string `json:"id"`
	PodCount int64  `json:"pod_count"`
	Applied  int64  `json:"applied_pod_count"`
	// Warned says the first plan call already gave the warnings, which
	// the create half must not repeat.
	Warned bool `json:"warned,omitempty"`
}

func (r *clusterResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg resourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(checkTemplateExclusive(cfg)...)
}

// checkTemplateExclusive enforces the API's template rule at validate time:
// template_id excludes the inline container settings and mounts (400 at
// apply otherwise), and without a template an image is required.
func checkTemplateExclusive(cfg resourceModel) diag.Diagnostics {
	var diags diag.Diagnostics
	inline := []struct {
		name string
		v    attr.Value
	}{
		{"image", cfg.Image}, {"args", cfg.Args}, {"entrypoint", cfg.Entrypoint}, {"cmd", cfg.Cmd},
		{"container_disk_gb", cfg.ContainerDiskGB}, {"env", cfg.Env}, {"ports", cfg.Ports},
		{"persistent_volume", cfg.PersistentVolume}, {"network_volume", cfg.NetworkVolume},
	}
	if !cfg.TemplateID.IsNull() {
		for _, f := range inline {
			if f.v.IsNull() {
				continue
			}
			diags.AddAttributeError(path.Root(f.name), "Conflicting Cluster Settings",
				fmt.Sprintf("%s cannot be set together with template_id. Every member of a cluster created from a template "+
					"gets the template's container settings (image, command, disk, env, ports) and its registry credential, and "+
					"Runpod refuses a create that also sets %s. Put the setting on the template, or remove template_id and "+
					"configure the container here.", f.name, f.name))
		}
		return diags
	}
	if cfg.Image.IsNull() {
		diags.AddAttributeError(path.Root("image"), "Missing Cluster Image",
			"A cluster needs either image (a public container image) or template_id. A private image needs template_id: "+
				"a cluster takes no registry credential, so create a runpod_template with the image and its registry_auth_id "+
				"and set template_id to it.")
	}
	return diags
}

// ModifyPlan does at plan time what the API would otherwise refuse or
// surprise with at apply:
//   - a new cluster (or the create half of a replacement) is checked
//     against the catalog (GPU type, GPUs per pod, CLUSTER stock in the
//     requested data centers, the network volume's data center) and carries
//     a warning with its hourly cost; with gpu_type_ids, the first listed
//     type with stock is chosen (placement.ChooseGPU) and kept in
//     gpu_type_id (planmodifiers.KeepChosen) while it stays in the list;
//   - on an existing cluster every argument but name forces a replacement,
//     except that a cluster resized outside Terraform is never replaced
//     unasked (planChange), and settings an import could not read are
//     written down from the configuration.
func (r *clusterResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	ctx = providerdata.PlanContext(ctx, req.ClientCapabilities)
	// A template planned after this object leaves it out of its in-use warning when this plan destroys it.
	defer r.Data.TemplatePlans().RecordUserPlan(ctx, providerdata.UserCluster, req, resp)
	r.Data.Managed(ctx, Kind.Noun, req.State)
	if req.Plan.Raw.IsNull() {
		return // destroy
	}
	var plan resourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if req.State.Raw.IsNull() {
		defer r.refuseOrphan(ctx, req, resp)
		var replacing *replacingMarker
		marker, ok, diags := privateReplacing.Get(ctx, req.Private)
		resp.Diagnostics.Append(diags...)
		if ok {
			replacing = &marker
		}
		r.planCreate(ctx, plan, replacing, resp)
		return
	}
	var state resourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if state.ID.ValueString() == "" {
		// A create whose reply was lost and whose look-up failed.
		pendingcreate.Plan(ctx, Kind, r.Data, pendingLike(ctx, state), false,
			pendingcreate.Cost(state.EstimatedCostPerHour, "hour"), req, resp)
		return
	}
	r.planChange(ctx, plan, state, req, resp)
}

// immutable are the arguments the API cannot change. configOnly marks those
// it never returns, which an import leaves null.
func immutable(plan, state resourceModel) []struct {
	name        string
	plan, state attr.Value
	configOnly  bool
} {
	type field = struct {
		name        string
		plan, state attr.Value
		configOnly  bool
	}
	return []field{
		{"type", plan.Type, state.Type, false},
		{"gpu_type_id", plan.GPUTypeID, state.GPUTypeID, false},
		{"gpu_count_per_pod", plan.GPUCountPerPod, state.GPUCountPerPod, false},
		{"template_id", plan.TemplateID, state.TemplateID, true},
		{"data_center_ids", plan.DataCenterIDs, state.DataCenterIDs, true},
		{"image", plan.Image, state.Image, true},
		{"args", plan.Args, state.Args, true},
		{"entrypoint", plan.Entrypoint, state.Entrypoint, true},
		{"cmd", plan.Cmd, state.Cmd, true},
		{"container_disk_gb", plan.ContainerDiskGB, state.ContainerDiskGB, true},
		{"env", plan.Env, state.Env, true},
		{"ports", plan.Ports, state.Ports, true},
		{"persistent_volume", plan.PersistentVolume, state.PersistentVolume, true},
		{"network_volume", plan.NetworkVolume, state.NetworkVolume, true},
		{"start_ssh", plan.StartSSH, state.StartSSH, true},
		{"start_jupyter", plan.StartJupyter, state.StartJupyter, true},
	}
}

// planChange plans a change to an existing cluster.
//
// pod_count in state is the size Terraform created or accepted, and
// reported_pod_count Runpod's (refresh). When they differ the cluster was
// resized outside Terraform, and the configured pod_count decides:
//   - still the applied size: nothing to do. Runpod cannot resize a
//     cluster, and restoring the applied size would destroy the running one,
//     which the provider never does unasked; the plan warns with the value
//     to write and with -replace (scaledDetail). Terraform makes this same
//     plan before a destroy and a -replace, which it does not block.
//   - Runpod's size: an in-place change of record (Size Adopted).
//   - any other size: a replacement, as for any configured change.
func (r *clusterResource) planChange(ctx context.Context, plan, state resourceModel, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	imported, diags := privatestate.IsSet(ctx, req.Private, privateImported)
	resp.Diagnostics.Append(diags...)
	applied, reported := state.PodCount.ValueInt64(), state.PodCount.ValueInt64()
	if tfvalue.Known(state.ReportedPodCount) {
		reported = state.ReportedPodCount.ValueInt64()
	} else if p, ok, diags := privateAppliedPodCount.Get(ctx, req.Private); ok && !diags.HasError() {
		// A state written before reported_pod_count existed, not
		// refreshed (-refresh=false): pod_count may hold Runpod's count.
		applied = p
	}

	var replace path.Paths
	// recorded are settings the import could not read that the
	// configuration sets; unset are settings the import read from the
	// member pods that the configuration leaves out. Both are written down
	// as configured (the latter as null).
	var recorded, unset []string
	for _, f := range immutable(plan, state) {
		switch {
		case f.plan.Equal(f.state):
		case imported && f.configOnly && f.state.IsNull():
			recorded = append(recorded, f.name)
		case imported && f.configOnly && f.plan.IsNull():
			unset = append(unset, f.name)
		default:
			replace = append(replace, path.Root(f.name))
		}
	}

	scaled := !state.PodCount.IsNull() && reported != applied
	adoptSize := false
	switch configured := plan.PodCount; {
	case !tfvalue.Known(configured):
		replace = append(replace, path.Root("pod_count"))
	case configured.ValueInt64() == applied:
	case scaled && configured.ValueInt64() == reported:
		adoptSize = true
	default:
		replace = append(replace, path.Root("pod_count"))
	}

	if len(replace) > 0 {
		// Terraform plans the new cluster again with no prior state, which
		// runs planCreate, but it discards the warnings of that second
		// call: the stock check and the cost are stated here, in the call
		// whose diagnostics it shows. The marker tells the second call
		// what is replaced and that the warnings were given.
		resp.RequiresReplace = append(resp.RequiresReplace, replace...)
		marker := replacingMarker{ID: state.ID.ValueString(), PodCount: reported, Applied: applied}
		r.planCreate(ctx, plan, &marker, resp)
		marker.Warned = true
		resp.Diagnostics.Append(privateReplacing.Set(ctx, resp.Private, marker)...)
		return
	}

	estimate := state.EstimatedCostPerHour
	switch {
	case adoptSize:
		// The pods already bill: the refresh stated their cost (Read), and
		// the plan keeps that figure, so that nothing counts as added.
		res, _ := r.checkIfPossible(ctx, plan)
		detail := fmt.Sprintf("Cluster %q (%s) was resized outside Terraform from %d to %d pods, and the configuration now "+
			"says pod_count = %d. The plan records the new size in state; the cluster itself is not touched, and nothing "+
			"new starts billing: the %d pods already run.",
			state.Name.ValueString(), state.ID.ValueString(), applied, reported, reported, reported)
		if res != nil && res.GPU != nil && res.Price.Known {
			detail += " They cost " + costSentence(plan, res) + " " + billingNote
			estimate = types.Float64Value(res.Price.PerHour)
		}
		if estimate.IsNull() {
			estimate = r.estimate(ctx, plan)
		}
		resp.Diagnostics.AddAttributeWarning(path.Root("pod_count"), summarySizeAdopted, detail)
	case scaled:
		resp.Diagnostics.AddAttributeWarning(path.Root("pod_count"), summaryScaled, r.scaledDetail(ctx, plan, state, applied, reported))
	}
	if imported && len(recorded)+len(unset) > 0 {
		// Settings the import could not read, configured now, or read from
		// the members and left out of the configuration: written down in
		// state (an in-place update, which also clears the import mark, so
		// that a create-time setting added later replaces the cluster as it
		// should). With none, the import plans alone. Nothing starts, and
		// the cost stays the figure the refresh stated (null when the
		// catalog could not say then: estimated now).
		if estimate.IsNull() {
			estimate = r.estimate(ctx, plan)
		}
		resp.Diagnostics.AddWarning(summaryRecorded, recordedDetail(state, recorded, unset))
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_hour"), estimate)...)
}

// recordedDetail is the warning of an imported (or moved) cluster whose
// plan writes down settings Runpod does not return: those the configuration
// sets, and those the import read from the member pods that it leaves out.
func recordedDetail(state resourceModel, recorded, unset []string) string {
	var what []string
	if len(recorded) > 0 {
		what = append(what, "the configuration sets "+strings.Join(recorded, ", "))
	}
	if len(unset) > 0 {
		verb := "it leaves"
		if len(recorded) == 0 {
			verb = "the configuration leaves"
		}
		what = append(what, fmt.Sprintf("%s %s unset, which the import read from the member pods", verb, strings.Join(unset, ", ")))
	}
	return fmt.Sprintf("Cluster %q (%s) was imported, and Runpod does not return every setting a cluster was created with "+
		"(the start flags, data_center_ids, and container settings the import could not read from its member pods); "+
		"%s. This plan writes them into state as the configuration has them (unset ones as null), without checking them "+
		"against the cluster and without changing it; nothing starts, and estimated_cost_per_hour keeps its figure. From "+
		"then on, changing one replaces the cluster. If they do not match how the cluster was created, replace it "+
		"(terraform apply -replace) to rebuild it as configured.",
		state.Name.ValueString(), state.ID.ValueString(), strings.Join(what, "; "))
}

// scaledDetail explains a cluster resized outside Terraform whose
// configuration still says the size Terraform applied: what changed, that
// the plan does nothing about it, the pod_count line that keeps the new
// size, and how to rebuild at the configured size instead.
func (r *clusterResource) scaledDetail(ctx context.Context, plan, state resourceModel, applied, reported int64) string {
	rebuild := fmt.Sprintf("%d pods × %d GPUs", applied, plan.GPUCountPerPod.ValueInt64())
	if res, _ := r.checkIfPossible(ctx, plan); res != nil && res.GPU != nil && res.Price.Known {
		rebuild = fmt.Sprintf("%d pods × %d = %d %s GPUs at %s per GPU-hour = %s per hour (catalog, Secure Cloud price)",
			applied, plan.GPUCountPerPod.ValueInt64(), res.Price.Units, res.GPU.ID, pricing.USD(res.Price.Unit), pricing.USD(res.Price.PerHour))
	}
	return fmt.Sprintf("Cluster %q (%s) has %d pods now (reported_pod_count): it was resized outside Terraform (\"Scale "+
		"cluster\" in the Runpod console, or the API) from the %d pods Terraform last applied, and the configuration still "+
		"says pod_count = %d. No change is planned for it: Runpod cannot resize a cluster, so restoring %d pods would destroy "+
		"the running cluster and create a new one, which the provider does not do unless asked.\n\n"+
		"Choose one:\n"+
		"  - Keep the cluster as it is: write pod_count = %d in the configuration. The next plan records the new size "+
		"in state, with its hourly cost, without touching the cluster.\n"+
		"  - Rebuild it at the configured size: terraform apply -replace=ADDRESS (tofu apply -replace=ADDRESS on "+
		"OpenTofu; ADDRESS is the resource address shown here). That destroys this cluster and creates one with %s, "+
		"billed from creation until destroyed.\n"+
		"  - Remove it: terraform destroy works as usual.\n\n"+
		"Until then this warning repeats on every plan, and estimated_cost_per_hour is the figure for the %d pods that "+
		"run now (the refresh recomputes it when Runpod reports another size).",
		state.Name.ValueString(), state.ID.ValueString(), reported, applied, applied, applied, reported, rebuild, reported)
}

// checkIfPossible runs the catalog check when the provider can call the
// API and the request is known; otherwise it returns nil.
func (r *clusterResource) checkIfPossible(ctx context.Context, m resourceModel) (*placement.Result, error) {
	if r.Data == nil || !tfvalue.Known(m.GPUTypeID) || !tfvalue.Known(m.GPUCountPerPod) || !tfvalue.Known(m.PodCount) {
		return nil, nil
	}
	if _, d := r.Data.Client(); d.HasError() {
		return nil, nil
	}
	return r.check(ctx, m)
}

// request is the placement request for a cluster's compute.
func request(m resourceModel, dcs []string) placement.GPURequest {
	return placement.GPURequest{
		Product:       placement.ProductCluster,
		GPUTypeID:     m.GPUTypeID.ValueString(),
		GPUCount:      int(m.GPUCountPerPod.ValueInt64()),
		PodCount:      int(m.PodCount.ValueInt64()),
		Cloud:         runpod.CloudSecure,
		DataCenterIDs: dcs,
	}
}

// check reads the catalog (through the provider-wide memo) for m's compute
// in its configured data centers.
func (r *clusterResource) check(ctx context.Context, m resourceModel) (*placement.Result, error) {
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return nil, fmt.Errorf("%s: %s", d[0].Summary(), d[0].Detail())
	}
	dcs, _ := tfvalue.Strings(ctx, m.DataCenterIDs)
	return placement.CheckGPU(ctx, cat, request(m, dcs))
}

// planCreate checks a new cluster against the catalog and states its cost.
//
// For a replacement it runs twice: in the first plan call, which Terraform
// shows, and in the create half, whose errors Terraform keeps but whose
// warnings it drops; the second call gives no warnings (replacing.Warned).
func (r *clusterResource) planCreate(ctx context.Context, plan resourceModel, replacing *replacingMarker, resp *resource.ModifyPlanResponse) {
	if r.Data == nil {
		return
	}
	warn := func(d diag.Diagnostic) {
		if replacing == nil || !replacing.Warned {
			resp.Diagnostics.Append(d)
		}
	}
	setEstimate := func(v types.Float64) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("estimated_cost_per_hour"), v)...)
	}
	// stateCost gives the cost warning under a summary no other warning of
	// this plan has (Terraform folds equal summaries into one) and counts
	// the cost against max_hourly_spend, once per cluster: not again in
	// the create half of a replacement.
	stateCost := func(d diag.Diagnostic, perHour float64, known bool) {
		if replacing != nil && replacing.Warned {
			return
		}
		costs := r.Data.Costs()
		costs.Warn(ctx, &resp.Diagnostics, d)
		if e := costs.Add(ctx, fmt.Sprintf("cluster %q", plan.Name.ValueString()), perHour, known); e != nil {
			resp.Diagnostics.Append(e)
		}
	}
	client, d := r.Data.Client()
	if d.HasError() {
		// Plans without the API must work, but must not pretend the
		// checks ran.
		warn(diag.NewWarningDiagnostic(summaryNotChecked,
			fmt.Sprintf("The plan could not check the GPU type, its stock for clusters or its price, because the provider "+
				"cannot call the API (%s: %s). A cluster bills pod_count × gpu_count_per_pod GPUs at the catalog price or more "+
				"from creation until destroyed.", d[0].Summary(), d[0].Detail())))
		return
	}
	// With gpu_type_ids and no type chosen yet (a create, or a replacement
	// whose chosen type left the list), the plan chooses one.
	typeIDs, listKnown := tfvalue.StringsIfKnown(ctx, plan.GPUTypeIDs, &resp.Diagnostics)
	choosing := plan.GPUTypeID.IsUnknown() && listKnown && len(typeIDs) > 0
	if (!tfvalue.Known(plan.GPUTypeID) && !choosing) || !tfvalue.Known(plan.GPUCountPerPod) || !tfvalue.Known(plan.PodCount) {
		warn(diag.NewWarningDiagnostic(summaryNotChecked,
			fmt.Sprintf("Cluster %q: the GPU type (gpu_type_id or gpu_type_ids), gpu_count_per_pod and pod_count are not all "+
				"known until apply, so the plan cannot check stock or state the hourly cost. The cluster bills every GPU from "+
				"creation until destroyed.", plan.Name.ValueString())))
		stateCost(nil, 0, false)
		return
	}

	dcs, diags := tfvalue.Strings(ctx, plan.DataCenterIDs)
	resp.Diagnostics.Append(diags...)
	volumeDC, ok := r.volumeDataCenter(ctx, client, plan, dcs, &resp.Diagnostics)
	if !ok {
		return
	}
	if volumeDC != "" {
		dcs = []string{volumeDC}
	}
	cat, _ := r.Data.Catalog()
	var res *placement.Result
	if choosing {
		choice, err := placement.ChooseGPU(ctx, cat, request(plan, dcs), typeIDs)
		if err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Cannot Read the GPU Catalog",
				"reading GPU availability for clusters (product CLUSTER) to choose the cluster's GPU type", err))
			return
		}
		if !choice.OK() {
			resp.Diagnostics.Append(choiceError(choice, volumeDC))
			return
		}
		res = choice.Result
		plan.GPUTypeID = types.StringValue(choice.TypeID)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("gpu_type_id"), plan.GPUTypeID)...)
		warn(chosenWarning(choice))
	} else {
		var err error
		if res, err = placement.CheckGPU(ctx, cat, request(plan, dcs)); err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Cannot Read the GPU Catalog",
				"reading GPU availability for clusters (product CLUSTER) to check the cluster's stock", err))
			return
		}
		if !res.OK() {
			resp.Diagnostics.Append(placementError(res, volumeDC))
			return
		}
	}
	if !res.Price.Known {
		setEstimate(types.Float64Null())
		stateCost(diag.NewWarningDiagnostic(costSummary(plan, res), fmt.Sprintf("Creating cluster %q: Runpod's catalog lists no "+
			"Secure Cloud price for %s, so the plan cannot state the hourly cost of its %d GPUs. %s", plan.Name.ValueString(),
			res.GPU.ID, res.Price.Units, billingNote)), 0, false)
		return
	}
	setEstimate(types.Float64Value(res.Price.PerHour))
	stateCost(costWarning(plan, res, replacing), res.Price.PerHour, true)
}

// placementError is the plan error for a cluster the catalog says cannot be
// placed, on the attribute at fault. The placement package writes it for
// pods and clusters alike; two cases need words of their own here.
func placementError(res *placement.Result, volumeDC string) diag.Diagnostic {
	at := pathFor(res.Outcome)
	switch {
	case res.Outcome == placement.NotInCloud:
		// Its hint names the cloud argument, which clusters do not have.
		return diag.NewAttributeErrorDiagnostic(at, res.Summary, fmt.Sprintf("Instant Clusters run on Secure Cloud "+
			"only, and %s is not offered there, so a cluster of it cannot be created. The runpod_gpu_types data source "+
			"with product = \"CLUSTER\" lists the GPU types that can.", res.GPU.ID))
	case res.Outcome == placement.NoStock && volumeDC != "":
		return diag.NewAttributeErrorDiagnostic(at, res.Summary, res.Detail+fmt.Sprintf(
			"\n\nThe cluster must be in %s, the data center of its network volume; another data center listed above "+
				"needs a network volume there.", volumeDC))
	}
	return diag.NewAttributeErrorDiagnostic(at, res.Summary, res.Detail)
}

// chosenWarning says which type the plan chose from gpu_type_ids, and which
// it skipped and why.
func chosenWarning(c *placement.Choice) diag.Diagnostic {
	detail := fmt.Sprintf("The plan chose %q, the first GPU type of gpu_type_ids with stock for this cluster.", c.TypeID)
	if len(c.Skipped) > 0 {
		detail += " Skipped:\n" + c.SkippedLines()
	}
	detail += "\n\nThe choice is kept in gpu_type_id: later stock changes do not replace the cluster, and changing the " +
		"list replaces it only if the chosen type is no longer in it."
	return diag.NewAttributeWarningDiagnostic(path.Root("gpu_type_id"), summaryChosen, detail)
}

// choiceError is the plan error when no type of gpu_type_ids can be placed:
// each type with the single-type check's own explanation (placementError).
// A data center id the catalog does not know fails every type alike, so it
// is reported once, as for a single type.
func choiceError(c *placement.Choice, volumeDC string) diag.Diagnostic {
	if len(c.Skipped) > 0 && c.Skipped[0].Result.Outcome == placement.UnknownDataCenter {
		return placementError(c.Skipped[0].Result, volumeDC)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "None of the %d GPU types in gpu_type_ids can be placed for this cluster now (Runpod creates a cluster "+
		"of exactly one GPU type and never falls back to another, so the plan checked each in order):\n%s",
		len(c.Skipped), c.SkippedLines())
	for _, s := range c.Skipped {
		fmt.Fprintf(&b, "\n\n%s (%s): %s", s.TypeID, s.Result.Summary, placementError(s.Result, volumeDC).Detail())
	}
	b.WriteString("\n\nAdd a type with stock for clusters, widen data_center_ids, lower gpu_count_per_pod, or try again later.")
	return diag.NewAttributeErrorDiagnostic(path.Root("gpu_type_ids"), summaryNoListedCapacity, b.String())
}

// pathFor is the attribute a placement outcome is about.
func pathFor(o placement.Outcome) path.Path {
	switch o {
	case placement.UnknownDataCenter:
		return path.Root("data_center_ids")
	case placement.CountOutOfRange:
		return path.Root("gpu_count_per_pod")
	}
	return path.Root("gpu_type_id")
}

// volumeDataCenter reads the configured network volume, whose data center
// the cluster must be in, and checks it against data_center_ids. It returns
// "" when there is no volume or its id is not known yet, and false when the
// plan must fail.
func (r *clusterResource) volumeDataCenter(ctx context.Context, client *runpod.Client, plan resourceModel, dcs []string, diags *diag.Diagnostics) (string, bool) {
	id, d := networkVolumeID(ctx, plan.NetworkVolume)
	diags.Append(d...)
	if id == "" {
		return "", true
	}
	v, err := client.GetNetworkVolume(ctx, id)
	if runpod.IsNotFound(err) {
		diags.AddAttributeError(path.Root("network_volume").AtName("volume_id"), "Network Volume Not Found",
			fmt.Sprintf("No network volume with id %q exists or is visible to this API key.", id))
		return "", false
	}
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read Network Volume", fmt.Sprintf("reading network volume %s to find its data center", id), err))
		return "", false
	}
	if len(dcs) > 0 && !slices.Contains(dcs, v.DataCenter) {
		diags.AddAttributeError(path.Root("network_volume").AtName("volume_id"), "Network Volume in Another Data Center",
			fmt.Sprintf("Network volume %q (%s) is in %s, which is not in data_center_ids (%s). A network volume is reachable "+
				"only from compute in its own data center, and Runpod refuses the create. Add %s to data_center_ids, or use a "+
				"volume in one of those data centers.", v.Name, id, v.DataCenter, strings.Join(dcs, ", "), v.DataCenter))
		return "", false
	}
	return v.DataCenter, true
}

const billingNote = "Cluster pods can bill above pod prices, so the real spend is in the runpod_cluster_billing data " +
	"source after creation."

// costSentence is the arithmetic of the cost warning, e.g. "pod_count ×
// gpu_count_per_pod = 2 × 8 = 16 GPUs of NVIDIA H100 80GB HBM3 (H100 SXM)
// at $2.99 per GPU-hour (catalog, Secure Cloud price) = $47.84 per hour
// (about $1,148.16 per day) from creation until destroyed".
func costSentence(plan resourceModel, res *placement.Result) string {
	return fmt.Sprintf("pod_count × gpu_count_per_pod = %d × %d = %d GPUs of %s (%s) at %s per GPU-hour (catalog, Secure "+
		"Cloud price) = %s per hour (about %s per day) from creation until destroyed.",
		plan.PodCount.ValueInt64(), plan.GPUCountPerPod.ValueInt64(), res.Price.Units, res.GPU.ID, res.GPU.Name,
		pricing.USD(res.Price.Unit), pricing.USD(res.Price.PerHour), pricing.USD(res.Price.PerHour*24))
}

// costSummary names the cluster and its hourly price, so that each
// cluster's cost warning has its own summary.
func costSummary(plan resourceModel, res *placement.Result) string {
	if res != nil && res.Price.Known {
		return fmt.Sprintf("%s: %q at %s/h", summaryCost, plan.Name.ValueString(), pricing.USD(res.Price.PerHour))
	}
	return fmt.Sprintf("%s: %q", summaryCost, plan.Name.ValueString())
}

// costWarning is the plan warning for a cluster to be created.
func costWarning(plan resourceModel, res *placement.Result, replacing *replacingMarker) diag.Diagnostic {
	var b strings.Builder
	if replacing != nil {
		fmt.Fprintf(&b, "Replacing cluster %q (%s) creates a new cluster: ", plan.Name.ValueString(), replacing.ID)
	} else {
		fmt.Fprintf(&b, "Creating cluster %q: ", plan.Name.ValueString())
	}
	b.WriteString(costSentence(plan, res))
	levels := make([]string, 0, len(res.Stock))
	for _, s := range res.Stock {
		if slices.Contains(res.Placeable, s.ID) {
			levels = append(levels, fmt.Sprintf("%s %s", s.ID, s.Availability))
		}
	}
	fmt.Fprintf(&b, " Stock for clusters now: %s (availability per pod, not a count: the whole cluster must fit in one "+
		"data center, which Runpod confirms only at create).", strings.Join(levels, ", "))
	if replacing != nil && replacing.PodCount != replacing.Applied && replacing.PodCount != plan.PodCount.ValueInt64() {
		fmt.Fprintf(&b, " The cluster being replaced has %d pods now, set outside Terraform; the new one has the "+
			"configured %d.", replacing.PodCount, plan.PodCount.ValueInt64())
	}
	b.WriteString(" " + billingNote)
	return diag.NewWarningDiagnostic(costSummary(plan, res), b.String())
}

// capacityError explains a create Runpod refused for lack of capacity. It is
// not retried; the availability read (the provider's memo, read moments
// earlier by this apply's own plan) is quoted with what has stock.
func (r *clusterResource) capacityError(ctx context.Context, plan resourceModel, body runpod.CreateClusterRequest, err error) diag.Diagnostic {
	var b strings.Builder
	fmt.Fprintf(&b, "Runpod refused to create cluster %q: it could not place %d pods × %d %s in one data center",
		body.Name, body.Compute.PodCount, body.Compute.GPUCountPerPod, body.Compute.GPUTypeID)
	if apiErr := (*runpod.APIError)(nil); errors.As(err, &apiErr) && apiErr.Detail != "" {
		fmt.Fprintf(&b, " (Runpod said: %q)", apiErr.Detail)
	}
	b.WriteString(". Stock moved since the plan, or the level the plan read was not enough for all the GPUs at once: " +
		"the catalog reports availability per pod, not a count. The create was not retried, and no cluster was created.")
	dcs := body.DataCenterIDs
	if body.Mounts != nil && len(body.Mounts.Network) > 0 {
		if v, verr := r.mustClient().GetNetworkVolume(ctx, body.Mounts.Network[0].VolumeID); verr == nil {
			dcs = []string{v.DataCenter}
		}
	}
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return diag.NewAttributeErrorDiagnostic(path.Root("gpu_type_id"), summaryNoCapacity, b.String())
	}
	res, cerr := placement.CheckGPU(ctx, cat, request(plan, dcs))
	switch {
	case cerr != nil:
		fmt.Fprintf(&b, "\n\nReading the catalog for alternatives failed too: %s", cerr)
	case !res.OK():
		b.WriteString("\n\n" + res.Detail)
	default:
		levels := make([]string, 0, len(res.Stock))
		for _, s := range res.Stock {
			levels = append(levels, fmt.Sprintf("%s %s", s.ID, s.Availability))
		}
		fmt.Fprintf(&b, "\n\nThe catalog still reports stock for one pod of this size (%s), but not enough for the "+
			"whole cluster. A smaller pod_count or gpu_count_per_pod is more likely to fit, or a data center where it "+
			"has more stock.", strings.Join(levels, ", "))
		req := request(plan, dcs)
		if gpus, err := cat.GPUTypes(ctx, placement.GPUQuery(req)); err == nil {
			res.AddAlternatives(gpus, req)
			b.WriteString(placement.AlternativesText(res, req))
		}
		b.WriteString("\n\nThe runpod_gpu_types data source with product = \"CLUSTER\" reads the same availability.")
	}
	return diag.NewAttributeErrorDiagnostic(path.Root("gpu_type_id"), summaryNoCapacity, b.String())
}

// mustClient is the client of a configured provider (Create has checked).
func (r *clusterResource) mustClient() *runpod.Client {
	c, _ := r.Data.Client()
	return c
}
