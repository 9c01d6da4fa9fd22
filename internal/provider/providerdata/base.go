package providerdata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// ResourceBase is embedded by every resource. Its Configure stores the
// provider's Data, so resources get the API client the same way and none of
// them repeats the conversion.
type ResourceBase struct {
	// Data is nil until the provider is configured (e.g. during validation).
	Data *Data
}

// Configure implements resource.ResourceWithConfigure.
func (b *ResourceBase) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	data, diags := FromProviderData(req.ProviderData)
	resp.Diagnostics.Append(diags...)
	b.Data = data
}

// DataSourceBase is ResourceBase for data sources.
type DataSourceBase struct {
	// Data is nil until the provider is configured.
	Data *Data
}

// Configure implements datasource.DataSourceWithConfigure.
func (b *DataSourceBase) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	data, diags := FromProviderData(req.ProviderData)
	resp.Diagnostics.Append(diags...)
	b.Data = data
}
