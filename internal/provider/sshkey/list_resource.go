package sshkey

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// listedKey is one entry of the account's key set as the list resource
// sees it: the line as Runpod stores it and the key it holds.
type listedKey struct {
	line string
	key  publicKey
}

// name is what the name filters match: the key's comment (often user@host).
func (k *listedKey) name() string { return k.key.Comment }

// displayName is `COMMENT (FINGERPRINT)`, or the key type in place of a
// missing comment.
func (k *listedKey) displayName() string {
	if k.key.Comment == "" {
		return fmt.Sprintf("%s key (%s)", k.key.Type, k.key.Fingerprint)
	}
	return fmt.Sprintf("%s (%s)", k.key.Comment, k.key.Fingerprint)
}

// NewListResource is the runpod_ssh_key list resource factory. The
// runpod_ssh_keys resource (the whole set, a singleton) has none: there is
// exactly one per account, imported as `account`.
func NewListResource() list.ListResource {
	return &listresources.List[listedKey, listresources.NameOnly[listedKey], keyModel]{
		Kind: kinds.Kind[listedKey]{
			Collection: runpod.Collection[listedKey]{
				Noun: "SSH key", ID: func(k *listedKey) string { return k.key.Fingerprint },
			},
			ResourceType: KeyResourceType,
			Name:         (*listedKey).name,
		},
		Description: "Finds the SSH public keys registered on the account for `terraform query`, each to be managed " +
			"as one `runpod_ssh_key`. `name` and `name_prefix` match the key's comment (the text after the key, " +
			"often `user@host`). Each result is named `COMMENT (FINGERPRINT)`, or `TYPE key (FINGERPRINT)` for a key " +
			"without a comment; the fingerprint is the resource's id. Entries that are not a valid OpenSSH public " +
			"key cannot be managed as `runpod_ssh_key` and are left out, and a key registered twice is found once.\n\n" +
			"~> Do not adopt keys one by one that a `runpod_ssh_keys` resource already manages as a set.",
		Fetch:        fetchKeys,
		ErrorSummary: "Cannot Read SSH Keys",
		ErrorDoing:   "reading the account's SSH keys",
		DisplayName:  (*listedKey).displayName,
		Convert: func(_ context.Context, k *listedKey) (keyModel, diag.Diagnostics) {
			// As Read leaves an imported key: the line as Runpod stores it.
			return keyModel{
				ID:          types.StringValue(k.key.Fingerprint),
				PublicKey:   types.StringValue(k.line),
				Fingerprint: types.StringValue(k.key.Fingerprint),
			}, nil
		},
	}
}

// fetchKeys reads the account's key set and keeps the entries a
// runpod_ssh_key can manage: valid keys, each once (the first entry, the
// one Read finds).
func fetchKeys(client *runpod.Client, ctx context.Context) ([]listedKey, error) {
	lines, err := client.GetSSHKeys(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]listedKey, 0, len(lines))
	seen := map[string]bool{}
	for _, line := range lines {
		k, err := parseKey(line)
		if err != nil {
			tflog.Debug(ctx, "leaving out an SSH key entry that is not a valid public key", map[string]any{"reason": err.Error()})
			continue
		}
		if seen[k.Fingerprint] {
			continue
		}
		seen[k.Fingerprint] = true
		out = append(out, listedKey{line: line, key: k})
	}
	return out, nil
}
