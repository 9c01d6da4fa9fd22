package sshkey

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
)

// NewDataSource is the runpod_ssh_keys data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.List[string, keyData]{
		TypeName:             "runpod_ssh_keys",
		Description:          "Reads the SSH public keys registered on the Runpod account, in the order Runpod returns them.",
		Attribute:            "keys",
		AttributeDescription: "The registered keys.",
		ItemAttributes:       keyDataAttributes,
		Fetch: func(reads *providerdata.Reads, ctx context.Context) ([]string, error) {
			return reads.Client().GetSSHKeys(ctx)
		},
		ErrorSummary: "Cannot Read SSH Keys",
		ErrorDoing:   "reading the account's SSH keys",
		Convert:      datasources.Converter(keyDataFromLine),
	}
}

type keyData struct {
	PublicKey   types.String `tfsdk:"public_key"`
	Type        types.String `tfsdk:"type"`
	Comment     types.String `tfsdk:"comment"`
	Fingerprint types.String `tfsdk:"fingerprint"`
}

func keyDataAttributes() map[string]schema.Attribute {
	str := datasources.String
	return map[string]schema.Attribute{
		"public_key":  str("The key's line as Runpod stores it: `<type> <base64 key> [comment]`."),
		"type":        str("The key type, e.g. `ssh-ed25519`."),
		"comment":     str("The comment after the key, or null."),
		"fingerprint": str("The key's SHA256 fingerprint (`SHA256:...`), or null for an entry that is not a valid key."),
	}
}

// keyDataFromLine describes one line of the account's keys; a line that
// does not parse as a key keeps only public_key.
func keyDataFromLine(line *string) keyData {
	k := keyData{PublicKey: types.StringValue(*line), Type: types.StringNull(), Comment: types.StringNull(), Fingerprint: types.StringNull()}
	if parsed, err := parseKey(*line); err == nil {
		k.Type, k.Fingerprint = types.StringValue(parsed.Type), types.StringValue(parsed.Fingerprint)
		if parsed.Comment != "" {
			k.Comment = types.StringValue(parsed.Comment)
		}
	}
	return k
}
