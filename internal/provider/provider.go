// Package provider defines the Runpod provider: its configuration schema,
// Configure, and the registry of resources and data sources.
package provider

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/billing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/catalog"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/cluster"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/ecrdelegation"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/endpoint"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/functions"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/networkvolume"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/registryauth"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/secret"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/sshkey"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/template"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// RegistryAddress is the provider's address in the Terraform and OpenTofu
// registries. The Go module path, goreleaser's project name and the docs all
// follow from the same namespace; change them together.
const RegistryAddress = "registry.terraform.io/runpod-tf/runpod"

// Environment variables read when the provider block leaves a setting unset.
const (
	EnvAPIKey         = "RUNPOD_API_KEY"
	EnvBaseURL        = "RUNPOD_API_URL"
	EnvMaxHourlySpend = "RUNPOD_MAX_HOURLY_SPEND"
)

var (
	_ provider.Provider                  = (*runpodProvider)(nil)
	_ provider.ProviderWithListResources = (*runpodProvider)(nil)
	_ provider.ProviderWithActions       = (*runpodProvider)(nil)
	_ provider.ProviderWithFunctions     = (*runpodProvider)(nil)
)

type runpodProvider struct {
	version string
	// getenv reads the RUNPOD_* fallbacks; tests replace it so that parallel
	// tests can each point at their own fake API without process-wide env.
	getenv func(string) string
	// tests take the place of the resources and actions of the same type
	// names (see TestOverrides).
	tests TestOverrides
}

// TestOverrides are test constructors that take the place of the
// provider's resources and actions of the same type names: the acceptance
// tests build them with their test seams set (waits paced for the fake API,
// hooks) through these, never through package globals.
type TestOverrides struct {
	Resources []func() resource.Resource
	Actions   []func() action.Action
}

// New returns the provider factory used by main and by the tests.
func New(version string) func() provider.Provider {
	return NewWithEnv(version, os.Getenv)
}

// NewWithEnv is New with a custom environment lookup for the RUNPOD_*
// fallbacks. The acceptance tests use it to aim each test at its own fake,
// and pass testResources, the test constructors of the resources they
// exercise, in place of the provider's resources of the same type names.
func NewWithEnv(version string, getenv func(string) string, testResources ...func() resource.Resource) func() provider.Provider {
	return NewForTests(version, getenv, TestOverrides{Resources: testResources})
}

// NewForTests is NewWithEnv with resources and actions replaced by their
// test constructors.
func NewForTests(version string, getenv func(string) string, tests TestOverrides) func() provider.Provider {
	return func() provider.Provider {
		return &runpodProvider{version: version, getenv: getenv, tests: tests}
	}
}

type providerModel struct {
	APIKey              types.String  `tfsdk:"api_key"`
	BaseURL             types.String  `tfsdk:"base_url"`
	MaxRetries          types.Int64   `tfsdk:"max_retries"`
	RetryWaitMinSeconds types.Int64   `tfsdk:"retry_wait_min_seconds"`
	RetryWaitMaxSeconds types.Int64   `tfsdk:"retry_wait_max_seconds"`
	RequestTimeoutSecs  types.Int64   `tfsdk:"request_timeout_seconds"`
	MaxHourlySpend      types.Float64 `tfsdk:"max_hourly_spend"`
}

func (p *runpodProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "runpod"
	resp.Version = p.version
}

