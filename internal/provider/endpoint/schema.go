package endpoint

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// API defaults (the spec's CreateEndpointRequest). The
// console's documentation states other defaults (execution timeout 600 s,
// idle timeout 5 s, FlashBoot on); the provider follows what the API does
// when a field is left out, and the docs say so.
const (
	defaultWorkersMax         = 3
	defaultIdleTimeoutSeconds = 10
	defaultExecutionTimeoutMs = 300000
	defaultGPUCount           = 1
)

const resourceDescription = "A Runpod serverless endpoint (API v2 `/v2/serverless`): workers that run a container image " +
	"on GPUs from a priority list of serverless pools, or on CPU flavours, scaled between `workers_min` and " +
	"`workers_max`.\n\n" +
	"**What bills.** Active workers (`workers_min` > 0) run and bill around the clock from the moment the endpoint " +
	"exists; the plan states the hourly figure from the catalog's serverless price. Flex workers (up to " +
	"`workers_max`) bill per second only while they run a job, plus `idle_timeout_seconds` after it. The plan " +
	"warns before creating an endpoint, and before an update that raises the always-on cost.\n\n" +
	"**Updates and replacement.** Everything updates in place except `type` and the compute family (switching " +
	"between `gpu_pools` and `cpu`), which replace the endpoint and so change its id and request URLs. Container " +
	"and CUDA changes roll out as a new release: idle workers are replaced at once, busy ones after their job.\n\n" +
	"**Runpod may lower `workers_max` by itself**: to 2 after 3 idle days, to 0 after 7, or after repeated unhealthy " +
	"workers. The next plan shows the change and explains it with a warning; applying sets your value again.\n\n" +
	"**Defaults** are the API's: `workers_max` 3, `idle_timeout_seconds` 10, `execution_timeout_ms` 300000 (5 " +
	"minutes), `flashboot` `OFF`, `gpu_count` 1. The Runpod console's own defaults differ (600 s, 5 s, FlashBoot on); " +
	"set them explicitly to match the console.\n\n" +
	"**A create whose answer is lost** (a dropped connection or a 5xx) is never sent again, and the endpoint " +
	"that may have appeared is named with an import block, never taken into state (another writer may have " +
	"created it at the same time). When listing the endpoints to look for it fails too, the apply fails and keeps " +
	"the create in state as pending (no id): the next plan lists them again, however much later, and creates the " +
	"endpoint if none appeared, or fails naming the ones that did until you delete them or adopt one " +
	"(`terraform state rm` the resource, then import it). Destroying a pending create removes it from state and " +
	"deletes nothing it cannot attribute."

func (r *endpointResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		// Above runpod/runpod's version 0: see package migrate.
		Version:             migrate.SchemaVersion,
		MarkdownDescription: resourceDescription,
		Attributes:          resourceAttributes(),
		Blocks: map[string]schema.Block{
			"cpu": cpuBlock(),
			"timeouts": timeouts.Block(ctx, timeouts.Opts{
				Create: true, Update: true, Delete: true,
				CreateDescription: fmt.Sprintf("How long create waits for `wait_for_ready_workers` (default %s). "+
					"Running out is a warning, not a failure: the endpoint stays in state.", defaultCreateTimeout),
				UpdateDescription: fmt.Sprintf("How long an update waits for `wait_for_ready_workers` workers on the "+
					"new release (default %s). Running out is a warning.", defaultUpdateTimeout),
				DeleteDescription: fmt.Sprintf("How long destroy waits to confirm the endpoint is gone (default %s).", defaultDeleteTimeout),
			}),
		},
	}
}

// cpuAttrTypes is one entry of cpu.
var cpuAttrTypes = map[string]attr.Type{
	"type_id":    types.StringType,
	"vcpu_count": types.Int64Type,
}

// cpuBlock is the CPU configurations, one `cpu { ... }` block each. Blocks,
// not a list nested attribute (`cpu = [{ ... }]`), so that Terraform refuses
// a misspelt argument at validate instead of dropping it. Without blocks the
// list is empty, not null (Terraform sends no blocks as []): state keeps []
// too (fromAPI), and "set" means at least one block.
func cpuBlock() schema.ListNestedBlock {
	return schema.ListNestedBlock{
		MarkdownDescription: "CPU configurations a worker may run on, in order (the catalog's CPU flavours, see " +
			"`runpod_cpu_types`), one block each. Exactly one of `cpu` and `gpu_pools`.",
		NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
			"type_id": schema.StringAttribute{
				MarkdownDescription: "Required in the block. CPU flavour id, e.g. `cpu5c`.",
				Optional:            true,
				Validators:          []validator.String{validators.RequiredInParent(), stringvalidator.LengthAtLeast(1)},
			},
			"vcpu_count": schema.Int64Attribute{
				MarkdownDescription: "Required in the block. vCPUs per worker: a power of two, at least 2.",
				Optional:            true,
				Validators:          []validator.Int64{validators.RequiredInParent(), containerschema.PowerOfTwo()},
			},
		}},
		Validators: []validator.List{listvalidator.UniqueValues()},
		PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplaceIf(familyChanged,
			"Switching between GPU and CPU replaces the endpoint.", "Switching between GPU and CPU replaces the endpoint.")},
	}
}

