package sshkey

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	resourceidentity "github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// KeysResourceType is the Terraform type name of the whole-set resource.
const KeysResourceType = "runpod_ssh_keys"

// accountID is the only id of the singleton: an account has one key set.
const accountID = "account"

var (
	_ resource.Resource                = (*keysResource)(nil)
	_ resource.ResourceWithConfigure   = (*keysResource)(nil)
	_ resource.ResourceWithImportState = (*keysResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*keysResource)(nil)
)

// NewKeysResource is the runpod_ssh_keys resource factory.
func NewKeysResource() resource.Resource {
	return &keysResource{ResourceBase: providerdata.ResourceBase{TypeName: KeysResourceType}}
}

type keysResource struct{ providerdata.ResourceBase }

type keysModel struct {
	ID   types.String `tfsdk:"id"`
	Keys types.Set    `tfsdk:"keys"`
}

func (r *keysResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "The Runpod account's whole set of SSH public keys, managed authoritatively: after an apply " +
			"the account holds exactly `keys`. There is one per account (import id `account`).\n\n" +
			"It never removes a key it was not told about without showing it first: creating it fails if the account " +
			"already holds keys missing from `keys`, listing them, so that you add them or import the resource (after " +
			"which the plan shows exactly which keys an apply would remove). Destroying it removes only the keys in its " +
			"state. Runpod injects the account's keys into pods created afterwards with SSH enabled; running pods keep " +
			"the keys they started with.\n\n" +
			"~> Do not combine `runpod_ssh_keys` with `runpod_ssh_key` resources for the same account: each would " +
			"undo the other's changes.\n\n" + concurrencyNote,
		Attributes: map[string]schema.Attribute{
			"id": resourceidentity.IDAttribute("Always `account`."),
			"keys": schema.SetAttribute{
				MarkdownDescription: "Every SSH public key the account should hold, one OpenSSH line each " +
					"(`<type> <base64 key> [comment]`; surrounding whitespace is ignored). An empty set removes all keys.",
				ElementType: types.StringType,
				Required:    true,
				Validators: []validator.Set{
					setvalidator.ValueStringsAre(validKey{attr: "keys"}),
					distinctKeys{},
					keysUnderBodyLimit{},
				},
			},
		},
	}
}

// distinctKeys refuses the same key twice (say, with two comments): the
// account would hold it twice and the set could never match.
type distinctKeys struct{}

func (distinctKeys) Description(context.Context) string { return "each key may appear only once" }

func (v distinctKeys) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (distinctKeys) ValidateSet(ctx context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	seen := map[string]bool{}
	for _, el := range req.ConfigValue.Elements() {
		s, ok := el.(types.String)
		if !ok || s.IsNull() || s.IsUnknown() {
			continue
		}
		fp := fingerprintOf(s.ValueString())
		if fp == "" {
			continue // reported by validKey
		}
		if seen[fp] {
			resp.Diagnostics.AddAttributeError(req.Path, "Duplicate SSH Public Key",
				fmt.Sprintf("Key %s appears more than once in keys (perhaps with different comments). List each key once.", fp))
			return
		}
		seen[fp] = true
	}
}

// ModifyPlan warns, once per key, that a key this plan adds to the set does
// not reach the pods already running. A key is new when the state does not
// hold it (on a create, every key: the plan cannot tell which ones the
// account holds already).
func (r *keysResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var plan keysModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	held := map[string]bool{}
	if !req.State.Raw.IsNull() {
		var state keysModel
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
		known, d := setLines(ctx, state.Keys)
		resp.Diagnostics.Append(d...)
		if resp.Diagnostics.HasError() {
			return
		}
		held = identities(known)
	}
	if plan.Keys.IsUnknown() {
		resp.Diagnostics.Append(newKeyWarning(ctx, r.Data, path.Root("keys"), nil, KeysResourceType))
		return
	}
	if plan.Keys.IsNull() {
		return
	}
	unknownWarned := false
	for _, el := range plan.Keys.Elements() {
		s, ok := el.(types.String)
		if !ok || s.IsNull() {
			continue
		}
		if s.IsUnknown() {
			if !unknownWarned {
				resp.Diagnostics.Append(newKeyWarning(ctx, r.Data, path.Root("keys"), nil, KeysResourceType))
				unknownWarned = true
			}
			continue
		}
		k, err := parseKey(s.ValueString())
		if err != nil || held[k.Fingerprint] {
			continue // invalid keys are reported by validKey
		}
		resp.Diagnostics.Append(newKeyWarning(ctx, r.Data, path.Root("keys"), &k, KeysResourceType))
	}
}

