// Package registryauth implements the runpod_registry_auth resource and the
// runpod_registry_auths data source (API v2 /v2/registries): credentials
// that pods and templates use to pull private container images.
package registryauth

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/writeonly"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_registry_auth"

var (
	_ providerdata.ManagedResource          = (*registryResource)(nil)
	_ resource.ResourceWithConfigValidators = (*registryResource)(nil)
)

// NewResource is the runpod_registry_auth resource factory.
func NewResource() resource.Resource {
	return &registryResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}, Movable: migrate.Movable{SourceTypes: SourceTypes, Mark: migrate.FlagMark(privateImported)}}
}

// SourceTypes are the type names a moved block can take a registry
// credential from: runpod/runpod 1.x calls it runpod_container_registry_auth
// and 2.0 runpod_registry.
var SourceTypes = []string{"runpod_container_registry_auth", "runpod_registry", ResourceType}

type registryResource struct {
	providerdata.ResourceBase
	identity.ByID
	migrate.Movable
}

const replaceNote = "Runpod has no update for credentials, so changing it replaces the credential."

func (r *registryResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A container registry credential: the username and password (or access token) that pods " +
			"and templates use to pull a private image, referenced by id as a template's `registry_auth_id`.\n\n" +
			"Runpod stores the credentials write-only and has no update operation: changing `name`, `username` or the " +
			"password replaces the credential. Give the password as `password_wo` with `password_wo_version` " +
			"(write-only: it is in neither the plan nor the state) or as `password` (sensitive, but stored in state). " +
			"A credential that a pod uses cannot be deleted; templates that reference it lose the reference when it " +
			"is deleted, so a plan that destroys it warns and names them.",
		Attributes: map[string]schema.Attribute{
			"id": identity.IDAttribute("The credential's id, assigned by Runpod. Use it as a template's `registry_auth_id`."),
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the credential, unique in the account. " + replaceNote,
				Required:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"username": schema.StringAttribute{
				MarkdownDescription: "Registry username. Sensitive; Runpod never returns it. A new credential needs it " +
					"(the plan fails without it); a credential adopted with `import` may leave it and the password unset, " +
					"and then keeps the ones Runpod holds. " + replaceNote,
				Optional:   true,
				Sensitive:  true,
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.RequiresReplaceIf(credentialChangeReplaces, replaceNote, replaceNote),
				},
			},
			"password": schema.StringAttribute{
				MarkdownDescription: "Registry password or access token. Sensitive but kept in state; prefer " +
					"`password_wo`. " + passwordRule + " " + replaceNote,
				Optional:  true,
				Sensitive: true,
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					// The preference for password_wo is a resource-level
					// validator (see ConfigValidators): at attribute level its
					// warning would reprint this password's source line.
				},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.RequiresReplaceIf(credentialChangeReplaces, replaceNote, replaceNote),
				},
			},
			"password_wo": schema.StringAttribute{
				MarkdownDescription: "Registry password or access token, write-only: Terraform sends it to Runpod and " +
					"keeps it in neither the plan nor the state. Requires `password_wo_version`; change that number to " +
					"replace the credential with one holding the new password. " + passwordRule + " Write-only arguments need Terraform 1.11 or OpenTofu 1.11 or later.",
				Optional:  true,
				Sensitive: true,
				WriteOnly: true,
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					stringvalidator.AlsoRequires(path.MatchRoot("password_wo_version")),
				},
			},
			"password_wo_version": schema.Int64Attribute{
				MarkdownDescription: "Any number, stored in state for `password_wo`: changing it replaces the credential " +
					"so that the current `password_wo` is sent. Required with `password_wo`.",
				Optional:   true,
				Validators: []validator.Int64{int64validator.AlsoRequires(path.MatchRoot("password_wo"))},
				PlanModifiers: []planmodifier.Int64{
					int64planmodifier.RequiresReplaceIf(versionChangeReplaces, replaceNote, replaceNote),
				},
			},
		},
	}
}

func (r *registryResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{
		// At most one; none only for an adopted credential (ModifyPlan).
		resourcevalidator.Conflicting(path.MatchRoot("password"), path.MatchRoot("password_wo")),
		writeonly.PreferWriteOnly("password", "password_wo", "password_wo_version"),
	}
}

