// Package sshkey implements the account's SSH public keys (API v2
// /v2/account/ssh-keys): the runpod_ssh_key resource (one key, alongside
// keys managed elsewhere), the runpod_ssh_keys resource (the whole set,
// authoritatively) and the runpod_ssh_keys data source.
//
// The API only replaces the whole set, so every change is a read-modify-write
// of that set, serialized in the provider process by
// providerdata.Data.LockSSHKeys and, because no lock reaches other processes,
// verified by a fresh read after a settling wait and made again when another
// writer undid it (sync.go).
package sshkey

import (
	"context"
	"fmt"

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
	resourceidentity "github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// KeyResourceType is the Terraform type name of the one-key resource.
const KeyResourceType = "runpod_ssh_key"

var _ providerdata.ManagedResource = (*keyResource)(nil)

// NewKeyResource is the runpod_ssh_key resource factory.
func NewKeyResource() resource.Resource {
	return &keyResource{ResourceBase: providerdata.ResourceBase{TypeName: KeyResourceType}}
}

type keyResource struct {
	providerdata.ResourceBase
	resourceidentity.ByID
}

type keyModel struct {
	ID          types.String `tfsdk:"id"`
	PublicKey   types.String `tfsdk:"public_key"`
	Fingerprint types.String `tfsdk:"fingerprint"`
}

func (r *keyResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "One SSH public key registered on the Runpod account, alongside keys managed elsewhere or " +
			"added in the console, which it never removes: creating it adds this key to the account's set, destroying it " +
			"removes only this key. Runpod injects the account's keys into pods created afterwards with SSH enabled; " +
			"running pods keep the keys they started with.\n\n" +
			"~> Do not manage the same key with both `runpod_ssh_key` and `runpod_ssh_keys`.\n\n" +
			concurrencyNote,
		Attributes: map[string]schema.Attribute{
			"id": resourceidentity.IDAttribute("The key's SHA256 fingerprint, as `ssh-keygen -lf` prints it (`SHA256:...`). Import by it."),
			"public_key": schema.StringAttribute{
				MarkdownDescription: "The public key, one OpenSSH line `<type> <base64 key> [comment]`, e.g. " +
					"`file(\"~/.ssh/id_ed25519.pub\")` (surrounding whitespace is ignored). A different key replaces the " +
					"resource; a different comment on the same key updates it in place.",
				Required:   true,
				Validators: []validator.String{validKey{attr: "public_key"}},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.RequiresReplaceIf(differentKey,
						"A different key replaces the resource; only the comment can change in place.",
						"A different key replaces the resource; only the comment can change in place."),
				},
			},
			"fingerprint": schema.StringAttribute{
				MarkdownDescription: "The key's SHA256 fingerprint, the same as `id`.",
				Computed:            true,
			},
		},
	}
}

// differentKey replaces the resource when the key itself changes, not when
// only its comment or surrounding whitespace does.
func differentKey(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.PlanValue.IsUnknown() {
		resp.RequiresReplace = true
		return
	}
	resp.RequiresReplace = fingerprintOf(req.PlanValue.ValueString()) != fingerprintOf(req.StateValue.ValueString())
}

// ModifyPlan makes id and fingerprint known at plan time (both follow from
// the key), and warns, once per key, that a key this plan registers (a
// create, or a replacement by another key) does not reach the pods already
// running.
func (r *keyResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var plan keyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var key *publicKey
	if !plan.PublicKey.IsUnknown() {
		if k, err := parseKey(plan.PublicKey.ValueString()); err == nil {
			key = &k
			plan.ID, plan.Fingerprint = types.StringValue(k.Fingerprint), types.StringValue(k.Fingerprint)
			resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
		}
	}
	if req.State.Raw.IsNull() {
		// A create, or the create half of a replacement, which the first
		// call of the replacement already warned about.
		_, createHalf, d := privateReplacing.Get(ctx, req.Private)
		resp.Diagnostics.Append(d...)
		if createHalf {
			resp.Diagnostics.Append(privateReplacing.Remove(ctx, resp.Private)...)
			return
		}
		resp.Diagnostics.Append(newKeyWarning(ctx, r.Data, path.Root("public_key"), key, KeyResourceType))
		return
	}
	var state keyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if key == nil || key.Fingerprint != fingerprintOf(state.PublicKey.ValueString()) && !state.PublicKey.IsNull() {
		// Another key: a replacement, planned in two calls (see
		// privateReplacing).
		resp.Diagnostics.Append(newKeyWarning(ctx, r.Data, path.Root("public_key"), key, KeyResourceType))
		resp.Diagnostics.Append(privateReplacing.Set(ctx, resp.Private, true)...)
	}
}

