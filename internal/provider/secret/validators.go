package secret

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// Name rules from create-a-secret: 1 to 191 characters, a letter or
// underscore first, then letters, digits and _.-/; the RUNPOD prefix is
// reserved in any case.
const (
	nameMaxLength  = 191
	reservedPrefix = "RUNPOD"
)

var namePattern = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_.\-/]*$`)

// validName checks a secret name at plan time, so a name the API would
// refuse never reaches it. It names the broken rule and what is allowed.
type validName struct{}

func (validName) Description(context.Context) string {
	return "must be 1 to 191 characters: a letter or underscore, then letters, digits, `_`, `.`, `-` or `/`; must not start with RUNPOD"
}

func (v validName) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (validName) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if problem := NameProblem(req.ConfigValue.ValueString()); problem != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Secret Name", problem)
	}
}

// NameProblem says what is wrong with a secret name, or "" if nothing is.
// The provider::runpod::secret_ref function checks names with it too.
func NameProblem(name string) string {
	allowed := "Secret names are 1 to 191 characters long, start with a letter or an underscore, and contain only " +
		"letters, digits, underscores, dots, hyphens and slashes (pattern ^[a-zA-Z_][a-zA-Z0-9_.\\-/]*$)."
	switch {
	case name == "":
		return "The secret name is empty. " + allowed
	case utf8.RuneCountInString(name) > nameMaxLength:
		return fmt.Sprintf("The secret name is %d characters long. %s", utf8.RuneCountInString(name), allowed)
	case !namePattern.MatchString(name):
		return fmt.Sprintf("%q is not a valid secret name. %s", name, allowed)
	case strings.HasPrefix(strings.ToUpper(name), reservedPrefix):
		return fmt.Sprintf("%q starts with %q, a prefix Runpod reserves for its own variables (in any letter case). "+
			"Choose a name that does not start with it.", name, name[:len(reservedPrefix)])
	}
	return ""
}