// credentialChangeReplaces replaces the credential when a credential
// argument changes, except right after an import, when state has no
// credentials yet and the change only records the configured ones.
func credentialChangeReplaces(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	records, diags := recordsImported(ctx, req.Private, req.StateValue.IsNull())
	resp.Diagnostics.Append(diags...)
	resp.RequiresReplace = !records
}

func versionChangeReplaces(ctx context.Context, req planmodifier.Int64Request, resp *int64planmodifier.RequiresReplaceIfFuncResponse) {
	records, diags := recordsImported(ctx, req.Private, req.StateValue.IsNull())
	resp.Diagnostics.Append(diags...)
	resp.RequiresReplace = !records
}

// recordsImported reports a change that only records a credential argument
// for the first time after an import: state holds none yet.
func recordsImported(ctx context.Context, private privatestate.Store, stateNull bool) (bool, diag.Diagnostics) {
	if !stateNull {
		return false, nil
	}
	return privatestate.IsSet(ctx, private, privateImported)
}

// ModifyPlan warns about what a plan will do that the diff does not show:
// templates losing their reference to a destroyed or replaced credential,
// and credentials recorded without being checked after an import.
func (r *registryResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Data.Managed(ctx, Kind.Noun, req.State)
	if req.State.Raw.IsNull() {
		if !req.Plan.Raw.IsNull() {
			requireCredentials(ctx, req, &resp.Diagnostics)
			r.refuseTakenName(ctx, req, resp)
		}
		return
	}
	var state registryModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if req.Plan.Raw.IsNull() {
		r.warnReferencingTemplates(ctx, state, "Destroying", &resp.Diagnostics)
		r.warnDestroyingInUse(ctx, state, &resp.Diagnostics)
		return
	}
	var plan registryModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	credsChanged := !plan.Username.Equal(state.Username) || !plan.Password.Equal(state.Password) ||
		!plan.PasswordWOVersion.Equal(state.PasswordWOVersion)
	afterImport, diags := privatestate.IsSet(ctx, req.Private, privateImported)
	resp.Diagnostics.Append(diags...)
	switch {
	case (!plan.Name.Equal(state.Name) && !plan.Name.IsUnknown()) || (credsChanged && !afterImport):
		requireCredentials(ctx, req, &resp.Diagnostics)
		if !plan.Name.Equal(state.Name) {
			r.refuseTakenName(ctx, req, resp)
		}
		if r.refuseReplacingInUse(ctx, state, &resp.Diagnostics) {
			// The plan fails: the error says what to do first, and the
			// templates warning would only repeat what stays as it is.
			return
		}
		r.warnReferencingTemplates(ctx, state, "Replacing", &resp.Diagnostics)
	case credsChanged && afterImport:
		resp.Diagnostics.AddWarning("Registry Credentials Recorded Without Checking",
			fmt.Sprintf("Registry credential %q was imported, and Runpod cannot return its username or password. "+
				"This apply records the configured ones in state without sending them, so the credential is not "+
				"replaced. If they are not the ones stored in Runpod, change password_wo_version (or the password) "+
				"afterwards to replace the credential with the configured values.", state.Name.ValueString()))
	}
}

// refuseTakenName fails the plan of a new credential (a create, or the
// create half of a rename) whose name another credential has
// (safecreate.RefuseTakenNameAtPlan).
func (r *registryResource) refuseTakenName(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var name types.String
	if resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("name"), &name)...); name.IsUnknown() || name.IsNull() {
		return
	}
	if d := safecreate.RefuseTakenNameAtPlan(ctx, r.Data, req.ClientCapabilities, Kind, name.ValueString(), resp.Diagnostics); d != nil {
		resp.Diagnostics.Append(d)
	}
}

// passwordRule is how password and password_wo combine, for their
// descriptions.
const passwordRule = "At most one of `password` and `password_wo` may be set, and a new credential needs one."

