package secret

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource                     = (*secretDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*secretDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*secretDataSource)(nil)
	_ datasource.DataSource                     = (*secretsDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*secretsDataSource)(nil)
)

// dataSourceAttributes describes a secret's metadata for data sources:
// everything computed except the lookup keys, which the caller overrides.
// There is no value: the API never returns it.
func dataSourceAttributes() map[string]schema.Attribute {
	str := func(desc string) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
	}
	return map[string]schema.Attribute{
		"id":                    str("The secret's id."),
		"name":                  str("The secret's name."),
		"description":           str("The secret's description, or null."),
		"reference":             str("The env placeholder for the secret, `{{ RUNPOD_SECRET_<name> }}`."),
		"created_at":            str("When the secret was created (RFC 3339)."),
		"value_last_updated_at": str("When the value was last set (RFC 3339)."),
	}
}

// NewDataSource is the runpod_secret data source factory.
func NewDataSource() datasource.DataSource { return &secretDataSource{} }

type secretDataSource struct{ providerdata.DataSourceBase }

func (d *secretDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_secret"
}

func (d *secretDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := dataSourceAttributes()
	attrs["id"] = schema.StringAttribute{
		MarkdownDescription: "Id of the secret to read. Exactly one of `id` and `name` must be set.",
		Optional:            true,
		Computed:            true,
	}
	attrs["name"] = schema.StringAttribute{
		MarkdownDescription: "Name of the secret to read. Exactly one of `id` and `name` must be set.",
		Optional:            true,
		Computed:            true,
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads one account secret's metadata, by id or by name. The value is never readable; use " +
			"`reference` in an env value to have Runpod substitute it at boot.",
		Attributes: attrs,
	}
}

func (d *secretDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
	}
}

func (d *secretDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg secretData
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var s *runpod.Secret
	var err error
	if id := cfg.ID.ValueString(); id != "" {
		s, err = client.GetSecret(ctx, id)
		if runpod.IsNotFound(err) {
			resp.Diagnostics.AddAttributeError(path.Root("id"), "Secret Not Found",
				fmt.Sprintf("No secret with id %q exists or is visible to this API key.", id))
			return
		}
	} else {
		name := cfg.Name.ValueString()
		s, err = findTaken(ctx, client, name)
		if errors.Is(err, errNotFound) {
			resp.Diagnostics.AddAttributeError(path.Root("name"), "Secret Not Found",
				fmt.Sprintf("The account has no secret named %q.", name))
			return
		}
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Secret", "reading the secret", err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(s))...)
}

// NewListDataSource is the runpod_secrets data source factory.
func NewListDataSource() datasource.DataSource { return &secretsDataSource{} }

type secretsDataSource struct{ providerdata.DataSourceBase }

type secretsModel struct {
	Secrets []secretData `tfsdk:"secrets"`
}

func (d *secretsDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_secrets"
}

func (d *secretsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the account's secrets, sorted by name: metadata only, never values.",
		Attributes: map[string]schema.Attribute{
			"secrets": schema.ListNestedAttribute{
				MarkdownDescription: "The account's secrets.",
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: dataSourceAttributes()},
			},
		},
	}
}

func (d *secretsDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	all, err := client.ListSecrets(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Secrets", "listing secrets", err))
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	out := secretsModel{Secrets: make([]secretData, 0, len(all))}
	for i := range all {
		out.Secrets = append(out.Secrets, fromAPI(&all[i]))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}
