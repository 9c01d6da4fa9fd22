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
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
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
	// Kind names the kind in messages; its SharedGet reads the object with an id
	// (through the provider's shared reads, so that a lookup shares the
	// list refresh sends; a runpod.IsNotFound error is reported on `id`).
	// A name is looked up with its Find for kinds whose names are
	// unique (its Find; both reads fail with "Cannot Read Template" / "reading the
	// template"), otherwise among all the objects of its ListAll, where more
	// than one with the name is an error listing them with Describe (its
	// errors read "Cannot Read Cluster" / "reading cluster <id>" and
	// "Cannot List Clusters" / "listing clusters"). Both take the client,
	// not the shared reads: kinds share them with their resources'
	// read-before-write checks, which must not be served from a list.
	kinds.Kind[API]

	// TypeName is the data source's type, e.g. "runpod_cluster".
	TypeName string
	// BuildSchema makes the data source's schema; WithLookupKeys makes its `id`
	// and `name`.
	BuildSchema func() schema.Schema

	// Describe tells objects that share a name apart, as "<id> (<what tells
	// them apart>)", for kinds whose names repeat.
	Describe func(*API) string
	// Find, when set, replaces Kind.Find for the lookup by name (a
	// secret is found through the API's case-insensitive name filter).
	Find func(ctx context.Context, client *runpod.Client, name string) (*API, error)

	// Convert makes the model of the object found.
	Convert func(ctx context.Context, object *API) (Model, diag.Diagnostics)
}

// WithLookupKeys returns attrs (all computed) with `id` and `name` made the
// optional arguments of a Lookup of noun, described as "Id of the <noun> to
// read." and "Name of the <noun> to read<nameNote>.", each followed by the
// rule that exactly one of them is set.
func WithLookupKeys(attrs map[string]schema.Attribute, noun, nameNote string) map[string]schema.Attribute {
	const exactlyOne = " Exactly one of `id` and `name` must be set."
	attrs["id"] = schema.StringAttribute{
		MarkdownDescription: "Id of the " + noun + " to read." + exactlyOne, Optional: true, Computed: true,
	}
	attrs["name"] = schema.StringAttribute{
		MarkdownDescription: "Name of the " + noun + " to read" + nameNote + "." + exactlyOne, Optional: true, Computed: true,
	}
	return attrs
}

// WithSharedNameLookupKeys is WithLookupKeys for a kind whose names need not
// be unique (a Lookup of a kind without UniqueNames): the name's description says that a
// shared name is an error.
func WithSharedNameLookupKeys(attrs map[string]schema.Attribute, noun string) map[string]schema.Attribute {
	return WithLookupKeys(attrs, noun, ". "+strings.ToUpper(noun[:1])+noun[1:]+" names need not be unique: reading by a "+
		"name that several "+noun+"s share is an error listing their ids")
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

// readError is the diagnostic of a failed read: of the object with id, or
// of those with a name when id is "".
func (d *Lookup[API, Model]) readError(id string, err error) diag.Diagnostic {
	switch {
	case d.UniqueNames:
		return diagnostics.APIError("Cannot Read "+d.Title(), "reading the "+d.Noun, err)
	case id != "":
		return diagnostics.APIError("Cannot Read "+d.Title(), fmt.Sprintf("reading %s %s", d.Noun, id), err)
	}
	return d.ListError(err)
}

func (d *Lookup[API, Model]) byID(ctx context.Context, reads *providerdata.Reads, id string, diags *diag.Diagnostics) *API {
	found, err := d.SharedGet(reads, ctx, id)
	if runpod.IsNotFound(err) {
		diags.Append(d.NotFound(path.Root("id"), id))
		return nil
	}
	if err != nil {
		diags.Append(d.readError(id, err))
		return nil
	}
	return found
}

// named returns the objects with exactly this name.
func (d *Lookup[API, Model]) named(ctx context.Context, client *runpod.Client, name string) ([]API, error) {
	if d.UniqueNames {
		find := d.Kind.Find
		if d.Find != nil {
			find = d.Find
		}
		found, err := find(ctx, client, name)
		switch {
		case errors.Is(err, kinds.ErrNotFound):
			return nil, nil
		case err != nil:
			return nil, err
		}
		return []API{*found}, nil
	}
	all, err := d.ListAll(client, ctx)
	if err != nil {
		return nil, err
	}
	return d.WithName(all, name), nil
}

func (d *Lookup[API, Model]) byName(ctx context.Context, client *runpod.Client, name string, diags *diag.Diagnostics) *API {
	matches, err := d.named(ctx, client, name)
	if err != nil {
		diags.Append(d.readError("", err))
		return nil
	}
	switch len(matches) {
	case 0:
		diags.AddAttributeError(path.Root("name"), d.Title()+" Not Found",
			fmt.Sprintf("The account has no %s named %q.", d.Noun, name))
		return nil
	case 1:
		return &matches[0]
	}
	sort.Slice(matches, func(i, j int) bool { return d.ID(&matches[i]) < d.ID(&matches[j]) })
	list := make([]string, len(matches))
	for i := range matches {
		list[i] = "  - " + d.Describe(&matches[i])
	}
	diags.AddAttributeError(path.Root("name"), d.Title()+" Name Is Ambiguous",
		fmt.Sprintf("%d %s are named %q, so the name does not say which one to read:\n%s\n\n"+
			"Read it by id instead, or list them all with the %ss data source.",
			len(matches), d.Plural(), name, strings.Join(list, "\n"), d.TypeName))
	return nil
}