// requireCredentials fails the plan of a new credential (a create, or the
// create half of a replacement) without a username or a password: the
// schema allows that only so that an adopted credential, whose username and
// password Runpod never returns, plans to its import alone.
func requireCredentials(ctx context.Context, req resource.ModifyPlanRequest, diags *diag.Diagnostics) {
	var plan registryModel
	var wo types.String
	diags.Append(req.Plan.Get(ctx, &plan)...)
	diags.Append(req.Config.GetAttribute(ctx, path.Root("password_wo"), &wo)...)
	if diags.HasError() {
		return
	}
	if plan.Username.IsNull() {
		diags.AddAttributeError(path.Root("username"), "Registry Username Required",
			fmt.Sprintf("Registry credential %q would be created without a username. Set username. Only a credential "+
				"adopted with import may leave it unset: it keeps the username Runpod holds.", plan.Name.ValueString()))
	}
	if plan.Password.IsNull() && wo.IsNull() {
		diags.AddAttributeError(path.Root("password_wo"), "Registry Password Required",
			fmt.Sprintf("Registry credential %q would be created without a password. Set password_wo (with "+
				"password_wo_version) or password. Only a credential adopted with import may leave both unset: it keeps "+
				"the password Runpod holds.", plan.Name.ValueString()))
	}
}

// refuseReplacingInUse fails the plan of a replacement while pods use the
// credential: the replacement deletes it, and Runpod refuses to delete a
// credential a pod uses (API.md, DELETE /v2/registries/{id}), whatever the
// pod's status; a pod made from a template holds the template's credential
// from its creation on. It names the pods, leaving out those this plan
// destroys or replaces as far as they were planned before it, and reports
// whether it failed the plan. Best effort when the pods cannot be listed: a
// warning, and the delete's own refusal at apply.
func (r *registryResource) refuseReplacingInUse(ctx context.Context, state registryModel, diags *diag.Diagnostics) bool {
	id, name := state.ID.ValueString(), state.Name.ValueString()
	uses := r.podsUsing(ctx, state, "replaces", diags)
	if len(uses) == 0 {
		return false
	}
	diags.AddError("Registry Credential Is In Use",
		fmt.Sprintf("This plan replaces registry credential %q (%s): Runpod has no update for credentials, so the "+
			"change deletes it and creates a new one. Runpod refuses to delete a credential that a pod uses, and these "+
			"pods use it to pull their image:\n\n%s\n\nA pod keeps the credential it was created with, from its own "+
			"registry_auth_id or its template's, whatever its status: stopping it does not release the credential, and "+
			"pointing its template at another credential changes only pods created afterwards. Before this change, "+
			"terminate these pods (destroy them, or remove them in the Runpod console), or set their registry_auth_id "+
			"to another credential (runpod_pod, or the pod's settings in the console); then plan again. To keep the "+
			"credential, revert the change to it.\n\nThis error also stops terraform destroy, which plans the "+
			"configuration first: revert the change, or run terraform destroy -refresh=false.",
			name, id, strings.Join(uses, "\n")))
	return true
}

// podsUsing lists, one line each and sorted, the pods that use the
// credential, leaving out those this plan destroys or replaces as far as
// they were planned before it. A list that fails is a warning (doing says
// what the plan does to the credential) and no pods.
func (r *registryResource) podsUsing(ctx context.Context, state registryModel, doing string, diags *diag.Diagnostics) []string {
	if _, d := r.Data.Client(); d.HasError() {
		return nil
	}
	id, name := state.ID.ValueString(), state.Name.ValueString()
	pods, err := providerdata.List(ctx, r.Data.Reads(), runpod.Pods)
	if err != nil {
		diags.AddWarning("Cannot Check Pods That Use The Registry Credential",
			diagnostics.APIErrorDetail(fmt.Sprintf("listing pods to find those that use registry credential %q, which "+
				"this plan %s (Runpod refuses to delete a credential a pod uses)", name, doing), err))
		return nil
	}
	var uses []string
	for _, p := range pods {
		if p.Registry == nil || *p.Registry != id || r.Data.TemplatePlans().UserDestroyed(providerdata.UserPod, p.ID) {
			continue
		}
		line := fmt.Sprintf("  - pod %q (%s, %s)", p.Name, p.ID, p.Status)
		if p.Template != nil && *p.Template != "" {
			line += fmt.Sprintf(", created from template %s", *p.Template)
		}
		uses = append(uses, line)
	}
	sort.Strings(uses)
	return uses
}

