package pod

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/catalog"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// listedStatuses are the statuses the status filter takes: every PodStatus
// a listed pod can have (a terminated pod is gone from the list).
var listedStatuses = []string{
	runpod.PodStatusProvisioning, runpod.PodStatusStarting, runpod.PodStatusRunning,
	runpod.PodStatusExited, runpod.PodStatusError,
}

// listedPod is a pod as the list resource finds it, with the catalog's
// display name of its GPU type ("RTX 4090") for the result's display name.
type listedPod struct {
	runpod.Pod
	gpuName string
}

// listFilter is the runpod_pod list block's config.
type listFilter struct {
	datasources.NameFilter
	Status             types.String `tfsdk:"status"`
	GPUTypeID          types.String `tfsdk:"gpu_type_id"`
	DataCenterID       types.String `tfsdk:"data_center_id"`
	IncludeClusterPods types.Bool   `tfsdk:"include_cluster_pods"`
}

// Matches implements listresources.Filter. Cluster member pods are left
// out unless asked for: runpod_cluster manages them.
func (f listFilter) Matches(p *listedPod) bool {
	switch {
	case p.Cluster != nil && !f.IncludeClusterPods.ValueBool():
		return false
	case f.Status.ValueString() != "" && p.Status != f.Status.ValueString():
		return false
	case f.GPUTypeID.ValueString() != "" && (p.GPU == nil || p.GPU.ID != f.GPUTypeID.ValueString()):
		return false
	case f.DataCenterID.ValueString() != "" && (p.DataCenterID == nil || *p.DataCenterID != f.DataCenterID.ValueString()):
		return false
	}
	return true
}

// listBase is the generic list resource this kind is built on.
type listBase = listresources.List[listedPod, listFilter, podModel]

// podList is the runpod_pod list resource: the generic one, with the GPU
// type and data-center filters checked against the catalog first.
type podList struct {
	*listBase
}

var _ list.ListResourceWithConfigure = (*podList)(nil)

// NewListResource is the runpod_pod list resource factory.
func NewListResource() list.ListResource {
	l := &podList{}
	l.listBase = &listBase{
		Kind: kinds.Wrap(Kind, func(p *listedPod) *runpod.Pod { return &p.Pod }),
		Description: "Finds the account's pods for `terraform query`, by name, status, GPU type and data center. Pods " +
			"that belong to an instant cluster are managed through `runpod_cluster` and are left out unless " +
			"`include_cluster_pods` is set. Each result is named `NAME (ID, COUNTx GPU in DATA_CENTER, STATUS)` (CPU pods: " +
			"`N vCPU FLAVOUR`), with the cluster for a member pod.\n\n" +
			"With `include_resource`, each result is the pod as an import reads it. The settings Runpod never returns " +
			"(`start_ssh`, `start_jupyter`, `data_center_ids`, the GPU's CUDA constraint and machine filters) are null in it, so the " +
			"generated configuration leaves them unset; the import then plans no change to them.",
		Filters: listFilters,
		Fetch: func(client *runpod.Client, ctx context.Context) ([]listedPod, error) {
			return l.fetch(ctx, client)
		},
		DisplayName: displayName,
		Convert:     importedModel,
	}
	return l
}

// listFilters are the runpod_pod list block's own filters.
func listFilters() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"status": schema.StringAttribute{
			MarkdownDescription: "Only pods in this status: `" + strings.Join(listedStatuses, "`, `") + "`.",
			Optional:            true,
			Validators:          []validator.String{stringvalidator.OneOf(listedStatuses...)},
		},
		"gpu_type_id": schema.StringAttribute{
			MarkdownDescription: "Only GPU pods of this GPU type, by its catalog id, e.g. `NVIDIA GeForce RTX 4090`. An id " +
				"the catalog does not have is an error naming the closest ones.",
			Optional:   true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"data_center_id": schema.StringAttribute{
			MarkdownDescription: "Only pods placed in this data center, e.g. `EU-RO-1`. An id the catalog does not have is " +
				"an error naming the closest ones.",
			Optional:   true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"include_cluster_pods": schema.BoolAttribute{
			MarkdownDescription: "Also find the member pods of instant clusters. Defaults to `false`: Runpod manages them " +
				"through their cluster (`runpod_cluster`) and refuses to change or terminate them one by one.",
			Optional: true,
		},
	}
}

