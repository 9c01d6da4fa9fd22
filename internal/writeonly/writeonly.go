// Package writeonly resolves a credential that can be given two ways: as a
// plain Sensitive argument (stored in state) or as a write-only argument
// (`*_wo`, Terraform 1.11+), which is never in the plan or state and so must
// be read from the configuration during apply.
package writeonly

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Value returns the credential to send: plain's planned value when it is
// known, else the value of the write-only attribute woAttr read from config.
// Neither known is an error on woAttr whose summary is summary, naming both
// arguments.
func Value(ctx context.Context, config tfsdk.Config, plain types.String, plainAttr, woAttr, summary string) (string, diag.Diagnostics) {
	if !plain.IsNull() && !plain.IsUnknown() {
		return plain.ValueString(), nil
	}
	var wo types.String
	diags := config.GetAttribute(ctx, path.Root(woAttr), &wo)
	if diags.HasError() {
		return "", diags
	}
	if wo.IsNull() || wo.IsUnknown() || wo.ValueString() == "" {
		diags.AddAttributeError(path.Root(woAttr), summary,
			fmt.Sprintf("Neither %s nor %s holds a known value at apply time. Set exactly one of them.", plainAttr, woAttr))
		return "", diags
	}
	return wo.ValueString(), diags
}
