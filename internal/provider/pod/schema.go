package pod

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/float64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/planmodifiers"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// Placement-only settings (the CUDA constraint, data_center_ids, and the
// create-time flags) are explained once and shared by their descriptions.
const createOnlyNote = "Runpod never returns it, so it is kept from the configuration; changing it replaces the pod " +
	"(after an import, the first apply records the configured value instead)."

// hostFilterNote explains the machine filters min_ram_per_gpu and
// min_vcpu_count_per_gpu: sent only at create, never returned, and not
// checked at plan (the catalog publishes no machine shapes).
const hostFilterNote = "Sent only when the pod is created: Runpod never returns it, so it is kept from the " +
	"configuration. Raising or adding it replaces the pod (placement is fixed at create; an update cannot move the pod " +
	"to another machine); lowering or removing it is recorded without replacing the pod, which already meets the lower " +
	"floor (after an import, the first apply records the configured value instead). The plan cannot check it: " +
	"Runpod's catalog does not publish machines' RAM or vCPUs per GPU, so a filter no machine with stock meets is " +
	"refused at apply with Runpod's \"no instances available\"."

// podDescription is the resource's documentation: what a pod costs, what the
// plan checks and how create behaves when its reply is lost.
const podDescription = "A Runpod pod: a GPU or CPU container that runs until it is stopped or terminated.\n\n" +
	"~> A running pod bills per hour whether it is used or not. A stopped pod (`desired_status = \"EXITED\"`) " +
	"no longer bills compute but still bills its volume disk until it is destroyed. Every plan that creates or starts a " +
	"pod carries a warning with the hourly price read from the catalog (printed by `terraform plan`, replacements " +
	"included), and the same figure is the plan-time attribute `estimated_cost_per_hour`.\n\n" +
	"At plan time the provider reads Runpod's catalog: an unknown GPU type or data center, a GPU with no stock for " +
	"pods where it is asked for, or a CUDA floor that no machine with stock meets fails the plan with the " +
	"availability it read and configurations that do have stock. A network volume is checked to be in a data center " +
	"the pod can use, on Secure Cloud.\n\n" +
	"Create sends one request and never repeats it. When its reply is lost (a dropped connection or a 5xx after " +
	"Runpod acted), the provider lists the pods and fails naming those with the same name, image and compute that " +
	"appeared since, with an import block: it never takes one into state, since another workspace or writer may have " +
	"created it at the same time. Later applies refuse " +
	"to create a twin of a same-name pod less than 10 minutes old that they did not create (see `allow_duplicate`). " +
	"Create then waits (`timeouts.create`) until the pod is `RUNNING` and " +
	"every exposed port is mapped. A wait that runs out is a warning: the pod stays in state, so the next apply does " +
	"not create a second one. `ERROR` fails the apply."

func (r *podResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		// Above runpod/runpod's version 0: see package migrate.
		Version:             migrate.SchemaVersion,
		MarkdownDescription: podDescription,
		Attributes: containerschema.MergeAttributes(
			identityAttributes(),
			computeAttributes(),
			containerAttributes(),
			storageAttributes(),
			lifecycleAttributes(),
			networkingAttributes(),
			reportedAttributes(),
		),
		Blocks: map[string]schema.Block{
			"gpu":            gpuBlock(),
			"cpu":            cpuBlock(),
			"network_volume": networkVolumeBlock(),
			"ready_when":     readyWhenBlock(),
			"timeouts": timeouts.Block(ctx, timeouts.Opts{
				Create: true, Update: true, Delete: true,
				CreateDescription: fmt.Sprintf("How long create waits for the pod to run with its ports mapped (default %s). "+
					"Running out is a warning, not a failure: the pod stays in state.", defaultCreateTimeout),
				UpdateDescription: fmt.Sprintf("How long an update waits for the pod to stop, or to run again with its ports "+
					"mapped (default %s). Running out is a warning.", defaultUpdateTimeout),
				DeleteDescription: fmt.Sprintf("How long destroy waits for the terminated pod to be gone (default %s).", defaultDeleteTimeout),
			}),
		},
	}
}