func (r *keysResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	client, plan, ok := providerdata.Begin[keysModel](ctx, r.Data, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	wanted, d := parseSet(ctx, plan.Keys)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	want := fingerprints(wanted)
	res, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, _ int) ([]string, bool, error) {
			r.manage(want)
			// Never clobber: keys the configuration does not list are not
			// ours to drop until a plan has shown them. On a later attempt,
			// they were added by another writer meanwhile.
			if unknown := notIn(current, want); len(unknown) > 0 {
				return nil, false, &refusal{path.Root("keys"), "Account Has SSH Keys Not In Configuration",
					fmt.Sprintf("The Runpod account already holds %d SSH key(s) that keys does not list, and creating %s would "+
						"remove them:\n\n%s\n\nAdd them to keys to keep them, or import the resource first, so that the plan shows "+
						"exactly which keys an apply would remove:\n\n%s",
						len(unknown), KeysResourceType, bullets(unknown), diagnostics.ImportHint(KeysResourceType, accountID))}
			}
			return lines(wanted), !sameKeys(current, want), nil
		},
		holds:    func(keys []string) bool { return sameKeys(keys, want) },
		tooLarge: keysTooLarge(wanted),
	})
	if err != nil {
		reportChangeError(&resp.Diagnostics, "SSH Keys Not Set", err, keysNotHeld(res.keys, want))
		return
	}
	if res.unverified != nil {
		resp.Diagnostics.Append(notVerified("SSH keys", "Set", accountID, accountID, "", res.unverified))
	}
	tflog.Info(ctx, "set the account's SSH keys", map[string]any{"keys": len(wanted)})
	r.store(ctx, res.keys, plan.Keys, &resp.State, &resp.Diagnostics)
}

// manage records the keys in want as managed by this run, so that a
// runpod_ssh_key creating one of them in the same run is refused rather
// than taking it over.
func (r *keysResource) manage(want map[string]bool) {
	for fp := range want {
		r.Data.ManageSSHKey(fp)
	}
}

// store saves the set as last read (which showed the change), keeping the
// configured line of every key that is there.
func (r *keysResource) store(ctx context.Context, keys []string, configured types.Set, state *tfsdk.State, diags *diag.Diagnostics) {
	m, d := fromAPI(ctx, keys, configured)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	diags.Append(state.Set(ctx, m)...)
}

func (r *keysResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	client, prior, ok := providerdata.Begin[keysModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	keys, err := client.GetSSHKeys(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read SSH Keys", "reading the account's SSH keys", err))
		return
	}
	m, d := fromAPI(ctx, keys, prior.Keys)
	resp.Diagnostics.Append(d...)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (r *keysResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	client, plan, state, ok := providerdata.BeginUpdate[keysModel](ctx, r.Data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	wanted, d := parseSet(ctx, plan.Keys)
	resp.Diagnostics.Append(d...)
	known, d := setLines(ctx, state.Keys)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	want := fingerprints(wanted)
	// A key added after the plan was made was not shown as removed: refuse
	// rather than drop it unseen.
	seen := identities(known)
	for fp := range want {
		seen[fp] = true
	}
	res, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, _ int) ([]string, bool, error) {
			r.manage(want)
			if added := notIn(current, seen); len(added) > 0 {
				return nil, false, &refusal{path.Root("keys"), "SSH Keys Added Since The Plan",
					fmt.Sprintf("These keys were added to the account after the plan was made, so the plan did not show that "+
						"this apply would remove them:\n\n%s\n\nRun plan again: it will show them, and you can add them to keys "+
						"or let the apply remove them.", bullets(added))}
			}
			return lines(wanted), !sameKeys(current, want), nil
		},
		holds:    func(keys []string) bool { return sameKeys(keys, want) },
		tooLarge: keysTooLarge(wanted),
	})
	if err != nil {
		reportChangeError(&resp.Diagnostics, "SSH Keys Not Updated", err, keysNotHeld(res.keys, want))
		return
	}
	if res.unverified != nil {
		resp.Diagnostics.Append(notVerified("SSH keys", "Updated", accountID, accountID, "", res.unverified))
	}
	tflog.Info(ctx, "set the account's SSH keys", map[string]any{"keys": len(wanted)})
	r.store(ctx, res.keys, plan.Keys, &resp.State, &resp.Diagnostics)
}

