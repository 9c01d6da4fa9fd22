package networkvolume

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// Lost-reply twins: pods, clusters and network volumes each decide what
// counts as "the object a lost create made", and the rules differ on
// purpose, so the logic is not shared: Runpod returns a creation time for
// pods and clusters but not for volumes, so only those two use a
// recent-creation window; a volume matches on name, size, data center and
// tier, a pod on name, image and GPU, a cluster on name, type and compute.
// What they share is the import hint (diagnostics.ImportHint).

// kind names network volumes in what this provider process created
// (providerdata.Creates).
const kind = "network volume"

// withConfig carries the configuration-only arguments from m (the plan or
// prior state) into a model read from the API, with the monthly estimate
// for what the API holds. Runpod's size goes to reported_size_gb; size_gb
// keeps m's (the value configured at the last apply), so that a volume
// grown outside Terraform is drift in reported_size_gb and never a
// planned shrink. Without one in m (import, query) size_gb is Runpod's.
func withConfig(v volumeModel, m resourceModel) resourceModel {
	reported := v.SizeGB
	if tfvalue.Known(m.SizeGB) {
		v.SizeGB = m.SizeGB
	}
	return resourceModel{volumeModel: v, AllowDuplicate: m.AllowDuplicate, ReportedSizeGB: reported,
		EstimatedCostPerMonth: monthlyEstimate(reported, v.Type)}
}

// twinOf reports whether v is what body would create: same name, size and
// data center, and the same tier when the body names one.
func twinOf(v runpod.NetworkVolume, body runpod.CreateNetworkVolumeRequest) bool {
	return v.Name == body.Name && v.Size == body.Size && v.DataCenter == body.DataCenter &&
		(body.Type == nil || v.Type == *body.Type)
}

// twins returns the volumes in all that look like body's, leaving out this
// process's own and those in skip (a baseline listed before a create).
func (r *volumeResource) twins(all []runpod.NetworkVolume, body runpod.CreateNetworkVolumeRequest, skip []runpod.NetworkVolume) []runpod.NetworkVolume {
	var out []runpod.NetworkVolume
	for _, v := range all {
		if r.Data.Creates().Owns(kind, v.ID) || !twinOf(v, body) {
			continue
		}
		known := false
		for _, s := range skip {
			known = known || s.ID == v.ID
		}
		if !known {
			out = append(out, v)
		}
	}
	return out
}

func describeVolumes(vs []runpod.NetworkVolume) string {
	lines := make([]string, len(vs))
	for i, v := range vs {
		lines[i] = fmt.Sprintf("  - %s (%q, %d GB, %s, %s)", v.ID, v.Name, v.Size, v.DataCenter, v.Type)
	}
	return strings.Join(lines, "\n")
}

// refuseTwin refuses a create while the account has a volume this apply did
// not create with the same name, size, data center and tier: most likely
// the volume of an earlier apply whose create reply was lost, which a plain
// re-run (what a pipeline does) would otherwise duplicate. Runpod does not
// say when a volume was created, so any such volume counts.
func refuseTwin(body runpod.CreateNetworkVolumeRequest, twins []runpod.NetworkVolume) diag.Diagnostic {
	return diag.NewAttributeErrorDiagnostic(path.Root("name"), "Identical Network Volume Exists",
		fmt.Sprintf("Not creating network volume %q: the account has a volume with the same name, size, data center and "+
			"tier that this configuration does not manage:\n%s\n\nThat is most likely the volume of an earlier apply whose create "+
			"reply was lost (a dropped connection or a 5xx after Runpod created it), and creating another would bill twice. "+
			"If it is this configuration's volume, import it:\n\n%s\n\nIf it is not, set allow_duplicate = true on this "+
			"volume to create one anyway. Nothing was created.%s",
			body.Name, describeVolumes(twins), diagnostics.ImportHint(ResourceType, twins[len(twins)-1].ID), providerdata.SiblingsNote))
}

