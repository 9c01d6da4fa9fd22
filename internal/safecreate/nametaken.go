package safecreate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// RefuseTakenNameAtPlan is the read before write of a planned create (or
// rename) of a kind whose names are unique: it fails the plan while an
// object named name exists that no address of this configuration manages
// (providerdata.UnmanagedLookalikes, which waits for the configuration's
// own objects to be read), so that a saved plan does not fail at apply on a
// name the plan could have seen taken: an orphan of a create whose reply
// was lost, an object made in the console. The create still checks again
// (claimName), for a name taken between plan and apply; it also decides
// when the plan's list fails or the plan could not wait for its siblings
// (starved). It answers nil when the name is free.
func RefuseTakenNameAtPlan[T any](ctx context.Context, d *providerdata.Data, caps resource.ModifyPlanClientCapabilities,
	k kinds.Kind[T], name string, planDiags diag.Diagnostics,
) diag.Diagnostic {
	if planDiags.HasError() {
		return nil // the plan fails already: no request for a create that will not happen
	}
	if _, ok := d.Pending(k.Noun, name); ok {
		// This refresh dropped a pending create of the name whose object
		// it found (pendingcreate): a plan that failed now would save no
		// refresh, and the record left in state would stop the import its
		// warning asks for. The create refuses the name instead, and the
		// state that apply saves no longer has the record.
		return nil
	}
	found, starved, err := providerdata.UnmanagedLookalikes(ctx, d, caps, k.Noun, k.SharedList,
		func(o T) bool { return k.Name(&o) == name }, func(o T) string { return k.ID(&o) })
	if err != nil {
		// The create checks again with a list of its own (every page of
		// it): a plan does not fail on a list it cannot take as whole.
		tflog.Debug(ctx, "could not list at plan to check the name; the create checks it", map[string]any{"kind": k.Noun, "error": err.Error()})
		return nil
	}
	if len(found) == 0 || starved {
		return nil
	}
	return diag.WithPath(path.Root("name"), diagnostics.AlreadyExists(k.Noun, name, k.ID(&found[0]), k.ResourceType))
}
