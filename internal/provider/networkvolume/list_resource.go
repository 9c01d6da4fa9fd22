package networkvolume

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/suggest"
)

// listFilter is the runpod_network_volume list block's config.
type listFilter struct {
	datasources.NameFilter
	DataCenterID types.String `tfsdk:"data_center_id"`
}

// Matches implements listresources.Filter.
func (f listFilter) Matches(v *runpod.NetworkVolume) bool {
	return f.DataCenterID.IsNull() || v.DataCenter == f.DataCenterID.ValueString()
}

// baseList is the generic list resource the volumes' one builds on; the
// alias names the embedded field, so volumeList's own List can call it.
type baseList = listresources.List[runpod.NetworkVolume, listFilter, resourceModel]

// volumeList adds one check to the generic list resource: a data_center_id
// filter that names no data center is an error, not an empty result that
// reads like "no volumes there".
type volumeList struct {
	*baseList
}

var _ list.ListResourceWithConfigure = volumeList{}

// NewListResource is the runpod_network_volume list resource factory.
func NewListResource() list.ListResource {
	return volumeList{&baseList{
		Kind: Kind,
		Description: "Finds the account's network volumes for `terraform query`, by name and by data center. Each " +
			"result is named `NAME (ID, SIZE GB in DATA_CENTER)`; volume names need not be unique, so the id tells " +
			"same-named volumes apart.",
		Filters: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"data_center_id": schema.StringAttribute{
					MarkdownDescription: "Only volumes in this data center, e.g. `EU-RO-1`. An id that is neither in " +
						"Runpod's catalog nor holding a volume of the account is an error naming the closest ids.",
					Optional:   true,
					Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
				},
			}
		},
		DisplayName: displayName,
		// allow_duplicate is only read at create and stays null.
		Convert: listresources.AsImported(fromAPI),
	}}
}

// displayName is how a volume is named in query results.
func displayName(v *runpod.NetworkVolume) string {
	return fmt.Sprintf("%s (%s, %d GB in %s)", v.Name, v.ID, v.Size, v.DataCenter)
}

// List implements list.ListResource: it checks data_center_id, then lists.
func (l volumeList) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var filter listFilter
	diags := req.Config.Get(ctx, &filter)
	if !diags.HasError() && !filter.DataCenterID.IsNull() {
		diags.Append(l.checkDataCenter(ctx, filter.DataCenterID.ValueString())...)
	}
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	l.baseList.List(ctx, req, stream)
}

// checkDataCenter refuses a data_center_id that is not in Runpod's catalog,
// naming the closest ids, unless a volume of the account is there (a data
// center taken out of the catalog still holds the volumes made in it, and
// they must stay findable).
func (l volumeList) checkDataCenter(ctx context.Context, id string) diag.Diagnostics {
	client, diags := l.Data.Client()
	if diags.HasError() {
		return diags
	}
	cat, d := l.Data.Catalog()
	if diags.Append(d...); diags.HasError() {
		return diags
	}
	dcs, err := cat.AllDataCenters(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot Read the Data-Center Catalog", "listing data centers to check data_center_id", err))
		return diags
	}
	if slices.ContainsFunc(dcs, func(dc runpod.DataCenter) bool { return dc.ID == id }) {
		return diags
	}
	volumes, err := client.ListNetworkVolumes(ctx)
	if err != nil {
		diags.Append(diagnostics.APIError("Cannot List Network Volumes", "listing network volumes", err))
		return diags
	}
	if slices.ContainsFunc(volumes, func(v runpod.NetworkVolume) bool { return v.DataCenter == id }) {
		return diags
	}
	diags.AddAttributeError(path.Root("data_center_id"), "Unknown Data Center", unknownDataCenterDetail(id, dcs, volumes))
	return diags
}

// unknownDataCenterDetail says that id names no data center, with the
// closest catalog ids (by id or name), the data centers that offer network
// storage and those where the account has volumes.
func unknownDataCenterDetail(id string, dcs []runpod.DataCenter, volumes []runpod.NetworkVolume) string {
	cands := make([]suggest.Candidate, 0, len(dcs))
	var storage []string
	for _, dc := range dcs {
		cands = append(cands, suggest.Candidate{ID: dc.ID, Names: []string{dc.ID, dc.Name}})
		if len(dc.NetworkVolumeTypes) > 0 {
			storage = append(storage, dc.ID)
		}
	}
	var used []string
	for _, v := range volumes {
		if !slices.Contains(used, v.DataCenter) {
			used = append(used, v.DataCenter)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "data_center_id: Runpod's catalog has no data center %q, and the account has no network volume there.", id)
	if closest := suggest.Closest(id, cands, 3, suggest.BestKind); len(closest) > 0 {
		fmt.Fprintf(&b, " Closest valid ids: %s.", pricing.IDList(closest))
	}
	fmt.Fprintf(&b, " Data centers that offer network storage: %s.", pricing.IDList(storage))
	if len(used) > 0 {
		fmt.Fprintf(&b, " The account has volumes in: %s.", pricing.IDList(used))
	}
	b.WriteString(" Data-center ids are written like \"EU-RO-1\"; the runpod_data_centers data source lists them.")
	return b.String()
}