// resourceAttributes are runpod_endpoint's attributes: its identity,
// placement, execution settings and what it reports, with the container,
// GPU compute and scaling groups each built by its own function.
func resourceAttributes() map[string]schema.Attribute {
	own := map[string]schema.Attribute{
		"id": identity.IDAttribute("Endpoint id, as in its request URLs."),
		"name": schema.StringAttribute{
			MarkdownDescription: "Endpoint name. Updates in place.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"type": schema.StringAttribute{
			MarkdownDescription: "`QUEUE` (jobs through Runpod's queue: `/run`, `/runsync`, …) or `LOAD_BALANCER` " +
				"(HTTP straight to the workers). Changing it replaces the endpoint.",
			Required:      true,
			Validators:    []validator.String{stringvalidator.OneOf(runpod.EndpointTypeQueue, runpod.EndpointTypeLoadBalancer)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"data_center_ids": schema.SetAttribute{
			MarkdownDescription: "Data centers the workers may run in; unset means any. With `network_volume_ids`, " +
				"each volume's data center must be among them.",
			ElementType: types.StringType,
			Optional:    true,
			Validators:  []validator.Set{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))},
		},
		"network_volume_ids": schema.SetAttribute{
			MarkdownDescription: "Network volumes (`runpod_network_volume`) mounted at `/runpod-volume`, at most one " +
				"per data center; workers then run only in those data centers (Secure Cloud).",
			ElementType: types.StringType,
			Optional:    true,
			Validators:  []validator.Set{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))},
		},
		"network_volume_data_center_ids": schema.ListAttribute{
			MarkdownDescription: "The data center of each volume in `network_volume_ids`, one entry per volume in any " +
				"order, e.g. `[for v in runpod_network_volume.w : v.data_center_id]` beside `network_volume_ids = [for v " +
				"in runpod_network_volume.w : v.id]`. Optional. A volume created in the same apply has an id known only " +
				"after apply, and its data center is then known to the plan only through this attribute: with it, the " +
				"plan refuses two volumes in one data center, or one outside `data_center_ids`, before anything is " +
				"created. It must match the volumes: the plan checks it as soon as their ids are known (for volumes of " +
				"the same apply, in the plan Terraform makes during apply, once the volumes exist and before the endpoint " +
				"is sent), and refuses a mismatch. Not read back from Runpod (null after import).",
			ElementType: types.StringType,
			Optional:    true,
			Validators: []validator.List{
				listvalidator.SizeAtLeast(1),
				listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1)),
				listvalidator.AlsoRequires(path.MatchRoot("network_volume_ids")),
			},
		},
		"execution_timeout_ms": schema.Int64Attribute{
			MarkdownDescription: fmt.Sprintf("Longest a job may run, in milliseconds (default %d, 5 minutes; the "+
				"console's default is 600000). An endpoint created without a timeout elsewhere reads `0`; imported, "+
				"it keeps `0` while this is not set, and setting it sends the value.", defaultExecutionTimeoutMs),
			Optional:      true,
			Computed:      true,
			Default:       int64default.StaticInt64(defaultExecutionTimeoutMs),
			Validators:    []validator.Int64{int64validator.AtLeast(1)},
			PlanModifiers: []planmodifier.Int64{keepAPIZeroTimeout{}},
		},
		"flashboot": schema.StringAttribute{
			MarkdownDescription: "Cold-start acceleration: `OFF` (default), `FLASHBOOT` or `PRIORITY_FLASHBOOT`.",
			Optional:            true,
			Computed:            true,
			Default:             stringdefault.StaticString(runpod.FlashBootOff),
			Validators: []validator.String{stringvalidator.OneOf(runpod.FlashBootOff, runpod.FlashBootOn,
				runpod.FlashBootPriority)},
		},
		"wait_for_ready_workers": schema.Int64Attribute{
			MarkdownDescription: "After create and after an update, wait (within `timeouts`) until this many workers " +
				"are ready (idle or running a job) on the current release. At most `workers_max`. Unset or 0 does not " +
				"wait. A wait that runs out, or workers that keep failing health checks, is a warning: the endpoint " +
				"stays in state.",
			Optional:   true,
			Validators: []validator.Int64{int64validator.AtLeast(0)},
		},
		"estimated_cost_per_hour": schema.Float64Attribute{
			MarkdownDescription: "The endpoint's always-on cost, in USD per hour, from Runpod's catalog: `workers_min` " +
				"active workers × `gpu_count` × the serverless price of the pool a worker will get (the first pool of " +
				"`gpu_pools` with serverless stock, at the highest price of its GPU types), or × the vCPU price of the " +
				"first `cpu` flavour. 0 with `workers_min = 0`: flex workers bill only while they run jobs (per second, " +
				"plus the idle timeout) and are not in this figure. It is known in the plan that creates or replaces the " +
				"endpoint or changes its active workers or compute (`terraform show -json` of a saved plan has it, for " +
				"policy checks and budgets) and kept as planned otherwise, so a later price or stock change is no diff. A " +
				"refresh that finds the active workers or compute changed outside Terraform (in the console) prices the " +
				"endpoint as it is then, so a plan that puts the configuration back shows the change of cost. " +
				"List prices: discounts and the container disk are not included. Null after an import until such a change.",
			Computed: true,
		},
		"request_urls": schema.MapAttribute{
			MarkdownDescription: "The endpoint's URLs on `api.runpod.ai`: `run`, `runSync`, `status`, `stream`, " +
				"`cancel`, `retry`, `purgeQueue` and `health` for `QUEUE` endpoints, `base` and `health` for " +
				"`LOAD_BALANCER` ones.",
			ElementType:   types.StringType,
			Computed:      true,
			PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
		},
		"created_at": schema.StringAttribute{
			MarkdownDescription: "When the endpoint was created (RFC 3339).",
			Computed:            true,
			PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
	}
	return containerschema.MergeAttributes(own, containerAttributes(), computeAttributes(), scalingAttributes())
}

