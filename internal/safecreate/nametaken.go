package safecreate

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

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
// (claimName), for a name taken between plan and apply. A list that fails
// fails the plan; a plan that could not wait for its siblings (starved)
// leaves the check to the create. It answers nil when the name is free.
func RefuseTakenNameAtPlan[T any](ctx context.Context, d *providerdata.Data, caps resource.ModifyPlanClientCapabilities,
	k kinds.Kind[T], name string,
) diag.Diagnostic {
	found, starved, err := providerdata.UnmanagedLookalikes(ctx, d, caps, k.Noun, k.SharedList,
		func(o T) bool { return k.Name(&o) == name }, func(o T) string { return k.ID(&o) })
	switch {
	case err != nil:
		return diag.WithPath(path.Root("name"), diagnostics.APIError("Cannot Check "+k.Title()+" Name",
			fmt.Sprintf("listing %ss to check that the name %q is free", k.Noun, name), err))
	case len(found) == 0 || starved:
		return nil
	}
	return diag.WithPath(path.Root("name"), diagnostics.AlreadyExists(k.Noun, name, k.ID(&found[0]), k.ResourceType))
}
