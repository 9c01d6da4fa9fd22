// Package pod implements the runpod_pod resource and the runpod_pod and
// runpod_pods data sources (API v2 /v2/pods).
package pod

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_pod"

var (
	_ providerdata.ManagedResource          = (*podResource)(nil)
	_ resource.ResourceWithConfigValidators = (*podResource)(nil)
	_ resource.ResourceWithValidateConfig   = (*podResource)(nil)
)

// Private-state keys.
var (
	// privateImported marks a pod adopted by import: its create-time
	// settings (start flags, CUDA constraint, data-center preference,
	// template) cannot be read back, so the configuration's values are
	// recorded instead of replacing the pod.
	privateImported = privatestate.NewKey[bool]("create_settings_unknown")
	// privateGlobalNetworking holds a global_networking value sent by
	// PATCH that Runpod applies only at the pod's next start or restart;
	// until then state keeps the configured value instead of showing the
	// old one as drift.
	privateGlobalNetworking = privatestate.NewKey[bool]("global_networking_pending")
	// privateTemplateEnv holds the env the pod's template gave it at
	// create (JSON object), so that its keys stay on the pod without
	// showing in env as drift (podModel.TemplateEnv).
	privateTemplateEnv = privatestate.NewKey[map[string]string]("template_env")
)

// loadTemplateEnv reads privateTemplateEnv into m.
func loadTemplateEnv(ctx context.Context, from privatestate.Store, m *podModel, diags *diag.Diagnostics) {
	env, ok, d := privateTemplateEnv.Get(ctx, from)
	diags.Append(d...)
	if ok {
		m.TemplateEnv = env
	}
}

// NewResource is the runpod_pod resource factory.
func NewResource() resource.Resource {
	r := &podResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}, waits: defaultWaits}
	r.Upgradable = migrate.Upgradable{
		Movable:       migrate.Movable{SourceTypes: []string{ResourceType}, Mark: migrate.FlagMark(privateImported)},
		OwnAttributes: OwnAttributes, Of: r,
	}
	return r
}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its SSH and HTTP proxy addresses and port mappings), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"ssh_proxy", "proxy_urls", "port_mappings"}

type podResource struct {
	providerdata.ResourceBase
	identity.ByID
	migrate.Upgradable
	waits poll.Backoff
	// afterCreate, when set (by tests), sees each pod right after the create
	// request returns.
	afterCreate func(*runpod.Pod)
}

func (r *podResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[podModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, defaultCreateTimeout)
	resp.Diagnostics.Append(d...)
	body, d := toCreateRequest(ctx, plan)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	if pw, err := addJupyterPassword(plan, &body); err != nil {
		resp.Diagnostics.AddError("Cannot Generate a Jupyter Password",
			fmt.Sprintf("Generating the JupyterLab password for pod %q failed: %s. Nothing was created. Set JUPYTER_PASSWORD "+
				"in env to choose one, or run the apply again.", plan.Name.ValueString(), err))
		return
	} else if pw != "" {
		// State keeps it even if Runpod's reads leave it out (fromAPI).
		plan.JupyterPassword = types.StringValue(pw)
	}
	target := plan.DesiredStatus.ValueString()

	// A pod this configuration may already have created, in an apply whose
	// create reply was lost, must not get a twin: the plan refused it
	// (refuseOrphan).
	warnNoSSHKey(ctx, client, plan, &resp.Diagnostics)

	// One POST, never repeated: a pod has no unique name to find it by, so
	// a second attempt after an ambiguous failure could create a second
	// billing pod.
	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.Pod]{
		Like: lookalike(body),
		Send: func(ctx context.Context) (*runpod.Pod, error) { return client.CreatePod(ctx, body) },
		Refused: func(ctx context.Context, err error) (diag.Diagnostic, bool) {
			return r.createRefused(ctx, plan, body, err), true
		},
		Record: func(p safecreate.Pending) diag.Diagnostics {
			return pendingcreate.Save(ctx, &resp.State, plan, resp.Private, p)
		},
	}, &resp.State, &resp.Diagnostics)
	if created == nil {
		return
	}
	if r.afterCreate != nil {
		r.afterCreate(created)
	}
	if plan.TemplateEnv = templateEnvOf(created, body); plan.TemplateEnv != nil {
		resp.Diagnostics.Append(privateTemplateEnv.Set(ctx, resp.Private, plan.TemplateEnv)...)
	}

	// Save the pod at once, so that nothing below can orphan it: from here
	// on an error leaves it in state (tainted), never forgotten.
	setState(ctx, created, plan, target, &resp.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}

	waitCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	last := created
	if target == desiredExited {
		stopped, _, err := stopMove.send(ctx, client, created)
		if err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Pod Created but Not Stopped",
				fmt.Sprintf("stopping pod %s right after creating it (desired_status = %q); the pod is running and billing", created.ID, desiredExited), err))
			return
		}
		last = stopped
	}
	if plan.Locked.ValueBool() {
		// The create body has no locked field: lock it once it exists.
		locked, err := client.UpdatePod(ctx, created.ID, runpod.UpdatePodRequest{Locked: runpod.Set(true)})
		if err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Pod Created but Not Locked", fmt.Sprintf("locking pod %s", created.ID), err))
			return
		}
		last = locked
	}
	r.land(ctx, waitCtx, client, plan, last, target == desiredRunning, timeout, "timeouts.create", &resp.State, &resp.Diagnostics)
}

