package secret

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// checkValueSize refuses, at plan time, a secret whose create body would be
// over Runpod's 102400-byte request limit (stricter than the 16 MiB value
// limit): the API would answer a bare 413 at apply. The message names the
// attribute that holds the value and gives sizes only, never the value.
func checkValueSize(ctx context.Context, config tfsdk.Config, plan secretModel, diags *diag.Diagnostics) {
	for _, attr := range []string{"value", "value_wo"} {
		var v types.String
		if d := config.GetAttribute(ctx, path.Root(attr), &v); d.HasError() || v.IsNull() || v.IsUnknown() {
			continue
		}
		size, err := runpod.BodySize(runpod.CreateSecretRequest{
			Name: plan.Name.ValueString(), Value: v.ValueString(), Description: plan.Description.ValueStringPointer(),
		})
		if err != nil || size <= runpod.MaxRequestBodyBytes {
			return
		}
		// Not attached to the attribute: Terraform would print its source
		// line, the secret literal included, under the error.
		summary, detail := diagnostics.RequestTooLarge(attr, size)
		diags.AddError(summary, detail)
		return
	}
}

// valueTooLarge maps a 413 at apply to the plan-time message.
func valueTooLarge(err error) (diag.Diagnostic, bool) {
	if !runpod.IsRequestTooLarge(err) {
		return nil, false
	}
	summary, detail := diagnostics.RequestTooLarge("value (or value_wo)", 0)
	return diag.NewErrorDiagnostic(summary, detail), true
}
