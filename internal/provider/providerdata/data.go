// Package providerdata carries what the provider's Configure hands to every
// resource and data source: a Runpod API client, or the reason there is none.
//
// Configure makes no API call. It fails when the API key is missing (every
// command that configures the provider needs the API; `terraform validate`
// does not configure it). A key or URL not yet known at plan is carried here
// and reported by the first operation that needs the API.
package providerdata

import (
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Data is the value of ProviderData for resources and data sources.
type Data struct {
	client *runpod.Client
	// catalog memoizes catalog reads for this provider process (catalog.go).
	catalog *Catalog
	// reads coalesces the refresh of account objects (reads.go).
	reads *Reads
	// newVolumes is what this process's plan creates of network volumes
	// (newvolumes.go).
	newVolumes NewVolumes
	// templatePlans is what this process's plan does to templates.
	templatePlans *TemplatePlans
	// costs holds the cost summaries given and the spend limit (costs.go).
	costs *Costs
	// creates is what this process created of the kinds whose names
	// repeat, and their creates under way (creates.go).
	creates *Creates
	// pending holds the pending creates this process refreshed
	// (pending.go).
	pendingMu sync.Mutex
	pending   map[string]PendingNote
	// waits counts the plans waiting for their siblings (siblings.go).
	waits siblingWaits
	// ssh is what this process's SSH key resources share (sshlock.go).
	sshOnce sync.Once
	ssh     *sshKeyState
	// summary and detail explain why client is nil.
	summary, detail string
}

// NewData wraps a ready client.
func NewData(c *runpod.Client) *Data {
	cat := newCatalog(c)
	return &Data{client: c, catalog: cat, reads: newReads(c), templatePlans: &TemplatePlans{}, costs: newCosts(c, cat),
		creates: newCreates()}
}

// TemplatePlans returns what this provider process has planned for
// templates (nil-safe: a nil Data or registry records and finds nothing).
func (d *Data) TemplatePlans() *TemplatePlans {
	if d == nil {
		return nil
	}
	return d.templatePlans
}

// Creates returns what this provider process created of the kinds whose
// names repeat, and their creates under way.
func (d *Data) Creates() *Creates {
	return d.creates
}

// Unavailable records why no client could be built, to be reported by the
// first operation that needs one.
func Unavailable(summary, detail string) *Data {
	return &Data{summary: summary, detail: detail, creates: newCreates()}
}

// Client returns the API client, or an error diagnostic that says what is
// missing from the provider configuration.
func (d *Data) Client() (*runpod.Client, diag.Diagnostics) {
	var diags diag.Diagnostics
	if d == nil {
		diags.AddError("Provider Not Configured",
			"The Runpod provider was not configured before this operation. This is a bug in the provider; please report it.")
		return nil, diags
	}
	if d.client == nil {
		diags.AddError(d.summary, d.detail)
		return nil, diags
	}
	return d.client, diags
}

// FromProviderData converts the framework's untyped ProviderData. A nil input
// (the framework calls Configure on resources before the provider is
// configured, e.g. during validation) yields nil and no diagnostics.
func FromProviderData(v any) (*Data, diag.Diagnostics) {
	var diags diag.Diagnostics
	if v == nil {
		return nil, diags
	}
	d, ok := v.(*Data)
	if !ok {
		diags.AddError("Unexpected Provider Data",
			fmt.Sprintf("Expected *providerdata.Data, got %T. This is a bug in the provider; please report it.", v))
		return nil, diags
	}
	return d, diags
}