// land ends a create or update whose writes are sent: it waits (within
// waitCtx) for the pod to reach plan's desired_status, then, when ready is
// set, for the readiness line the pod owes its configuration, and stores
// the pod read back. It returns the pod to record pending changes from
// (the last read, nil when the read back failed) and whether the wait
// landed; when it did not, reportWait has saved the pod and said why.
func (r *podResource) land(ctx, waitCtx context.Context, client *runpod.Client, plan podModel, last *runpod.Pod, ready bool,
	timeout time.Duration, timeoutAttr string, state *tfsdk.State, diags *diag.Diagnostics,
) (*runpod.Pod, bool) {
	target := plan.DesiredStatus.ValueString()
	m := moveTo(target)
	last, result, err := m.wait(waitCtx, client, r.waits, last, m.settled)
	if !r.reportWait(ctx, last, plan, target, timeout, timeoutAttr, result, err, state, diags) {
		return last, false
	}
	if ready {
		r.awaitReady(waitCtx, client, plan, last.ID, timeout, timeoutAttr, diags)
	}
	return r.readInto(ctx, client, last.ID, plan, target, last, state, diags), true
}

// reportWait turns the end of a wait into state and diagnostics. It
// returns true when the pod reached its target and the caller should read
// it back; otherwise it has saved the last read and said why.
func (r *podResource) reportWait(ctx context.Context, last *runpod.Pod, prior podModel, target string,
	timeout time.Duration, timeoutAttr string, result waitResult, err error, state *tfsdk.State, diags *diag.Diagnostics,
) bool {
	name := prior.Name.ValueString()
	switch {
	case isGoneErr(err):
		state.RemoveResource(ctx)
		diags.Append(disappeared(podRef(name, last.ID), "the provider", target, "it has been removed from state."))
		return false
	case err != nil:
		// The write succeeded; only the check after it failed (a short
		// read outage). That is no reason to taint a healthy pod, which
		// an error would do: keep it, as after a timeout, and say what
		// was not verified.
		setState(ctx, last, prior, target, state, diags)
		diags.Append(notVerifiedWarning(last, name, target, fmt.Sprintf("reading pod %s while waiting for it", last.ID), err))
		return false
	case result == waitFailed:
		setState(ctx, last, prior, target, state, diags)
		diags.Append(failedToStart(podRef(name, last.ID), "", " It is kept in state, so nothing is orphaned, and Terraform "+
			"marks it tainted: the next apply replaces it."))
		return false
	case result == waitTimedOut:
		setState(ctx, last, prior, target, state, diags)
		diags.Append(notReadyWarning(last, name, target, timeout, timeoutAttr))
		return false
	}
	return true
}

// notVerifiedWarning explains a read that failed after a successful
// write: the pod is kept, untainted, and the next refresh verifies it.
func notVerifiedWarning(p *runpod.Pod, name, target, action string, err error) diag.Diagnostic {
	return diag.NewWarningDiagnostic("Pod Not Verified",
		diagnostics.APIErrorDetail(action, err)+fmt.Sprintf("\n\nPod %q (%s) exists and is saved in state as last read "+
			"(status %s); it is not tainted, so the next apply does not replace it. Not verified: that it reached %s, and "+
			"its ports, proxy URLs and SSH commands. The next plan or refresh reads it again and fills them in; if it failed "+
			"to start, the Runpod console and the runpod_pod_logs data source show why.", name, p.ID, p.Status, target))
}

