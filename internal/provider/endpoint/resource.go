// Package endpoint implements the runpod_endpoint resource (serverless
// endpoints, API v2 /v2/serverless) and the runpod_endpoint,
// runpod_endpoints and runpod_endpoint_workers data sources.
package endpoint

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_endpoint"

// Default timeouts: a worker pulls its image and boots in minutes; a delete
// is immediate.
const (
	defaultCreateTimeout = 20 * time.Minute
	defaultUpdateTimeout = 20 * time.Minute
	defaultDeleteTimeout = 5 * time.Minute
)

// defaultWaits paces the worker wait outside tests: a read after two
// seconds, then doubling up to 15 s, gentle on the rate limit.
var defaultWaits = poll.Backoff{Initial: 2 * time.Second, Max: 15 * time.Second}

// Private-state keys.
var (
	// privateTemplateEnv holds what the template put in env (see
	// resourceModel.TemplateEnv).
	privateTemplateEnv = privatestate.NewKey[map[string]string]("template_env")
	// privateLoweredMax holds the workers_max that state had when a
	// refresh found a lower one, so that the plan can say Runpod lowered it.
	privateLoweredMax = privatestate.NewKey[int64]("workers_max_before_lowered")
)

var (
	_ providerdata.ManagedResource        = (*endpointResource)(nil)
	_ resource.ResourceWithValidateConfig = (*endpointResource)(nil)
)

// NewResource is the runpod_endpoint resource factory.
func NewResource() resource.Resource {
	r := &endpointResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}, waits: defaultWaits}
	r.Upgradable = migrate.Upgradable{
		Movable:       migrate.Movable{SourceTypes: SourceTypes, Mark: migrate.FlagMark(privateTemplateUnknown)},
		OwnAttributes: OwnAttributes, Of: r,
	}
	return r
}

// SourceTypes are the type names a moved block can take a serverless
// endpoint from: runpod/runpod 1.x calls it runpod_endpoint, as here, and 2.0
// runpod_serverless_endpoint.
var SourceTypes = []string{"runpod_serverless_endpoint", ResourceType}

// OwnAttributes are attributes every state this provider has written for the
// kind holds (its request URLs, idle timeout and excluded GPU types), under names runpod/runpod does not use: a version-0
// state without them is runpod/runpod's (see migrate.Upgraders).
var OwnAttributes = []string{"request_urls", "idle_timeout_seconds", "gpu_excluded_type_ids"}

type endpointResource struct {
	providerdata.ResourceBase
	identity.ByID
	migrate.Upgradable
	waits poll.Backoff
}

// sameCompute reports whether an endpoint has the compute a create asked
// for: the same pools (in any order, as the API may answer them; see
// keepOrder) or the same CPU configurations.
func sameCompute(e *runpod.Endpoint, b runpod.CreateEndpointRequest) bool {
	if (e.GPU != nil) != (b.GPU != nil) {
		return false
	}
	if e.GPU != nil {
		return sameElements(e.GPU.Pools, b.GPU.Pools)
	}
	return slices.EqualFunc(e.CPU, b.CPU, func(c runpod.EndpointCPU, r runpod.EndpointCPURequest) bool {
		return c.ID == r.ID && c.VCPUCount == r.VCPUCount
	})
}

// computeOf names an endpoint's compute for messages:
// "GPU pools ADA_24, AMPERE_48" or "CPU cpu3c×4".
func computeOf(e *runpod.Endpoint) string {
	if e.GPU != nil {
		return "GPU pools " + strings.Join(e.GPU.Pools, ", ")
	}
	cpus := make([]runpod.EndpointCPURequest, len(e.CPU))
	for i, c := range e.CPU {
		cpus[i] = runpod.EndpointCPURequest{ID: c.ID, VCPUCount: c.VCPUCount}
	}
	return cpuText(cpus)
}

func computeOfBody(b runpod.CreateEndpointRequest) string {
	if b.GPU != nil {
		return "GPU pools " + strings.Join(b.GPU.Pools, ", ")
	}
	return cpuText(b.CPU)
}

func cpuText(cpus []runpod.EndpointCPURequest) string {
	parts := make([]string, len(cpus))
	for i, c := range cpus {
		parts[i] = fmt.Sprintf("%s×%d", c.ID, c.VCPUCount)
	}
	return "CPU " + strings.Join(parts, ", ")
}

func (r *endpointResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
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
	what := fmt.Sprintf("endpoint %q (%s on %s)", body.Name, body.Type, computeOfBody(body))

	// The POST is sent once: the client never retries it and neither does
	// the provider, because a second attempt could make a second endpoint.
	// A twin of an earlier apply's orphan was refused at plan (refuseOrphan).
	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.Endpoint]{
		Like: lookalike(body), Action: "creating " + what,
		Send: func(ctx context.Context) (*runpod.Endpoint, error) { return client.CreateEndpoint(ctx, body) },
		Record: func(p safecreate.Pending) diag.Diagnostics {
			return pendingcreate.Save(ctx, &resp.State, plan, resp.Private, p)
		},
	}, &resp.State, &resp.Diagnostics)
	if created == nil {
		return
	}
	if body.TemplateID != "" {
		plan.TemplateEnv = templateEnvOf(created.Env, body.Env)
		resp.Diagnostics.Append(privateTemplateEnv.Set(ctx, resp.Private, plan.TemplateEnv)...)
	}

	// From here on the endpoint exists: every problem is a warning, never
	// an error that would taint it and have the next apply make another.
	r.readInto(ctx, client, created.ID, afterWrite{Verb: "Created", Answer: created}, plan, &resp.State, &resp.Diagnostics)
	r.waitIfAsked(ctx, client, created.ID, plan, timeout, &resp.Diagnostics)
}

