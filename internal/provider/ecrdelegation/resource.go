// Package ecrdelegation implements the runpod_ecr_delegation resource, its
// list resource and the runpod_ecr_delegation and runpod_ecr_delegations
// data sources (API v2 /v2/registries/delegations): a
// delegation lets Runpod pull images from one private Amazon ECR repository
// without a stored password.
package ecrdelegation

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/deletion"
	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_ecr_delegation"

var _ providerdata.ManagedResource = (*delegationResource)(nil)

// NewResource is the runpod_ecr_delegation resource factory.
func NewResource() resource.Resource {
	return &delegationResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}, Movable: migrate.Movable{SourceTypes: SourceTypes}}
}

// SourceTypes are the type names a moved block can take an ECR delegation
// from: runpod/runpod 2.0 calls it runpod_registry_delegation (1.x called it
// runpod_ecr_delegation, as here).
var SourceTypes = []string{"runpod_registry_delegation", ResourceType}

type delegationResource struct {
	providerdata.ResourceBase
	identity.ByID
	migrate.Movable
}

const replaceNote = "Runpod has no update for delegations, so changing it replaces the delegation (revoke, then register)."

func (r *delegationResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	computed := func(desc string) schema.StringAttribute {
		// Fixed when the delegation is registered: only a replacement
		// changes them, and then the framework plans them as unknown.
		return schema.StringAttribute{
			MarkdownDescription: desc, Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: resourceDescription,
		Attributes: map[string]schema.Attribute{
			"id": identity.IDAttribute("The delegation's id, assigned by Runpod (e.g. `deleg_abc123`)."),
			"resource": schema.StringAttribute{
				MarkdownDescription: "ARN of the Amazon ECR repository Runpod may pull from, " +
					"`arn:aws:ecr:REGION:ACCOUNT_ID:repository/REPOSITORY_NAME` (e.g. `" + arnExample + "`). Checked at " +
					"plan time against that form (Runpod's API reference gives an example, not a pattern). Runpod does " +
					"not return it: on import and refresh it is the ARN of the repository the delegation names. " +
					replaceNote,
				Required:   true,
				Validators: []validator.String{validARN{}},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.RequiresReplaceIf(otherRepositoryReplaces,
						"Changing the repository replaces the delegation.", "Changing the repository replaces the delegation."),
				},
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Optional name for the delegation. Runpod does not require names to be unique. " + replaceNote,
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"delegator_user_id":   computed("The Runpod user that registered the delegation."),
			"aws_user":            computed("The AWS user or role delegated, as Runpod reports it (in Runpod's examples, the AWS account id)."),
			"repository":          computed("The ECR repository's name, e.g. `runpod/deployment`."),
			"tag":                 computed("The ECR image tag Runpod reports for the delegation."),
			"aws_region":          computed("The repository's AWS region, e.g. `us-east-2`."),
			"docker_registry_uri": computed("The repository's registry host for `docker login`, e.g. `418399314813.dkr.ecr.us-east-2.amazonaws.com`; null when Runpod does not return it. An image in the repository is `DOCKER_REGISTRY_URI/REPOSITORY:TAG`."),
			"created_at":          computed("When the delegation was registered (RFC 3339)."),
			"allow_duplicate": schema.BoolAttribute{
				MarkdownDescription: "Register the delegation even when the account has a delegation with the same name and " +
					"repository that was registered in the last 10 minutes and that this configuration does not manage. Off by " +
					"default: such a delegation is most likely the one of an earlier apply whose create reply was lost (a dropped " +
					"connection or a 5xx after Runpod registered it), so the plan refuses to register a second one and names it " +
					"with an import block. Set it when you really register same-name delegations of one repository from separate " +
					"applies in quick succession. Only read at create.",
				Optional: true,
			},
		},
	}
}

// otherRepositoryReplaces replaces the delegation when the configured ARN
// names another repository than the one it delegates. An ARN that names
// the same one in other words (state written by an import or an older
// provider, or a partition written differently) is recorded in place.
func otherRepositoryReplaces(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	var state resourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.RequiresReplace = !sameRepository(req.PlanValue.ValueString(), state.asAPI())
}

// asAPI is the delegation that state describes, for sameRepository.
func (m delegationModel) asAPI() *runpod.EcrDelegation {
	return &runpod.EcrDelegation{
		AWSUser: m.AWSUser.ValueString(), Repository: m.Repository.ValueString(), AWSRegion: m.AWSRegion.ValueString(),
		DockerRegistryURI: m.DockerRegistryURI.ValueStringPointer(),
	}
}

// lookalike tells package safecreate how to recognise the delegation a
// create of name for the repository arn made: the same name and repository.
// Delegations have no unique name (and may have none), so a lost create
// reply is settled as for the compute kinds: a delegation that appeared
// since the request was sent is named, never adopted (another writer may
// have registered it), and a recent one that this run did not register
// blocks another create.
func lookalike(arn, name string) safecreate.Lookalike[runpod.EcrDelegation] {
	return safecreate.Lookalike[runpod.EcrDelegation]{
		Name: name, Shape: "repository", OptOut: "allow_duplicate", Unbilled: true,
		Same: func(d *runpod.EcrDelegation) bool { return sameRepository(arn, d) },
		Describe: func(d *runpod.EcrDelegation) string {
			return fmt.Sprintf("repository %s in %s (account %s)", d.Repository, d.AWSRegion, accountOf(d))
		},
	}
}

func (r *delegationResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	arn, name := plan.Resource.ValueString(), plan.Name.ValueString()
	body := runpod.CreateDelegationRequest{Resource: arn, Name: plan.Name.ValueStringPointer()}
	like := lookalike(arn, name)
	what := fmt.Sprintf("ECR delegation of %s", arn)
	if name != "" {
		what = fmt.Sprintf("ECR delegation %q of %s", name, arn)
	}

	// The POST is sent once: neither the client nor the provider retries
	// it, because a second attempt could register a second delegation. A
	// twin of an earlier apply's orphan was refused at plan (refuseOrphan).
	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.EcrDelegation]{
		Like: like, Action: "registering " + what,
		Send: func(ctx context.Context) (*runpod.EcrDelegation, error) { return client.CreateDelegation(ctx, body) },
		Refused: func(_ context.Context, err error) (diag.Diagnostic, bool) {
			return diagnostics.APIError("ECR Delegation Not Registered", "registering "+what, err), true
		},
		Record: func(p safecreate.Pending) diag.Diagnostics {
			return pendingcreate.Save(ctx, &resp.State, plan, resp.Private, p)
		},
	}, &resp.State, &resp.Diagnostics)
	if created == nil {
		return
	}
	readInto(ctx, client, created.ID, plan, created, &resp.State, &resp.Diagnostics)
}

