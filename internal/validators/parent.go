package validators

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Nested blocks instead of nested attributes: Terraform and OpenTofu
// silently drop a misspelt key inside an object assigned to a nested
// attribute (`gpu = { cuont = 2 }`), while a block refuses it at validate
// ("Unsupported argument"). The framework validates the attributes of a
// block also when the block is absent (a null object with null children),
// so inside a block
//   - an attribute cannot be Required: the framework would ask for it when
//     the block is left out. It is Optional with RequiredInParent, which
//     asks for it only when its block is there;
//   - a validator that fails on a null value, such as ExactlyOneOf between
//     two siblings, is wrapped in WhenParentSet.

// WhenParentSet runs v only when the object holding the attribute (its
// block, or the list element of a list block) is present and known: an
// absent block has null children, which v must not judge.
func WhenParentSet(v validator.String) validator.String { return whenParentSet{v} }

type whenParentSet struct{ validator.String }

func (w whenParentSet) Description(ctx context.Context) string {
	return w.String.Description(ctx) + ", when the enclosing block is present"
}

func (w whenParentSet) MarkdownDescription(ctx context.Context) string { return w.Description(ctx) }

func (w whenParentSet) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	set, diags := parentSet(ctx, req.Config, req.Path)
	resp.Diagnostics.Append(diags...)
	if !set || diags.HasError() {
		return
	}
	w.String.ValidateString(ctx, req, resp)
}

// RequiredInParent makes an Optional attribute of a block required when the
// block is present, with the error Terraform gives for a missing required
// argument. Its value types are those the blocks of this provider need:
// string and int64.
func RequiredInParent() RequiredInParentValidator { return RequiredInParentValidator{} }

// RequiredInParentValidator is RequiredInParent's validator, for strings and
// int64s.
type RequiredInParentValidator struct{}

var (
	_ validator.String = RequiredInParentValidator{}
	_ validator.Int64  = RequiredInParentValidator{}
)

func (RequiredInParentValidator) Description(context.Context) string {
	return "required when the enclosing block is present"
}

func (v RequiredInParentValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v RequiredInParentValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	resp.Diagnostics.Append(v.check(ctx, req.Config, req.Path, req.ConfigValue.IsNull())...)
}

func (v RequiredInParentValidator) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	resp.Diagnostics.Append(v.check(ctx, req.Config, req.Path, req.ConfigValue.IsNull())...)
}

func (RequiredInParentValidator) check(ctx context.Context, cfg tfsdk.Config, p path.Path, null bool) diag.Diagnostics {
	if !null {
		return nil
	}
	set, diags := parentSet(ctx, cfg, p)
	if !set || diags.HasError() {
		return diags
	}
	parent, name := p.ParentPath(), p.Steps()[len(p.Steps())-1]
	diags.AddAttributeError(p, "Missing Required Argument",
		fmt.Sprintf("The argument %q is required in %s, but no definition was found.", name, blockName(parent)))
	return diags
}

// blockName says which block p is: "the gpu block", or "cpu block 1" for
// the first block of a list.
func blockName(p path.Path) string {
	steps := p.Steps()
	if len(steps) == 0 {
		return "the resource"
	}
	if n := len(steps); n > 0 {
		if i, ok := steps[n-1].(path.PathStepElementKeyInt); ok {
			return fmt.Sprintf("%s block %d", p.ParentPath(), int64(i)+1)
		}
	}
	return "the " + p.String() + " block"
}

// parentSet reports whether the object that holds the attribute at p is
// present and known in the configuration.
func parentSet(ctx context.Context, cfg tfsdk.Config, p path.Path) (bool, diag.Diagnostics) {
	if len(p.Steps()) < 2 {
		return true, nil // a top-level attribute: its "parent" is the resource
	}
	var parent types.Object
	diags := cfg.GetAttribute(ctx, p.ParentPath(), &parent)
	if diags.HasError() {
		return false, diags
	}
	return !parent.IsNull() && !parent.IsUnknown(), diags
}
