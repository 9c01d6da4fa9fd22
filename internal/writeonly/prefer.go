package writeonly

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// PreferWriteOnly returns a resource-level validator that warns, when the
// client supports write-only arguments, that plainAttr (set in the
// configuration) is stored in state and woAttr is not.
//
// It replaces the validators package's PreferWriteOnlyAttribute, which
// attaches its warning to plainAttr: Terraform then prints the source
// snippet of that attribute under the warning, and that snippet is the
// line `value = "<the secret>"` itself, reprinted on every plan and apply.
// A warning with no attribute path is shown against the resource block's
// first line, which holds no value.
func PreferWriteOnly(plainAttr, woAttr, versionAttr string) resource.ConfigValidator {
	return preferWriteOnly{plain: plainAttr, wo: woAttr, version: versionAttr}
}

type preferWriteOnly struct{ plain, wo, version string }

func (v preferWriteOnly) Description(context.Context) string {
	return fmt.Sprintf("The write-only argument %s should be preferred over %s.", v.wo, v.plain)
}

func (v preferWriteOnly) MarkdownDescription(ctx context.Context) string {
	return fmt.Sprintf("The write-only argument `%s` should be preferred over `%s`.", v.wo, v.plain)
}

func (v preferWriteOnly) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if !req.ClientCapabilities.WriteOnlyAttributesAllowed {
		return // the alternative does not exist for this client
	}
	var plain types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(v.plain), &plain)...)
	if resp.Diagnostics.HasError() || plain.IsNull() || plain.IsUnknown() {
		return
	}
	// No attribute path on purpose: see PreferWriteOnly.
	resp.Diagnostics.AddWarning("Available Write-Only Attribute Alternative",
		fmt.Sprintf("%s is stored in the Terraform state and in saved plan files. Use the write-only argument %s "+
			"with %s instead: Terraform sends it to Runpod and keeps it in neither.", v.plain, v.wo, v.version))
}