// identityAttributes name the pod: the id Runpod assigns and the name the user gives.
func identityAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": identity.IDAttribute("The pod's id, assigned by Runpod."),
		"name": schema.StringAttribute{
			MarkdownDescription: "Name of the pod. Names need not be unique. Updates in place.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
	}
}

// computeAttributes choose where the machine runs: the cloud and the data
// centers the plan checks stock in. The compute itself is the gpu or cpu
// block (gpuBlock, cpuBlock).
func computeAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"cloud": schema.StringAttribute{
			MarkdownDescription: "`SECURE` (the default: Runpod's data centers) or `COMMUNITY` (vetted hosts, cheaper). " +
				"Network volumes attach only to Secure Cloud pods. Changing it replaces the pod.",
			Optional:      true,
			Computed:      true,
			Default:       stringdefault.StaticString(runpod.CloudSecure),
			Validators:    []validator.String{stringvalidator.OneOf(runpod.CloudSecure, runpod.CloudCommunity)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"data_center_ids": containerschema.DataCenterIDs("Data centers the pod may be placed in, most preferred first; unset means any. The " +
			"plan checks stock in these. With a `network_volume`, the volume's data center must be among them. " +
			createOnlyNote + " A change that still includes the pod's `data_center_id` is recorded without replacing it."),
	}
}

