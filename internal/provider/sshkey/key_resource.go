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

// ModifyPlan makes id and fingerprint known at plan time: both follow from
// the key.
func (r *keyResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var plan keyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() || plan.PublicKey.IsUnknown() {
		return
	}
	if fp := fingerprintOf(plan.PublicKey.ValueString()); fp != "" {
		plan.ID, plan.Fingerprint = types.StringValue(fp), types.StringValue(fp)
		resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
	}
}

func (r *keyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer resourceidentity.Sync(ctx, &resp.State, nil, resp.Identity, &resp.Diagnostics)
	client, plan, key, ok := r.planned(ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	fp := key.Fingerprint
	keys, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, attempt int) ([]string, bool, error) {
			if indexOf(current, fp) < 0 {
				return append(current, key.Line()), true, nil
			}
			if attempt > 1 {
				return nil, false, nil // our own earlier write, put back by another writer
			}
			// Read before write: a key already registered belongs to whoever
			// added it; adopting it silently would let a destroy remove it.
			return nil, false, &refusal{path.Root("public_key"), "SSH Key Already Registered",
				fmt.Sprintf("The Runpod account already has this key (%s), and this configuration does not manage it. "+
					"The provider does not take over keys it did not add.\n\nTo manage it with Terraform, import it, "+
					"replacing NAME with the resource's name in your configuration:\n\n"+
					"%s",
					fp, diagnostics.ImportHint(KeyResourceType, fp))}
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
	tflog.Info(ctx, "added SSH key", map[string]any{"fingerprint": fp, "keys": len(keys)})
	resp.Diagnostics.Append(resp.State.Set(ctx, keyModel{
		ID:          types.StringValue(fp),
		PublicKey:   plan.PublicKey, // the configured form of the line
		Fingerprint: types.StringValue(fp),
	})...)
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
	_, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, _ int) ([]string, bool, error) {
			next, found, changed := make([]string, 0, len(current)+1), false, false
			for _, line := range current {
				if fingerprintOf(line) == fp {
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
	_, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, _ int) ([]string, bool, error) {
			rest := without(current, drop)
			return rest, len(rest) != len(current), nil
		},
		holds: func(keys []string) bool { return indexOf(keys, fp) < 0 },
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
