package cluster

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/planmodifiers"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// replaceNote ends the description of every attribute the API cannot change.
const replaceNote = " Changing it replaces the cluster (a new one is created and billed; the old one is destroyed)."

// containerNote marks the settings that a template supplies instead.
const containerNote = " Conflicts with `template_id`. Runpod does not return it, so it is kept as configured."

func (r *clusterResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		// Above runpod/runpod's version 0: see package migrate.
		Version: migrate.SchemaVersion,
		MarkdownDescription: "A Runpod Instant Cluster: `pod_count` identical GPU pods in one data center, joined by a " +
			"private network, for multi-node training and inference.\n\n" +
			"~> A cluster bills every GPU in it, at the catalog's Secure Cloud price or more, from creation until it is " +
			"destroyed. Every plan that creates or replaces a cluster carries a warning with the hourly figure " +
			"(`estimated_cost_per_hour`); the real spend is in the `runpod_cluster_billing` data source.\n\n" +
			"Only `name` updates in place. Runpod cannot change anything else of a cluster, so every other argument forces " +
			"a replacement. At plan time the provider checks the GPU type, its per-pod maximum and its stock for clusters " +
			"(product `CLUSTER`) in the requested data centers, and fails with the nearest configurations that have stock; " +
			"given a preference list (`gpu_type_ids`), it chooses the first type with stock and keeps that choice. " +
			"A cluster resized outside Terraform (\"Scale cluster\" in the console) is never destroyed to restore the " +
			"configured size unless asked (`-replace`): the plan changes nothing and warns with the size Runpod reports " +
			"(`reported_pod_count`) and the `pod_count` line to write to keep it; destroy works as usual. " +
			"Create waits until every member pod is `RUNNING`.",
		Attributes: containerschema.MergeAttributes(placementAttributes(), containerAttributes(), reportedAttributes()),
		Blocks: map[string]schema.Block{
			// The mounts are blocks (`network_volume { ... }`), not nested
			// attributes, so that a misspelt argument fails validate
			// instead of being dropped.
			"persistent_volume": persistentVolume(),
			"network_volume": containerschema.NetworkVolumeBlock(containerschema.Mount{
				Description: "A `runpod_network_volume` mounted on every member (the API's `mounts.network`), for " +
					"datasets and checkpoints that outlive the cluster. The cluster is created in the volume's data center, " +
					"which must be in `data_center_ids` when that is set. Conflicts with `persistent_volume` and " +
					"`template_id`." + replaceNote,
				SourceDescription: "The network volume's id.",
				PathDescription:   "Mount path inside the containers, e.g. `/workspace`. There is no default.",
			}),
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Delete: true}),
		},
	}
}