func (r *endpointResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	_, state, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	r.Data.Managed(ctx, Kind.Noun, req.State)
	loadTemplateEnv(ctx, req.Private, &state, &resp.Diagnostics)
	if migrate.Adopted(state.Name) {
		// Taken from Runpod's provider's state (or imported): its
		// template_id is recorded from the configuration.
		resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateTemplateUnknown, true)...)
	}
	id := state.ID.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed.
		pendingcreate.Settle(ctx, Kind, r.Data, pendingLike(ctx, state), false, pendingcreate.Cost(state.EstimatedCostPerHour, "hour"), req, resp)
		return
	}
	e, err := Kind.SharedGet(r.Data.Reads(), ctx, id)
	if providerdata.StopRefresh(ctx, "endpoint", id, err, false, resp) {
		return
	}
	before := state.WorkersMax
	m := fromAPI(ctx, e, state)
	m.EstimatedCostPerHour = r.refreshedEstimate(ctx, state, m)
	// Runpod lowers workers_max by itself on idle or failing endpoints:
	// remember what state had, so that the plan can say why it differs.
	if !before.IsNull() && !before.IsUnknown() && m.WorkersMax.ValueInt64() < before.ValueInt64() {
		resp.Diagnostics.Append(privateLoweredMax.Set(ctx, resp.Private, before.ValueInt64())...)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (r *endpointResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[resourceModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	loadTemplateEnv(ctx, req.Private, &plan, &resp.Diagnostics)
	state = recordImportedTemplate(ctx, req.Private, resp, &plan, state)
	defer endImportedTemplate(ctx, resp)
	timeout, d := plan.Timeouts.Update(ctx, defaultUpdateTimeout)
	resp.Diagnostics.Append(d...)
	body, changed, d := toUpdateRequest(ctx, plan, state)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	written := afterWrite{}
	if changed {
		updated, err := client.UpdateEndpoint(ctx, id, body)
		if err != nil {
			resp.Diagnostics.Append(diagnostics.UpdateError("Endpoint Not Updated", fmt.Sprintf("updating endpoint %q (%s)", plan.Name.ValueString(), id), err))
			return
		}
		written = afterWrite{Verb: "Updated", Answer: updated}
		if t, ok := body.TemplateID.Get(); ok && t != "" {
			env, _ := body.Env.Get()
			plan.TemplateEnv = templateEnvOf(updated.Env, env)
			resp.Diagnostics.Append(privateTemplateEnv.Set(ctx, resp.Private, plan.TemplateEnv)...)
		}
	}
	resp.Diagnostics.Append(privateLoweredMax.Remove(ctx, resp.Private)...)
	r.readInto(ctx, client, id, written, plan, &resp.State, &resp.Diagnostics)
	if changed {
		r.waitIfAsked(ctx, client, id, plan, timeout, &resp.Diagnostics)
	}
}

func (r *endpointResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	id, name := state.ID.ValueString(), state.Name.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed: what it
		// may have made is named, never deleted.
		pendingcreate.DeleteAmong(ctx, Kind, r.Data, pendingLike(ctx, state), req.Private, &resp.Diagnostics)
		return
	}
	timeout, d := state.Timeouts.Delete(ctx, defaultDeleteTimeout)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	del := Kind.Deletion(client, nil, id, name)
	del.StillExistsNote = "Its active workers keep billing until it is gone."
	del.Wait = &deletion.Wait{Timeout: timeout, Backoff: r.waits}
	resp.Diagnostics.Append(deletion.Run(ctx, del)...)
}

// afterWrite is what a successful write answered, kept in case the read
// that follows it fails; a zero afterWrite means nothing was written.
type afterWrite = kinds.Written[runpod.Endpoint]

// readInto reads the endpoint back after a write (kinds.Kind.ReadBack)
// and stores what Runpod holds.
func (r *endpointResource) readInto(ctx context.Context, client *runpod.Client, id string, written afterWrite, plan resourceModel, state *tfsdk.State, diags *diag.Diagnostics) {
	e := Kind.ReadBack(ctx, client, id, written, diags)
	if e == nil {
		return
	}
	m := fromAPI(ctx, e, plan)
	if m.EstimatedCostPerHour.IsUnknown() {
		m.EstimatedCostPerHour = r.appliedEstimate(ctx, m)
	}
	diags.Append(state.Set(ctx, m)...)
}

func loadTemplateEnv(ctx context.Context, from privatestate.Store, m *resourceModel, diags *diag.Diagnostics) {
	env, ok, d := privateTemplateEnv.Get(ctx, from)
	diags.Append(d...)
	if ok {
		m.TemplateEnv = env
	}
}

// ImportState takes an endpoint id (or identity). template_id and the wait
// are not read back: they come from the configuration, and the first apply
// records a configured template_id without applying it
// (privateTemplateUnknown).
func (r *endpointResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	r.ByID.ImportState(ctx, req, resp)
	resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateTemplateUnknown, true)...)
}
