// Package datasources holds the two shapes most data sources share, as
// generic types: List (every object of one kind) and Lookup (one object by
// id or by name). A data source built on them declares only what is its
// own: its schema, its API call and its model conversion; reading the
// configuration, the client, the error messages and writing state are done
// here once, so the data sources cannot drift apart in how they do them.
package datasources

import (
	"context"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource              = (*List[struct{}, struct{}])(nil)
	_ datasource.DataSourceWithConfigure = (*List[struct{}, struct{}])(nil)
)

// List is a data source with no arguments and one computed list attribute
// holding every object of a kind the account has: API is the client's type
// for one object, Model its Terraform model.
type List[API, Model any] struct {
	providerdata.DataSourceBase
	// Kind names the kind; its Name and ID, when set, order the list by name,
	// then by id (nil keeps the API's order).
	kinds.Kind[API]

	// TypeName is the data source's type, e.g. "runpod_clusters".
	TypeName string
	// Description is the data source's MarkdownDescription.
	Description string
	// Attribute names the list attribute (by default the type name without
	// "runpod_", e.g. "clusters"), and AttributeDescription describes it (by
	// default "The account's clusters.").
	Attribute, AttributeDescription string
	// ItemAttributes describes one element of the list, all computed.
	ItemAttributes func() map[string]schema.Attribute

	// Fetch lists the objects; by default the kind's SharedList, through
	// the provider's shared reads.
	Fetch func(reads *providerdata.Reads, ctx context.Context) ([]API, error)
	// ErrorSummary and ErrorDoing make the diagnostic when Fetch fails; by
	// default Kind.ListError's "Cannot List Clusters" and "listing clusters".
	ErrorSummary, ErrorDoing string
	// Convert makes the model of one object.
	Convert func(ctx context.Context, object *API) (Model, diag.Diagnostics)
}

// attribute is the name of the list attribute.
func (d *List[API, Model]) attribute() string {
	if d.Attribute != "" {
		return d.Attribute
	}
	return strings.TrimPrefix(d.TypeName, "runpod_")
}

// Metadata implements datasource.DataSource.
func (d *List[API, Model]) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.TypeName
}

// Schema implements datasource.DataSource.
func (d *List[API, Model]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	desc := d.AttributeDescription
	if desc == "" {
		desc = "The account's " + d.Plural() + "."
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: d.Description,
		Attributes: map[string]schema.Attribute{
			d.attribute(): schema.ListNestedAttribute{
				MarkdownDescription: desc,
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: d.ItemAttributes()},
			},
		},
	}
}

// Read implements datasource.DataSource.
func (d *List[API, Model]) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	_, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	fetch := d.Fetch
	if fetch == nil {
		fetch = d.SharedList
	}
	all, err := fetch(d.Data.Reads(), ctx)
	if err != nil {
		if d.ErrorSummary != "" {
			resp.Diagnostics.Append(diagnostics.APIError(d.ErrorSummary, d.ErrorDoing, err))
		} else {
			resp.Diagnostics.Append(d.ListError(err))
		}
		return
	}
	if d.Name != nil {
		sort.Slice(all, func(i, j int) bool { return d.ByNameThenID(&all[i], &all[j]) })
	}
	items := make([]Model, 0, len(all))
	for i := range all {
		m, diags := d.Convert(ctx, &all[i])
		resp.Diagnostics.Append(diags...)
		items = append(items, m)
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(d.attribute()), items)...)
}

// Converter adapts a conversion that cannot fail to the signature of
// List.Convert and Lookup.Convert.
func Converter[API, Model any](convert func(*API) Model) func(context.Context, *API) (Model, diag.Diagnostics) {
	return func(_ context.Context, object *API) (Model, diag.Diagnostics) {
		return convert(object), nil
	}
}
