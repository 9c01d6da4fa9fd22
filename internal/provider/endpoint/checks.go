package endpoint

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// serverlessPools is what the GPU checks read from the catalog (memoized
// per provider process): the GPU types by serverless pool, with their
// serverless price and SERVERLESS stock.
func (r *endpointResource) serverlessPools(ctx context.Context) (placement.ServerlessPools, error) {
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return nil, fmt.Errorf("the catalog is not available")
	}
	gpus, err := cat.GPUTypes(ctx, placement.ServerlessGPUQuery())
	if err != nil {
		return nil, err
	}
	return placement.PoolsOf(gpus), nil
}

// cpuFlavours is what the CPU checks read from the catalog (memoized per
// provider process): every flavour with its vCPU range and serverless price.
func (r *endpointResource) cpuFlavours(ctx context.Context) ([]runpod.CPUType, diag.Diagnostics) {
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return nil, d
	}
	flavours, err := cat.CPUTypes(ctx, runpod.CPUTypeQuery{})
	if err != nil {
		return nil, diag.Diagnostics{diagnostics.APIError("Cannot Check CPU Flavours", "reading the CPU catalog to check cpu", err)}
	}
	return flavours, nil
}

// checkCompute fails the plan on data centers, pools, excluded types or CPU
// flavours the catalog does not have, naming what it does have, and on a
// gpu_count no machine of the pools holds.
func (r *endpointResource) checkCompute(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	r.checkDataCenters(ctx, plan, diags)
	if ids, ok := tfvalue.StringsIfKnown(ctx, plan.GPUPools, diags); ok && len(ids) > 0 {
		if !r.checkPools(ctx, plan, ids, diags) {
			return
		}
	}
	if cpus := cpuConfigs(ctx, plan.CPU, diags); len(cpus) > 0 {
		r.checkCPUFlavours(ctx, cpus, diags)
	}
}

// checkPools checks gpu_pools (ids) and the types excluded from them. It
// returns false when the pools could not be read or are not all pools:
// the exclusions mean nothing then.
func (r *endpointResource) checkPools(ctx context.Context, plan resourceModel, ids []string, diags *diag.Diagnostics) bool {
	pools, err := r.serverlessPools(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Check GPU Pools", "reading the GPU catalog to check gpu_pools", err))
		return false
	}
	if unknown := pools.Unknown(ids); len(unknown) > 0 {
		diags.AddAttributeError(path.Root("gpu_pools"), "Unknown Serverless GPU Pool", unknownPoolsDetail(unknown, pools))
		return false
	}
	excluded, _ := tfvalue.StringsIfKnown(ctx, plan.GPUExcludedTypeIDs, diags)
	checkExclusions(ids, excluded, pools, diags)
	checkGPUCount(plan, ids, excluded, pools, diags)
	return true
}

// checkGPUCount fails on a gpu_count above what one machine of the pools'
// types (without the excluded ones) holds: a worker runs on one machine, so
// no worker could ever be placed.
func checkGPUCount(plan resourceModel, ids, excluded []string, pools placement.ServerlessPools, diags *diag.Diagnostics) {
	if !tfvalue.Known(plan.GPUCount) {
		return
	}
	trimmed := make([]string, len(excluded))
	for i, x := range excluded {
		trimmed[i] = strings.TrimSpace(x)
	}
	most, typ := pools.MaxGPUCount(ids, trimmed)
	if n := plan.GPUCount.ValueInt64(); most > 0 && n > int64(most) {
		diags.AddAttributeError(path.Root("gpu_count"), "Too Many GPUs per Worker",
			fmt.Sprintf("gpu_count is %d, but a worker runs on one machine, and the largest machine of the GPU types in "+
				"gpu_pools (%s) holds at most %d GPUs (%s, per Runpod's catalog): no worker could ever be placed. Set "+
				"gpu_count to %d or fewer, or list a pool whose machines hold more GPUs.",
				n, strings.Join(ids, ", "), most, typ, most))
	}
}

// checkDataCenters fails on data_center_ids the catalog does not have, with
// the closest ids (placement.CheckDataCenterIDs, as for pods and clusters).
func (r *endpointResource) checkDataCenters(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	ids, ok := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, diags)
	if !ok || len(ids) == 0 {
		return
	}
	cat, d := r.Data.Catalog()
	if d.HasError() {
		return
	}
	dcs, err := cat.AllDataCenters(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Check Data Centers", "reading the data-center catalog to check data_center_ids", err))
		return
	}
	slices.Sort(ids) // a set: report the same id whatever order Terraform sends it in
	if res := placement.CheckDataCenterIDs(ids, dcs); res != nil {
		diags.AddAttributeError(path.Root("data_center_ids"), res.Summary, res.Detail)
	}
}

