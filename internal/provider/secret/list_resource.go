package secret

import (
	"github.com/hashicorp/terraform-plugin-framework/list"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListResource is the runpod_secret list resource factory.
func NewListResource() list.ListResource {
	return &listresources.List[runpod.Secret, listresources.NameOnly[runpod.Secret], secretModel]{
		Kind: Kind,
		Description: "Finds the account's secrets for `terraform query`, by name. Each result is named `NAME (ID)`. " +
			"Runpod never returns a secret's value, so no result carries one: with `include_resource` the object " +
			"holds the secret's metadata, and `value`, `value_wo` and `value_wo_version` are null. Configuration " +
			"generated from it needs the value filled in (as `value_wo` with `value_wo_version`) before it plans; " +
			"the first apply after the import then sends that value.",
		// The value arguments come only from configuration: null here.
		Convert: listresources.AsImported(fromAPI),
	}
}