// List implements list.ListResource: a GPU type or data center the catalog
// does not have is an error, not an empty result that reads like "no such
// pods".
func (l *podList) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var f listFilter
	diags := req.Config.Get(ctx, &f)
	if !diags.HasError() && (f.GPUTypeID.ValueString() != "" || f.DataCenterID.ValueString() != "") {
		if cat, d := l.Data.Catalog(); !d.HasError() {
			diags.Append(catalog.CheckGPUTypeIDs(ctx, cat, "gpu_type_id", nonEmpty(f.GPUTypeID.ValueString()))...)
			diags.Append(catalog.CheckDataCenterIDs(ctx, cat, "data_center_id", nonEmpty(f.DataCenterID.ValueString()))...)
		}
	}
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	l.listBase.List(ctx, req, stream)
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// fetch lists every pod, cluster members included (Matches leaves them out
// unless asked for: one request either way), with its GPU's display name.
func (l *podList) fetch(ctx context.Context, client *runpod.Client) ([]listedPod, error) {
	pods, err := client.ListPods(ctx, true)
	if err != nil {
		return nil, err
	}
	names := l.gpuNames(ctx, pods)
	out := make([]listedPod, len(pods))
	for i := range pods {
		out[i] = listedPod{Pod: pods[i]}
		if pods[i].GPU != nil {
			out[i].gpuName = names[pods[i].GPU.ID]
		}
	}
	return out, nil
}

// gpuNames maps GPU type ids to the catalog's display names when there are
// GPU pods to name. The catalog only makes names shorter: when it cannot be
// read, results show the GPU type id instead.
func (l *podList) gpuNames(ctx context.Context, pods []runpod.Pod) map[string]string {
	names := map[string]string{}
	hasGPU := false
	for i := range pods {
		hasGPU = hasGPU || pods[i].GPU != nil
	}
	if !hasGPU {
		return names
	}
	cat, d := l.Data.Catalog()
	if d.HasError() {
		return names
	}
	gpus, err := cat.GPUTypes(ctx, runpod.GPUTypeQuery{})
	if err != nil {
		tflog.Debug(ctx, "GPU catalog unreadable; pod results show GPU type ids", map[string]any{"error": err.Error()})
		return names
	}
	for i := range gpus {
		if gpus[i].Name != "" {
			names[gpus[i].ID] = gpus[i].Name
		}
	}
	return names
}

// displayName reads "web (abc123, 2x RTX 4090 in EU-RO-1, RUNNING)", or for
// a CPU pod "(…, 4 vCPU cpu3c in …)"; "in …" is left out while the pod has
// no data center, and a member pod says its cluster.
func displayName(p *listedPod) string {
	var compute string
	switch {
	case p.GPU != nil:
		gpu := p.gpuName
		if gpu == "" {
			gpu = p.GPU.ID
		}
		compute = fmt.Sprintf("%dx %s", p.GPU.Count, gpu)
	case p.CPU != nil:
		compute = fmt.Sprintf("%d vCPU %s", p.CPU.VCPUCount, p.CPU.ID)
	}
	if p.DataCenterID != nil && *p.DataCenterID != "" {
		compute += " in " + *p.DataCenterID
	}
	parts := []string{p.ID, compute, p.Status}
	if p.Cluster != nil {
		parts = append(parts, "cluster "+p.Cluster.ID)
	}
	return fmt.Sprintf("%s (%s)", p.Name, strings.Join(parts, ", "))
}

// importedModel is the pod as an import reads it: the Read that follows
// ImportState converts it with a prior state that holds only the id. The
// JupyterLab password is left out: a list result is for finding pods, and
// the import reads the password into (sensitive) state anyway.
func importedModel(ctx context.Context, p *listedPod) (podModel, diag.Diagnostics) {
	prior, diags := listresources.ImportedModel[podModel](ctx, &podResource{}, p.ID)
	if diags.HasError() {
		return podModel{}, diags
	}
	m, d := fromAPI(ctx, &p.Pod, prior)
	diags.Append(d...)
	m.JupyterPassword = types.StringNull()
	return m, diags
}
