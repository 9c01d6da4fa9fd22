package secret

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/privatestate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// secretData is a secret's metadata as Terraform sees it: everything the API
// returns. The data sources use it as is; the resource adds the value
// arguments, which the API never returns.
type secretData struct {
	ID                 types.String `tfsdk:"id"`
	Name               types.String `tfsdk:"name"`
	Description        types.String `tfsdk:"description"`
	Reference          types.String `tfsdk:"reference"`
	CreatedAt          types.String `tfsdk:"created_at"`
	ValueLastUpdatedAt types.String `tfsdk:"value_last_updated_at"`
}

// secretModel is the runpod_secret resource: the metadata plus the value
// arguments (the framework reads an embedded struct's fields as its own).
type secretModel struct {
	secretData
	Value          types.String `tfsdk:"value"`
	ValueWO        types.String `tfsdk:"value_wo"`
	ValueWOVersion types.Int64  `tfsdk:"value_wo_version"`
}

// viewFromAPI is the one conversion from the API's secret to Terraform: the
// data sources' model, and the resource's through fromAPI. An empty description
// reads as null, so that removing the argument and the API's cleared value
// agree.
func viewFromAPI(s *runpod.Secret) secretData {
	d := secretData{
		ID:                 types.StringValue(s.ID),
		Name:               types.StringValue(s.Name),
		Description:        types.StringNull(),
		Reference:          types.StringValue(Reference(s.Name)),
		CreatedAt:          timeValue(&s.CreatedAt),
		ValueLastUpdatedAt: timeValue(s.ValueLastUpdatedAt),
	}
	if s.Description != nil && *s.Description != "" {
		d.Description = types.StringValue(*s.Description)
	}
	return d
}

// fromAPI is the resource model of a secret read from the API: its metadata
// and the value arguments as prior holds them (configured, never returned
// by the API). value_wo is always null: write-only values are never stored.
func fromAPI(_ context.Context, s *runpod.Secret, prior secretModel) secretModel {
	creds := prior
	return secretModel{
		secretData:     viewFromAPI(s),
		Value:          creds.Value,
		ValueWO:        types.StringNull(),
		ValueWOVersion: creds.ValueWOVersion,
	}
}

// Reference is the placeholder that makes Runpod substitute the secret's
// value into an environment variable when a pod or worker boots.
func Reference(name string) string { return fmt.Sprintf("{{ RUNPOD_SECRET_%s }}", name) }

// referencePattern finds the placeholder for name in an env value, with any
// spacing inside the braces. Case is ignored: a warning too many is cheap, a
// pod that fails to boot is not.
func referencePattern(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)\{\{\s*RUNPOD_SECRET_` + regexp.QuoteMeta(name) + `\s*\}\}`)
}

func timeValue(t *time.Time) types.String {
	if t == nil || t.IsZero() {
		return types.StringNull()
	}
	return types.StringValue(t.UTC().Format(time.RFC3339Nano))
}

// privateValueSetAt is the private-state key holding value_last_updated_at
// as it was right after this provider last sent the value. A different
// value_last_updated_at on a later read means the value was rotated outside
// Terraform.
var privateValueSetAt = privatestate.NewKey[string]("value_set_at")

// valueSetAt reads privateValueSetAt; "" when the provider never sent the
// value of this secret (e.g. right after an import).
func valueSetAt(ctx context.Context, p privatestate.Store) (string, diag.Diagnostics) {
	at, _, diags := privateValueSetAt.Get(ctx, p)
	return at, diags
}

func setValueSetAt(ctx context.Context, p privatestate.Store, at types.String) diag.Diagnostics {
	if p == nil || at.IsNull() || at.IsUnknown() {
		return nil
	}
	return privateValueSetAt.Set(ctx, p, at.ValueString())
}

// rotatedOutside reports whether the API's value_last_updated_at moved away
// from the one this provider's last write produced.
func rotatedOutside(setAt string, current types.String) bool {
	return setAt != "" && !current.IsNull() && !current.IsUnknown() && current.ValueString() != setAt
}