// Create adds the key to the account's set. A key the account already holds
// (the same key material, whatever its comment) is adopted with a warning,
// and given the configured comment, unless another resource of this run
// manages it: then the create is refused, since two resources holding one
// key would each remove it on destroy.
func (r *keyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer resourceidentity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, key, ok := r.planned(ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	fp := key.Fingerprint
	var registered string // the key's line as the account held it before this create, if it did
	recorded := false
	res, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, attempt int) ([]string, bool, error) {
			if !recorded {
				if !r.Data.ManageSSHKey(fp) {
					return nil, false, &refusal{path.Root("public_key"), "SSH Key Managed Twice: " + key.label(),
						fmt.Sprintf("Another resource of this configuration added or took over key %s in this same run "+
							"(a runpod_ssh_key with the same key, perhaps with another comment, or a runpod_ssh_keys that "+
							"lists it). Two resources cannot manage one key: destroying either would remove it from the "+
							"account under the other. Keep the key in one resource only.", fp)}
				}
				recorded = true
			}
			if i := indexOf(current, fp); i >= 0 && attempt == 1 {
				registered = current[i]
			}
			return withKeyLine(current, key)
		},
		holds:    func(keys []string) bool { return indexOf(keys, fp) >= 0 },
		tooLarge: keyTooLarge(key),
	})
	if err != nil {
		reportChangeError(&resp.Diagnostics, "SSH Key Not Added", err, fmt.Sprintf(
			"Key %s was added to the account's SSH keys %d times, and each time %s replaced the set without it. "+
				"It is not registered now. Run apply again once the other writer has finished.", fp, maxAttempts, concurrentWriters))
		return
	}
	if registered != "" {
		resp.Diagnostics.AddAttributeWarning(path.Root("public_key"), "SSH Key Adopted: "+key.label(), fmt.Sprintf(
			"The Runpod account already held key %s (as %q), and no other resource of this run manages it, so this "+
				"resource took it over instead of adding it again%s. From now on it is managed here: destroying this "+
				"resource removes the key from the account.\n\n"+
				"If another Terraform configuration, a runpod_ssh_keys resource or someone in the console relies on this "+
				"key, manage it in one place only: remove this resource from state (terraform state rm) to leave the key "+
				"to them.", fp, registered, commentNote(registered, key)))
	}
	if res.unverified != nil {
		resp.Diagnostics.Append(notVerified("SSH key", "Added", key.name(), fp, key.label(), res.unverified))
	}
	tflog.Info(ctx, "added SSH key", map[string]any{"fingerprint": fp, "keys": len(res.keys), "adopted": registered != ""})
	resp.Diagnostics.Append(resp.State.Set(ctx, keyModel{
		ID:          types.StringValue(fp),
		PublicKey:   plan.PublicKey, // the configured form of the line
		Fingerprint: types.StringValue(fp),
	})...)
}

// commentNote says whether adopting the key rewrote its line.
func commentNote(registered string, key publicKey) string {
	if registered == key.Line() {
		return ""
	}
	return fmt.Sprintf(" (and wrote it with the configured comment, as %q)", key.Line())
}

// withKeyLine is the set with key's line in place of every line of the same
// key (once), or added when the set lacks the key; changed reports whether
// that differs from current.
func withKeyLine(current []string, key publicKey) (next []string, changed bool, err error) {
	next = make([]string, 0, len(current)+1)
	found := false
	for _, line := range current {
		if fingerprintOf(line) == key.Fingerprint {
			if !found {
				next = append(next, key.Line())
			}
			changed = changed || found || line != key.Line()
			found = true
			continue
		}
		next = append(next, line)
	}
	if !found {
		next, changed = append(next, key.Line()), true
	}
	return next, changed, nil
}

func (r *keyResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer resourceidentity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, prior, ok := providerdata.Begin[keyModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	fp := prior.ID.ValueString()
	keys, err := client.GetSSHKeys(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read SSH Keys", "reading the account's SSH keys", err))
		return
	}
	i := indexOf(keys, fp)
	if i < 0 {
		// Removed outside Terraform: drop it so the plan shows it added again.
		tflog.Debug(ctx, "SSH key no longer registered; removing from state", map[string]any{"fingerprint": fp})
		resp.State.RemoveResource(ctx)
		return
	}
	m := keyModel{ID: types.StringValue(fp), PublicKey: prior.PublicKey, Fingerprint: types.StringValue(fp)}
	if prior.PublicKey.IsNull() {
		// Imported: take the line as Runpod stores it.
		m.PublicKey = types.StringValue(keys[i])
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// planned is what Create and Update start from: the client, the plan and
// the planned key parsed; ok is false when diags has an error.
func (r *keyResource) planned(ctx context.Context, p tfsdk.Plan, diags *diag.Diagnostics) (*runpod.Client, keyModel, publicKey, bool) {
	client, plan, ok := providerdata.Begin[keyModel](ctx, r.Data, p, diags)
	if !ok {
		return nil, plan, publicKey{}, false
	}
	key, err := parseKey(plan.PublicKey.ValueString())
	if err != nil {
		diags.AddAttributeError(path.Root("public_key"), "Invalid SSH Public Key", err.Error())
		return nil, plan, publicKey{}, false
	}
	return client, plan, key, true
}

// Update changes the comment of the registered key (the key itself cannot
// change in place), replacing its line in the set and touching no other key.
func (r *keyResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer resourceidentity.Sync(ctx, &resp.State, &req.State, resp.Identity, &resp.Diagnostics)
	client, plan, key, ok := r.planned(ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	fp := key.Fingerprint
	res, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, _ int) ([]string, bool, error) {
			r.Data.ManageSSHKey(fp) // a create of the same key in this run is then refused
			return withKeyLine(current, key)
		},
		holds: func(keys []string) bool {
			n := 0
			for _, line := range keys {
				if fingerprintOf(line) == fp {
					if line != key.Line() {
						return false
					}
					n++
				}
			}
			return n == 1
		},
		tooLarge: keyTooLarge(key),
	})
	if err != nil {
		reportChangeError(&resp.Diagnostics, "SSH Key Not Updated", err, fmt.Sprintf(
			"Key %s was written with its new comment %d times, and each time %s replaced the set with another "+
				"version of it. Run apply again once the other writer has finished.", fp, maxAttempts, concurrentWriters))
		return
	}
	if res.unverified != nil {
		resp.Diagnostics.Append(notVerified("SSH key", "Updated", key.name(), fp, key.label(), res.unverified))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, keyModel{
		ID:          types.StringValue(fp),
		PublicKey:   plan.PublicKey,
		Fingerprint: types.StringValue(fp),
	})...)
}

