package datasources

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource                     = (*Lookup[struct{}, struct{}])(nil)
	_ datasource.DataSourceWithConfigure        = (*Lookup[struct{}, struct{}])(nil)
	_ datasource.DataSourceWithConfigValidators = (*Lookup[struct{}, struct{}])(nil)
)

// Lookup is a data source that reads one object by `id` or by `name`
// (exactly one of them set). API is the client's type for one object,
// Model its Terraform model, whose schema has `id` and `name`.
type Lookup[API, Model any] struct {
	providerdata.DataSourceBase

	// TypeName is the data source's type, e.g. "runpod_cluster".
	TypeName string
	// BuildSchema makes the data source's schema; WithLookupKeys makes its `id`
	// and `name`.
	BuildSchema func() schema.Schema
	// Kind names the kind in messages ("network volume"), Title in
	// summaries ("Network Volume").
	Kind, Title string

	// Get reads the object with an id, through the provider's shared reads
	// so that a lookup shares the list refresh sends; a runpod.IsNotFound
	// error is reported on `id`.
	Get func(ctx context.Context, reads *providerdata.Reads, id string) (*API, error)
	// GetErrorSummary and GetErrorDoing make the diagnostic for any other
	// error of Get, e.g. "Cannot Read Cluster" and "reading cluster <id>".
	GetErrorSummary string
	GetErrorDoing   func(id string) string

	// Named returns the objects with exactly this name: none is reported
	// on `name`, more than one too, listed with Describe. It takes the
	// client because kinds share it with their resources' read-before-write
	// checks, which must not be served from a list.
	Named func(ctx context.Context, client *runpod.Client, name string) ([]API, error)
	// NamedErrorSummary and NamedErrorDoing make the diagnostic when Named
	// fails.
	NamedErrorSummary, NamedErrorDoing string
	// ID and Describe list the objects sharing a name, sorted by ID, as
	// "<id> (<what tells them apart>)". Kinds whose names are unique
	// leave them nil.
	ID       func(*API) string
	Describe func(*API) string

	// Convert makes the model of the object found.
	Convert func(ctx context.Context, object *API) (Model, diag.Diagnostics)
}

// WithLookupKeys returns attrs (all computed) with `id` and `name` made the
// optional arguments of a Lookup, described by idDescription and
// nameDescription.
func WithLookupKeys(attrs map[string]schema.Attribute, idDescription, nameDescription string) map[string]schema.Attribute {
	attrs["id"] = schema.StringAttribute{MarkdownDescription: idDescription, Optional: true, Computed: true}
	attrs["name"] = schema.StringAttribute{MarkdownDescription: nameDescription, Optional: true, Computed: true}
	return attrs
}

// Metadata implements datasource.DataSource.
func (d *Lookup[API, Model]) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.TypeName
}

// Schema implements datasource.DataSource.
func (d *Lookup[API, Model]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.BuildSchema()
}

// ConfigValidators implements datasource.DataSourceWithConfigValidators.
func (d *Lookup[API, Model]) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
	}
}

// Read implements datasource.DataSource.
func (d *Lookup[API, Model]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var id, name types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("id"), &id)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("name"), &name)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var found *API
	if id.ValueString() != "" {
		found = d.byID(ctx, d.Data.Reads(), id.ValueString(), &resp.Diagnostics)
	} else {
		found = d.byName(ctx, client, name.ValueString(), &resp.Diagnostics)
	}
	if found == nil {
		return
	}
	m, diags := d.Convert(ctx, found)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (d *Lookup[API, Model]) byID(ctx context.Context, reads *providerdata.Reads, id string, diags *diag.Diagnostics) *API {
	found, err := d.Get(ctx, reads, id)
	if runpod.IsNotFound(err) {
		diags.AddAttributeError(path.Root("id"), d.Title+" Not Found",
			fmt.Sprintf("No %s with id %q exists or is visible to this API key.", d.Kind, id))
		return nil
	}
	if err != nil {
		diags.Append(diagnostics.APIError(d.GetErrorSummary, d.GetErrorDoing(id), err))
		return nil
	}
	return found
}

func (d *Lookup[API, Model]) byName(ctx context.Context, client *runpod.Client, name string, diags *diag.Diagnostics) *API {
	matches, err := d.Named(ctx, client, name)
	if err != nil {
		diags.Append(diagnostics.APIError(d.NamedErrorSummary, d.NamedErrorDoing, err))
		return nil
	}
	switch len(matches) {
	case 0:
		diags.AddAttributeError(path.Root("name"), d.Title+" Not Found",
			fmt.Sprintf("The account has no %s named %q.", d.Kind, name))
		return nil
	case 1:
		return &matches[0]
	}
	sort.Slice(matches, func(i, j int) bool { return d.ID(&matches[i]) < d.ID(&matches[j]) })
	list := make([]string, len(matches))
	for i := range matches {
		list[i] = "  - " + d.Describe(&matches[i])
	}
	diags.AddAttributeError(path.Root("name"), d.Title+" Name Is Ambiguous",
		fmt.Sprintf("%d %ss are named %q, so the name does not say which one to read:\n%s\n\n"+
			"Read it by id instead, or list them all with the %ss data source.",
			len(matches), d.Kind, name, strings.Join(list, "\n"), d.TypeName))
	return nil
}

// Only adapts a find function of a kind whose names are unique, which
// returns the one object with a name or notFound, to Lookup.Named.
func Only[API any](find func(ctx context.Context, client *runpod.Client, name string) (*API, error), notFound error) func(context.Context, *runpod.Client, string) ([]API, error) {
	return func(ctx context.Context, client *runpod.Client, name string) ([]API, error) {
		found, err := find(ctx, client, name)
		switch {
		case errors.Is(err, notFound):
			return nil, nil
		case err != nil:
			return nil, err
		}
		return []API{*found}, nil
	}
}
