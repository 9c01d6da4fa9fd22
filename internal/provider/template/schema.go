package template

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/planmodifiers"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/identity"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/migrate"
	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

func (r *templateResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		// Above runpod/runpod's version 0: see package migrate.
		Version: migrate.SchemaVersion,
		MarkdownDescription: "A Runpod pod or serverless template: a reusable container configuration (image, command, " +
			"disks, ports, environment, registry credential) that pods, clusters and serverless endpoints are created from.\n\n" +
			"Every attribute updates in place; pods and endpoints already created from the template keep the settings they " +
			"were created with. Template names are unique in an account: a create whose name is taken fails with the " +
			"existing template's id and the `terraform import` command, and never overwrites it. A template that a pod " +
			"uses or a serverless endpoint is bound to cannot be deleted; the provider reports the refusal and changes nothing.",
		Attributes: containerschema.MergeAttributes(templateAttributes(), containerAttributes()),
		Blocks: map[string]schema.Block{
			// A block (`persistent_volume { ... }`), not a nested attribute,
			// so that a misspelt argument fails validate instead of being
			// dropped.
			"persistent_volume": persistentVolumeBlock(),
		},
	}
}

// templateAttributes are the template's own: its id and name, what it is
// for (pods or serverless, public or private) and the CUDA versions it
// allows.
func templateAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": identity.IDAttribute("The template's id, assigned by Runpod."),
		"name": schema.StringAttribute{
			MarkdownDescription: "Name of the template, unique in the account.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"serverless": schema.BoolAttribute{
			MarkdownDescription: "Whether the template is for serverless workers (`true`) or pods (`false`, the default).",
			Optional:            true,
			Computed:            true,
			Default:             booldefault.StaticBool(false),
		},
		"public": schema.BoolAttribute{
			MarkdownDescription: "Whether the template is visible to every Runpod user. Defaults to `false`.",
			Optional:            true,
			Computed:            true,
			Default:             booldefault.StaticBool(false),
		},
		"category": schema.StringAttribute{
			MarkdownDescription: "Compute category: `NVIDIA` (the default), `AMD` or `CPU`.",
			Optional:            true,
			Computed:            true,
			Default:             stringdefault.StaticString("NVIDIA"),
			Validators:          []validator.String{stringvalidator.OneOf("NVIDIA", "AMD", "CPU")},
		},
		"start_ssh": schema.BoolAttribute{
			MarkdownDescription: "Set up SSH in containers created from the template by injecting the account's " +
				"registered SSH keys as `PUBLIC_KEY`. Defaults to `true`, like templates made in the console. Direct SSH " +
				"also needs `22/tcp` in `ports`.",
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(true),
		},
		"start_jupyter": schema.BoolAttribute{
			MarkdownDescription: "Start JupyterLab in containers created from the template (injects a generated " +
				"`JUPYTER_PASSWORD`). Defaults to `true`, like templates made in the console; expose `8888/http` to reach it.",
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(true),
		},
		"allowed_cuda_versions": schema.SetAttribute{
			MarkdownDescription: "CUDA versions (`major.minor`) acceptable on the host of GPU pods created from the " +
				"template. Empty (the default) accepts any version.",
			ElementType: types.StringType,
			Optional:    true,
			Computed:    true,
			Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, []attr.Value{})),
			Validators:  []validator.Set{setvalidator.ValueStringsAre(validators.CudaVersion())},
		},
	}
}