// unknownPoolsDetail lists every pool with its GPU types: the usual mistake
// is a GPU type id where a pool id belongs, and the list shows which pool
// holds the type.
func unknownPoolsDetail(unknown []string, pools placement.ServerlessPools) string {
	lines := make([]string, 0, len(pools))
	for _, p := range pools.IDs() {
		lines = append(lines, fmt.Sprintf("  - %s: %s", p, strings.Join(pools.TypeIDs([]string{p}), ", ")))
	}
	return fmt.Sprintf("gpu_pools has %s, which %s not a serverless pool in Runpod's catalog. gpu_pools takes pool ids "+
		"(the catalog's `pool`), not GPU type ids. The pools are:\n%s",
		quoteList(unknown), isAre(len(unknown)), strings.Join(lines, "\n"))
}

// checkExclusions fails on gpu_excluded_type_ids that are not types of the
// pools (Runpod refuses an exclusion that would do nothing) and on
// exclusions that leave no type to place a worker on.
func checkExclusions(ids, excluded []string, pools placement.ServerlessPools, diags *diag.Diagnostics) {
	inPools := pools.TypeIDs(ids)
	var bad []string
	for _, x := range excluded {
		if !slices.Contains(inPools, strings.TrimSpace(x)) {
			bad = append(bad, x)
		}
	}
	if len(bad) > 0 {
		diags.AddAttributeError(path.Root("gpu_excluded_type_ids"), "Excluded GPU Type Not In The Pools",
			fmt.Sprintf("gpu_excluded_type_ids has %s, which %s not a GPU type in gpu_pools (%s). Runpod refuses an "+
				"exclusion that would do nothing. Types in those pools: %s.",
				quoteList(bad), isAre(len(bad)), strings.Join(ids, ", "), strings.Join(inPools, ", ")))
		return
	}
	if len(excluded) > 0 && len(excluded) >= len(inPools) {
		diags.AddAttributeError(path.Root("gpu_excluded_type_ids"), "Every GPU Type Excluded",
			"gpu_excluded_type_ids leaves out every GPU type of gpu_pools: no worker could ever be placed.")
	}
}

// checkCPUFlavours fails on cpu blocks whose flavour the catalog does not
// have, or whose vcpu_count the flavour does not offer.
func (r *endpointResource) checkCPUFlavours(ctx context.Context, cpus []runpod.EndpointCPURequest, diags *diag.Diagnostics) {
	flavours, d := r.cpuFlavours(ctx)
	if diags.Append(d...); d.HasError() {
		return
	}
	for i, c := range cpus {
		at := path.Root("cpu").AtListIndex(i)
		f := placement.FindCPU(flavours, c.ID)
		switch {
		case f == nil:
			diags.AddAttributeError(at.AtName("type_id"), "Unknown CPU Flavour",
				fmt.Sprintf("cpu[%d].type_id %q is not a CPU flavour in Runpod's catalog. Flavours: %s.", i, c.ID,
					strings.Join(placement.CPUTypeIDs(flavours), ", ")))
		case !placement.ServerlessVCPUsFit(*f, c.VCPUCount):
			diags.AddAttributeError(at.AtName("vcpu_count"), "vCPU Count Out Of Range",
				fmt.Sprintf("cpu[%d].vcpu_count %d is outside what flavour %s offers (%d-%d).", i, c.VCPUCount, c.ID,
					f.VCPU.Min, f.VCPU.Max))
		}
	}
}

// checkTemplate fails the plan on a template_id that is not a serverless
// template: Runpod refuses pod templates for endpoints.
func (r *endpointResource) checkTemplate(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	id := plan.TemplateID.ValueString()
	t, err := providerdata.Get(ctx, r.Data.Reads(), runpod.Templates, id)
	switch {
	case runpod.IsNotFound(err):
		diags.AddAttributeError(path.Root("template_id"), "Template Not Found",
			fmt.Sprintf("template_id %q is not a template of this account nor a public one.", id))
	case err != nil:
		diags.Append(diagnostics.APIError("Cannot Check Template", fmt.Sprintf("reading template %s", id), err))
	case !t.Serverless && !serverlessAfterApply(r.Data.TemplatePlans(), id):
		diags.AddAttributeError(path.Root("template_id"), "Not A Serverless Template",
			fmt.Sprintf("template_id %q (%s) is a pod template; endpoints take serverless templates only "+
				"(runpod_template with serverless = true). Runpod refuses a pod template here.", id, t.Name))
	}
}

