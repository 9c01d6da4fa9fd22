package sshkey

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

var (
	_ datasource.DataSource              = (*keysDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*keysDataSource)(nil)
)

// NewDataSource is the runpod_ssh_keys data source factory.
func NewDataSource() datasource.DataSource { return &keysDataSource{} }

type keysDataSource struct{ providerdata.DataSourceBase }

type keysDataModel struct {
	Keys []keyData `tfsdk:"keys"`
}

type keyData struct {
	PublicKey   types.String `tfsdk:"public_key"`
	Type        types.String `tfsdk:"type"`
	Comment     types.String `tfsdk:"comment"`
	Fingerprint types.String `tfsdk:"fingerprint"`
}

func (d *keysDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "runpod_ssh_keys"
}

func (d *keysDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads the SSH public keys registered on the Runpod account, in the order Runpod returns them.",
		Attributes: map[string]schema.Attribute{
			"keys": schema.ListNestedAttribute{
				MarkdownDescription: "The registered keys.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"public_key":  str("The key's line as Runpod stores it: `<type> <base64 key> [comment]`."),
					"type":        str("The key type, e.g. `ssh-ed25519`."),
					"comment":     str("The comment after the key, or null."),
					"fingerprint": str("The key's SHA256 fingerprint (`SHA256:...`), or null for an entry that is not a valid key."),
				}},
			},
		},
	}
}

func (d *keysDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	keys, err := client.GetSSHKeys(ctx)
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read SSH Keys", "reading the account's SSH keys", err))
		return
	}
	out := keysDataModel{Keys: make([]keyData, 0, len(keys))}
	for _, line := range keys {
		k := keyData{PublicKey: types.StringValue(line), Type: types.StringNull(), Comment: types.StringNull(), Fingerprint: types.StringNull()}
		if parsed, err := parseKey(line); err == nil {
			k.Type, k.Fingerprint = types.StringValue(parsed.Type), types.StringValue(parsed.Fingerprint)
			if parsed.Comment != "" {
				k.Comment = types.StringValue(parsed.Comment)
			}
		}
		out.Keys = append(out.Keys, k)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}