// containerAttributes are the container configuration that pods,
// clusters and endpoints created from the template receive.
func containerAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"image": schema.StringAttribute{
			MarkdownDescription: "Container image reference, e.g. `runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404`. " +
				"A private image also needs `registry_auth_id`.",
			Required:   true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"args": schema.StringAttribute{
			MarkdownDescription: "Container start command as one string, as the console's \"Container start command\" " +
				"writes it (split into arguments like a shell would). Conflicts with `entrypoint` and `cmd`; when those " +
				"are set, this attribute shows the form Runpod stores them in. Leave all three unset for the image's own command.",
			Optional: true,
			Computed: true,
			Validators: []validator.String{
				stringvalidator.ConflictsWith(path.MatchRoot("entrypoint"), path.MatchRoot("cmd")),
			},
			PlanModifiers: []planmodifier.String{
				planmodifiers.DerivedString("", path.Root("entrypoint"), path.Root("cmd")),
			},
		},
		"entrypoint": schema.ListAttribute{
			MarkdownDescription: "Container ENTRYPOINT in exec form, overriding the image's. Conflicts with `args`; " +
				"when `args` is set, this shows how Runpod split it.",
			ElementType:   types.StringType,
			Optional:      true,
			Computed:      true,
			PlanModifiers: []planmodifier.List{planmodifiers.DerivedList(path.Root("args"))},
		},
		"cmd": schema.ListAttribute{
			MarkdownDescription: "Container CMD in exec form: the arguments passed to the entrypoint. Conflicts with " +
				"`args`; when `args` is set, this shows how Runpod split it.",
			ElementType:   types.StringType,
			Optional:      true,
			Computed:      true,
			Validators:    []validator.List{listvalidator.ConflictsWith(path.MatchRoot("args"))},
			PlanModifiers: []planmodifier.List{planmodifiers.DerivedList(path.Root("args"))},
		},
		"container_disk_gb": schema.Int64Attribute{
			MarkdownDescription: "Container disk in GB. It is ephemeral: wiped when the container restarts. " +
				"Runpod's default applies when unset.",
			Optional:      true,
			Computed:      true,
			Validators:    []validator.Int64{int64validator.AtLeast(1)},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
		},
		"ports": schema.SetAttribute{
			MarkdownDescription: "Exposed ports: `\"8888/http\"` for a port reached through Runpod's HTTPS proxy, " +
				"`\"22/tcp\"` for a port mapped to a public TCP port.",
			ElementType: types.StringType,
			Optional:    true,
			Computed:    true,
			Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, []attr.Value{})),
			Validators:  []validator.Set{setvalidator.ValueStringsAre(validators.Port())},
		},
		"env": schema.MapAttribute{
			MarkdownDescription: "Environment variables. Do not put secret values here: they would be stored in " +
				"state and shown to anyone who can read the template. Reference a `runpod_secret` instead " +
				"(its `reference` attribute, `{{ RUNPOD_SECRET_<name> }}`).",
			ElementType: types.StringType,
			Optional:    true,
			Computed:    true,
			Default:     mapdefault.StaticValue(types.MapValueMust(types.StringType, map[string]attr.Value{})),
		},
		"registry_auth_id": schema.StringAttribute{
			MarkdownDescription: "Id of the `runpod_registry_auth` used to pull a private image. If that credential " +
				"is deleted, Runpod clears this field, which shows as drift.",
			Optional:   true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
	}
}

// persistentVolumeBlock is the template's volume disk: size and path update
// in place, and removing it replaces the template.
func persistentVolumeBlock() schema.SingleNestedBlock {
	v := containerschema.PersistentVolumeBlock(containerschema.Mount{
		Description: "A host-local persistent volume for pods created from the template (the API's " +
			"`mounts.persistent`). It lives on the pod's host machine and does not survive a host failure; for data " +
			"you cannot recreate use a `runpod_network_volume`. Its size and path update in place; the API cannot " +
			"remove it from a template, so removing this block replaces the template.",
		SourceDescription: "Size in GB, at least 10.",
		PathDescription:   "Mount path inside the container, e.g. `/workspace`.",
	})
	v.PlanModifiers = []planmodifier.Object{
		objectplanmodifier.RequiresReplaceIf(persistentVolumeRemoved,
			"Removing the persistent volume replaces the template, because the API cannot remove it.",
			"Removing the persistent volume replaces the template, because the API cannot remove it."),
	}
	return v
}

// persistentVolumeRemoved forces replacement only when the block goes away.
func persistentVolumeRemoved(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && req.PlanValue.IsNull()
}
