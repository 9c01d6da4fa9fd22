package endpoint

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

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// listFilter is the runpod_endpoint list block's config.
type listFilter struct {
	datasources.NameFilter
	Type types.String `tfsdk:"type"`
}

// Matches implements listresources.Filter.
func (f listFilter) Matches(e *runpod.Endpoint) bool {
	return f.Type.ValueString() == "" || e.Type == f.Type.ValueString()
}

// NewListResource is the runpod_endpoint list resource factory.
func NewListResource() list.ListResource {
	return &listresources.List[runpod.Endpoint, listFilter, resourceModel]{
		Kind: Kind,
		Description: "Finds the account's serverless endpoints for `terraform query`, by name and type. Each result " +
			"is named `NAME (ID, TYPE, COMPUTE)`, e.g. `inference (abc123, QUEUE, 1x ADA_24/AMPERE_48)` for a GPU " +
			"endpoint (GPUs per worker and its pools in Runpod's order) or `(…, QUEUE, 4 vCPU cpu5c)` for a CPU one.\n\n" +
			"With `include_resource`, each result is the endpoint as an import reads it. Runpod keeps no link to the " +
			"template an endpoint was made from, so `template_id` is null and the container settings are the " +
			"endpoint's own; `wait_for_ready_workers` is null too. `env` is there as Runpod stores it: plain text, " +
			"with account secrets as their `{{ RUNPOD_SECRET_<name> }}` references.",
		Filters: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"type": schema.StringAttribute{
					MarkdownDescription: "Only endpoints of this type: `QUEUE` or `LOAD_BALANCER`.",
					Optional:            true,
					Validators: []validator.String{
						stringvalidator.OneOf(runpod.EndpointTypeQueue, runpod.EndpointTypeLoadBalancer),
					},
				},
			}
		},
		DisplayName: displayName,
		Convert:     importedModel,
	}
}

// displayName reads "inference (abc123, QUEUE, 2x ADA_24/AMPERE_48)", or
// for a CPU endpoint "(…, 4 vCPU cpu5c/cpu3c)" ("4 vCPU cpu5c; 2 vCPU
// cpu3c" when the sizes differ).
func displayName(e *runpod.Endpoint) string {
	return fmt.Sprintf("%s (%s, %s, %s)", e.Name, e.ID, e.Type, computeShort(e))
}

func computeShort(e *runpod.Endpoint) string {
	if g := e.GPU; g != nil {
		count := g.Count
		if count == 0 {
			count = defaultGPUCount
		}
		return fmt.Sprintf("%dx %s", count, strings.Join(g.Pools, "/"))
	}
	if len(e.CPU) == 0 {
		return "no compute"
	}
	ids := make([]string, len(e.CPU))
	same := true
	for i, c := range e.CPU {
		ids[i] = c.ID
		same = same && c.VCPUCount == e.CPU[0].VCPUCount
	}
	if same {
		return fmt.Sprintf("%d vCPU %s", e.CPU[0].VCPUCount, strings.Join(ids, "/"))
	}
	parts := make([]string, len(e.CPU))
	for i, c := range e.CPU {
		parts[i] = fmt.Sprintf("%d vCPU %s", c.VCPUCount, c.ID)
	}
	return strings.Join(parts, "; ")
}

// importedModel is the endpoint as an import reads it: the Read that
// follows ImportState merges the API's answer into a state that holds only
// the id (everything else null, typed by the resource's schema).
func importedModel(ctx context.Context, e *runpod.Endpoint) (resourceModel, diag.Diagnostics) {
	prior, diags := listresources.ImportedModel[resourceModel](ctx, &endpointResource{}, e.ID)
	if diags.HasError() {
		return prior, diags
	}
	m := fromAPI(ctx, e, prior)
	if e.Timeout == 0 {
		// An endpoint created without a timeout reads 0 (API.md §15), which
		// no configuration can set: the generated configuration leaves it
		// out, and the import keeps 0 (keepAPIZeroTimeout).
		m.ExecutionTimeoutMs = types.Int64Null()
	}
	return m, diags
}