// notReadyWarning explains a wait that ran out: normal for slow image
// pulls, and not a reason to create the pod again.
func notReadyWarning(p *runpod.Pod, name, target string, timeout time.Duration, timeoutAttr string) diag.Diagnostic {
	f := factsOf(p)
	what := "stop"
	if target == desiredRunning {
		what = "run"
		if len(p.Ports) > 0 {
			what = "run and map its ports"
		}
	}
	detail := fmt.Sprintf("Pod %q (%s) was still %s after waiting %s (%s) for it to %s.", name, p.ID, p.Status, timeout, timeoutAttr, what)
	if target == desiredRunning && p.Status == runpod.PodStatusRunning && len(f.unmapped) > 0 {
		detail += fmt.Sprintf(" Ports not mapped yet: %s.", strings.Join(f.unmapped, ", "))
	}
	detail += " Slow image pulls are normal.\n\nThe pod is saved in state and is not tainted: the next plan reads its status " +
		"again and creates nothing. Its status, proxy URLs and SSH commands fill in as it comes up. Raise " + timeoutAttr +
		" in the timeouts block to wait longer."
	if target == desiredRunning {
		detail += " The pod bills from now on, whether it is ready or not."
	}
	return diag.NewWarningDiagnostic("Pod Not Ready Yet", detail)
}

// createRefused explains a create the API refused. A capacity refusal is
// told apart from an unknown GPU type (the API says the same for both) by
// reading the catalog now.
func (r *podResource) createRefused(ctx context.Context, plan podModel, body runpod.CreatePodRequest, err error) diag.Diagnostic {
	action := fmt.Sprintf("creating pod %q", body.Name)
	if runpod.IsRequestTooLarge(err) {
		return tooLarge(plan)
	}
	if !runpod.IsCapacity(err) {
		return diagnostics.APIError("Pod Not Created", action, err)
	}
	apiDetail := diagnostics.APIErrorDetail(action, err)
	res, cerr := r.checkPlacement(ctx, plan, body.DataCenterIDs)
	switch {
	case cerr != nil || res == nil:
		return diag.NewErrorDiagnostic("Pod Not Created: No Capacity", apiDetail)
	case !res.OK():
		return diag.NewErrorDiagnostic("Pod Not Created: "+res.Summary, apiDetail+"\n\n"+res.Detail)
	}
	if filters := machineFilters(body.GPU); filters != "" {
		return diag.NewErrorDiagnostic("Pod Not Created: No Capacity", apiDetail+fmt.Sprintf("\n\nThe catalog still shows stock in %s, "+
			"but the pod also asks for machines with %s, which the catalog cannot check: it publishes no machine's RAM or "+
			"vCPUs per GPU. No machine with stock may meet them; lower or remove them, choose another GPU type, or apply again "+
			"later. Nothing was created.", strings.Join(res.Placeable, ", "), filters))
	}
	return diag.NewErrorDiagnostic("Pod Not Created: No Capacity", apiDetail+fmt.Sprintf("\n\nThe catalog still shows stock in %s, "+
		"but Runpod could not place the pod when it was asked: stock moves quickly, and the catalog's levels are coarse. Apply "+
		"again, widen data_center_ids, or choose another GPU type. Nothing was created.", strings.Join(res.Placeable, ", ")))
}

// machineFilters names the machine filters a GPU create asks for, e.g.
// "gpu.min_ram_per_gpu = 128 and gpu.min_vcpu_count_per_gpu = 16", or ""
// when it has none.
func machineFilters(g *runpod.CreatePodGPU) string {
	if g == nil {
		return ""
	}
	var set []string
	if g.MinRAMPerGPU > 0 {
		set = append(set, fmt.Sprintf("gpu.min_ram_per_gpu = %d", g.MinRAMPerGPU))
	}
	if g.MinVCPUCountPerGPU > 0 {
		set = append(set, fmt.Sprintf("gpu.min_vcpu_count_per_gpu = %d", g.MinVCPUCountPerGPU))
	}
	return strings.Join(set, " and ")
}

// checkPlacement runs the catalog check for the plan's compute; nil
// without an error when the plan has neither block known or there is no
// catalog.
func (r *podResource) checkPlacement(ctx context.Context, plan podModel, dcs []string) (*placement.Result, error) {
	if r.Data == nil {
		return nil, nil
	}
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return nil, nil
	}
	if gr, ok := gpuRequest(ctx, plan, dcs); ok {
		return placement.CheckGPU(ctx, cat, gr)
	}
	if cr, ok := cpuRequest(ctx, plan, dcs); ok {
		return placement.CheckCPU(ctx, cat, cr)
	}
	return nil, nil
}

