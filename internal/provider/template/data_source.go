package template

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource                     = (*templateDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*templateDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*templateDataSource)(nil)
)

// NewDataSource is the runpod_template data source factory.
func NewDataSource() datasource.DataSource { return &templateDataSource{} }

type templateDataSource struct{ providerdata.DataSourceBase }

func (d *templateDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_template"
}

// dataSourceAttributes describes a template's attributes for data sources:
// everything computed except the lookup keys, which the caller overrides.
func dataSourceAttributes() map[string]schema.Attribute {
	str := func(desc string) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
	}
	boolean := func(desc string) schema.Attribute {
		return schema.BoolAttribute{MarkdownDescription: desc, Computed: true}
	}
	strList := func(desc string) schema.Attribute {
		return schema.ListAttribute{MarkdownDescription: desc, Computed: true, ElementType: types.StringType}
	}
	strSet := func(desc string) schema.Attribute {
		return schema.SetAttribute{MarkdownDescription: desc, Computed: true, ElementType: types.StringType}
	}
	return map[string]schema.Attribute{
		"id":                str("The template's id."),
		"name":              str("The template's name."),
		"image":             str("Container image reference."),
		"args":              str("Container start command as Runpod stores it."),
		"entrypoint":        strList("Container ENTRYPOINT in exec form."),
		"cmd":               strList("Container CMD in exec form."),
		"container_disk_gb": schema.Int64Attribute{MarkdownDescription: "Container disk in GB (ephemeral).", Computed: true},
		"persistent_volume": schema.SingleNestedAttribute{
			MarkdownDescription: "The host-local persistent volume, if any.",
			Computed:            true,
			Attributes: map[string]schema.Attribute{
				"size_gb": schema.Int64Attribute{MarkdownDescription: "Size in GB.", Computed: true},
				"path":    str("Mount path inside the container."),
			},
		},
		"ports":                 strSet("Exposed ports (`N/http` or `N/tcp`)."),
		"env":                   schema.MapAttribute{MarkdownDescription: "Environment variables.", Computed: true, ElementType: types.StringType},
		"registry_auth_id":      str("Id of the registry credential used to pull the image, or null."),
		"serverless":            boolean("Whether the template is for serverless workers."),
		"public":                boolean("Whether the template is visible to every Runpod user."),
		"category":              str("Compute category: `NVIDIA`, `AMD` or `CPU`."),
		"start_ssh":             boolean("Whether SSH is set up in containers created from the template."),
		"start_jupyter":         boolean("Whether JupyterLab starts in containers created from the template."),
		"allowed_cuda_versions": strSet("Acceptable host CUDA versions; empty means any."),
	}
}

func (d *templateDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := dataSourceAttributes()
	attrs["id"] = schema.StringAttribute{
		MarkdownDescription: "Id of the template to read. Exactly one of `id` and `name` must be set.",
		Optional:            true,
		Computed:            true,
	}
	attrs["name"] = schema.StringAttribute{
		MarkdownDescription: "Name of the template to read (names are unique in an account). Exactly one of `id` and `name` must be set.",
		Optional:            true,
		Computed:            true,
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads one template of the account, by id or by name. Public catalog templates can be read by id.",
		Attributes:          attrs,
	}
}

func (d *templateDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
	}
}

func (d *templateDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg templateModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	var t *runpod.Template
	var err error
	if id := cfg.ID.ValueString(); id != "" {
		t, err = client.GetTemplate(ctx, id)
		if runpod.IsNotFound(err) {
			resp.Diagnostics.AddAttributeError(path.Root("id"), "Template Not Found",
				fmt.Sprintf("No template with id %q exists or is visible to this API key.", id))
			return
		}
	} else {
		name := cfg.Name.ValueString()
		t, err = findByName(ctx, client, name)
		if errors.Is(err, errNotFound) {
			resp.Diagnostics.AddAttributeError(path.Root("name"), "Template Not Found",
				fmt.Sprintf("The account has no template named %q.", name))
			return
		}
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Template", "reading the template", err))
		return
	}
	m, diags := fromAPI(ctx, t)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}