// gpuBlock and cpuBlock choose the machine: GPU or CPU compute. They are
// blocks (`gpu { ... }`), not nested attributes, so that Terraform refuses a
// misspelt argument such as `cuont = 2` at validate instead of dropping it
// and creating a one-GPU pod.
func gpuBlock() schema.SingleNestedBlock {
	return schema.SingleNestedBlock{
		MarkdownDescription: "GPU compute. Exactly one of `gpu` and `cpu`. Runpod places exactly this GPU type or " +
			"refuses; the plan checks its stock first. Changing the type or count replaces the pod.",
		Attributes: map[string]schema.Attribute{
			"type_id": schema.StringAttribute{
				MarkdownDescription: "GPU type id, the catalog's full name, e.g. `NVIDIA GeForce RTX 4090` (see the " +
					"`runpod_gpu_types` data source). Exactly one of `type_id` and `type_ids`; with `type_ids` it is " +
					"the type the plan chose.",
				Optional: true,
				Computed: true,
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					validators.WhenParentSet(stringvalidator.ExactlyOneOf(path.MatchRelative().AtParent().AtName("type_ids"))),
				},
				PlanModifiers: []planmodifier.String{planmodifiers.KeepChosen("type_ids"), stringplanmodifier.RequiresReplace()},
			},
			"type_ids": containerschema.PreferenceList("GPU types the pod may use, in order of preference, instead of one `type_id`. " +
				"Runpod never falls back to another type, so the plan does: it picks the first type with stock " +
				"for pods in the allowed data centers and cloud, shows it in `type_id` with its price, and " +
				"fails listing what it checked when none has stock. The choice is kept: later stock changes " +
				"never replace the pod, and editing or reordering the list replaces it only when the chosen " +
				"type is no longer in the list."),
			"count": schema.Int64Attribute{
				MarkdownDescription: "GPUs in the pod, on one machine. Defaults to 1.",
				Optional:            true,
				Computed:            true,
				Default:             int64default.StaticInt64(1),
				Validators:          []validator.Int64{int64validator.AtLeast(1)},
				PlanModifiers:       []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"min_cuda_version": schema.StringAttribute{
				MarkdownDescription: "Lowest CUDA version (`major.minor`) the host may run, for images built " +
					"against a recent CUDA. The plan checks that machines on such a version have stock. " +
					"Conflicts with `allowed_cuda_versions`. " + createOnlyNote + " A change the running pod " +
					"already satisfies (its `cuda_version`) is recorded without replacing it.",
				Optional: true,
				Validators: []validator.String{
					validators.CudaVersion(),
					stringvalidator.ConflictsWith(path.MatchRelative().AtParent().AtName("allowed_cuda_versions")),
				},
			},
			"allowed_cuda_versions": schema.SetAttribute{
				MarkdownDescription: "CUDA versions (`major.minor`) the host may run. " + createOnlyNote +
					" A change the running pod already satisfies is recorded without replacing it.",
				ElementType: types.StringType,
				Optional:    true,
				Validators: []validator.Set{
					setvalidator.SizeAtLeast(1),
					setvalidator.ValueStringsAre(validators.CudaVersion()),
				},
			},
			"min_ram_per_gpu": schema.Int64Attribute{
				MarkdownDescription: "Placement filter: the least system RAM, in GB per GPU, of the machine the pod is " +
					"placed on (at least 1; Runpod's `gpu.minRamPerGpu`). " + hostFilterNote,
				Optional:   true,
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"min_vcpu_count_per_gpu": schema.Int64Attribute{
				MarkdownDescription: "Placement filter: the least vCPUs per GPU of the machine the pod is placed on " +
					"(at least 1; Runpod's `gpu.minVcpuCountPerGpu`). " + hostFilterNote,
				Optional:   true,
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
		},
		PlanModifiers: []planmodifier.Object{objectplanmodifier.RequiresReplaceIf(presenceChanged,
			"Switching between GPU and CPU compute replaces the pod.", "Switching between GPU and CPU compute replaces the pod.")},
	}
}

func cpuBlock() schema.SingleNestedBlock {
	return schema.SingleNestedBlock{
		MarkdownDescription: "CPU compute (Secure Cloud only). Exactly one of `gpu` and `cpu`. Changing it replaces the pod.",
		Attributes: map[string]schema.Attribute{
			"type_id": schema.StringAttribute{
				MarkdownDescription: "Required in the block. CPU flavour id, e.g. `cpu3c` (see the `runpod_cpu_types` data source).",
				Optional:            true,
				Validators:          []validator.String{validators.RequiredInParent(), stringvalidator.LengthAtLeast(1)},
				PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"vcpu_count": schema.Int64Attribute{
				MarkdownDescription: "Required in the block. vCPUs: a power of two, at least 2, within the flavour's range.",
				Optional:            true,
				Validators:          []validator.Int64{validators.RequiredInParent(), containerschema.PowerOfTwo()},
				PlanModifiers:       []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
		},
		PlanModifiers: []planmodifier.Object{objectplanmodifier.RequiresReplaceIf(presenceChanged,
			"Switching between GPU and CPU compute replaces the pod.", "Switching between GPU and CPU compute replaces the pod.")},
	}
}

// containerAttributes are the container settings a pod shares with cluster
// members (see containerschema). A pod updates them in place and reads them
// back, so most are Computed; those a template supplies show the template's
// values when unset (the fromTemplate plan modifiers).
func containerAttributes() map[string]schema.Attribute {
	image := containerschema.Image("Container image, e.g. `runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04`. " +
		"Required unless `template_id` is set; with a template it overrides the template's image. Updates in place " +
		"(the container restarts with the new image).")
	image.Computed = true
	image.PlanModifiers = []planmodifier.String{stringplanmodifier.UseStateForUnknown()}

	args := containerschema.StartCommandFromTemplate("Container start command, as one string (the console's \"Container start command\"). " +
		"Empty runs the image's own command. Updates in place.")

	disk := containerschema.ContainerDiskGB("Container disk in GB: ephemeral, wiped when the container restarts. Runpod's default " +
		"(or the template's) applies when unset. Updates in place.")
	disk.Computed = true
	disk.PlanModifiers = []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}

	ports := containerschema.PortsFromTemplate("Exposed ports: `\"8888/http\"` for a port reached through Runpod's HTTPS proxy " +
		"(see `proxy_urls`), `\"22/tcp\"` for a port mapped to a public TCP port (see `port_mappings`). Updates in place.")

	env := containerschema.EnvFromTemplate("Environment variables. Values are stored in state in plain text: reference a " +
		"`runpod_secret` (`{{ RUNPOD_SECRET_<name> }}`) for secrets. The `PUBLIC_KEY` and `JUPYTER_PASSWORD` that " +
		"`start_ssh` and `start_jupyter` inject are kept out of this map (and kept on the pod when it changes) " +
		"unless set here. Updates in place; the container restarts.\n\n" +
		"With `template_id`, the pod's environment is the template's with these keys on top: a key set here " +
		"overrides the template's value for that key, and the template's other keys (including their " +
		"`{{ RUNPOD_SECRET_... }}` references) stay on the pod without showing here or as drift, also when " +
		"`env` is added, changed or emptied later. Removing a key that overrode one of the template's puts the " +
		"template's value back, as the pod got it at create; later edits to the template do not reach the pod. " +
		"Left unset with a template, `env` shows everything the template gave.")

	return map[string]schema.Attribute{
		"template_id": containerschema.TemplateID("Id of a pod template (`runpod_template`) to create the pod from. The template applies " +
			"once, at create: attributes set here override its values, and `env` merges with the template's per key " +
			"(see `env`). " +
			"Attributes left unset (`args`, `ports`, `env`, `registry_auth_id`, `persistent_volume`) then show the " +
			"template's values. Changing it replaces the pod."),
		"image":             image,
		"args":              args,
		"container_disk_gb": disk,
		"ports":             ports,
		"env":               env,
		"registry_auth_id":  containerschema.RegistryAuthIDFromTemplate(),
		"start_ssh": containerschema.StartFlag("Set up SSH: Runpod injects the account's registered SSH public keys as `PUBLIC_KEY`. " +
			"With no key registered the pod has no SSH access (the apply warns: the check runs at create, after a " +
			"`runpod_ssh_key` the pod depends on has registered its key). Unset leaves the template's setting " +
			"(or off). " + createOnlyNote),
		"start_jupyter": containerschema.StartFlag("Start JupyterLab with a password the provider generates at create (see " +
			"`jupyter_password`) unless `env` sets `JUPYTER_PASSWORD`; expose " +
			"`8888/http` to reach it. Unset leaves the template's setting (or off). " + createOnlyNote),
	}
}

// storageAttributes and networkVolumeBlock are the pod's volumes: a volume
// disk on its host or a network volume, never both. The path updates in
// place; a new size or volume replaces the pod, and so does adding or
// removing either. The volume disk stays a nested attribute
// (`persistent_volume = { ... }`): a template can supply it, so it is
// Computed, which a block cannot be.
func storageAttributes() map[string]schema.Attribute {
	persistent := containerschema.PersistentVolume(containerschema.Mount{
		Description: "A volume disk on the pod's host (the API's `mounts.persistent`): it survives stops " +
			"and restarts and is deleted with the pod. It bills while the pod is stopped, at $0.20 per GB per month. " +
			"GPU pods only. Conflicts with `network_volume`. The path updates in place; a new size, or adding or " +
			"removing the volume, replaces the pod. Unlike the blocks (`gpu { ... }`), it is an attribute, " +
			"`persistent_volume = { size_gb = 20, path = \"/workspace\" }`, because a template can supply it; both keys " +
			"are required, so a misspelt key fails validate as the key it was meant to be.",
		SourceDescription:  "Size in GB, at least 10.",
		PathDescription:    "Mount path in the container, e.g. `/workspace`.",
		ReplaceOnNewSource: true,
	})
	persistent.Computed = true
	persistent.PlanModifiers = []planmodifier.Object{
		containerschema.FromTemplateObject(types.ObjectNull(containerschema.PersistentVolumeAttrTypes)),
		objectplanmodifier.RequiresReplaceIf(presenceChanged,
			"Adding or removing the volume disk replaces the pod.", "Adding or removing the volume disk replaces the pod."),
	}

	return map[string]schema.Attribute{
		"persistent_volume": persistent,
	}
}

func networkVolumeBlock() schema.SingleNestedBlock {
	network := containerschema.NetworkVolumeBlock(containerschema.Mount{
		Description: "A `runpod_network_volume` to mount. The pod must be on Secure Cloud in the volume's " +
			"data center (checked at plan time); the volume is only detached when the pod is terminated. Conflicts with " +
			"`persistent_volume`. The path updates in place; another volume, or adding or removing it, replaces the pod.",
		SourceDescription:  "Id of the network volume.",
		PathDescription:    "Mount path in the container, e.g. `/workspace`. There is no default.",
		ReplaceOnNewSource: true,
	})
	network.PlanModifiers = []planmodifier.Object{objectplanmodifier.RequiresReplaceIf(presenceChanged,
		"Adding or removing the network volume replaces the pod.", "Adding or removing the network volume replaces the pod.")}
	network.Attributes["data_center_id"] = schema.StringAttribute{
		MarkdownDescription: "The volume's data center, for a volume created in the same configuration: set it to " +
			"`runpod_network_volume.<name>.data_center_id`. Such a volume's id is known only after apply, so without it " +
			"the plan cannot tell where the pod must go: a volume outside `data_center_ids`, or a GPU with no stock in " +
			"the volume's data center, would pass the plan and fail the apply after the volume was created (and billing). " +
			"With it, the plan places the pod in that data center, checks it against `data_center_ids` and checks stock " +
			"there; the apply checks it against the volume before creating the pod, and refuses when they differ. For a " +
			"volume that exists already the plan reads the volume instead, and refuses a `data_center_id` that differs " +
			"from it. Runpod does not return it with the pod: it is kept from the configuration, and changing it alone " +
			"never replaces the pod.",
		Optional:   true,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	return network
}

// lifecycleAttributes steer what the provider does with the pod over its
// life: running or stopped, locked, and whether a create may twin a recent pod.
func lifecycleAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"locked": schema.BoolAttribute{
			MarkdownDescription: "Lock the pod against stop and restart (a safeguard for long jobs). A locked pod " +
				"cannot be stopped with `desired_status`: unlock it in the same change. Defaults to `false`. Updates in place.",
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(false),
		},
		"allow_duplicate": schema.BoolAttribute{
			MarkdownDescription: "Create the pod even when the account has a pod with the same name, image and compute that " +
				"was created in the last 10 minutes and not by this apply. Off by default: such a pod is most likely the pod of " +
				"an earlier apply whose create reply was lost (a dropped connection or a 5xx after Runpod created it), so the " +
				"create is refused with its id and an import block instead of billing twice. Set it when you really create " +
				"same-name pods in quick succession from separate applies. Only read at create.",
			Optional: true,
		},
		"desired_status": schema.StringAttribute{
			MarkdownDescription: "`RUNNING` (the default) or `EXITED`: create the pod and stop it, or stop / start an " +
				"existing one (the apply waits for the new state). Stopping releases the GPU and ends compute billing; the " +
				"volume disk keeps billing at the stopped rate. A later start needs the same machine's GPUs to be free, and " +
				"fails if they were taken meanwhile. A pod stopped outside Terraform shows as a change back to `RUNNING`.",
			Optional:   true,
			Computed:   true,
			Default:    stringdefault.StaticString(desiredRunning),
			Validators: []validator.String{stringvalidator.OneOf(desiredRunning, desiredExited)},
		},
	}
}

// networkingAttributes connect the pod: the private network it joins and
// how to reach its ports once Runpod maps them.
func networkingAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"global_networking": schema.BoolAttribute{
			MarkdownDescription: "Join Runpod's private network between pods across data centers (NVIDIA GPU pods in " +
				"data centers that offer it). Defaults to `false`. A change applies at the pod's next start or restart; " +
				"the provider does not restart the pod for it.",
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(false),
		},
		"proxy_urls": schema.MapAttribute{
			MarkdownDescription: "`https://<pod id>-<port>.proxy.runpod.net` for each exposed HTTP port, keyed by port " +
				"number, once the running pod reports the port. These URLs are public: anyone who has one reaches the port, " +
				"unless the application asks for credentials.",
			ElementType: types.StringType,
			Computed:    true,
		},
		"ssh_direct": schema.StringAttribute{
			MarkdownDescription: "SSH command over the public IP, e.g. `ssh root@203.0.113.7 -p 20001`; set when " +
				"`22/tcp` is exposed and mapped on the running pod. It supports scp and sftp.",
			Computed: true,
		},
		"ssh_proxy": schema.StringAttribute{
			MarkdownDescription: "SSH command through Runpod's SSH proxy (interactive shell only), once the pod has a machine.",
			Computed:            true,
		},
		"public_ip": schema.StringAttribute{
			MarkdownDescription: "Public IP of the pod's TCP port mappings, once mapped.",
			Computed:            true,
		},
		"port_mappings": schema.MapAttribute{
			MarkdownDescription: "Public port for each mapped TCP port, keyed by the container port, e.g. " +
				"`{ \"22\" = 20001 }`; reach it at `public_ip`.",
			ElementType: types.Int64Type,
			Computed:    true,
		},
		"jupyter_password": schema.StringAttribute{
			MarkdownDescription: "The JupyterLab password (`JUPYTER_PASSWORD` in the pod's environment). With " +
				"`start_jupyter = true` and no `JUPYTER_PASSWORD` in `env`, the provider generates one when it creates the pod " +
				"(32 URL-safe characters from a cryptographic random source) and sends it in the pod's environment, so it is " +
				"known whether or not Runpod's reads return the password it injects; it is kept in state, unchanged by refreshes " +
				"and updates, until the pod is replaced. A `JUPYTER_PASSWORD` set in `env` is used instead. Null when the pod " +
				"has none. `terraform output -raw` of an output that references it prints it.",
			Computed:      true,
			Sensitive:     true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
	}
}

// reportedAttributes are what Runpod reports about the pod: where it runs,
// its status and what it costs.
func reportedAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"status": schema.StringAttribute{
			MarkdownDescription: "Status Runpod reports: `PROVISIONING`, `STARTING`, `RUNNING`, `EXITED` or `ERROR`.",
			Computed:            true,
		},
		"data_center_id": containerschema.StableString("Data center the pod was placed in."),
		"cuda_version":   containerschema.StableString("CUDA version of the host; null for CPU pods and AMD GPUs."),
		"estimated_cost_per_hour": schema.Float64Attribute{
			MarkdownDescription: "What the pod's compute costs while it runs, in USD per hour, from Runpod's catalog: the " +
				"GPU price on the pod's cloud × `gpu.count`, or the vCPU price × `cpu.vcpu_count`. It is known in the " +
				"plan that creates or replaces the pod (`terraform show -json` of a saved plan has it, for policy checks " +
				"and budgets), and kept as planned afterwards: a later catalog price change does not show as a diff. Only " +
				"a change that replaces the pod prices it again. It leaves out the volume disk and network volume; the " +
				"live price is `cost_per_hr`. After an import, or when the catalog could not be read at plan time, it " +
				"is what Runpod reports for the running pod (null while such a pod is stopped).",
			Computed:      true,
			PlanModifiers: []planmodifier.Float64{float64planmodifier.UseStateForUnknown()},
		},
		"cost_per_hr": schema.Float64Attribute{
			MarkdownDescription: "What the pod costs now, in USD per hour, as Runpod reports it (0 while stopped, " +
				"which does not include the stopped volume disk).",
			Computed: true,
		},
		"cluster_id": containerschema.StableString("Cluster the pod belongs to, for an imported cluster member pod; Runpod refuses to " +
			"change or terminate those one by one."),
		"created_at": containerschema.StableString("When the pod was created (RFC 3339)."),
	}
}

func (r *podResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{
		resourcevalidator.ExactlyOneOf(path.MatchRoot("gpu"), path.MatchRoot("cpu")),
		resourcevalidator.AtLeastOneOf(path.MatchRoot("image"), path.MatchRoot("template_id")),
		resourcevalidator.Conflicting(path.MatchRoot("persistent_volume"), path.MatchRoot("network_volume")),
	}
}

// ValidateConfig refuses combinations the API would refuse at apply.
func (r *podResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg podModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || cfg.CPU.IsNull() || cfg.CPU.IsUnknown() {
		return
	}
	if !cfg.PersistentVolume.IsNull() && !cfg.PersistentVolume.IsUnknown() {
		resp.Diagnostics.AddAttributeError(path.Root("persistent_volume"), "Volume Disk Not Available on CPU Pods",
			"Runpod gives CPU pods no host volume disk (mounts.persistent). Use a network_volume instead, or a gpu block.")
	}
	if cfg.GlobalNetworking.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("global_networking"), "Global Networking Needs a GPU Pod",
			"Runpod offers global networking to NVIDIA GPU pods only. Remove global_networking or use a gpu block.")
	}
}