func (r *podResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	_, prior, ok := providerdata.Begin[podModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	r.Data.Managed(ctx, Kind.Noun, req.State)
	loadTemplateEnv(ctx, req.Private, &prior, &resp.Diagnostics)
	if migrate.Adopted(prior.Name) {
		// Taken from Runpod's provider's state (or imported): its
		// create-time settings are recorded from the configuration.
		resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateImported, true)...)
	}
	id := prior.ID.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed.
		pendingcreate.Settle(ctx, Kind, r.Data, pendingLike(ctx, prior), prior.AllowDuplicate.ValueBool(),
			pendingcreate.Cost(prior.EstimatedCost, "hour"), req, resp)
		return
	}
	p, err := Kind.SharedGet(r.Data.Reads(), ctx, id)
	if providerdata.StopRefresh(ctx, "pod", id, err, err == nil && isGone(p.Status), resp) {
		return
	}
	m, d := fromAPI(ctx, p, prior)
	resp.Diagnostics.Append(d...)
	keepPendingGlobalNetworking(ctx, p, &m, req.Private, resp.Private, &resp.Diagnostics)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// pendingLike is the lookalike of the pod that a pending create (m, its
// state) asked for.
func pendingLike(ctx context.Context, m podModel) safecreate.Lookalike[runpod.Pod] {
	body, d := toCreateRequest(ctx, m)
	like := lookalike(body).ShapeKnown(!d.HasError())
	like.Name = m.Name.ValueString()
	return like
}

// keepPendingGlobalNetworking keeps a global_networking change that Runpod
// applies at the next start in state until the pod shows it, then forgets
// it.
func keepPendingGlobalNetworking(ctx context.Context, p *runpod.Pod, m *podModel, from, to privatestate.Store, diags *diag.Diagnostics) {
	pending, ok, d := privateGlobalNetworking.Get(ctx, from)
	diags.Append(d...)
	if !ok {
		return
	}
	if p.GlobalNetworking.Enabled == pending {
		diags.Append(privateGlobalNetworking.Remove(ctx, to)...)
		return
	}
	m.GlobalNetworking = types.BoolValue(pending)
}

func (r *podResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[podModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	loadTemplateEnv(ctx, req.Private, &plan, &resp.Diagnostics)
	state.TemplateEnv = plan.TemplateEnv
	timeout, d := plan.Timeouts.Update(ctx, defaultUpdateTimeout)
	resp.Diagnostics.Append(d...)
	if recordOnly(ctx, plan, state) {
		r.record(ctx, plan, state, resp)
		return
	}

	live, ok := readBeforeUpdate(ctx, client, plan, state, resp)
	if !ok {
		return
	}
	last, started, ok := r.sendUpdate(ctx, client, plan, state, live, resp)
	if !ok {
		return
	}

	waitCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	p, landed := r.land(ctx, waitCtx, client, plan, last, started, timeout, "timeouts.update", &resp.State, &resp.Diagnostics)
	if p != nil {
		r.notePendingGlobalNetworking(ctx, p, plan, resp)
	}
	if landed && !resp.Diagnostics.HasError() {
		// The create-time settings of an imported pod are recorded now;
		// from here on a change to them replaces the pod, as for any pod.
		resp.Diagnostics.Append(privateImported.Remove(ctx, resp.Private)...)
	}
}

// record applies a record-only update (recordOnly): nothing is sent to
// Runpod, so nothing is read back either; the state is the plan, which kept
// what Runpod reports as the refresh before the plan read it. The next
// refresh reads the pod again.
func (r *podResource) record(ctx context.Context, plan, state podModel, resp *resource.UpdateResponse) {
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	planned := reportedValues(plan)
	for name, v := range reportedValues(state) {
		if planned[name].IsUnknown() {
			// Planned without ModifyPlan's values (it could not run):
			// the state's are still the pod's.
			resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), v)...)
		}
	}
	if !resp.Diagnostics.HasError() {
		// The create-time settings of an imported pod are recorded now.
		resp.Diagnostics.Append(privateImported.Remove(ctx, resp.Private)...)
	}
}