func (p *runpodProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages Runpod templates, network volumes, registry credentials, secrets, SSH keys, " +
			"instant clusters, pods and serverless endpoints through the Runpod REST API v2, with data sources for the GPU, CPU and " +
			"data-center catalog and its live availability.",
		Attributes: map[string]schema.Attribute{
			"api_key": schema.StringAttribute{
				MarkdownDescription: "Runpod API key. Falls back to the `" + EnvAPIKey + "` environment variable. " +
					"Every plan, apply, refresh, import and action needs it and fails naming it when it is missing; " +
					"`terraform validate` works without one.",
				Optional:  true,
				Sensitive: true,
			},
			"base_url": schema.StringAttribute{
				MarkdownDescription: "Base URL of the Runpod API: an absolute `http://` or `https://` URL such as `" +
					runpod.DefaultBaseURL + "`. Falls back to the `" + EnvBaseURL + "` environment variable, then to `" +
					runpod.DefaultBaseURL + "`. Request paths carry `/v2` themselves, so a trailing `/v2` (as Runpod's docs " +
					"write the base) is dropped. A value without a scheme, or one the provider cannot reach, is an error " +
					"that names the URL tried.",
				Optional:   true,
				Validators: []validator.String{baseURLValidator{}},
			},
			"max_retries": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("How many times a read or other idempotent request is retried after a "+
					"502/503/504 or a connection error. Defaults to %d. A rate-limited request (429) is not counted "+
					"against this number: it is retried, creates included (a 429 means Runpod did not process it), after "+
					"waiting the full `Retry-After` Runpod sends, for as long as those waits add up to at most %d minutes "+
					"per request and end before the operation's timeout, so that requests outlast a spent rate-limit "+
					"window even under high `-parallelism`. A create is never retried after a 5xx or a lost connection. "+
					"`0` disables retries of every kind, 429 included.", runpod.DefaultMaxRetries, int(runpod.DefaultRateLimitWaitMax.Minutes())),
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(0, 20)},
			},
			"retry_wait_min_seconds": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Shortest wait between retries, in seconds; waits grow exponentially "+
					"with jitter. A `Retry-After` header takes precedence. Defaults to %d; `0` also means the default.", int(runpod.DefaultRetryWaitMin.Seconds())),
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(0, 300)},
			},
			"retry_wait_max_seconds": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Longest wait between retries after a 502/503/504 or a connection "+
					"error, in seconds. Defaults to %d. A 429's `Retry-After` is waited in full even when longer (see "+
					"`max_retries`), since retrying earlier only earns another 429.", int(runpod.DefaultRetryWaitMax.Seconds())),
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(1, 600)},
			},
			"request_timeout_seconds": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("How long one attempt of one API request may take, in seconds, from "+
					"the moment it is sent to the end of its answer (a wait for the rate limit does not count). Defaults "+
					"to %d. An API that accepts the connection and never answers then ends the run with an error naming "+
					"the request instead of hanging it: a read is retried as after a lost connection (`max_retries`), "+
					"a create or update is never sent again, and the object it may have made is looked up as after any "+
					"lost reply.", int(runpod.DefaultRequestTimeout.Seconds())),
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(1, 3600)},
			},
			"max_hourly_spend": maxHourlySpendAttribute(),
		},
	}
}