// Delete removes only the keys in state; keys added since, by hand or by
// another tool, stay.
func (r *keysResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	client, state, ok := providerdata.Begin[keysModel](ctx, r.Data, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	mine, d := setLines(ctx, state.Keys)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	drop := identities(mine)
	// Keys that a runpod_ssh_key of this run added or took over (the keys
	// moved from this resource to runpod_ssh_key resources) are theirs now:
	// they stay. Checked under the lock, where those resources record them.
	var kept []string
	res, err := applyKeyChange(ctx, r.Data, client, keyChange{
		next: func(current []string, _ int) ([]string, bool, error) {
			for id := range drop {
				if r.Data.SSHKeyManaged(id) {
					delete(drop, id)
					kept = append(kept, id)
				}
			}
			rest := without(current, drop)
			return rest, len(rest) != len(current), nil
		},
		holds: func(keys []string) bool { return len(without(keys, drop)) == len(keys) },
		// Removing keys makes the set smaller; this is for a set already
		// over the limit when read.
		tooLarge: func(size int, refused bool) *refusal {
			return &refusal{path.Root("keys"), tooLargeSummary(), tooLargeDetail(size, refused,
				"Keys this resource does not manage make it that large. Remove keys the account no longer needs in the Runpod console.")}
		},
	})
	if err != nil {
		// The resource stays in state: keys the user believes revoked
		// must not silently remain.
		reportChangeError(&resp.Diagnostics, "SSH Keys Still Registered", err, fmt.Sprintf(
			"The managed keys were removed from the account's SSH keys %d times, and each time %s put some back. "+
				"These are still registered, and pods created from now on with SSH enabled accept them:\n\n%s\n\n"+
				"Run destroy again once the other writer has finished, or remove them in the Runpod console.",
			maxAttempts, concurrentWriters, bullets(within(res.keys, drop))))
		return
	}
	if len(kept) > 0 {
		sort.Strings(kept)
		resp.Diagnostics.AddWarning("SSH Keys Left Registered", fmt.Sprintf(
			"These keys were not removed from the account: a runpod_ssh_key of this configuration added or took over "+
				"each of them in this run and manages it now.\n\n%s", bullets(kept)))
	}
	if res.unverified != nil {
		// The write's reply shows the keys gone, but no read after the
		// settling wait confirmed that no other writer put them back: keys
		// the user believes revoked must not silently remain, so the
		// resource stays in state and the next destroy checks.
		resp.Diagnostics.AddError("SSH Key Removal Not Verified", fmt.Sprintf(
			"Runpod answered the write removing the managed keys with a key set that no longer holds them, but "+
				"reading the keys back afterwards failed, so the provider could not verify that no other writer put "+
				"one back. The resource stays in state; run destroy again to check and finish.\n\n%s",
			diagnostics.APIErrorDetail("reading the account's SSH keys back", res.unverified)))
		return
	}
	tflog.Info(ctx, "removed the managed SSH keys", map[string]any{"removed": len(drop)})
}

// ImportState takes the id `account`, the only one there is.
func (r *keysResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if req.ID != accountID {
		resp.Diagnostics.AddError("Invalid Import ID",
			fmt.Sprintf("%s is one per account and is imported with the id %q, not %q:\n\n%s",
				KeysResourceType, accountID, req.ID, diagnostics.ImportHint(KeysResourceType, accountID)))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, keysModel{
		ID:   types.StringValue(accountID),
		Keys: types.SetNull(types.StringType),
	})...)
}

// fromAPI is the one conversion from the API's key list to the resource
// model. A registered key that state (or the configuration) already holds
// keeps that line, so a different comment or whitespace is not drift;
// any other key appears as Runpod stores it.
func fromAPI(ctx context.Context, keys []string, known types.Set) (keysModel, diag.Diagnostics) {
	byIdentity := map[string]string{}
	if !known.IsNull() && !known.IsUnknown() {
		var lines []string
		diags := known.ElementsAs(ctx, &lines, false)
		if diags.HasError() {
			return keysModel{}, diags
		}
		for _, l := range lines {
			byIdentity[identity(l)] = l
		}
	}
	out := make([]string, 0, len(keys))
	for _, line := range keys {
		if kept, ok := byIdentity[identity(line)]; ok {
			out = append(out, kept)
			continue
		}
		out = append(out, line)
	}
	set, diags := types.SetValueFrom(ctx, types.StringType, out)
	return keysModel{ID: types.StringValue(accountID), Keys: set}, diags
}

func parseSet(ctx context.Context, set types.Set) ([]publicKey, diag.Diagnostics) {
	var diags diag.Diagnostics
	if set.IsNull() || set.IsUnknown() {
		return nil, diags
	}
	var raw []string
	diags.Append(set.ElementsAs(ctx, &raw, false)...)
	out := make([]publicKey, 0, len(raw))
	for _, s := range raw {
		k, err := parseKey(s)
		if err != nil {
			diags.AddAttributeError(path.Root("keys"), "Invalid SSH Public Key", err.Error())
			continue
		}
		out = append(out, k)
	}
	return out, diags
}

