package providerdata

import (
	"context"
	"sync"
	"sync/atomic"
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
// That wait must not wait for what cannot come. Terraform runs at most
// -parallelism graph nodes at once (10 unless set) and holds a node's slot
// for its whole refresh and plan, so a plan that waits holds a slot its
// siblings' refresh needs: when every slot is held by such a wait (with
// -parallelism=1, the first wait), nothing else runs until one returns.
// The provider counts the plans waiting in this process and reads
// -parallelism from the command that started it (SetParallelism); when the
// waits fill every slot, one of them stops waiting (starved) and the
// lookalikes still unread cannot be classified: the guard warns, naming
// them, instead of refusing the set's own members. Its slot freed, Terraform
// reads on, and the other waits resume. While a slot is free or held by
// anything else (a read, however slow, a plan of another kind, another
// provider), Terraform makes progress, and a lookalike still unread when
// siblingWait ends is an orphan, refused as before. Counting slots rather
// than watching for a quiet moment keeps that refusal: once the siblings
// are read an orphan's wait is the last thing in flight, which a quiet
// moment could not tell from a starved walk.
//
// Terraform plans each change a second time in the apply's process, which
// refreshes nothing: there every sibling would look like an orphan. Since
// Terraform 1.9 that second plan is the only one that may defer
// (ClientCapabilities.DeferralAllowed; -allow-deferral exists only in
// experimental builds), which tells it apart, and the guard is not repeated
// there. OpenTofu and older Terraform send no
// such sign: their apply repeats the guard, which then cannot tell siblings
// from orphans and refuses both, as before (with -parallelism=1 that wait
// starves at once: it warns instead, as the plan did).

// siblingWait bounds how long the plan of a new object waits for the
// lookalikes it found to be read as objects in state, while Terraform can
// run something else (see above); an orphan is never read, and costs this
// wait before the plan refuses to duplicate it.
var siblingWait = 20 * time.Second

var siblingPoll = poll.Backoff{Initial: 20 * time.Millisecond, Max: 500 * time.Millisecond, Factor: 2}

// defaultParallelism is Terraform's and OpenTofu's -parallelism when the
// command does not set it.
const defaultParallelism = 10

// parallelism is the -parallelism of the command that started this
// process, 0 when unknown (SetParallelism).
var parallelism atomic.Int64

// SetParallelism records the -parallelism of the Terraform or OpenTofu
// command that started this provider process (clicommand.Parent); 0, the
// default, stands for Terraform's default. A provider attached with
// TF_REATTACH_PROVIDERS cannot read it and assumes the default.
func SetParallelism(n int) { parallelism.Store(int64(max(n, 0))) }

// Parallelism is the number of graph nodes Terraform runs at once in the
// command that started this process, as far as it knows.
func Parallelism() int {
	if n := int(parallelism.Load()); n > 0 {
		return n
	}
	return defaultParallelism
}

// siblingWaits counts the plans of this process waiting for their
// siblings' refresh: each holds one of Terraform's slots.
type siblingWaits struct {
	mu      sync.Mutex
	waiting int
}

// enter records a plan that starts waiting.
func (w *siblingWaits) enter() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.waiting++
}

// leave records a plan that stops waiting, unless starved said it did.
func (w *siblingWaits) leave() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.waiting--
}

// starved reports whether the waits fill all slots Terraform has, so that
// nothing can run until one returns. The one that learns it leaves at once
// (it does not call leave): the others see a slot freed and wait on.
func (w *siblingWaits) starved(slots int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.waiting < slots {
		return false
	}
	w.waiting--
	return true
}

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
// When the wait starves Terraform (every slot held by such a wait, see
// above) it stops at once and returns the lookalikes not read yet with
// starved true: they may be members of the set that Terraform will read
// after this plan, or orphans, and the caller cannot refuse them.
// In the plan Terraform makes again during apply (caps) it checks nothing.
func UnmanagedLookalikes[T any](ctx context.Context, d *Data, caps resource.ModifyPlanClientCapabilities, kind string,
	list func(*Reads, context.Context) ([]T, error), lookalike func(T) bool, id func(T) string,
) (found []T, starved bool, err error) {
	if caps.DeferralAllowed {
		return nil, false, nil // the apply's re-plan: the plan before it checked
	}
	if _, diags := d.Client(); diags.HasError() {
		return nil, false, nil // reported by the plan's own checks
	}
	all, err := list(d.Reads(), ctx)
	if err != nil {
		return nil, false, err
	}
	for _, o := range all {
		if lookalike(o) {
			found = append(found, o)
		}
	}
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
		return nil, false, nil
	}
	waitCtx, cancel := context.WithTimeout(ctx, siblingWait)
	defer cancel()
	d.waits.enter()
	err = poll.Until(waitCtx, siblingPoll, func(context.Context, int) (bool, error) {
		if len(unmanaged()) == 0 {
			return true, nil
		}
		starved = d.waits.starved(Parallelism())
		return starved, nil
	})
	if !starved {
		d.waits.leave()
	}
	if err != nil && ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	return unmanaged(), starved, nil
}
