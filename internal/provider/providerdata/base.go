package providerdata

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// ResourceBase is embedded by every resource. It reports the type name the
// factory set, and its Configure stores the provider's Data, so resources
// get the API client the same way and none of them repeats the conversion.
type ResourceBase struct {
	// TypeName is the resource's Terraform type name, which Metadata reports.
	TypeName string
	// Data is nil until the provider is configured (e.g. during validation).
	Data *Data
}

// ManagedResource is what every resource of an object in the account
// offers: the provider's client, an identity and import for adoption, and a
// plan the provider checks and completes (costs, stock, API rules). Each such
// resource asserts it once, and beside it only what is its own (config
// validators).
type ManagedResource interface {
	resource.ResourceWithConfigure
	resource.ResourceWithIdentity
	resource.ResourceWithImportState
	resource.ResourceWithModifyPlan
}

// Metadata implements resource.Resource.
func (b *ResourceBase) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = b.TypeName
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

// ModelSource is what a CRUD method decodes its model from: the request's
// tfsdk.Plan, tfsdk.State or tfsdk.Config.
type ModelSource interface {
	Get(ctx context.Context, target any) diag.Diagnostics
}

// Begin is how every Create, Read and Delete starts: the configured API
// client, then the model decoded from the plan or the prior state. ok is
// false when either failed; diags then says why and the method returns.
func Begin[M any](ctx context.Context, data *Data, from ModelSource, diags *diag.Diagnostics) (client *runpod.Client, model M, ok bool) {
	client, d := data.Client()
	diags.Append(d...)
	if d.HasError() {
		return nil, model, false
	}
	diags.Append(from.Get(ctx, &model)...)
	return client, model, !diags.HasError()
}

// BeginID is Begin for a Read that needs only the id of the prior state.
func BeginID(ctx context.Context, data *Data, state tfsdk.State, diags *diag.Diagnostics) (client *runpod.Client, id string, ok bool) {
	client, d := data.Client()
	diags.Append(d...)
	if d.HasError() {
		return nil, "", false
	}
	diags.Append(state.GetAttribute(ctx, path.Root("id"), &id)...)
	return client, id, !diags.HasError()
}

// BeginUpdate is Begin for Update, which needs the plan and the prior state.
func BeginUpdate[M any](ctx context.Context, data *Data, req resource.UpdateRequest, diags *diag.Diagnostics) (client *runpod.Client, plan, state M, ok bool) {
	client, plan, ok = Begin[M](ctx, data, req.Plan, diags)
	if !ok {
		return nil, plan, state, false
	}
	diags.Append(req.State.Get(ctx, &state)...)
	return client, plan, state, !diags.HasError()
}

// StopRefresh ends a Read early, given the read it refreshes from: an object
// deleted outside Terraform (a 404, or deleted for kinds whose deleted
// objects still read, like terminated pods) is dropped from state so that
// the plan shows a create; another error is "Cannot Read <Kind>". It is
// true when Read must return.
func StopRefresh(ctx context.Context, kind, id string, err error, deleted bool, resp *resource.ReadResponse) bool {
	if runpod.IsNotFound(err) || (err == nil && deleted) {
		tflog.Debug(ctx, kind+" not found; removing from state", map[string]any{"id": id})
		resp.State.RemoveResource(ctx)
		return true
	}
	if err != nil {
		resp.Diagnostics.Append(diagnostics.APIError("Cannot Read "+diagnostics.TitleCase(kind), fmt.Sprintf("reading %s %s", kind, id), err))
		return true
	}
	return false
}
