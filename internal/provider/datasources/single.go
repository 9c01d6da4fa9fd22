package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var (
	_ datasource.DataSource                   = (*Single[struct{}])(nil)
	_ datasource.DataSourceWithConfigure      = (*Single[struct{}])(nil)
	_ datasource.DataSourceWithValidateConfig = (*Single[struct{}])(nil)
)

// Single is a data source whose read is its own (neither a List nor a
// Lookup): it reads its configuration into Model, and Fetch returns the
// Model to store. Getting the provider's client, decoding the configuration
// and writing the state are done here once.
type Single[Model any] struct {
	providerdata.DataSourceBase

	// TypeName is the data source's type, e.g. "runpod_cpu_types".
	TypeName string
	// BuildSchema makes the data source's schema.
	BuildSchema func() schema.Schema
	// Validate, when set, checks the configuration before any read
	// (ValidateConfig), e.g. combinations of arguments the API refuses.
	Validate func(config Model, diags *diag.Diagnostics)
	// Fetch reads what config asks for from the API and returns the model
	// to store.
	Fetch func(ctx context.Context, api Source, config Model) (Model, diag.Diagnostics)
}

// Source is what a Single's Fetch reads from: the API client, the
// provider's shared reads of objects, and its memo of the catalog.
type Source struct {
	Client  *runpod.Client
	Reads   *providerdata.Reads
	Catalog *providerdata.Catalog
}

// Metadata implements datasource.DataSource.
func (d *Single[Model]) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.TypeName
}

// Schema implements datasource.DataSource.
func (d *Single[Model]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.BuildSchema()
}

// ValidateConfig implements datasource.DataSourceWithValidateConfig.
func (d *Single[Model]) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	if d.Validate == nil {
		return
	}
	var config Model
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if !resp.Diagnostics.HasError() {
		d.Validate(config, &resp.Diagnostics)
	}
}

// Read implements datasource.DataSource.
func (d *Single[Model]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	client, diags := d.Data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Catalog fails only when Client does.
	catalog, _ := d.Data.Catalog()
	var config Model
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m, diags := d.Fetch(ctx, Source{Client: client, Reads: d.Data.Reads(), Catalog: catalog}, config)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}