// placementAttributes decide what the cluster is and where it runs: its
// name, type, GPUs, size and data centers.
func placementAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": identity.IDAttribute("The cluster's id, assigned by Runpod."),
		"name": schema.StringAttribute{
			MarkdownDescription: "Name of the cluster; member pods are named after it. Names need not be unique. " +
				"The only argument that updates in place.",
			Required:   true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"type": schema.StringAttribute{
			MarkdownDescription: "Cluster type: `TRAINING`, `APPLICATION`, `SLURM` (members get Slurm controller and " +
				"compute roles) or `RAY` (Ray head and workers)." + replaceNote,
			Required: true,
			Validators: []validator.String{stringvalidator.OneOf(
				runpod.ClusterTypeTraining, runpod.ClusterTypeApplication, runpod.ClusterTypeSlurm, runpod.ClusterTypeRay)},
		},
		"gpu_type_id": schema.StringAttribute{
			MarkdownDescription: "GPU type of every member, a catalog id such as `NVIDIA H100 80GB HBM3` (the " +
				"`runpod_gpu_types` data source lists them; use `product = \"CLUSTER\"` for cluster stock). The plan fails " +
				"when it has no cluster stock where asked, listing what does. Exactly one of `gpu_type_id` and " +
				"`gpu_type_ids`; with `gpu_type_ids` it is the type the plan chose." + replaceNote,
			Optional: true,
			Computed: true,
			Validators: []validator.String{
				stringvalidator.LengthAtLeast(1),
				stringvalidator.ExactlyOneOf(path.MatchRoot("gpu_type_ids")),
			},
			PlanModifiers: []planmodifier.String{planmodifiers.KeepChosen("gpu_type_ids")},
		},
		"gpu_type_ids": containerschema.PreferenceList("GPU types the cluster may use, in order of preference, instead of one `gpu_type_id`. " +
			"Runpod creates a cluster of exactly one type and never falls back to another, so the plan chooses: the " +
			"first type with stock for clusters (`pod_count` pods of `gpu_count_per_pod` GPUs, Secure Cloud) in " +
			"the allowed data centers, shown in `gpu_type_id` with its hourly cost; when none has stock the plan " +
			"fails listing each type and why. The choice is kept: later stock changes never replace the cluster, " +
			"and reordering or adding types only records the new list; a list that no longer contains the chosen " +
			"type replaces the cluster (with a new choice). Runpod does not return it, so it is kept as configured."),
		"gpu_count_per_pod": schema.Int64Attribute{
			MarkdownDescription: "GPUs in each member pod, from 1 to the GPU type's maximum per machine on Secure Cloud " +
				"(`max_count.secure` in the `runpod_gpu_type` data source, checked at plan time)." + replaceNote,
			Required:   true,
			Validators: []validator.Int64{int64validator.AtLeast(1)},
		},
		"pod_count": schema.Int64Attribute{
			MarkdownDescription: fmt.Sprintf("Number of member pods, %d to %d. The cluster has pod_count × "+
				"gpu_count_per_pod GPUs, all billed.", minPods, maxPods) + replaceNote + " State keeps the size " +
				"Terraform created or accepted; Runpod's count is `reported_pod_count`. A cluster resized outside Terraform " +
				"is not replaced to restore this size: while the configuration still says the size Terraform applied, the " +
				"plan changes nothing and warns, naming the value to write here to keep the new size (an in-place change of " +
				"record that leaves the cluster untouched) and `-replace` to rebuild it at the configured size.",
			Required:   true,
			Validators: []validator.Int64{int64validator.Between(minPods, maxPods)},
		},
		"data_center_ids": containerschema.DataCenterIDs("Data centers the cluster may be created in, most preferred first; a cluster always " +
			"sits in one data center (`data_center_id`). Unset lets Runpod choose. With `network_volume`, the volume's " +
			"data center must be in this list. Runpod does not return it, so it is kept as configured." + replaceNote),
	}
}

// containerAttributes are what every member runs, from a template or
// written out; Runpod returns none of them.
func containerAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"template_id": containerschema.TemplateID("Id of a pod template (`runpod_template`, not serverless) every member is created from. " +
			"It is the only way to run a **private image** on a cluster: the template carries the registry credential " +
			"(`registry_auth_id`). Excludes the inline container settings (`image`, `args`, `entrypoint`, `cmd`, " +
			"`container_disk_gb`, `env`, `ports`) and the mounts." + replaceNote),
		"image": containerschema.Image("Container image of every member, e.g. `runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404`. " +
			"Required unless `template_id` is set. Must be public: a cluster takes no registry credential, so a private " +
			"image goes in a template." + containerNote + replaceNote),
		"args": startCommand(),
		"entrypoint": schema.ListAttribute{
			MarkdownDescription: "Container ENTRYPOINT in exec form, overriding the image's." + containerNote + replaceNote,
			ElementType:         types.StringType,
			Optional:            true,
		},
		"cmd": schema.ListAttribute{
			MarkdownDescription: "Container CMD in exec form: the arguments passed to the entrypoint." + containerNote + replaceNote,
			ElementType:         types.StringType,
			Optional:            true,
		},
		"container_disk_gb": containerschema.ContainerDiskGB("Container disk of each member in GB, wiped when the container restarts; Runpod's default " +
			"applies when unset." + containerNote + replaceNote),
		"env": containerschema.Env("Environment variables of every member. Do not put secret values here (they would be in " +
			"state); reference a `runpod_secret` instead." + containerNote + replaceNote),
		"ports": containerschema.Ports("Exposed ports: `\"8888/http\"` through Runpod's HTTPS proxy, `\"22/tcp\"` on a public " +
			"TCP port (needed for `primary_ssh_endpoint`)." + containerNote + replaceNote),
		"start_ssh": containerschema.StartFlag("Inject the account's SSH keys as `PUBLIC_KEY` so that members accept SSH. Unset leaves " +
			"it to Runpod's default (off) or the template's setting. Runpod does not return it." + replaceNote),
		"start_jupyter": containerschema.StartFlag("Start JupyterLab on the members (injects a generated `JUPYTER_PASSWORD`). Unset leaves " +
			"it to Runpod's default (off) or the template's setting. Runpod does not return it." + replaceNote),
		"registry_auth_id": schema.StringAttribute{
			MarkdownDescription: "Not supported: Runpod's cluster API takes no registry credential, and setting this is " +
				"an error. To run a private image, create a `runpod_template` with `image` and `registry_auth_id` and set " +
				"`template_id` to it.",
			Optional:   true,
			Validators: []validator.String{noRegistryOnClusters{}},
		},
	}
}