// serverlessAfterApply reports whether this plan makes template id
// serverless (planned before the endpoint: Terraform plans what the endpoint
// references first), which the template's update does before the endpoint
// is created or changed.
func serverlessAfterApply(plans *providerdata.TemplatePlans, id string) bool {
	p, ok := plans.Lookup(id)
	return ok && !p.Destroyed && p.ServerlessAfter != nil && *p.ServerlessAfter
}

const summaryNewPodTemplate = "Endpoint Template Known Only After Apply Is A Pod Template"

// warnNewPodTemplates is checkTemplate for a template_id known only after
// apply: when every template this plan creates (planned before the endpoint,
// as Terraform plans what it references first) is a pod template, the
// endpoint's template is most likely one of them, and Runpod would refuse it
// at apply, after creating the template. A provider cannot tell which
// object an unknown value comes from (a data source read at apply may give
// it too), so this is a warning naming them, not an error.
func (r *endpointResource) warnNewPodTemplates(plan resourceModel, diags *diag.Diagnostics) {
	news := r.Data.TemplatePlans().NewTemplates()
	if len(news) == 0 {
		return
	}
	names := make([]string, 0, len(news))
	for _, t := range news {
		if !t.ServerlessKnown || t.Serverless {
			return
		}
		names = append(names, fmt.Sprintf("%q", t.Name))
	}
	diags.AddAttributeWarning(path.Root("template_id"), summaryNewPodTemplate,
		fmt.Sprintf("template_id of endpoint %q is known only after apply, and every template this plan creates is a pod "+
			"template (serverless = false): %s. Endpoints take serverless templates only, so if template_id is one of "+
			"them, Runpod refuses the endpoint at apply (Not A Serverless Template), after the template is created. Set "+
			"serverless = true on the template the endpoint uses (it is then a serverless template: pods cannot use it).",
			plan.Name.ValueString(), strings.Join(names, ", ")))
}

// checkVolumes fails the plan on network volumes the endpoint cannot use:
// unknown ones, two in one data center, or one outside data_center_ids.
// Volumes whose ids are known are read; while they are known only after
// apply (created in the same apply), the data centers the configuration
// states for them in network_volume_data_center_ids stand in. Those are
// checked against the volumes as soon as the ids are known: for volumes of
// the same apply, in the plan Terraform makes of the endpoint during apply,
// after the volumes exist and before the endpoint is sent.
func (r *endpointResource) checkVolumes(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	declared, declaredKnown := tfvalue.StringsIfKnown(ctx, plan.NetworkVolumeDataCenterIDs, diags)
	declaredKnown = declaredKnown && !plan.NetworkVolumeDataCenterIDs.IsNull()
	var vols []placedVolume
	ids, ok := tfvalue.StringsIfKnown(ctx, plan.NetworkVolumeIDs, diags)
	switch {
	case ok && len(ids) > 0:
		for _, id := range ids {
			v, err := providerdata.Get(ctx, r.Data.Reads(), runpod.NetworkVolumes, id)
			switch {
			case runpod.IsNotFound(err):
				diags.AddAttributeError(path.Root("network_volume_ids"), "Network Volume Not Found",
					fmt.Sprintf("network volume %q does not exist in this account.", id))
				continue
			case err != nil:
				diags.Append(diagnostics.APIError("Cannot Check Network Volume", fmt.Sprintf("reading network volume %s", id), err))
				return
			}
			vols = append(vols, placedVolume{fmt.Sprintf("%q (%s)", v.Name, id), v.DataCenter})
		}
		if declaredKnown && len(vols) == len(ids) {
			if d := declaredMismatch(vols, declared); d != "" {
				diags.AddAttributeError(path.Root("network_volume_data_center_ids"), summaryDeclaredMismatch, d)
				return
			}
		}
	case !ok && declaredKnown:
		for i, dc := range declared {
			vols = append(vols, placedVolume{fmt.Sprintf("#%d of network_volume_ids (known after apply)", i+1), dc})
		}
	case !ok:
		r.checkNewVolumes(ctx, plan, diags)
	}
	checkPlacedVolumes(ctx, plan, vols, diags)
}