func (r *delegationResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	_, prior, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	r.Data.Managed(ctx, Kind.Noun, req.State)
	id := prior.ID.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed.
		pendingcreate.Settle(ctx, Kind, r.Data, lookalike(prior.Resource.ValueString(), prior.Name.ValueString()),
			prior.AllowDuplicate.ValueBool(), "", req, resp)
		return
	}
	// No read by id exists: this is served from one list shared by every
	// delegation refreshed in the run.
	found, err := Kind.SharedGet(r.Data.Reads(), ctx, id)
	if providerdata.StopRefresh(ctx, Kind.Noun, id, err, false, resp) {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, resourceFromAPI(ctx, found, prior))...)
}

// Update is reached only when the configured ARN names the delegation's
// repository in other words than state (see otherRepositoryReplaces): it
// records the configured ARN and calls no API that writes.
func (r *delegationResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[resourceModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	tflog.Info(ctx, "recording the configured ARN of an ECR delegation", map[string]any{"id": state.ID.ValueString()})
	readInto(ctx, client, state.ID.ValueString(), plan, nil, &resp.State, &resp.Diagnostics)
}

func (r *delegationResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[resourceModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	id := state.ID.ValueString()
	if id == "" {
		// A create whose reply was lost and whose look-up failed: what it
		// may have made is named, never deleted.
		pendingcreate.DeleteAmong(ctx, Kind, r.Data, lookalike(state.Resource.ValueString(), state.Name.ValueString()), req.Private, &resp.Diagnostics)
		return
	}
	// Confirmed gone by a fresh list: the client's read of one lists them.
	resp.Diagnostics.Append(deletion.Run(ctx,
		Kind.Deletion(client, nil, id, displayName(state.Name.ValueString(), state.Resource.ValueString())))...)
}

// displayName names a delegation in messages: its name, or the ARN for one
// without a name.
func displayName(name, arn string) string {
	if name != "" {
		return name
	}
	return arn
}

// readInto reads the delegation back after a write (kinds.Kind.ReadBack;
// created is the registration's answer, nil otherwise) and stores what
// Runpod holds with the configured ARN and allow_duplicate (plan).
func readInto(ctx context.Context, client *runpod.Client, id string, plan resourceModel, created *runpod.EcrDelegation,
	state *tfsdk.State, diags *diag.Diagnostics,
) {
	written := kinds.Written[runpod.EcrDelegation]{Verb: "Registered", Answer: created}
	if d := Kind.ReadBack(ctx, client, id, written, diags); d != nil {
		prior := resourceModel{delegationModel: delegationModel{Resource: plan.Resource}, AllowDuplicate: plan.AllowDuplicate}
		diags.Append(state.Set(ctx, resourceFromAPI(ctx, d, prior))...)
	}
}