// readBeforeUpdate reads the pod an update is about to change: its status
// decides the stop or start, and its env carries the injected keys a new
// env must send back. A pod gone since the plan leaves state.
func readBeforeUpdate(ctx context.Context, client *runpod.Client, plan, state podModel, resp *resource.UpdateResponse) (*runpod.Pod, bool) {
	id := state.ID.ValueString()
	live, err := client.GetPod(ctx, id)
	if runpod.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		resp.Diagnostics.AddError("Pod Disappeared",
			fmt.Sprintf("Pod %q (%s) was terminated after the plan was made, so it cannot be updated. It has been removed "+
				"from state; plan again to create a new one.", plan.Name.ValueString(), id))
		return nil, false
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Pod", fmt.Sprintf("reading pod %s before updating it", id), err))
		return nil, false
	}
	return live, true
}

// sendUpdate sends what an update changes, in the order Runpod accepts
// it: the PATCH, the stop or start desired_status asks of a pod in live's
// status, and the lock a stop had to wait for (lockAfterStop). It returns
// the pod as last answered and whether a start was sent, or false after a
// refusal it has reported.
func (r *podResource) sendUpdate(ctx context.Context, client *runpod.Client, plan, state podModel, live *runpod.Pod,
	resp *resource.UpdateResponse,
) (last *runpod.Pod, started, ok bool) {
	id := state.ID.ValueString()
	body, changed, d := toUpdateRequest(ctx, plan, state, live)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return nil, false, false
	}
	m := moveTo(plan.DesiredStatus.ValueString())
	moving := m.stepFor(live.Status) == stepSend
	lockAfter := lockAfterStop(plan, state, live, moving && m == stopMove, &body)
	changed = changed || !body.Locked.IsZero()

	last = live
	if changed {
		updated, err := client.UpdatePod(ctx, id, body)
		if err != nil {
			resp.Diagnostics.Append(r.refused("Pod Not Updated", fmt.Sprintf("updating pod %s", id), state, err))
			return nil, false, false
		}
		last = updated
	}
	if moving {
		moved, _, err := m.send(ctx, client, live)
		if err != nil {
			r.moveRefused(ctx, client, m, plan, state, live, err, resp)
			return nil, false, false
		}
		last = moved
	}
	if lockAfter {
		locked, err := client.UpdatePod(ctx, id, runpod.UpdatePodRequest{Locked: runpod.Set(true)})
		if err != nil {
			resp.Diagnostics.Append(r.refused("Pod Not Locked", fmt.Sprintf("locking pod %s after stopping it", id), state, err))
			return nil, false, false
		}
		last = locked
	}
	return last, moving && m == startMove, true
}

// lockAfterStop puts a change of locked in the PATCH body, except when
// the pod is to be stopped and locked: a locked pod refuses stop, so it is
// locked after the stop instead, which it reports. Unlocking goes in the
// PATCH, which is sent before the stop.
func lockAfterStop(plan, state podModel, live *runpod.Pod, stop bool, body *runpod.UpdatePodRequest) bool {
	if plan.Locked.Equal(state.Locked) && plan.Locked.ValueBool() == live.Locked {
		return false
	}
	if stop && plan.Locked.ValueBool() {
		return true
	}
	body.Locked = runpod.Set(plan.Locked.ValueBool())
	return false
}

// moveRefused reports a stop or start the API refused and stores the pod
// as it is: a refused stop keeps desired_status as it was, a refused start
// stores the status the pod stays in.
func (r *podResource) moveRefused(ctx context.Context, client *runpod.Client, m move, plan, state podModel, live *runpod.Pod,
	err error, resp *resource.UpdateResponse,
) {
	id := state.ID.ValueString()
	if m == stopMove {
		resp.Diagnostics.Append(r.refused(m.summary, fmt.Sprintf("stopping pod %s", id), state, err))
		r.readInto(ctx, client, id, state, state.DesiredStatus.ValueString(), nil, &resp.State, &resp.Diagnostics)
		return
	}
	resp.Diagnostics.Append(startRefused(plan.Name.ValueString(), id, live, err))
	r.readInto(ctx, client, id, plan, desiredFromStatus(live.Status), nil, &resp.State, &resp.Diagnostics)
}