// checkNewVolumes is checkVolumes for volume ids known only after apply
// that network_volume_data_center_ids does not place: when every network
// volume planned so far is outside data_center_ids, the endpoint's are too
// (Terraform plans a volume before the endpoint that references it), and
// Runpod would refuse the endpoint at apply, after creating the volumes. Stating
// network_volume_data_center_ids replaces this inference by a check.
func (r *endpointResource) checkNewVolumes(ctx context.Context, plan resourceModel, diags *diag.Diagnostics) {
	dcs, known := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, diags)
	if !known {
		return
	}
	outside, all := r.Data.NewVolumes().Outside(dcs)
	if all {
		diags.AddAttributeError(path.Root("network_volume_ids"), "Network Volume Outside The Endpoint's Data Centers",
			fmt.Sprintf("network_volume_ids of endpoint %q is known only after apply, and the network volumes planned "+
				"before it are all in %s, not in data_center_ids (%s). Workers run only where their volume is, so Runpod would "+
				"refuse the endpoint at apply, after creating the volumes (which bill from creation). Add the volume's data "+
				"center to data_center_ids, or create the volume in one of them. If the volumes come from elsewhere, state "+
				"their data centers in network_volume_data_center_ids and the plan checks those instead.",
				plan.Name.ValueString(), strings.Join(outside, ", "), strings.Join(dcs, ", ")))
		return
	}
	if len(outside) > 0 {
		diags.AddAttributeWarning(path.Root("network_volume_ids"), SummaryVolumesNotChecked,
			fmt.Sprintf("network_volume_ids of endpoint %q is known only after apply, and this plan creates network volumes "+
				"in %s, which is not in data_center_ids (%s). The plan cannot tell which volumes the endpoint gets: if one "+
				"of them is outside data_center_ids, Runpod refuses the endpoint at apply, after creating the volumes. State "+
				"their data centers in network_volume_data_center_ids (e.g. [for v in ... : v.data_center_id]) and the "+
				"plan checks them before anything is created.",
				plan.Name.ValueString(), strings.Join(outside, ", "), strings.Join(dcs, ", ")))
	}
}

// SummaryVolumesNotChecked is the warning of an endpoint plan that could
// not check the data centers of volumes created in the same apply.
const SummaryVolumesNotChecked = "Endpoint Network Volumes Not Checked At Plan"

// placedVolume is a network volume of the endpoint and its data center.
type placedVolume struct{ what, dc string }

// checkPlacedVolumes holds the API's rules on an endpoint's volumes: one per
// data center, each in data_center_ids when that is set.
func checkPlacedVolumes(ctx context.Context, plan resourceModel, vols []placedVolume, diags *diag.Diagnostics) {
	dcs, dcsKnown := tfvalue.StringsIfKnown(ctx, plan.DataCenterIDs, diags)
	byDC := map[string]string{}
	for _, v := range vols {
		if other, dup := byDC[v.dc]; dup {
			diags.AddAttributeError(path.Root("network_volume_ids"), "Two Network Volumes In One Data Center",
				fmt.Sprintf("network volumes %s and %s are both in %s. An endpoint mounts one volume per data center "+
					"(at /runpod-volume); keep one of them.", other, v.what, v.dc))
		}
		byDC[v.dc] = v.what
		if dcsKnown && len(dcs) > 0 && !slices.Contains(dcs, v.dc) {
			diags.AddAttributeError(path.Root("network_volume_ids"), "Network Volume Outside The Endpoint's Data Centers",
				fmt.Sprintf("network volume %s is in %s, which is not in data_center_ids (%s). Workers run only where "+
					"their volume is: add %s to data_center_ids, or use a volume in one of them.",
					v.what, v.dc, strings.Join(dcs, ", "), v.dc))
		}
	}
}

const summaryDeclaredMismatch = "Network Volume Data Centers Do Not Match"

// declaredMismatch compares the volumes' data centers with the ones
// network_volume_data_center_ids states (as multisets: one entry per
// volume, any order), and says how they differ; "" when they agree.
func declaredMismatch(vols []placedVolume, declared []string) string {
	have := make([]string, len(vols))
	lines := make([]string, len(vols))
	for i, v := range vols {
		have[i] = v.dc
		lines[i] = fmt.Sprintf("  - %s: %s", v.what, v.dc)
	}
	want := slices.Clone(declared)
	slices.Sort(have)
	slices.Sort(want)
	if slices.Equal(have, want) {
		return ""
	}
	return fmt.Sprintf("network_volume_data_center_ids states %s, but the volumes of network_volume_ids are in %s:\n%s\n\n"+
		"It must list each volume's data center, one entry per volume (for example [for v in ... : v.data_center_id] "+
		"beside network_volume_ids = [for v in ... : v.id]). Correct it, or remove it.",
		quoteList(declared), quoteList(have), strings.Join(lines, "\n"))
}

func quoteList(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