// SummaryDestroyingInUse is the warning of a plan that destroys a
// credential pods use.
const SummaryDestroyingInUse = "Registry Credential In Use Would Be Refused"

// warnDestroyingInUse warns, naming them, when pods use a credential this
// plan destroys: Runpod refuses that delete (contract seed 343656669: a
// credential removed from the configuration while a pod made from its
// template stays). A warning, not an error: a pod that this apply destroys
// first may be planned after the credential, and then looks kept here.
func (r *registryResource) warnDestroyingInUse(ctx context.Context, state registryModel, diags *diag.Diagnostics) {
	uses := r.podsUsing(ctx, state, "destroys", diags)
	if len(uses) == 0 {
		return
	}
	diags.AddWarning(SummaryDestroyingInUse,
		fmt.Sprintf("This plan destroys registry credential %q (%s), and these pods use it to pull their image:\n\n%s\n\n"+
			"Runpod refuses to delete a credential that a pod uses, whatever the pod's status, so unless this apply "+
			"destroys these pods first, the delete fails at apply (the rest of the apply goes ahead). A pod keeps the "+
			"credential it was created with, from its own registry_auth_id or its template's. Terminate these pods "+
			"first, or keep the credential.",
			state.Name.ValueString(), state.ID.ValueString(), strings.Join(uses, "\n")))
}

// warnReferencingTemplates warns, naming the account's templates whose
// registry is this credential: Runpod silently clears that reference when
// the credential is deleted. Best effort: it never fails a plan.
func (r *registryResource) warnReferencingTemplates(ctx context.Context, state registryModel, doing string, diags *diag.Diagnostics) {
	if _, d := r.Data.Client(); d.HasError() {
		tflog.Debug(ctx, "no API client at plan time; not checking templates that use the registry credential")
		return
	}
	id, name := state.ID.ValueString(), state.Name.ValueString()
	// The plan's list of templates, shared with their refresh and with
	// the other objects' plans (one list however many are destroyed).
	templates, err := providerdata.List(ctx, r.Data.Reads(), runpod.Templates)
	if err != nil {
		diags.AddWarning("Cannot Check Templates That Use The Registry Credential",
			diagnostics.APIErrorDetail(fmt.Sprintf("listing templates to find those that use registry credential %q", name), err))
		return
	}
	var uses, handled []string
	for _, t := range templates {
		if t.Registry == nil || *t.Registry != id {
			continue
		}
		line := fmt.Sprintf("  - template %q (%s)", t.Name, t.ID)
		// Leave out what this apply itself destroys or re-points (when the
		// template was planned before this credential).
		if p, ok := r.Data.TemplatePlans().Lookup(t.ID); ok && (p.Destroyed || p.RegistryChanges) {
			handled = append(handled, line)
			continue
		}
		uses = append(uses, line)
	}
	if len(uses) == 0 {
		if len(handled) > 0 {
			tflog.Debug(ctx, "every template that uses the registry credential is destroyed or re-pointed by this plan",
				map[string]any{"templates": len(handled)})
		}
		return
	}
	sort.Strings(uses)
	detail := fmt.Sprintf("%s registry credential %q (%s) deletes it, and these templates use it to pull their image:\n\n%s\n\n"+
		"Runpod does not refuse the delete: it silently clears the registry of these templates, and pods created from "+
		"them afterwards cannot pull a private image. Templates destroyed in the same apply are not affected.",
		doing, name, id, strings.Join(uses, "\n"))
	if len(handled) > 0 {
		sort.Strings(handled)
		detail += fmt.Sprintf(" Not listed: templates this apply destroys or points elsewhere:\n\n%s\n", strings.Join(handled, "\n"))
	}
	if doing == "Replacing" {
		detail += " Templates managed in this configuration that set registry_auth_id from this resource are updated " +
			"to the new credential in the same apply; the others keep no credential."
	}
	diags.AddWarning("Templates Use This Registry Credential", detail)
}

