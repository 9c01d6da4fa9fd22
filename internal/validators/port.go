// Package validators holds the provider's custom attribute validators, each
// catching at validate time a value the Runpod API would refuse at apply.
package validators

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

var portPattern = regexp.MustCompile(`^([0-9]+)/(http|tcp)$`)

// Port validates an exposed port as Runpod writes it: "8888/http" for a port
// reached through the HTTPS proxy, "22/tcp" for a port mapped to a public
// TCP port. The number must be 1-65535.
func Port() validator.String { return portValidator{} }

type portValidator struct{}

func (portValidator) Description(context.Context) string {
	return `must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535, e.g. "8888/http" or "22/tcp"`
}

func (v portValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v portValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	m := portPattern.FindStringSubmatch(s)
	if m == nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Port",
			fmt.Sprintf("%q is not a valid port: it %s.", s, v.Description(ctx)))
		return
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n < 1 || n > 65535 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Port",
			fmt.Sprintf("%q is not a valid port: the number must be from 1 to 65535.", s))
	}
}

// CudaVersion validates a CUDA version as the API takes it: "major.minor".
func CudaVersion() validator.String {
	return stringvalidator.RegexMatches(regexp.MustCompile(`^\d+\.\d+$`),
		`must be a CUDA version written as "major.minor", e.g. "12.4"`)
}