// notePendingGlobalNetworking records a global_networking change the pod
// has not applied yet (it takes effect at the next start or restart) and
// keeps the planned value in state.
func (r *podResource) notePendingGlobalNetworking(ctx context.Context, p *runpod.Pod, plan podModel, resp *resource.UpdateResponse) {
	if !tfvalue.Known(plan.GlobalNetworking) || p.GlobalNetworking.Enabled == plan.GlobalNetworking.ValueBool() || resp.State.Raw.IsNull() {
		resp.Diagnostics.Append(privateGlobalNetworking.Remove(ctx, resp.Private)...)
		return
	}
	resp.Diagnostics.Append(privateGlobalNetworking.Set(ctx, resp.Private, plan.GlobalNetworking.ValueBool())...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("global_networking"), plan.GlobalNetworking)...)
}

// startRefused explains a start the API refused: most often the GPU the
// stopped pod was on has been taken meanwhile.
func startRefused(name, id string, live *runpod.Pod, err error) diag.Diagnostic {
	detail := diagnostics.UpdateErrorDetail(fmt.Sprintf("starting pod %s", id), err)
	if runpod.IsCapacity(err) {
		detail += fmt.Sprintf("\n\nA stopped pod resumes on the machine it was created on, and that machine's GPUs were taken while "+
			"pod %q was stopped. It stays stopped (desired_status stays %q in state) and keeps its volume disk. Apply again later, "+
			"or replace the pod to place it anew (terraform apply -replace=%s.NAME), which loses what is on its volume disk.",
			name, desiredFromStatus(live.Status), ResourceType)
	}
	return diag.NewErrorDiagnostic(startMove.summary, detail)
}

// tooLarge is a 413 at apply, said as the plan-time check says it.
func tooLarge(m podModel) diag.Diagnostic {
	attr := "the pod's settings"
	if tfvalue.Known(m.Env) {
		attr = "env"
	}
	summary, detail := diagnostics.RequestTooLarge(attr, 0)
	if attr == "env" {
		return diag.NewAttributeErrorDiagnostic(path.Root("env"), summary, detail)
	}
	return diag.NewErrorDiagnostic(summary, detail)
}

// refused explains an update, stop or delete the API refused; a cluster
// member pod is managed through its cluster (409).
func (r *podResource) refused(summary, action string, state podModel, err error) diag.Diagnostic {
	if runpod.IsRequestTooLarge(err) {
		return tooLarge(state)
	}
	if runpod.IsConflict(err) && tfvalue.Known(state.ClusterID) {
		return diag.NewErrorDiagnostic(summary, diagnostics.UpdateErrorDetail(action, err)+fmt.Sprintf("\n\nPod %s belongs to cluster %s. "+
			"Runpod manages cluster pods through the cluster and refuses to change, stop or terminate them one by one. Manage it "+
			"with runpod_cluster, or stop managing it here with `terraform state rm` (which leaves the pod running).",
			state.ID.ValueString(), state.ClusterID.ValueString()))
	}
	return diagnostics.UpdateError(summary, action, err)
}

func (r *podResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[podModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	timeout, d := state.Timeouts.Delete(ctx, defaultDeleteTimeout)
	resp.Diagnostics.Append(d...)
	id, name := state.ID.ValueString(), state.Name.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed: what it
		// may have made is named, never deleted.
		pendingcreate.DeleteAmong(ctx, Kind, r.Data, pendingLike(ctx, state), req.Private, &resp.Diagnostics)
		return
	}
	action := fmt.Sprintf("terminating pod %s", id)
	resp.Diagnostics.Append(deletion.Run(ctx, deletion.Request{
		Kind: "pod", Name: name, ID: id,
		Delete: func(ctx context.Context) error {
			err := client.DeletePod(ctx, id)
			if runpod.IsConflict(err) && !tfvalue.Known(state.ClusterID) {
				err = r.unlockAndTerminate(ctx, client, id, name, err, &resp.Diagnostics)
			}
			return err
		},
		// A pod is gone when a read says so: 404, or TERMINATED.
		Read: func(ctx context.Context) error {
			p, err := client.GetPod(ctx, id)
			if runpod.IsNotFound(err) || (err == nil && isGone(p.Status)) {
				tflog.Info(ctx, "terminated pod", map[string]any{"id": id})
				return deletion.ErrGone
			}
			return err
		},
		Refused: func(err error) diag.Diagnostic {
			var unlock *unlockFailed
			switch {
			case errors.As(err, &unlock):
				return unlock.diag
			case runpod.IsConflict(err):
				return r.refused("Pod Not Terminated", action, state, err)
			}
			return diagnostics.APIError("Pod Not Terminated", action, err)
		},
		Unconfirmed: func(err error) diag.Diagnostic {
			return diagnostics.APIError("Cannot Confirm Pod Termination", fmt.Sprintf("reading pod %s after terminating it", id), err)
		},
		Wait: &deletion.Wait{
			Timeout: timeout,
			Backoff: r.waits,
			StillExists: func(timeout time.Duration, _ error) diag.Diagnostic {
				return diag.NewErrorDiagnostic("Pod Still Exists",
					fmt.Sprintf("Runpod accepted the termination of pod %q (%s), but it could still be read after %s (timeouts.delete). "+
						"A pod bills until it is gone: run destroy again, and if it persists check the Runpod console.", name, id, timeout))
			},
		},
	})...)
}

