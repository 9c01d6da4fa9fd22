package providerdata

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/poll"
)

// Lookalikes the configuration already manages.
//
// A create must not duplicate the orphan of an earlier run: an object
// Runpod made whose create reply was lost, or whose run was killed before
// Terraform saved it. Such an orphan looks exactly like the object about to
// be created. So do the other members of a count or for_each set of
// identical objects, which the configuration manages. Only the plan can tell
// them apart: Terraform refreshes and plans every object in state in the
// plan's provider process, while the apply's process sees neither the
// state nor anything the plan learned (a create starts with no private
// state). The duplicate guard of the kinds whose names repeat therefore
// runs when a create is planned: reads and plans of objects in state record
// them as managed (Managed), and the plan of a new object refuses the
// lookalikes no address manages (UnmanagedLookalikes), after waiting for
// its siblings' refresh.
//
// Terraform plans each change a second time in the apply's process, which
// refreshes nothing: there every sibling would look like an orphan. Since
// Terraform 1.9 that second plan is the only one that may defer
// (ClientCapabilities.DeferralAllowed; -allow-deferral exists only in
// experimental builds), which tells it apart, and the guard is not repeated
// there. OpenTofu and older Terraform send no
// such sign: their apply repeats the guard, which then cannot tell siblings
// from orphans and refuses both, as before.

// siblingWait bounds how long the plan of a new object waits for the
// lookalikes it found to be read as objects in state. Terraform refreshes
// and plans a configuration's objects in parallel (ten at a time), so a
// new member's plan may run before its siblings' refresh; an orphan is
// never read, and costs this wait before the plan refuses to duplicate it.
var siblingWait = 20 * time.Second

var siblingPoll = poll.Backoff{Initial: 20 * time.Millisecond, Max: 500 * time.Millisecond, Factor: 2}

// SiblingsNote ends a refusal to duplicate an orphan: what OpenTofu and
// older Terraform do differently.
const SiblingsNote = "\n\nOpenTofu and Terraform before 1.9 plan each create again during apply without saying so, " +
	"and that second plan cannot tell the members of a count or for_each set that this configuration manages from " +
	"such an object: there they are named here too."

// Managed records that this process reads or plans the object in state
// (its id attribute) as a resource of the kind: it is the configuration's
// own, never an orphan. Reads and plans of existing objects call it.
func (d *Data) Managed(ctx context.Context, kind string, state tfsdk.State) {
	if d == nil || state.Raw.IsNull() {
		return
	}
	var id types.String
	if diags := state.GetAttribute(ctx, path.Root("id"), &id); diags.HasError() || id.ValueString() == "" {
		return
	}
	d.creates.Own(kind, id.ValueString())
}

// UnmanagedLookalikes is the duplicate guard of a new object's plan: it
// lists the kind (list, on the reads shared with refresh), takes the
// objects the create could duplicate (lookalike), waits until each is read
// or planned as an object in state, for at most siblingWait, and returns
// those that were not: objects no address of this configuration manages.
// In the plan Terraform makes again during apply (caps) it checks nothing.
func UnmanagedLookalikes[T any](ctx context.Context, d *Data, caps resource.ModifyPlanClientCapabilities, kind string,
	list func(*Reads, context.Context) ([]T, error), lookalike func(T) bool, id func(T) string,
) ([]T, error) {
	if caps.DeferralAllowed {
		return nil, nil // the apply's re-plan: the plan before it checked
	}
	if _, diags := d.Client(); diags.HasError() {
		return nil, nil // reported by the plan's own checks
	}
	all, err := list(d.Reads(), ctx)
	if err != nil {
		return nil, err
	}
	var found []T
	for _, o := range all {
		if lookalike(o) {
			found = append(found, o)
		}
	}
	return Unowned(ctx, d, kind, found, id)
}

// Unowned is found less the objects that this process reads, plans or
// created as objects in state of kind (their addresses manage them), after
// waiting up to siblingWait for each of found to be read as one: Terraform
// refreshes a configuration's objects in parallel, so a sibling's object
// may be read after the caller looked. It returns nil when ctx ends.
func Unowned[T any](ctx context.Context, d *Data, kind string, found []T, id func(T) string) ([]T, error) {
	unmanaged := func() []T {
		var out []T
		for _, o := range found {
			if !d.creates.Owns(kind, id(o)) {
				out = append(out, o)
			}
		}
		return out
	}
	if len(unmanaged()) == 0 {
		return nil, nil
	}
	waitCtx, cancel := context.WithTimeout(ctx, siblingWait)
	defer cancel()
	if err := poll.Until(waitCtx, siblingPoll, func(context.Context, int) (bool, error) {
		return len(unmanaged()) == 0, nil
	}); err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return unmanaged(), nil
}
