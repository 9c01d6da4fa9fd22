// Package listresources builds the provider's list resources (Terraform
// 1.14+ `terraform query`): each finds the objects of one kind in the
// account, by filters a person would reach for, and returns for each its
// identity (what the printed import block refers to), a display name a
// human recognises and, with include_resource, the object as the resource
// would hold it after an import. A kind declares only what is its own (its
// filters, its API call, its conversion); reading the configuration, the
// client, errors, ordering and the limit are handled here once.
//
// Filter models embed datasources.NameFilter, the `name` and `name_prefix`
// filters every kind has.
package listresources

import (
	"context"
	"fmt"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Filter is a kind's filter model: the list block's `config` as Go reads
// it. It embeds NameFilter (so every kind filters by name the same way) and
// adds the kind's own filters, applied by Matches.
type Filter[API any] interface {
	Names() datasources.NameFilter
	Matches(object *API) bool
}

// NameOnly is the filter model of a kind that filters by name alone.
type NameOnly[API any] struct {
	datasources.NameFilter
}

// Matches implements Filter: there is nothing but the name to match.
func (NameOnly[API]) Matches(*API) bool { return true }

// nameAttributes are the schema of NameFilter.
func nameAttributes(kind string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"name": schema.StringAttribute{
			MarkdownDescription: "Only the " + kind + " with exactly this name.",
			Optional:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"name_prefix": schema.StringAttribute{
			MarkdownDescription: "Only " + kind + "s whose name starts with this.",
			Optional:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
	}
}

var (
	_ list.ListResource              = (*List[struct{}, NameOnly[struct{}], struct{}])(nil)
	_ list.ListResourceWithConfigure = (*List[struct{}, NameOnly[struct{}], struct{}])(nil)
)

// List is the list resource of one kind: API is the client's type for one
// object, F its filter model and Model the resource's model.
type List[API any, F Filter[API], Model any] struct {
	// ResourceBase's Configure has the signature list resources use too.
	providerdata.ResourceBase
	// Kind names one object in descriptions and errors and the resource
	// type listed; its ID and Name read an object's id and the name the
	// name filters match.
	kinds.Kind[API]

	// Description is the list resource's MarkdownDescription.
	Description string
	// Filters are the kind's own filter attributes (name and name_prefix
	// are added); nil for none.
	Filters func() map[string]schema.Attribute

	// Fetch lists the objects; by default the kind's ListAll.
	Fetch func(client *runpod.Client, ctx context.Context) ([]API, error)
	// ErrorSummary and ErrorDoing make the diagnostic when Fetch fails; by
	// default Kind.ListError's "Cannot List Templates" and "listing templates".
	ErrorSummary, ErrorDoing string

	// DisplayName names one result, by default "NAME (ID)"; results come
	// ordered by display name, then id.
	DisplayName func(*API) string
	// Convert makes the resource model of one object as an import would
	// read it; only called when the query asks for include_resource.
	Convert func(ctx context.Context, object *API) (Model, diag.Diagnostics)
}

// Metadata implements list.ListResource.
func (l *List[API, F, Model]) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = l.ResourceType
}

// ListResourceConfigSchema implements list.ListResource.
func (l *List[API, F, Model]) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	attrs := nameAttributes(l.Noun)
	if l.Filters != nil {
		for k, v := range l.Filters() {
			attrs[k] = v
		}
	}
	resp.Schema = schema.Schema{MarkdownDescription: l.Description, Attributes: attrs}
}

// List implements list.ListResource.
func (l *List[API, F, Model]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var filter F
	diags := req.Config.Get(ctx, &filter)
	client, clientDiags := l.Data.Client()
	diags.Append(clientDiags...)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	fetch := l.Fetch
	if fetch == nil {
		fetch = l.ListAll
	}
	all, err := fetch(client, ctx)
	if err != nil {
		d := l.ListError(err)
		if l.ErrorSummary != "" {
			d = diagnostics.APIError(l.ErrorSummary, l.ErrorDoing, err)
		}
		stream.Results = list.ListResultsStreamDiagnostics(diag.Diagnostics{d})
		return
	}
	found := make([]*API, 0, len(all))
	for i := range all {
		if filter.Names().Match(l.Name(&all[i])) && filter.Matches(&all[i]) {
			found = append(found, &all[i])
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		a, b := l.displayName(found[i]), l.displayName(found[j])
		if a != b {
			return a < b
		}
		return l.ID(found[i]) < l.ID(found[j])
	})
	if req.Limit > 0 && int64(len(found)) > req.Limit {
		found = found[:req.Limit]
	}
	stream.Results = func(push func(list.ListResult) bool) {
		for _, object := range found {
			if !push(l.result(ctx, req, object)) {
				return
			}
		}
	}
}

// result is the list result of one object.
func (l *List[API, F, Model]) result(ctx context.Context, req list.ListRequest, object *API) list.ListResult {
	r := req.NewListResult(ctx)
	r.DisplayName = l.displayName(object)
	r.Diagnostics.Append(r.Identity.Set(ctx, identity.Model{ID: types.StringValue(l.ID(object))})...)
	if req.IncludeResource {
		m, diags := l.Convert(ctx, object)
		r.Diagnostics.Append(diags...)
		if !diags.HasError() {
			r.Diagnostics.Append(r.Resource.Set(ctx, m)...)
		}
	}
	return r
}

// displayName is DisplayName, or "NAME (ID)".
func (l *List[API, F, Model]) displayName(object *API) string {
	if l.DisplayName != nil {
		return l.DisplayName(object)
	}
	return fmt.Sprintf("%s (%s)", l.Name(object), l.ID(object))
}

// AsImported is the Convert of a kind whose resource model is fromAPI(ctx,
// object, prior): the object as Read leaves an import, with no prior, so
// that the arguments only configuration sets (credentials, values, create
// options) are null.
func AsImported[API, Model any](fromAPI func(context.Context, *API, Model) Model) func(context.Context, *API) (Model, diag.Diagnostics) {
	return func(ctx context.Context, object *API) (Model, diag.Diagnostics) {
		var none Model
		return fromAPI(ctx, object, none), nil
	}
}

// ImportedModel is the state an import hands to the Read that follows
// ImportState, read into a Model: the id, everything else null, typed by
// r's schema. A kind's Convert refreshes it with the object found.
func ImportedModel[Model any](ctx context.Context, r resource.Resource, id string) (Model, diag.Diagnostics) {
	var s resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &s)
	diags := s.Diagnostics
	st := tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(s.Schema.Type().TerraformType(ctx), nil)}
	diags.Append(st.SetAttribute(ctx, path.Root("id"), id)...)
	var m Model
	diags.Append(st.Get(ctx, &m)...)
	return m, diags
}
