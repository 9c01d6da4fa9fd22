package registryauth

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// registryData is what the API returns for a credential: only its id and
// name. The runpod_registry_auths data source lists these.
type registryData struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

// registryModel is the runpod_registry_auth resource.
type registryModel struct {
	registryData
	Username          types.String `tfsdk:"username"`
	Password          types.String `tfsdk:"password"`
	PasswordWO        types.String `tfsdk:"password_wo"`
	PasswordWOVersion types.Int64  `tfsdk:"password_wo_version"`
}

// viewFromAPI is the one conversion from the API's credential to Terraform:
// the data source's model, and the resource's through fromAPI.
func viewFromAPI(r *runpod.Registry) registryData {
	return registryData{ID: types.StringValue(r.ID), Name: types.StringValue(r.Name)}
}

// fromAPI is the resource model of a credential read from the API: its id
// and name, and the credential arguments as prior holds them (configured,
// never returned by the API). password_wo is always null: write-only
// values are never stored.
func fromAPI(_ context.Context, r *runpod.Registry, prior registryModel) registryModel {
	creds := prior
	return registryModel{
		registryData:      viewFromAPI(r),
		Username:          creds.Username,
		Password:          creds.Password,
		PasswordWO:        types.StringNull(),
		PasswordWOVersion: creds.PasswordWOVersion,
	}
}

// privateImported marks a credential imported into state whose username
// and password have not been recorded yet. The API cannot return them, so
// the first apply after the import records the configured ones in state
// (an in-place update that calls no API) instead of replacing the
// credential; after that, changing them replaces it as usual.
var privateImported = privatestate.NewKey[bool]("imported")
