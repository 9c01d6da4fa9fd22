package catalog

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// NewPublicTemplatesDataSource is the runpod_catalog_templates data source
// factory.
func NewPublicTemplatesDataSource() datasource.DataSource {
	return &datasources.Single[publicTemplatesModel]{
		TypeName: "runpod_catalog_templates", BuildSchema: publicTemplatesSchema, Fetch: readPublicTemplates,
	}
}

type publicTemplatesModel struct {
	Source       types.String          `tfsdk:"source"`
	NameContains types.String          `tfsdk:"name_contains"`
	NameRegex    types.String          `tfsdk:"name_regex"`
	Category     types.String          `tfsdk:"category"`
	Serverless   types.Bool            `tfsdk:"serverless"`
	ImagePrefix  types.String          `tfsdk:"image_prefix"`
	Templates    []publicTemplateModel `tfsdk:"templates"`
}

type publicTemplateModel struct {
	ID                  types.String            `tfsdk:"id"`
	Name                types.String            `tfsdk:"name"`
	Image               types.String            `tfsdk:"image"`
	Args                types.String            `tfsdk:"args"`
	ContainerDiskGB     types.Int64             `tfsdk:"container_disk_gb"`
	PersistentVolume    *publicTemplateVolume   `tfsdk:"persistent_volume"`
	Ports               []types.String          `tfsdk:"ports"`
	Env                 map[string]types.String `tfsdk:"env"`
	Category            types.String            `tfsdk:"category"`
	Serverless          types.Bool              `tfsdk:"serverless"`
	StartSSH            types.Bool              `tfsdk:"start_ssh"`
	StartJupyter        types.Bool              `tfsdk:"start_jupyter"`
	AllowedCudaVersions []types.String          `tfsdk:"allowed_cuda_versions"`
}

type publicTemplateVolume struct {
	SizeGB types.Int64  `tfsdk:"size_gb"`
	Path   types.String `tfsdk:"path"`
}

var templateCategories = []string{"NVIDIA", "AMD", "CPU"}