// ambiguousCreate resolves a create that failed in transit (5xx, dropped
// connection): the volume may exist and bill. When exactly one volume that
// looks like the request appeared since the list taken just before it
// (before), it is this create's volume: it is returned, to be adopted,
// with a warning. Otherwise the error says what may exist.
func (r *volumeResource) ambiguousCreate(ctx context.Context, client *runpod.Client, body runpod.CreateNetworkVolumeRequest,
	before []runpod.NetworkVolume, flight *providerdata.Flight, createErr error,
) (*runpod.NetworkVolume, diag.Diagnostic) {
	const summary = "Network Volume May Have Been Created"
	detail := diagnostics.APIErrorDetail(fmt.Sprintf("creating network volume %q (%d GB in %s)", body.Name, body.Size, body.DataCenter), createErr)
	// Same-name creates of this apply still sending may have made volumes
	// that no one owns yet: wait for them before telling which is this one.
	flight.Resolve()
	_, appeared, err := providerdata.Settle(ctx, r.Data.Creates(), kind, body.Name, true, client.ListNetworkVolumes,
		func(all []runpod.NetworkVolume) []runpod.NetworkVolume { return r.twins(all, body, before) })
	if err != nil {
		detail += fmt.Sprintf("\n\nListing the account's volumes to look for it failed too (%s). The next apply refuses to "+
			"create another volume identical to this one while one exists, and names it.", err)
		return nil, diag.NewErrorDiagnostic(summary, detail)
	}
	switch len(appeared) {
	case 1:
		v := appeared[0]
		return &v, diag.NewWarningDiagnostic("Network Volume Adopted After a Lost Create Reply", detail+fmt.Sprintf(
			"\n\nExactly one volume with this name, size and data center appeared after the request was sent: %s. It is "+
				"the volume this create made, and it is now in state; the request was not sent twice.", v.ID))
	case 0:
		detail += fmt.Sprintf("\n\nNo volume named %q of %d GB appeared in %s after the request was sent, so it was most "+
			"likely not created. Applying again is safe; the provider did not send the request twice.", body.Name, body.Size, body.DataCenter)
	default:
		detail += fmt.Sprintf("\n\nVolumes with this name, size and data center that appeared after the request was "+
			"sent:\n%s\n\nThe provider cannot tell which one this apply created and does not adopt one blindly; the next "+
			"apply refuses to create another while they exist. Import the one that is this volume and delete the others:\n\n%s",
			describeVolumes(appeared), diagnostics.ImportHint(ResourceType, appeared[len(appeared)-1].ID))
	}
	return nil, diag.NewErrorDiagnostic(summary, detail)
}

// refuseOrphan is the volumes' duplicate guard, run when a create is
// planned (see providerdata.UnmanagedLookalikes for why at plan): a volume
// with the same name, size, data center and tier that no address of this
// configuration manages is most likely the orphan of an earlier apply.
// Runpod does not say when a volume was created, so any such volume counts.
// allow_duplicate opts out.
func (r *volumeResource) refuseOrphan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if resp.Diagnostics.HasError() {
		return
	}
	var plan resourceModel
	if resp.Diagnostics.Append(resp.Plan.Get(ctx, &plan)...); resp.Diagnostics.HasError() ||
		plan.AllowDuplicate.ValueBool() || !tfvalue.Known(plan.Name) {
		return
	}
	body := toCreateRequest(plan.volumeModel)
	found, err := providerdata.UnmanagedLookalikes(ctx, r.Data, req.ClientCapabilities, kind,
		(*providerdata.Reads).NetworkVolumes,
		func(v runpod.NetworkVolume) bool {
			return v.Name == body.Name && (!tfvalue.Known(plan.SizeGB) || v.Size == body.Size) &&
				(!tfvalue.Known(plan.DataCenterID) || v.DataCenter == body.DataCenter) && (body.Type == nil || v.Type == *body.Type)
		},
		func(v runpod.NetworkVolume) string { return v.ID })
	switch {
	case err != nil:
		resp.Diagnostics.Append(diag.WithPath(path.Root("name"), diagnostics.APIError("Cannot Check for an Identical Volume",
			fmt.Sprintf("listing network volumes before creating %q, to make sure an earlier apply did not create it already",
				body.Name), err)))
	case len(found) > 0:
		resp.Diagnostics.Append(refuseTwin(body, found))
	}
}
