package registryauth

import (
	"github.com/hashicorp/terraform-plugin-framework/list"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/listresources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewListResource is the runpod_registry_auth list resource factory.
func NewListResource() list.ListResource {
	return &listresources.List[runpod.Registry, listresources.NameOnly[runpod.Registry], registryModel]{
		Kind: Kind,
		Description: "Finds the account's container registry credentials for `terraform query`, by name. Each result " +
			"is named `NAME (ID)`. Runpod never returns a credential's username or password, so no result carries " +
			"them: with `include_resource` the object holds the id and name, and `username`, `password`, " +
			"`password_wo` and `password_wo_version` are null. Configuration generated from it needs the username " +
			"and the password (as `password_wo` with `password_wo_version`) filled in before it plans; the first " +
			"apply after the import then records them in state without sending them and without replacing the " +
			"credential.",
		// The credential arguments come only from configuration: null here.
		Convert: listresources.AsImported(fromAPI),
	}
}