// unlockFailed is a locked pod's termination that failed because unlocking
// it failed; diag says so.
type unlockFailed struct{ diag diag.Diagnostic }

func (e *unlockFailed) Error() string { return e.diag.Summary() + ": " + e.diag.Detail() }

// unlockAndTerminate handles a termination Runpod refused (409) for a pod
// that is not a cluster member. Runpod documents that locked prevents stop
// and reset and says nothing about terminate; if a lock is why, the
// destroy the user asked for wins: the pod is unlocked, terminated, and a
// warning says so. It returns the second attempt's error, the first when
// the pod is not locked (the refusal has another reason), or *unlockFailed.
func (r *podResource) unlockAndTerminate(ctx context.Context, client *runpod.Client, id, name string, refusal error, diags *diag.Diagnostics) error {
	live, err := client.GetPod(ctx, id)
	if err != nil || !live.Locked {
		return refusal
	}
	if _, err := client.UpdatePod(ctx, id, runpod.UpdatePodRequest{Locked: runpod.Set(false)}); err != nil {
		return &unlockFailed{diagnostics.APIError("Pod Not Terminated", fmt.Sprintf("unlocking pod %s to terminate it, after Runpod "+
			"refused to terminate it while locked (%s); the pod is still locked, running and billing", id, refusal), err)}
	}
	diags.AddWarning("Locked Pod Unlocked to Terminate It",
		fmt.Sprintf("Runpod refused to terminate pod %q (%s) while it was locked (%s). locked guards a pod against stop and "+
			"reset; a destroy is an explicit request to remove it, so the provider unlocked it and terminated it. To keep a "+
			"pod from being destroyed by Terraform, use lifecycle { prevent_destroy = true }.", name, id, diagnostics.APIErrorDetail("terminating", refusal)))
	return client.DeletePod(ctx, id)
}

// ImportState takes a pod id or identity. The settings Runpod does not return
// are recorded from the configuration by the next plan (the private flag).
func (r *podResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	r.ByID.ImportState(ctx, req, resp)
	resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateImported, true)...)
}

// readInto reads the pod back after a write (kinds.Kind.ReadBack) and stores what the API
// returned, with desired_status as applied. It returns the pod read, or
// nil after an error.
//
// fallback, when not nil, is the pod as last read after a successful
// write: a failed read-back then keeps it with a warning instead of
// failing (and tainting) a pod that is fine.
func (r *podResource) readInto(ctx context.Context, client *runpod.Client, id string, prior podModel, desired string,
	fallback *runpod.Pod, state *tfsdk.State, diags *diag.Diagnostics,
) *runpod.Pod {
	written := kinds.Written[runpod.Pod]{Answer: fallback, Unverified: func(err error) diag.Diagnostic {
		return notVerifiedWarning(fallback, prior.Name.ValueString(), desired, fmt.Sprintf("reading pod %s after writing it", id), err)
	}}
	p := Kind.ReadBack(ctx, client, id, written, diags)
	if p == nil {
		return nil
	}
	setState(ctx, p, prior, desired, state, diags)
	if p == fallback {
		return nil // not read back: nothing fresh to record pending changes from
	}
	return p
}

// setState stores p with desired_status as the configuration asked: the
// pod may still be on its way there, which the next refresh shows.
func setState(ctx context.Context, p *runpod.Pod, prior podModel, desired string, state *tfsdk.State, diags *diag.Diagnostics) {
	m, d := fromAPI(ctx, p, prior)
	diags.Append(d...)
	m.DesiredStatus = types.StringValue(desired)
	diags.Append(state.Set(ctx, m)...)
}
