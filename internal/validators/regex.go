package validators

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// Regex refuses a string that Go's regexp cannot compile (RE2 syntax),
// naming the attribute, the value and the compiler's complaint. The
// framework-validators' RegexMatches checks a value against a pattern; this
// checks that the value is a pattern.
func Regex() validator.String { return regexValidator{} }

type regexValidator struct{}

func (regexValidator) Description(context.Context) string {
	return "must be a valid regular expression (Go RE2 syntax)"
}

func (v regexValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v regexValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := regexp.Compile(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Regular Expression",
			fmt.Sprintf("%s = %q %s: %v.", req.Path, req.ConfigValue.ValueString(), v.Description(ctx), err))
	}
}
