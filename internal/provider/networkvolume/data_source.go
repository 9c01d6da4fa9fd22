package networkvolume

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource                     = (*volumeDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*volumeDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*volumeDataSource)(nil)
)

// NewDataSource is the runpod_network_volume data source factory.
func NewDataSource() datasource.DataSource { return &volumeDataSource{} }

type volumeDataSource struct{ providerdata.DataSourceBase }

func (d *volumeDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_network_volume"
}

// dataSourceAttributes describes a volume's attributes for data sources:
// everything computed except the lookup keys, which the caller overrides.
func dataSourceAttributes() map[string]schema.Attribute {
	str := func(desc string) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
	}
	return map[string]schema.Attribute{
		"id":             str("The volume's id."),
		"name":           str("The volume's name."),
		"size_gb":        schema.Int64Attribute{MarkdownDescription: "Size in GB.", Computed: true},
		"data_center_id": str("Data center the volume is in; compute using it must run there, on Secure Cloud."),
		"type":           str("Storage tier: `STANDARD` or `HIGH_PERFORMANCE`."),
	}
}

func (d *volumeDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := dataSourceAttributes()
	attrs["id"] = schema.StringAttribute{
		MarkdownDescription: "Id of the volume to read. Exactly one of `id` and `name` must be set.",
		Optional:            true,
		Computed:            true,
	}
	attrs["name"] = schema.StringAttribute{
		MarkdownDescription: "Name of the volume to read. Volume names need not be unique: reading by a name that " +
			"several volumes share is an error listing their ids. Exactly one of `id` and `name` must be set.",
		Optional: true,
		Computed: true,
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads one network volume of the account, by id or by a name no other volume has.\n\n" + mountingNotes,
		Attributes:          attrs,
	}
}

func (d *volumeDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
	}
}

func (d *volumeDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var cfg volumeModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	if id := cfg.ID.ValueString(); id != "" {
		v, err := client.GetNetworkVolume(ctx, id)
		if runpod.IsNotFound(err) {
			resp.Diagnostics.AddAttributeError(path.Root("id"), "Network Volume Not Found",
				fmt.Sprintf("No network volume with id %q exists or is visible to this API key.", id))
			return
		}
		if err != nil {
			resp.Diagnostics.Append(diagnostics.APIError("Cannot Read Network Volume", fmt.Sprintf("reading network volume %s", id), err))
			return
		}
		resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(v))...)
		return
	}

	name := cfg.Name.ValueString()
	all, err := client.ListNetworkVolumes(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot List Network Volumes", "listing network volumes", err))
		return
	}
	var matches []runpod.NetworkVolume
	for _, v := range all {
		if v.Name == name {
			matches = append(matches, v)
		}
	}
	switch len(matches) {
	case 0:
		resp.Diagnostics.AddAttributeError(path.Root("name"), "Network Volume Not Found",
			fmt.Sprintf("The account has no network volume named %q.", name))
	case 1:
		resp.Diagnostics.Append(resp.State.Set(ctx, fromAPI(&matches[0]))...)
	default:
		sort.Slice(matches, func(i, j int) bool { return matches[i].ID < matches[j].ID })
		list := make([]string, len(matches))
		for i, v := range matches {
			list[i] = fmt.Sprintf("  - %s (%d GB in %s)", v.ID, v.Size, v.DataCenter)
		}
		resp.Diagnostics.AddAttributeError(path.Root("name"), "Network Volume Name Is Ambiguous",
			fmt.Sprintf("%d network volumes are named %q, so the name does not say which one to read:\n%s\n\n"+
				"Read it by id instead, or list them all with the runpod_network_volumes data source.",
				len(matches), name, strings.Join(list, "\n")))
	}
}