func (r *keyResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[keyModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	fp := state.ID.ValueString()
	drop := map[string]bool{fp: true}
	// Another resource of this run that added or took over the key (a
	// create_before_destroy replacement, or the key moved to another
	// resource address) manages it now: removing it would take it from that
	// resource. Checked under the lock, where the other resource records it.
	takenOver := false
	res, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, _ int) ([]string, bool, error) {
			if takenOver = r.Data.SSHKeyManaged(fp); takenOver {
				return nil, false, nil
			}
			rest := without(current, drop)
			return rest, len(rest) != len(current), nil
		},
		holds: func(keys []string) bool { return takenOver || indexOf(keys, fp) < 0 },
		// Removing a key makes the set smaller; this is for a set already
		// over the limit when read.
		tooLarge: func(size int, refused bool) *refusal {
			return &refusal{path.Root("public_key"), tooLargeSummary(), tooLargeDetail(size, refused,
				"The account's other keys make it that large. Remove keys the account no longer needs in the Runpod console.")}
		},
	})
	if err != nil {
		// The resource stays in state: a key the user believes revoked
		// must not silently remain.
		reportChangeError(&resp.Diagnostics, "SSH Key Still Registered", err, fmt.Sprintf(
			"Key %s was removed from the account's SSH keys %d times, and each time %s put it back. It is still "+
				"registered: pods created from now on with SSH enabled accept it. Run destroy again once the other "+
				"writer has finished, or remove the key in the Runpod console.", fp, maxAttempts, concurrentWriters))
		return
	}
	if takenOver {
		resp.Diagnostics.AddWarning("SSH Key Left Registered: "+fp, fmt.Sprintf(
			"Key %s was not removed from the account: another resource of this configuration added or took over the "+
				"same key in this run and manages it now.", fp))
		return
	}
	if res.unverified != nil {
		// The write's reply shows the key gone, but no read after the
		// settling wait confirmed that no other writer put it back: a key
		// the user believes revoked must not silently remain, so it stays
		// in state and the next destroy checks.
		resp.Diagnostics.AddError("SSH Key Removal Not Verified", fmt.Sprintf(
			"Runpod answered the write removing key %s with a key set that no longer holds it, but reading the keys "+
				"back afterwards failed, so the provider could not verify that no other writer put it back. The key "+
				"stays in state; run destroy again to check and finish.\n\n%s", fp,
			diagnostics.APIErrorDetail("reading the account's SSH keys back", res.unverified)))
		return
	}
	tflog.Info(ctx, "removed SSH key", map[string]any{"fingerprint": fp})
}

// indexOf finds the entry holding the key with this fingerprint, or -1.
func indexOf(keys []string, fingerprint string) int {
	for i, line := range keys {
		if identity(line) == fingerprint {
			return i
		}
	}
	return -1
}

// without returns keys minus every entry whose identity is in drop.
func without(keys []string, drop map[string]bool) []string {
	out := make([]string, 0, len(keys))
	for _, line := range keys {
		if !drop[identity(line)] {
			out = append(out, line)
		}
	}
	return out
}

// keyTooLarge explains a key set over Runpod's body limit once this key is
// in it: the key alone fits (validKey checked that at plan time), so the
// account's other keys count too.
func keyTooLarge(key publicKey) func(int, bool) *refusal {
	return func(size int, refused bool) *refusal {
		return &refusal{path.Root("public_key"), tooLargeSummary(), tooLargeDetail(size, refused, fmt.Sprintf(
			"With this key (%s, %d bytes, of which %d are its comment), the account's SSH keys are too large together. "+
				"Shorten public_key's comment, or remove keys the account no longer needs.",
			key.Fingerprint, len(key.Line()), len(key.Comment)))}
	}
}
