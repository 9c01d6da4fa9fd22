package registryauth

import (
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

// fromAPI is the one conversion from the API's credential to Terraform,
// used by Create, Read, Update, import and the data source.
func fromAPI(r *runpod.Registry) registryData {
	return registryData{ID: types.StringValue(r.ID), Name: types.StringValue(r.Name)}
}

// withPrior completes the resource model from the API's answer and
// the credential arguments as configured, which the API never returns.
// password_wo is always null: write-only values are never stored.
func withPrior(d registryData, creds registryModel) registryModel {
	return registryModel{
		registryData:      d,
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