// reportedAttributes are what Runpod reports about the cluster and its
// members, and the plan's cost estimate.
func reportedAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"data_center_id": containerschema.StableString("The data center the cluster was placed in."),
		"reported_pod_count": schema.Int64Attribute{
			MarkdownDescription: "Number of member pods Runpod reports, as of the last read. It equals `pod_count` " +
				"unless the cluster was resized outside Terraform (\"Scale cluster\" in the console); then the plan " +
				"warns and names the `pod_count` to write to keep the new size." + readNote,
			Computed:      true,
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
		},
		"pods_by_status": schema.MapAttribute{
			MarkdownDescription: "How many member pods are in each status (`PROVISIONING`, `STARTING`, `RUNNING`, " +
				"`EXITED`, `ERROR`), as of the last read; statuses without pods are absent. The " +
				"`runpod_cluster_pods` data source lists the members." + readNote,
			ElementType:   types.Int64Type,
			Computed:      true,
			PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
		},
		"primary_pod_id": containerschema.StableString("Id of the rank-0 member pod (the Slurm controller or Ray head for those types)." + readNote),
		"primary_ssh_endpoint": containerschema.StableString("`host:port` of the primary pod's public SSH port, as Runpod reports it on the cluster, " +
			"for tools that take a host and a port; null until the primary runs with `22/tcp` exposed. It is not a " +
			"command: `primary_ssh_direct` is the same endpoint as the command to run." + readNote),
		"primary_ssh_direct": containerschema.StableString("SSH command to the primary pod over its public IP, e.g. `ssh root@203.0.113.7 -p " +
			"20001`: exactly the primary pod's `ssh_direct` (as the `runpod_pod` data source reads it), read from " +
			"the pod. Null until the primary runs with `22/tcp` exposed." + readNote),
		"network_cidr": containerschema.StableString("Address range of the members' private network."),
		"created_at":   containerschema.StableString("When the cluster was created (RFC 3339, UTC); billing starts then."),
		"estimated_cost_per_hour": schema.Float64Attribute{
			MarkdownDescription: "USD per hour at the catalog's Secure Cloud GPU price, as the plan that created the " +
				"cluster computed it: pod_count × gpu_count_per_pod × price per GPU-hour. When Runpod reports another " +
				"size (a console scale, `reported_pod_count`), the refresh computes it anew for the pods that run, so a " +
				"plan that only writes that size down adds nothing. Cluster pods can bill above pod prices; the " +
				"`runpod_cluster_billing` data source has the real spend.",
			Computed: true,
		},
	}
}

// readNote ends the description of what Runpod reports about the members,
// which only a read changes.
const readNote = " A rename, or another change that leaves the cluster as it is, keeps the value from the last read " +
	"in the plan (not \"known after apply\"); the next refresh reads it anew."

// The API's pod count bounds (podCount in the spec's ClusterCompute).
const (
	minPods = 2
	maxPods = 250
)

// startCommand is the members' start command (containerschema.StartCommand),
// which a cluster takes either as one string or as entrypoint and cmd.
func startCommand() schema.StringAttribute {
	args := containerschema.StartCommand("Container start command as one string. Conflicts with `entrypoint` and `cmd`." +
		containerNote + replaceNote)
	args.Validators = []validator.String{
		stringvalidator.ConflictsWith(path.MatchRoot("entrypoint"), path.MatchRoot("cmd")),
	}
	return args
}

// persistentVolume is the members' host-local volume
// (containerschema.PersistentVolume), which cannot be combined with a
// network volume.
func persistentVolume() schema.SingleNestedBlock {
	v := containerschema.PersistentVolumeBlock(containerschema.Mount{
		Description: "A host-local volume on every member (the API's `mounts.persistent`). It does not " +
			"survive the cluster; keep checkpoints on a `network_volume`. Conflicts with `network_volume` and " +
			"`template_id`." + replaceNote,
		SourceDescription: "Size in GB, at least 10.",
		PathDescription:   "Mount path inside the containers, e.g. `/workspace`.",
	})
	v.Validators = []validator.Object{objectvalidator.ConflictsWith(path.MatchRoot("network_volume"))}
	return v
}