func publicTemplatesSchema() schema.Schema {
	str, boolean, strList := datasources.String, datasources.Bool, datasources.Strings
	return schema.Schema{
		MarkdownDescription: "Lists Runpod's public template catalog (`GET /v2/catalog/templates`): one slice per `source`, " +
			"filtered here; filters combine with AND. Use a template's `id` as a pod's `template_id`, or copy its `image`, " +
			"`ports`, `env` and `container_disk_gb` into the pod: the catalog changes over time, so copying (or pinning the " +
			"image) keeps plans steady when Runpod edits or removes the template. The API returns at most 100 templates per " +
			"source and cannot page, so a larger slice is cut short. The slice is read once per source per Terraform command.",
		Attributes: map[string]schema.Attribute{
			"source": schema.StringAttribute{
				MarkdownDescription: "Which slice: `official` (Runpod-curated, the default), `verified` (community templates " +
					"Runpod has verified) or `community` (everything else shared publicly).",
				Optional:   true,
				Validators: []validator.String{stringvalidator.OneOf(runpod.TemplateSources...)},
			},
			"name_contains": schema.StringAttribute{
				MarkdownDescription: "Only templates whose name contains this text, ignoring case.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"name_regex": schema.StringAttribute{
				MarkdownDescription: "Only templates whose name matches this regular expression (Go RE2 syntax; case-sensitive " +
					"unless it starts with `(?i)`).",
				Optional:   true,
				Validators: []validator.String{validators.Regex()},
			},
			"category": schema.StringAttribute{
				MarkdownDescription: "Only templates of this compute category: `NVIDIA`, `AMD` or `CPU`.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.OneOf(templateCategories...)},
			},
			"serverless": schema.BoolAttribute{
				MarkdownDescription: "Only serverless templates (`true`) or only pod templates (`false`). A pod needs a pod " +
					"template; the API refuses a serverless one.",
				Optional: true,
			},
			"image_prefix": schema.StringAttribute{
				MarkdownDescription: "Only templates whose image starts with this, e.g. `runpod/pytorch:`.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"templates": datasources.ListOf("The matching templates, sorted by name, then by image tag newest first (so "+
				"`runpod/pytorch:1.0.3-…` comes before `…:1.0.2-…` under one name), then by id. Empty when nothing matches.",
				map[string]schema.Attribute{
					"id":                str("The template's id: usable as a pod's `template_id`."),
					"name":              str("The template's name."),
					"image":             str("Container image reference."),
					"args":              str("Container start command as Runpod stores it (empty: the image's own)."),
					"container_disk_gb": datasources.Int64("Container disk in GB (ephemeral)."),
					"persistent_volume": datasources.Object("The host-local persistent volume the template asks for, or null.",
						map[string]schema.Attribute{
							"size_gb": datasources.Int64("Size in GB."),
							"path":    str("Mount path inside the container."),
						}),
					"ports":                 strList("Exposed ports (`N/http` or `N/tcp`), in the catalog's order."),
					"env":                   schema.MapAttribute{MarkdownDescription: "Default environment variables.", Computed: true, ElementType: types.StringType},
					"category":              str("Compute category: `NVIDIA`, `AMD` or `CPU`."),
					"serverless":            boolean("Whether the template is for serverless workers."),
					"start_ssh":             boolean("Whether a pod from this template starts an SSH server."),
					"start_jupyter":         boolean("Whether a pod from this template starts Jupyter."),
					"allowed_cuda_versions": strList("CUDA versions the template is limited to; usually empty (any)."),
				}),
		},
	}
}

func readPublicTemplates(ctx context.Context, api datasources.Source, m publicTemplatesModel) (publicTemplatesModel, diag.Diagnostics) {
	var diags diag.Diagnostics
	var re *regexp.Regexp
	if tfvalue.Known(m.NameRegex) {
		var err error
		if re, err = regexp.Compile(m.NameRegex.ValueString()); err != nil {
			diags.AddAttributeError(path.Root("name_regex"), "Invalid Regular Expression", err.Error())
			return m, diags
		}
	}
	source := m.Source.ValueString()
	if source == "" {
		source = runpod.TemplateSourceOfficial
	}
	all, err := api.Catalog.PublicTemplates(ctx, source)
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read the Public Template Catalog",
			fmt.Sprintf("listing the %s public templates", source), err))
	}
	m.Templates = []publicTemplateModel{}
	for i := range all {
		t := &all[i]
		switch {
		case tfvalue.Known(m.NameContains) && !strings.Contains(strings.ToLower(t.Name), strings.ToLower(m.NameContains.ValueString())),
			re != nil && !re.MatchString(t.Name),
			tfvalue.Known(m.Category) && t.Category != m.Category.ValueString(),
			tfvalue.Known(m.Serverless) && t.Serverless != m.Serverless.ValueBool(),
			tfvalue.Known(m.ImagePrefix) && !strings.HasPrefix(t.Image, m.ImagePrefix.ValueString()):
			continue
		}
		m.Templates = append(m.Templates, publicTemplateFromAPI(t))
	}
	sort.SliceStable(m.Templates, func(i, j int) bool {
		a, b := m.Templates[i], m.Templates[j]
		if a.Name.ValueString() != b.Name.ValueString() {
			return a.Name.ValueString() < b.Name.ValueString()
		}
		if ta, tb := imageTag(a.Image.ValueString()), imageTag(b.Image.ValueString()); ta != tb {
			return ta > tb
		}
		return a.ID.ValueString() < b.ID.ValueString()
	})
	return m, diags
}

// imageTag is the tag of an image reference ("" without one), for ordering
// releases of one template newest first.
func imageTag(image string) string {
	if i := strings.LastIndexByte(image, ':'); i > strings.LastIndexByte(image, '/') {
		return image[i+1:]
	}
	return ""
}

func publicTemplateFromAPI(t *runpod.Template) publicTemplateModel {
	out := publicTemplateModel{
		ID:                  types.StringValue(t.ID),
		Name:                types.StringValue(t.Name),
		Image:               types.StringValue(t.Image),
		Args:                types.StringValue(t.Args),
		ContainerDiskGB:     types.Int64Value(int64(t.Disk)),
		Ports:               stringList(t.Ports),
		Env:                 map[string]types.String{},
		Category:            types.StringValue(t.Category),
		Serverless:          types.BoolValue(t.Serverless),
		StartSSH:            types.BoolValue(t.StartSSH),
		StartJupyter:        types.BoolValue(t.StartJupyter),
		AllowedCudaVersions: stringList(t.AllowedCudaVersions),
	}
	for k, v := range t.Env {
		out.Env[k] = types.StringValue(v)
	}
	if p := t.Mounts.Persistent; p != nil {
		out.PersistentVolume = &publicTemplateVolume{SizeGB: types.Int64Value(int64(p.Size)), Path: types.StringValue(p.Path)}
	}
	return out
}