func (r *registryResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[registryModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	password, d := writeonly.Value(ctx, req.Config, plan.Password, "password", "password_wo", "Registry Password Not Known")
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	username := plan.Username.ValueString()
	ctx = runpod.WithSensitiveValues(ctx, username, password)
	name := plan.Name.ValueString()

	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.Registry]{
		Name: name,
		Send: func(ctx context.Context) (*runpod.Registry, error) {
			created, err := client.CreateRegistry(ctx, name, username, password)
			return created, runpod.RedactError(err, username, password)
		},
		Pending: func() diag.Diagnostics {
			// Keep the credential arguments too, for the next run to send.
			return resp.State.Set(ctx, fromAPI(ctx, &runpod.Registry{Name: name}, plan))
		},
	}, &resp.State, &resp.Diagnostics)
	if created == nil {
		return
	}
	readInto(ctx, client, created.ID, plan, created, &resp.State, &resp.Diagnostics)
}

func (r *registryResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	r.Data.Managed(ctx, Kind.Noun, req.State)
	client, prior, ok := providerdata.Begin[registryModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	// The credentials come from the configuration: Runpod never returns them.
	pendingcreate.Refresh(ctx, Kind, client, r.Data, prior.ID.ValueString(), prior.Name.ValueString(),
		func(found *runpod.Registry, _ bool) diag.Diagnostics {
			return resp.State.Set(ctx, fromAPI(ctx, found, prior))
		}, resp)
}

// Update is reached only for the first apply after an import: every other
// change replaces the credential (see credentialChangeReplaces). It records
// the configured credentials in state and calls no API that writes.
func (r *registryResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[registryModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	tflog.Info(ctx, "recording imported registry credential's configured credentials in state", map[string]any{"id": state.ID.ValueString()})
	resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateImported, false)...)
	readInto(ctx, client, state.ID.ValueString(), plan, nil, &resp.State, &resp.Diagnostics)
}

func (r *registryResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[registryModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(pendingcreate.Delete(ctx, Kind, client, r.Data.Reads(), state.ID.ValueString(), state.Name.ValueString(),
		func(ctx context.Context, id string) string {
			return podsUsing(ctx, client, id) + "Terminate these pods, or change their registry to another credential, " +
				"then destroy again. The provider does not detach or delete pods for you."
		})...)
}

// ImportState takes the credential's id. Runpod cannot return the username
// or password, so they come from the configuration: the first apply records
// them in state without replacing the credential.
func (r *registryResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	r.ByID.ImportState(ctx, req, resp)
	resp.Diagnostics.Append(privatestate.SetFlag(ctx, resp.Private, privateImported, true)...)
}

// readInto reads the credential back after a write (kinds.Kind.ReadBack;
// created is the create's answer, nil after an update) and stores what
// Runpod holds, with the credentials from the plan.
func readInto(ctx context.Context, client *runpod.Client, id string, plan registryModel, created *runpod.Registry, state *tfsdk.State, diags *diag.Diagnostics) {
	written := kinds.Written[runpod.Registry]{Verb: "Created", Answer: created}
	if reg := Kind.ReadBack(ctx, client, id, written, diags); reg != nil {
		diags.Append(state.Set(ctx, fromAPI(ctx, reg, plan))...)
	}
}

// podsUsing names the pods that pull their image with the credential, for
// the in-use error: Runpod's refusal does not say which pod it means.
func podsUsing(ctx context.Context, client *runpod.Client, id string) string {
	pods, err := client.ListPods(ctx, true)
	if err != nil {
		return "The provider could not list the pods to name the ones using it (" + err.Error() + ").\n\n"
	}
	var uses []string
	for _, p := range pods {
		if p.Registry != nil && *p.Registry == id {
			uses = append(uses, fmt.Sprintf("  - pod %q (%s)", p.Name, p.ID))
		}
	}
	if len(uses) == 0 {
		return "No pod listed now uses it; it may have just been terminated, so destroying again may succeed.\n\n"
	}
	sort.Strings(uses)
	return "Pods using it:\n\n" + strings.Join(uses, "\n") + "\n\n"
}