// containerAttributes are what the workers run: a serverless template's
// container settings, each of which the configuration may override.
func containerAttributes() map[string]schema.Attribute {
	image := containerschema.Image("Container image the workers run. Required unless `template_id` is set; with a " +
		"template, unset means the template's image.")
	image.Computed = true
	image.PlanModifiers = []planmodifier.String{containerschema.FromTemplateString(types.StringUnknown())}
	args := containerschema.StartCommandFromTemplate("Container start command as one string; empty runs the image's own command.")
	disk := containerschema.ContainerDiskGB("Container disk of each worker, in GB (ephemeral). Unset takes the " +
		"template's, or Runpod's default.")
	disk.Computed = true
	disk.PlanModifiers = []planmodifier.Int64{containerschema.FromTemplateInt64(types.Int64Unknown())}
	ports := containerschema.PortsFromTemplate("Exposed ports, each `<port>/http` or `<port>/tcp` (load-balancing endpoints " +
		"serve on `PORT`, see `env`).")
	env := containerschema.EnvFromTemplate("Environment variables. With `template_id`, they merge with the template's per key " +
		"(these win), and the template's other keys stay on the endpoint without showing here; left unset, `env` " +
		"shows everything the template gave. Load-balancing endpoints read `PORT`, `PORT_HEALTH` and " +
		"`HEALTH_CHECK_PATH` (default `/ping`). Values are plain text in the API: reference account secrets as " +
		"`{{ RUNPOD_SECRET_<name> }}` instead of writing secret values here.")

	return map[string]schema.Attribute{
		"template_id": containerschema.TemplateID("Id of a **serverless** template (`runpod_template` with " +
			"`serverless = true`, or a public one from `runpod_catalog_templates`) whose container settings the endpoint " +
			"takes. Runpod applies it once and keeps no link: later edits to the template do not reach the endpoint, " +
			"and changing `template_id` applies the new template in place. Attributes set here win over the " +
			"template's."),
		"image":             image,
		"args":              args,
		"container_disk_gb": disk,
		"ports":             ports,
		"env":               env,
		"registry_auth_id":  containerschema.RegistryAuthIDFromTemplate(),
	}
}

