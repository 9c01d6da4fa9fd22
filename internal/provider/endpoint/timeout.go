package endpoint

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
)

// keepAPIZeroTimeout keeps an execution timeout of 0 that the API returned
// while execution_timeout_ms is not configured. The live API stores 0 for an
// endpoint created without a timeout (API.md §15), which the console and
// other tools do; an import of such an endpoint must not plan a change to
// the provider's default that nobody configured. A configured value, and
// every create, still gets the default or the value given.
type keepAPIZeroTimeout struct{}

func (keepAPIZeroTimeout) Description(context.Context) string {
	return "keeps the API's 0 (an endpoint created without a timeout) while the attribute is not configured"
}

func (m keepAPIZeroTimeout) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (keepAPIZeroTimeout) PlanModifyInt64(_ context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if !req.ConfigValue.IsNull() || req.StateValue.IsNull() || req.StateValue.IsUnknown() {
		return
	}
	if req.StateValue.ValueInt64() == 0 {
		resp.PlanValue = req.StateValue
	}
}
