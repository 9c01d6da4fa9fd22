// Package secret implements the runpod_secret resource and the
// runpod_secret and runpod_secrets data sources (API v2
// /v2/account/secrets).
package secret

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pendingcreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/writeonly"
)

// ResourceType is the Terraform type name of the resource.
const ResourceType = "runpod_secret"

// Value limits from create-a-secret: at least one character, strictly under
// 16 MiB of UTF-8. Descriptions are at most 65535 bytes.
const (
	valueMaxBytes       = 16777215
	descriptionMaxBytes = 65535
)

var (
	_ providerdata.ManagedResource          = (*secretResource)(nil)
	_ resource.ResourceWithConfigValidators = (*secretResource)(nil)
)

// NewResource is the runpod_secret resource factory.
func NewResource() resource.Resource {
	return &secretResource{ResourceBase: providerdata.ResourceBase{TypeName: ResourceType}}
}

type secretResource struct {
	providerdata.ResourceBase
	identity.ByID
}

func (r *secretResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "An account secret: an encrypted string that Runpod substitutes into the environment of pods, " +
			"serverless workers and templates when they boot, wherever an env value is the secret's `reference` " +
			"(`{{ RUNPOD_SECRET_<name> }}`). Runpod never returns the value.\n\n" +
			"Give the value as `value_wo` with `value_wo_version` (write-only: it is in neither the plan nor the state) " +
			"or as `value` (sensitive, but stored in state). The name cannot change: renaming replaces the secret. A " +
			"create whose name is taken fails with the existing secret's id and the `terraform import` command.",
		Attributes: map[string]schema.Attribute{
			"id": identity.IDAttribute("The secret's id, assigned by Runpod."),
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the secret, unique in the account and used in its `reference`. 1 to 191 " +
					"characters: a letter or underscore, then letters, digits, `_`, `.`, `-` or `/`. Names starting with " +
					"`RUNPOD` (any case) are reserved. Changing it replaces the secret.",
				Required:      true,
				Validators:    []validator.String{validName{}},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"value": schema.StringAttribute{
				MarkdownDescription: "The secret's value. It is sensitive but kept in state; prefer `value_wo`. " +
					valueRule + " If the value is rotated outside Terraform, the next plan sends " +
					"this one again.",
				Optional:  true,
				Sensitive: true,
				Validators: []validator.String{
					stringvalidator.LengthBetween(1, valueMaxBytes),
					stringvalidator.ConflictsWith(path.MatchRoot("value_wo")),
					// The preference for value_wo is a resource-level validator
					// (see ConfigValidators): at attribute level its warning
					// would reprint this value's source line.
				},
			},
			"value_wo": schema.StringAttribute{
				MarkdownDescription: "The secret's value, write-only: Terraform sends it to Runpod and keeps it in neither " +
					"the plan nor the state, so it is also never compared. Requires `value_wo_version`; change that " +
					"number to send a new value. " + valueRule +
					" Write-only arguments need Terraform 1.11 or OpenTofu 1.11 or later.",
				Optional:  true,
				Sensitive: true,
				WriteOnly: true,
				Validators: []validator.String{
					stringvalidator.LengthBetween(1, valueMaxBytes),
					stringvalidator.AlsoRequires(path.MatchRoot("value_wo_version")),
				},
			},
			"value_wo_version": schema.Int64Attribute{
				MarkdownDescription: "Any number, stored in state for `value_wo`: changing it makes the next apply send " +
					"`value_wo` again (in place, with a PATCH). Required with `value_wo`.",
				Optional: true,
				Validators: []validator.Int64{
					int64validator.AlsoRequires(path.MatchRoot("value_wo")),
				},
			},
			"description": schema.StringAttribute{
				MarkdownDescription: "Human-readable description, at most 65535 bytes. Updates in place; removing it clears it.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthBetween(1, descriptionMaxBytes)},
			},
			"reference": schema.StringAttribute{
				MarkdownDescription: "The placeholder to use as an env value in a template or pod, exactly " +
					"`{{ RUNPOD_SECRET_<name> }}`. Runpod substitutes the value when the pod or worker boots.",
				Computed: true,
			},
			"created_at": schema.StringAttribute{
				MarkdownDescription: "When the secret was created (RFC 3339).",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"value_last_updated_at": schema.StringAttribute{
				MarkdownDescription: "When the value was last set (RFC 3339), by Terraform or by anyone else. A change " +
					"that Terraform did not make shows as value drift.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *secretResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{
		// At most one of value and value_wo (the attribute's ConflictsWith);
		// none only for an adopted secret, which ModifyPlan tells apart.
		writeonly.PreferWriteOnly("value", "value_wo", "value_wo_version"),
	}
}

// ModifyPlan fills in the reference, marks value_last_updated_at unknown
// when the value will be sent, and warns: about a value rotated outside
// Terraform, when the value is sent, about the running pods and endpoint
// workers that keep the old one, and, when the secret is destroyed or
// replaced, about the templates whose env still references it.
func (r *secretResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Data.Managed(ctx, Kind.Noun, req.State)
	if req.Plan.Raw.IsNull() {
		var state secretModel
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
		if !resp.Diagnostics.HasError() {
			r.warnReferencingTemplates(ctx, state, "Destroying", &resp.Diagnostics)
		}
		return
	}
	var plan secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	checkValueSize(ctx, req.Config, plan, &resp.Diagnostics)
	creates := req.State.Raw.IsNull()
	if !creates {
		var name types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("name"), &name)...)
		creates = !plan.Name.Equal(name) // a replacement
	}
	if creates {
		requireValue(ctx, req.Config, plan, &resp.Diagnostics)
		if !plan.Name.IsUnknown() {
			if d := safecreate.RefuseTakenNameAtPlan(ctx, r.Data, req.ClientCapabilities, Kind, plan.Name.ValueString(), resp.Diagnostics); d != nil {
				resp.Diagnostics.Append(d)
			}
		}
	}
	if plan.Name.IsUnknown() {
		plan.Reference = types.StringUnknown()
	} else {
		plan.Reference = types.StringValue(Reference(plan.Name.ValueString()))
	}

	if !req.State.Raw.IsNull() {
		var state secretModel
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
		if resp.Diagnostics.HasError() {
			return
		}
		if !plan.Name.Equal(state.Name) {
			if !plan.Name.IsUnknown() {
				r.warnReferencingTemplates(ctx, state, "Replacing", &resp.Diagnostics)
			}
		} else {
			setAt, diags := valueSetAt(ctx, req.Private)
			resp.Diagnostics.Append(diags...)
			rotated := rotatedOutside(setAt, state.ValueLastUpdatedAt)
			switch {
			case sendsValue(plan, state):
				plan.ValueLastUpdatedAt = types.StringUnknown()
				r.warnRunningUsers(ctx, state, &resp.Diagnostics)
				if rotated {
					resp.Diagnostics.AddWarning("Secret Value Changed Outside Terraform",
						fmt.Sprintf("The value of secret %q was set outside Terraform at %s. This apply sends the "+
							"configured value again.", state.Name.ValueString(), state.ValueLastUpdatedAt.ValueString()))
				}
			case rotated:
				resp.Diagnostics.AddWarning("Secret Value May Differ From Configuration",
					fmt.Sprintf("The value of secret %q was set outside Terraform at %s (Terraform last set it at %s). "+
						"value_wo is write-only, so the provider cannot compare the stored value with the configured one. "+
						"To send the configured value again, change value_wo_version.",
						state.Name.ValueString(), state.ValueLastUpdatedAt.ValueString(), setAt))
			}
		}
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}

// valueRule is how value and value_wo combine, for their descriptions.
const valueRule = "At most one of `value` and `value_wo` may be set, and a new secret needs one. A secret adopted " +
	"with `import` may have neither: Terraform then manages its name and description, and the value stays the one " +
	"Runpod holds (`value_last_updated_at` says when it was set) until one is configured."

// requireValue fails the plan of a new secret (a create, or the create
// half of a replacement) that has neither value nor value_wo: the schema
// allows that only so that an adopted secret plans to its import alone.
func requireValue(ctx context.Context, config tfsdk.Config, plan secretModel, diags *diag.Diagnostics) {
	var wo types.String
	diags.Append(config.GetAttribute(ctx, path.Root("value_wo"), &wo)...)
	if !plan.Value.IsNull() || !wo.IsNull() {
		return
	}
	diags.AddAttributeError(path.Root("value_wo"), "Secret Value Required",
		fmt.Sprintf("Secret %q would be created without a value. Set value_wo (with value_wo_version) or value. Only a "+
			"secret adopted with import may leave both unset: it keeps the value Runpod holds.", plan.Name.ValueString()))
}

// sendsValue reports whether an update must send the value: `value`
// differs from state (including after drift cleared it), or
// value_wo_version changed. A configuration that sets neither any more
// stops managing the value and sends nothing.
func sendsValue(plan, state secretModel) bool {
	if plan.Value.IsNull() && plan.ValueWOVersion.IsNull() {
		return false
	}
	return !plan.Value.Equal(state.Value) || !plan.ValueWOVersion.Equal(state.ValueWOVersion)
}

// warnReferencingTemplates warns, naming the account's templates whose env
// references the secret. Runpod does not refuse the delete; a pod started
// from such a template fails at boot. Checking is best effort: it never
// fails a plan.
func (r *secretResource) warnReferencingTemplates(ctx context.Context, state secretModel, doing string, diags *diag.Diagnostics) {
	if _, d := r.Data.Client(); d.HasError() {
		tflog.Debug(ctx, "no API client at plan time; not checking templates that reference the secret")
		return
	}
	name := state.Name.ValueString()
	// The plan's list of templates, shared with their refresh and with
	// the other objects' plans (one list however many are destroyed).
	templates, err := providerdata.List(ctx, r.Data.Reads(), runpod.Templates)
	if err != nil {
		diags.AddWarning("Cannot Check Templates That Reference The Secret",
			diagnostics.APIErrorDetail(fmt.Sprintf("listing templates to find those that reference secret %q", name), err))
		return
	}
	pattern := referencePattern(name)
	var uses, handled []string
	for _, t := range templates {
		keys := referencingKeys(pattern, t.Env)
		if len(keys) == 0 {
			continue
		}
		line := fmt.Sprintf("  - template %q (%s): env %s", t.Name, t.ID, strings.Join(keys, ", "))
		// Leave out what this apply itself destroys or rewrites (when the
		// template was planned before this secret).
		if p, ok := r.Data.TemplatePlans().Lookup(t.ID); ok &&
			(p.Destroyed || (p.EnvAfter != nil && len(referencingKeys(pattern, p.EnvAfter)) == 0)) {
			handled = append(handled, line)
			continue
		}
		uses = append(uses, line)
	}
	if len(uses) == 0 {
		if len(handled) > 0 {
			tflog.Debug(ctx, "every template that references the secret is destroyed or rewritten by this plan",
				map[string]any{"templates": len(handled)})
		}
		return
	}
	sort.Strings(uses)
	sort.Strings(handled)
	notListed := ""
	if len(handled) > 0 {
		notListed = fmt.Sprintf(" Not listed: templates this apply destroys or stops referencing it from:\n\n%s\n", strings.Join(handled, "\n"))
	}
	diags.AddWarning("Templates Reference This Secret",
		fmt.Sprintf("%s secret %q deletes it, and these templates reference it as %s:\n\n%s\n\n"+
			"Runpod does not refuse the delete, but pods and workers started from these templates will fail to boot "+
			"until their env stops referencing it (or a secret with this name exists again). Running pods keep the "+
			"value until they restart. Templates destroyed in the same apply are not affected; pods that reference the "+
			"secret directly are not checked.%s",
			doing, name, Reference(name), strings.Join(uses, "\n"), notListed))
}

// warnRunningUsers warns, when an update sends a new value, naming the
// running pods and the serverless endpoints with workers whose env
// references the secret: Runpod substitutes the value when a pod or worker
// boots (API.md: running pods and workers keep their old value until their
// next boot). A pod created from a template carries the template's env, so
// reading the pods' and endpoints' own env finds them all. It costs the pod
// and endpoint lists (shared with refresh) and one workers list per
// endpoint that references the secret. Best effort: it never fails a plan.
func (r *secretResource) warnRunningUsers(ctx context.Context, state secretModel, diags *diag.Diagnostics) {
	client, d := r.Data.Client()
	if d.HasError() {
		tflog.Debug(ctx, "no API client at plan time; not checking running pods that reference the secret")
		return
	}
	name := state.Name.ValueString()
	pattern := referencePattern(name)
	var running []string
	pods, podsErr := providerdata.List(ctx, r.Data.Reads(), runpod.Pods)
	for _, p := range pods {
		if p.Status != runpod.PodStatusRunning && p.Status != runpod.PodStatusStarting {
			continue // a stopped pod gets the new value when it starts
		}
		if keys := referencingKeys(pattern, p.Env); len(keys) > 0 {
			running = append(running, fmt.Sprintf("  - pod %q (%s): env %s", p.Name, p.ID, strings.Join(keys, ", ")))
		}
	}
	endpoints, endpointsErr := providerdata.List(ctx, r.Data.Reads(), runpod.Endpoints)
	for _, e := range endpoints {
		keys := referencingKeys(pattern, e.Env)
		if len(keys) == 0 {
			continue
		}
		workers := "its workers could not be listed"
		if list, err := client.ListEndpointWorkers(ctx, e.ID); err == nil {
			if list.Summary.Total == 0 && len(list.Workers) == 0 {
				continue // no worker now: the next ones boot with the new value
			}
			n, noun := max(list.Summary.Total, len(list.Workers)), "workers"
			if n == 1 {
				noun = "worker"
			}
			workers = fmt.Sprintf("%d %s now", n, noun)
		}
		running = append(running, fmt.Sprintf("  - serverless endpoint %q (%s), %s: env %s", e.Name, e.ID, workers, strings.Join(keys, ", ")))
	}
	unchecked := errors.Join(podsErr, endpointsErr)
	if len(running) == 0 && unchecked == nil {
		return // nothing running references it
	}
	sort.Strings(running)
	detail := fmt.Sprintf("This apply sends a new value for secret %q. Runpod substitutes %s into the env of a pod or "+
		"serverless worker when it boots, so pods and workers running now keep the old value until they restart.",
		name, Reference(name))
	if len(running) > 0 {
		detail += fmt.Sprintf(" These reference it and run now:\n\n%s\n\n", strings.Join(running, "\n")) +
			"Restart the pods after the apply (for example with the runpod_pod_restart action, Terraform 1.14 or " +
			"later, or from the Runpod console). Endpoint workers get the new value as new workers replace them (a " +
			"new release of the endpoint, or scaling its workers to zero and back)."
	}
	if unchecked != nil {
		detail += "\n\n" + diagnostics.APIErrorDetail(
			fmt.Sprintf("listing pods and endpoints to find those that reference secret %q", name), unchecked)
	}
	// The name in the summary keeps Terraform from folding the warnings of
	// several secrets into one.
	diags.AddWarning(fmt.Sprintf("Running Pods Keep The Old Secret Value: %q", name), detail)
}

// referencingKeys returns, sorted, the env keys whose value references the
// secret.
func referencingKeys(pattern *regexp.Regexp, env map[string]string) []string {
	var keys []string
	for k, v := range env {
		if pattern.MatchString(v) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

func (r *secretResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer identity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, ok := providerdata.Begin[secretModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	value, d := writeonly.Value(ctx, req.Config, plan.Value, "value", "value_wo", "Secret Value Not Known")
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx = runpod.WithSensitiveValues(ctx, value)
	name := plan.Name.ValueString()

	created := safecreate.Run(ctx, Kind, r.Data, safecreate.Request[runpod.Secret]{
		Name: name,
		Send: func(ctx context.Context) (*runpod.Secret, error) {
			return client.CreateSecret(ctx, runpod.CreateSecretRequest{
				Name:        name,
				Value:       value,
				Description: plan.Description.ValueStringPointer(),
			})
		},
		Refused: func(ctx context.Context, err error) (diag.Diagnostic, bool) {
			if runpod.IsConflict(err) {
				// Taken after all: another writer, or a name that differs only in case.
				if found, ferr := findTaken(ctx, client, name); ferr == nil {
					return diagnostics.AlreadyExists("secret", found.Name, found.ID, ResourceType), true
				}
			}
			return valueTooLarge(err)
		},
		Pending: func() diag.Diagnostics {
			// Keep the value arguments too, for the next run to send.
			pending := plan
			pending.ID, pending.ValueWO = types.StringValue(""), types.StringNull()
			pending.Reference = types.StringValue(Reference(name))
			pending.CreatedAt, pending.ValueLastUpdatedAt = types.StringNull(), types.StringNull()
			return resp.State.Set(ctx, pending)
		},
	}, &resp.State, &resp.Diagnostics)
	if created == nil {
		return
	}
	resp.Diagnostics.Append(setValueSetAt(ctx, resp.Private, viewFromAPI(created).ValueLastUpdatedAt)...)
	readInto(ctx, client, created.ID, plan, afterWrite{Verb: "Created", Answer: created}, &resp.State, &resp.Diagnostics)
}

func (r *secretResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	r.Data.Managed(ctx, Kind.Noun, req.State)
	client, prior, ok := providerdata.Begin[secretModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	pendingcreate.Refresh(ctx, Kind, client, r.Data, prior.ID.ValueString(), prior.Name.ValueString(),
		func(s *runpod.Secret, adopted bool) diag.Diagnostics {
			// The value comes from the configuration: Runpod never returns it.
			m := fromAPI(ctx, s, prior)
			if adopted {
				// A pending create's secret: record when its value was set,
				// as Create does.
				diags := setValueSetAt(ctx, resp.Private, m.ValueLastUpdatedAt)
				return append(diags, resp.State.Set(ctx, m)...)
			}
			setAt, diags := valueSetAt(ctx, req.Private)
			if rotatedOutside(setAt, m.ValueLastUpdatedAt) && !m.Value.IsNull() {
				// The stored value is no longer the one in state: forget it, so the
				// plan shows `value` changing and sends it again.
				tflog.Info(ctx, "secret value rotated outside Terraform", map[string]any{"id": s.ID})
				m.Value = types.StringNull()
			}
			return append(diags, resp.State.Set(ctx, m)...)
		}, resp)
}

// Update sends the value and the description as two PATCHes, value first,
// recording state after each: the API applies a combined PATCH value first
// and is not atomic, so a failure in between must leave a true state.
func (r *secretResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer identity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, state, ok := providerdata.BeginUpdate[secretModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	id := state.ID.ValueString()
	// What state records: the prior values until each step succeeds.
	recorded, valueSent := state, false
	var written afterWrite

	if sendsValue(plan, state) {
		value, d := writeonly.Value(ctx, req.Config, plan.Value, "value", "value_wo", "Secret Value Not Known")
		resp.Diagnostics.Append(d...)
		if resp.Diagnostics.HasError() {
			return
		}
		ctx = runpod.WithSensitiveValues(ctx, value)
		s, err := client.SetSecretValue(ctx, id, value)
		if errors.Is(err, runpod.ErrAmbiguous) {
			// Whether the rotation happened shows in value_last_updated_at.
			if got, gerr := client.GetSecret(ctx, id); gerr == nil && !viewFromAPI(got).ValueLastUpdatedAt.Equal(state.ValueLastUpdatedAt) {
				tflog.Warn(ctx, "secret value PATCH ended ambiguously but the value was rotated", map[string]any{"id": id})
				s, err = got, nil
			}
		}
		if d, ok := valueTooLarge(err); ok {
			resp.Diagnostics.Append(d)
			return
		}
		if err != nil {
			resp.Diagnostics.Append(diagnostics.UpdateError("Secret Value Not Updated", fmt.Sprintf("setting the value of secret %s", id), err))
			return
		}
		recorded.Value, recorded.ValueWOVersion = plan.Value, plan.ValueWOVersion
		recorded = fromAPI(ctx, s, recorded)
		resp.Diagnostics.Append(setValueSetAt(ctx, resp.Private, recorded.ValueLastUpdatedAt)...)
		resp.Diagnostics.Append(resp.State.Set(ctx, recorded)...)
		valueSent = true
		written = afterWrite{Verb: "Updated", Answer: s}
		tflog.Info(ctx, "set secret value", map[string]any{"id": id})
	}

	if !plan.Description.Equal(state.Description) {
		// "" clears the description.
		described, err := client.SetSecretDescription(ctx, id, plan.Description.ValueString())
		if err != nil {
			resp.Diagnostics.Append(diagnostics.UpdateError("Secret Description Not Updated",
				fmt.Sprintf("setting the description of secret %s", id), err))
			if valueSent {
				resp.Diagnostics.AddWarning("Secret Partly Updated",
					fmt.Sprintf("The new value of secret %q is live, but its description was not changed. The state "+
						"records exactly that, so the next apply only retries the description.", state.Name.ValueString()))
			}
			// The failure may have been ambiguous: record what the API holds.
			if got, gerr := client.GetSecret(ctx, id); gerr == nil {
				resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(ctx, got, recorded))...)
			}
			return
		}
		written = afterWrite{Verb: "Updated", Answer: described}
	}
	readInto(ctx, client, id, plan, written, &resp.State, &resp.Diagnostics)
}

func (r *secretResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[secretModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	// Deleting a referenced secret is not refused by the API (the plan warns
	// instead), so there is no in-use remedy.
	resp.Diagnostics.Append(pendingcreate.Delete(ctx, Kind, client, r.Data.Reads(), state.ID.ValueString(), state.Name.ValueString(), nil)...)
}

// afterWrite is what a successful write answered, kept in case the read
// that follows it fails; a zero afterWrite means nothing was written.
type afterWrite = kinds.Written[runpod.Secret]

// readInto reads the secret back after a write (kinds.Kind.ReadBack) and
// stores what Runpod holds, with the value arguments from the plan.
func readInto(ctx context.Context, client *runpod.Client, id string, plan secretModel, written afterWrite, state *tfsdk.State, diags *diag.Diagnostics) {
	if s := Kind.ReadBack(ctx, client, id, written, diags); s != nil {
		diags.Append(state.Set(ctx, fromAPI(ctx, s, plan))...)
	}
}

// findTaken returns the secret that holds name after a 409: the exact match,
// else the one the API's case-insensitive filter returns. One request serves
// both.
func findTaken(ctx context.Context, client *runpod.Client, name string) (*runpod.Secret, error) {
	found, err := client.FindSecretsByName(ctx, name)
	if s, err := Kind.Named(found, err, name); !errors.Is(err, kinds.ErrNotFound) {
		return s, err
	}
	if len(found) == 1 {
		return &found[0], nil
	}
	return nil, kinds.ErrNotFound
}