func (p *runpodProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	data := p.configure(ctx, cfg, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.ListResourceData = data
	resp.ActionData = data
}

// configure builds the client without calling the API. A key or URL not yet
// known is carried in the returned Data, to be reported by the first
// operation that needs the API; a missing key or a base URL that can never
// work is added to diags at once.
func (p *runpodProvider) configure(ctx context.Context, cfg providerModel, diags *diag.Diagnostics) *providerdata.Data {
	if cfg.APIKey.IsUnknown() || cfg.BaseURL.IsUnknown() {
		return providerdata.Unavailable("Provider Configuration Not Yet Known",
			"The Runpod provider's api_key or base_url depends on a value that is known only after apply. "+
				"Operations that call the Runpod API cannot run until it is known; apply the resources it depends on first "+
				"(for example with -target).")
	}

	// The address is checked before the key and fails Configure at once: an
	// address that can never work is a mistake whatever the key, and reported
	// later it would read as a bare "dial tcp" or a 404 on every object.
	baseURL, source := cfg.BaseURL.ValueString(), "base_url"
	if baseURL == "" {
		baseURL, source = p.getenv(EnvBaseURL), EnvBaseURL
	}
	if baseURL == "" {
		baseURL = runpod.DefaultBaseURL
	}
	normalized, err := runpod.NormalizeBaseURL(baseURL)
	if err != nil {
		summary, detail := invalidBaseURL(source, baseURL, err)
		if source == "base_url" {
			diags.AddAttributeError(path.Root("base_url"), summary, detail)
		} else {
			diags.AddError(summary, detail)
		}
		return nil
	}
	if normalized != strings.TrimRight(baseURL, "/") {
		tflog.Debug(ctx, "normalised the Runpod API base URL", map[string]any{"from": baseURL, "to": normalized})
	}
	baseURL = normalized

	apiKey := cfg.APIKey.ValueString()
	if apiKey == "" {
		apiKey = p.getenv(EnvAPIKey)
	}
	if apiKey == "" {
		// A plan that cannot read stock, prices or the objects in state
		// would be approved unchecked, so a missing key fails here: every
		// command that configures the provider needs the API, while
		// `terraform validate` never configures it and keeps working.
		diags.AddError("Missing Runpod API Key",
			"The Runpod provider needs an API key to plan, apply, refresh, import or run actions: the plan checks GPU stock "+
				"and prices and reads every object in state. Set api_key in the provider \"runpod\" block or the "+EnvAPIKey+
				" environment variable (in a pipeline, check that the secret holding it is passed to this job). Keys are "+
				"created in the Runpod console under Settings > API Keys. terraform validate needs no key.")
		return nil
	}

	clientCfg := runpod.Config{
		APIKey:       apiKey,
		BaseURL:      baseURL,
		UserAgent:    fmt.Sprintf("terraform-provider-runpod/%s (+https://%s)", p.version, RegistryAddress),
		MaxRetries:   runpod.DefaultMaxRetries,
		RetryWaitMin: runpod.DefaultRetryWaitMin,
		RetryWaitMax: runpod.DefaultRetryWaitMax,
	}
	if !cfg.MaxRetries.IsNull() && !cfg.MaxRetries.IsUnknown() {
		clientCfg.MaxRetries = int(cfg.MaxRetries.ValueInt64())
		if clientCfg.MaxRetries == 0 {
			// The client reads 0 as "default"; the user asked for none.
			clientCfg.MaxRetries = -1
		}
	}
	if !cfg.RetryWaitMinSeconds.IsNull() && !cfg.RetryWaitMinSeconds.IsUnknown() {
		clientCfg.RetryWaitMin = time.Duration(cfg.RetryWaitMinSeconds.ValueInt64()) * time.Second
	}
	if !cfg.RetryWaitMaxSeconds.IsNull() && !cfg.RetryWaitMaxSeconds.IsUnknown() {
		clientCfg.RetryWaitMax = time.Duration(cfg.RetryWaitMaxSeconds.ValueInt64()) * time.Second
	}
	if !cfg.RequestTimeoutSecs.IsNull() && !cfg.RequestTimeoutSecs.IsUnknown() {
		clientCfg.RequestTimeout = time.Duration(cfg.RequestTimeoutSecs.ValueInt64()) * time.Second
	}
	if clientCfg.RetryWaitMax < clientCfg.RetryWaitMin {
		return providerdata.Unavailable("Invalid Retry Settings",
			fmt.Sprintf("retry_wait_max_seconds (%s) must not be shorter than retry_wait_min_seconds (%s).",
				clientCfg.RetryWaitMax, clientCfg.RetryWaitMin))
	}

	client, err := runpod.New(clientCfg)
	if err != nil {
		return providerdata.Unavailable("Invalid Runpod Provider Configuration", err.Error())
	}
	tflog.Debug(ctx, "configured Runpod API client", map[string]any{"base_url": baseURL})
	return p.withSpendLimit(providerdata.NewData(client), cfg, diags)
}

func (p *runpodProvider) Resources(context.Context) []func() resource.Resource {
	return replaceByTypeName(p.tests.Resources, []func() resource.Resource{
		template.NewResource,
		registryauth.NewResource,
		ecrdelegation.NewResource,
		secret.NewResource,
		sshkey.NewKeyResource,
		sshkey.NewKeysResource,
		networkvolume.NewResource,
		pod.NewResource,
		cluster.NewResource,
		endpoint.NewResource,
	}, resourceType)
}

// replaceByTypeName returns factories with each of replacements in the
// place of the factory whose product has the same type name. A replacement
// that matches none is a mistake in a test, so it panics.
func replaceByTypeName[T any](replacements, factories []func() T, typeName func(T) string) []func() T {
	if len(replacements) == 0 {
		return factories
	}
	byName := make(map[string]func() T, len(replacements))
	for _, r := range replacements {
		byName[typeName(r())] = r
	}
	for i, f := range factories {
		name := typeName(f())
		if r, ok := byName[name]; ok {
			factories[i] = r
			delete(byName, name)
		}
	}
	if len(byName) > 0 {
		panic(fmt.Sprintf("test overrides replace nothing of the provider: %v", slices.Sorted(maps.Keys(byName))))
	}
	return factories
}

// resourceType and actionType are the type names replaceByTypeName matches.
func resourceType(r resource.Resource) string {
	var resp resource.MetadataResponse
	r.Metadata(context.Background(), resource.MetadataRequest{ProviderTypeName: "runpod"}, &resp)
	return resp.TypeName
}

func actionType(a action.Action) string {
	var resp action.MetadataResponse
	a.Metadata(context.Background(), action.MetadataRequest{ProviderTypeName: "runpod"}, &resp)
	return resp.TypeName
}

// ListResources are the list resources `terraform query` (Terraform 1.14+)
// finds existing objects with; one per resource type that has an identity.
func (p *runpodProvider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{
		template.NewListResource,
		networkvolume.NewListResource,
		secret.NewListResource,
		registryauth.NewListResource,
		ecrdelegation.NewListResource,
		sshkey.NewListResource,
		pod.NewListResource,
		cluster.NewListResource,
		endpoint.NewListResource,
	}
}

// Actions are the day-2 operations (Terraform 1.14+) invoked from action
// blocks, by an action_trigger or with `terraform apply -invoke`.
func (p *runpodProvider) Actions(context.Context) []func() action.Action {
	return replaceByTypeName(p.tests.Actions, []func() action.Action{
		pod.NewStopAction,
		pod.NewStartAction,
		pod.NewRestartAction,
	}, actionType)
}

// Functions are the provider functions (provider::runpod::..., Terraform 1.8+).
func (p *runpodProvider) Functions(context.Context) []func() function.Function {
	return functions.All()
}

func (p *runpodProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{
		template.NewDataSource,
		template.NewListDataSource,
		registryauth.NewListDataSource,
		ecrdelegation.NewDataSource,
		ecrdelegation.NewListDataSource,
		secret.NewDataSource,
		secret.NewListDataSource,
		sshkey.NewDataSource,
		networkvolume.NewDataSource,
		networkvolume.NewListDataSource,
		pod.NewDataSource,
		pod.NewListDataSource,
		pod.NewLogsDataSource,
		catalog.NewGPUTypesDataSource,
		catalog.NewGPUTypeDataSource,
		catalog.NewDataCentersDataSource,
		catalog.NewDataCenterDataSource,
		catalog.NewCPUTypesDataSource,
		catalog.NewPublicTemplatesDataSource,
		cluster.NewDataSource,
		cluster.NewListDataSource,
		cluster.NewPodsDataSource,
		cluster.NewBillingDataSource,
		billing.NewDataSource,
		endpoint.NewDataSource,
		endpoint.NewListDataSource,
		endpoint.NewWorkersDataSource,
		endpoint.NewReleasesDataSource,
		endpoint.NewWorkerLogsDataSource,
	}
}

// invalidBaseURL is the error for a base URL that can never work. It names
// where the value came from (the provider block or RUNPOD_API_URL), quotes
// it, says what is wrong and what a valid value looks like.
func invalidBaseURL(source, value string, problem error) (summary, detail string) {
	where := "base_url in the provider \"runpod\" block"
	if source == EnvBaseURL {
		where = "the " + EnvBaseURL + " environment variable"
	}
	return "Invalid Runpod API Base URL", fmt.Sprintf("%s is %q, which is not a usable API address: %s.\n\n"+
		"A valid value is an absolute http:// or https:// URL without the /v2 path, such as %q (the default, used when "+
		"neither base_url nor %s is set).", where, value, problem, runpod.DefaultBaseURL, EnvBaseURL)
}

// baseURLValidator refuses, at validate time, a base_url that NormalizeBaseURL
// would refuse at Configure, so that `terraform validate` catches it.
type baseURLValidator struct{}

var _ validator.String = baseURLValidator{}

func (baseURLValidator) Description(context.Context) string {
	return "must be an absolute http or https URL, such as " + runpod.DefaultBaseURL
}

func (v baseURLValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (baseURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	// An empty string counts as unset, as in Configure.
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || req.ConfigValue.ValueString() == "" {
		return
	}
	if _, err := runpod.NormalizeBaseURL(req.ConfigValue.ValueString()); err != nil {
		summary, detail := invalidBaseURL("base_url", req.ConfigValue.ValueString(), err)
		resp.Diagnostics.AddAttributeError(req.Path, summary, detail)
	}
}