// computeAttributes are what a worker runs on with GPUs: the pools in
// priority order, the types left out of them, and the CUDA constraint.
// CPU workers are the cpu blocks (cpuBlock).
func computeAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"gpu_pools": gpuPools("Serverless GPU pool ids in priority order, most preferred first (the catalog's " +
			"`pool`, e.g. `ADA_24`, `AMPERE_48`; see `runpod_gpu_types`). Workers go to a listed pool with " +
			"capacity. Reordering updates in place and sends the new order. Exactly one of `gpu_pools` and `cpu`; " +
			"switching between them replaces the endpoint."),
		"gpu_excluded_type_ids": schema.SetAttribute{
			MarkdownDescription: "GPU type ids (as pods take them, e.g. `NVIDIA L40`) to leave out of `gpu_pools`. Each " +
				"must be a type inside one of the pools.",
			ElementType: types.StringType,
			Optional:    true,
			Validators: []validator.Set{
				setvalidator.ValueStringsAre(stringvalidator.RegexMatches(excludedTypePattern, "must not be empty or start with '-'")),
				setvalidator.AlsoRequires(path.MatchRoot("gpu_pools")),
			},
		},
		"gpu_count": schema.Int64Attribute{
			MarkdownDescription: fmt.Sprintf("GPUs per worker (default %d on GPU endpoints). Updates in place.", defaultGPUCount),
			Optional:            true,
			Computed:            true,
			Validators:          []validator.Int64{int64validator.AtLeast(1), int64validator.AlsoRequires(path.MatchRoot("gpu_pools"))},
		},
		"allowed_cuda_versions": schema.SetAttribute{
			MarkdownDescription: "CUDA versions (`major.minor`) a worker's machine may have; unset means any. Conflicts " +
				"with `min_cuda_version`. GPU endpoints only. With `template_id`, unset takes the template's CUDA " +
				"versions at create (known after apply; not with `min_cuda_version`, which Runpod keeps them out for) " +
				"and then keeps what the endpoint has; set `[]` for any version whatever the template lists.",
			ElementType:   types.StringType,
			Optional:      true,
			Computed:      true,
			PlanModifiers: []planmodifier.Set{cudaFromTemplate{}},
			Validators: []validator.Set{
				setvalidator.ValueStringsAre(stringvalidator.RegexMatches(cudaPattern, "must be major.minor, e.g. 12.8")),
				setvalidator.ConflictsWith(path.MatchRoot("min_cuda_version")),
				setvalidator.AlsoRequires(path.MatchRoot("gpu_pools")),
			},
		},
		"min_cuda_version": schema.StringAttribute{
			MarkdownDescription: "Lowest CUDA version (`major.minor`, compared numerically) a worker's machine may have. " +
				"GPU endpoints only.",
			Optional: true,
			Validators: []validator.String{
				stringvalidator.RegexMatches(cudaPattern, "must be major.minor, e.g. 12.1"),
				stringvalidator.AlsoRequires(path.MatchRoot("gpu_pools")),
			},
		},
	}
}

// scalingAttributes are how many workers run and when Runpod adds them.
func scalingAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"workers_min": schema.Int64Attribute{
			MarkdownDescription: "Active workers: kept running, and billed, around the clock (default 0).",
			Optional:            true,
			Computed:            true,
			Default:             int64default.StaticInt64(0),
			Validators:          []validator.Int64{int64validator.AtLeast(0)},
		},
		"workers_max": schema.Int64Attribute{
			MarkdownDescription: fmt.Sprintf("Most workers at once, active and flex (default %d). Runpod may lower it "+
				"by itself on an endpoint that sits idle or keeps failing; the plan then explains the change.", defaultWorkersMax),
			Optional:   true,
			Computed:   true,
			Default:    int64default.StaticInt64(defaultWorkersMax),
			Validators: []validator.Int64{int64validator.AtLeast(0)},
		},
		"idle_timeout_seconds": schema.Int64Attribute{
			MarkdownDescription: fmt.Sprintf("Seconds an idle flex worker stays (and bills) before it stops, 1-3600 "+
				"(default %d). Not used by queue endpoints that scale on `REQUEST_COUNT`: it must be unset there and "+
				"stays null.", defaultIdleTimeoutSeconds),
			Optional:   true,
			Computed:   true,
			Validators: []validator.Int64{int64validator.Between(1, 3600)},
		},
		"scaler_type": schema.StringAttribute{
			MarkdownDescription: "What scales the workers: `QUEUE_DELAY` (seconds a job waits in the queue; `QUEUE` " +
				"endpoints only) or `REQUEST_COUNT` (requests per worker).",
			Required:   true,
			Validators: []validator.String{stringvalidator.OneOf(runpod.ScalerQueueDelay, runpod.ScalerRequestCount)},
		},
		"scaler_value": schema.Float64Attribute{
			MarkdownDescription: "The scaler's threshold: seconds (at least 0.5) for `QUEUE_DELAY`, a whole number of " +
				"requests (at least 1) for `REQUEST_COUNT`.",
			Required:   true,
			Validators: []validator.Float64{float64validator.AtLeast(0.5)},
		},
	}
}

// gpuPools is the endpoint's preference list of serverless GPU pools;
// switching to or from CPU workers replaces the endpoint.
func gpuPools(description string) schema.ListAttribute {
	a := containerschema.PreferenceList(description)
	a.PlanModifiers = []planmodifier.List{listplanmodifier.RequiresReplaceIf(familyChanged,
		"Switching between GPU and CPU replaces the endpoint.", "Switching between GPU and CPU replaces the endpoint.")}
	return a
}