func fingerprints(keys []publicKey) map[string]bool {
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k.Fingerprint] = true
	}
	return out
}

func lines(keys []publicKey) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, k.Line())
	}
	sort.Strings(out)
	return out
}

// notIn returns the registered entries whose identity is not in keep.
func notIn(current []string, keep map[string]bool) []string {
	var out []string
	for _, line := range current {
		if !keep[identity(line)] {
			out = append(out, line)
		}
	}
	return out
}

// setLines reads a set of key lines as they are, without parsing them:
// state may hold entries Runpod stores that this provider cannot parse.
func setLines(ctx context.Context, set types.Set) ([]string, diag.Diagnostics) {
	if set.IsNull() || set.IsUnknown() {
		return nil, nil
	}
	var out []string
	diags := set.ElementsAs(ctx, &out, false)
	return out, diags
}

func bullets(items []string) string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = "  - " + s
	}
	return strings.Join(out, "\n")
}

// sameKeys reports whether the account holds exactly the keys want.
func sameKeys(keys []string, want map[string]bool) bool {
	got := identities(keys)
	if len(got) != len(want) || len(keys) != len(want) {
		return false
	}
	for fp := range want {
		if !got[fp] {
			return false
		}
	}
	return true
}

// within returns the entries whose identity is in ids.
func within(keys []string, ids map[string]bool) []string {
	var out []string
	for _, line := range keys {
		if ids[identity(line)] {
			out = append(out, line)
		}
	}
	return out
}

// keysNotHeld explains a set that other writers kept changing: which wanted
// keys are missing and which others are there.
func keysNotHeld(keys []string, want map[string]bool) string {
	got := identities(keys)
	var missing []string
	for fp := range want {
		if !got[fp] {
			missing = append(missing, fp)
		}
	}
	sort.Strings(missing)
	msg := fmt.Sprintf("The account's SSH keys were set %d times, and each time %s changed the set again.", maxAttempts, concurrentWriters)
	if len(missing) > 0 {
		msg += " These keys are not registered now:\n\n" + bullets(missing)
	}
	if extra := notIn(keys, want); len(extra) > 0 {
		msg += "\n\nThese keys, not in keys, are registered:\n\n" + bullets(extra)
	}
	return msg + "\n\nRun apply again once the other writer has finished."
}

// keysUnderBodyLimit refuses at plan time a key set whose PUT body would be
// over Runpod's limit: the body is exactly these keys, so the size is known.
type keysUnderBodyLimit struct{}

func (keysUnderBodyLimit) Description(context.Context) string {
	return fmt.Sprintf("the keys together must fit in one request body of at most %d bytes", runpod.MaxRequestBodyBytes)
}

func (v keysUnderBodyLimit) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (keysUnderBodyLimit) ValidateSet(ctx context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var keys []publicKey
	for _, el := range req.ConfigValue.Elements() {
		s, ok := el.(types.String)
		if !ok || s.IsNull() || s.IsUnknown() {
			return // not all known yet: checked again at apply
		}
		k, err := parseKey(s.ValueString())
		if err != nil {
			return // reported by validKey
		}
		keys = append(keys, k)
	}
	if r := keysTooLarge(keys)(0, false); r != nil {
		resp.Diagnostics.AddAttributeError(req.Path, r.summary, r.detail)
	}
}

// keysTooLarge explains a set over Runpod's body limit, naming its largest
// key. Called with a size of 0 it measures the set itself and returns nil
// when it fits.
func keysTooLarge(keys []publicKey) func(int, bool) *refusal {
	return func(size int, refused bool) *refusal {
		if size <= 0 {
			n, err := putBodySize(lines(keys))
			if err != nil || n <= runpod.MaxRequestBodyBytes {
				return nil //nolint:nilerr // a set that cannot be measured is left to the API's own 413
			}
			size = n
		}
		what := "Remove keys the account no longer needs from keys."
		if len(keys) > 0 {
			largest := slices.MaxFunc(keys, func(a, b publicKey) int { return len(a.Line()) - len(b.Line()) })
			what = fmt.Sprintf("The largest entry of keys is %s, %d bytes, of which %d are its comment. Shorten the "+
				"comments, or remove keys the account no longer needs from keys.", largest.Fingerprint, len(largest.Line()), len(largest.Comment))
		}
		return &refusal{path.Root("keys"), tooLargeSummary(), tooLargeDetail(size, refused, what)}
	}
}
