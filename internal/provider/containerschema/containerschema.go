// Package containerschema defines once the container settings that pods,
// the member pods of a cluster and serverless endpoints share: template,
// image, start command, disk, environment, ports, volume mounts,
// data-center preference and the SSH and Jupyter flags. Their types and
// validators live here, so that the kinds cannot drift in what they accept.
// Each kind supplies its own descriptions. Plan behaviour differs for good
// reason: pods and endpoints update most settings in place and read them
// back (the *FromTemplate attributes and the FromTemplate modifiers), while
// a cluster keeps them as configured and is replaced when any of them
// changes.
package containerschema

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/validators"
)

// Minimum sizes the API accepts.
const (
	minContainerDiskGB = 1
	minVolumeDiskGB    = 10
)

// TemplateID is the id of the pod template (runpod_template) the container
// is created from.
func TemplateID(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Optional:            true,
		Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
	}
}

// Image is the container image reference.
func Image(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Optional:            true,
		Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
	}
}

// StartCommand is the container start command as one string (the API's
// dockerStartCmd joined, the console's "Container start command"); empty
// runs the image's own command, so any string is valid.
func StartCommand(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Optional:            true,
	}
}

// ContainerDiskGB is the ephemeral container disk, in GB.
func ContainerDiskGB(description string) schema.Int64Attribute {
	return schema.Int64Attribute{
		MarkdownDescription: description,
		Optional:            true,
		Validators:          []validator.Int64{int64validator.AtLeast(minContainerDiskGB)},
	}
}

// Env is the container's environment variables.
func Env(description string) schema.MapAttribute {
	return schema.MapAttribute{
		MarkdownDescription: description,
		ElementType:         types.StringType,
		Optional:            true,
	}
}

// Ports is the set of exposed ports, each "<port>/http" or "<port>/tcp".
func Ports(description string) schema.SetAttribute {
	return schema.SetAttribute{
		MarkdownDescription: description,
		ElementType:         types.StringType,
		Optional:            true,
		Validators:          []validator.Set{setvalidator.ValueStringsAre(validators.Port())},
	}
}

// DataCenterIDs is the data centers the container may be placed in, most
// preferred first. Runpod does not return it, so it is never Computed.
func DataCenterIDs(description string) schema.ListAttribute { return PreferenceList(description) }

// PreferenceList is an optional list of ids, most preferred first (data
// centers, GPU types, serverless GPU pools): at least one, each once, none
// empty.
func PreferenceList(description string) schema.ListAttribute {
	return schema.ListAttribute{
		MarkdownDescription: description,
		ElementType:         types.StringType,
		Optional:            true,
		Validators: []validator.List{
			listvalidator.SizeAtLeast(1),
			listvalidator.UniqueValues(),
			listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1)),
		},
	}
}

// StartFlag is a create-time switch such as start_ssh or start_jupyter:
// unset leaves the template's setting, or Runpod's default (off).
func StartFlag(description string) schema.BoolAttribute {
	return schema.BoolAttribute{
		MarkdownDescription: description,
		Optional:            true,
	}
}

// Mount describes one volume mount of a kind: the descriptions of the
// attribute and its parts, and whether a new source (size or volume) forces
// a replacement through the attribute's own plan modifiers. A kind that
// replaces itself on any change in ModifyPlan leaves ReplaceOnNewSource off.
type Mount struct {
	Description string
	// SourceDescription describes the volume's size (persistent volumes) or
	// id (network volumes).
	SourceDescription string
	PathDescription   string
	// ReplaceOnNewSource adds RequiresReplace to size_gb or volume_id.
	ReplaceOnNewSource bool
}

// PersistentVolume is a volume disk on the host (the API's
// mounts.persistent) as a nested attribute: size_gb and a mount path. Only
// the pod keeps this form, because its volume is Computed (a template
// supplies it) and a block cannot be. Terraform drops a misspelt key in such
// an object without a word, but both keys are required, so a misspelling
// still fails validate: as the missing key it was meant to be.
func PersistentVolume(m Mount) schema.SingleNestedAttribute {
	size := schema.Int64Attribute{
		MarkdownDescription: m.SourceDescription,
		Required:            true,
		Validators:          []validator.Int64{int64validator.AtLeast(minVolumeDiskGB)},
	}
	if m.ReplaceOnNewSource {
		size.PlanModifiers = []planmodifier.Int64{int64planmodifier.RequiresReplace()}
	}
	return schema.SingleNestedAttribute{
		MarkdownDescription: m.Description,
		Optional:            true,
		Attributes: map[string]schema.Attribute{
			"size_gb": size,
			"path": schema.StringAttribute{
				MarkdownDescription: m.PathDescription,
				Required:            true,
				Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
			},
		},
	}
}

// PersistentVolumeBlock is the persistent volume as a block
// (`persistent_volume { ... }`), so that Terraform refuses a misspelt
// argument in it at validate. size_gb and path are required in the block
// (see validators.RequiredInParent).
func PersistentVolumeBlock(m Mount) schema.SingleNestedBlock {
	size := schema.Int64Attribute{
		MarkdownDescription: requiredNote + m.SourceDescription,
		Optional:            true,
		Validators:          []validator.Int64{validators.RequiredInParent(), int64validator.AtLeast(minVolumeDiskGB)},
	}
	if m.ReplaceOnNewSource {
		size.PlanModifiers = []planmodifier.Int64{int64planmodifier.RequiresReplace()}
	}
	return schema.SingleNestedBlock{
		MarkdownDescription: m.Description,
		Attributes: map[string]schema.Attribute{
			"size_gb": size,
			"path":    mountPath(m.PathDescription),
		},
	}
}

// NetworkVolumeBlock is a runpod_network_volume mount (the API's
// mounts.network) as a block (`network_volume { ... }`): volume_id and a
// mount path, both required in the block.
func NetworkVolumeBlock(m Mount) schema.SingleNestedBlock {
	id := schema.StringAttribute{
		MarkdownDescription: requiredNote + m.SourceDescription,
		Optional:            true,
		Validators:          []validator.String{validators.RequiredInParent(), stringvalidator.LengthAtLeast(1)},
	}
	if m.ReplaceOnNewSource {
		id.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
	}
	return schema.SingleNestedBlock{
		MarkdownDescription: m.Description,
		Attributes: map[string]schema.Attribute{
			"volume_id": id,
			"path":      mountPath(m.PathDescription),
		},
	}
}

// requiredNote begins the description of an attribute that is required in
// its block: the schema marks it Optional (see validators.RequiredInParent),
// so the generated docs list it as optional.
const requiredNote = "Required in the block. "

// mountPath is where a volume is mounted in the container, required in its
// block; it has no default.
func mountPath(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: requiredNote + description,
		Optional:            true,
		Validators:          []validator.String{validators.RequiredInParent(), stringvalidator.LengthAtLeast(1)},
	}
}

// MergeAttributes joins a resource schema's attribute groups into one map.
// A name in two groups is a bug that every schema test would hit, so it
// panics instead of letting one group silently win.
func MergeAttributes(groups ...map[string]schema.Attribute) map[string]schema.Attribute {
	all := map[string]schema.Attribute{}
	for _, g := range groups {
		for name, a := range g {
			if _, dup := all[name]; dup {
				panic(fmt.Sprintf("schema: attribute %q is in two groups", name))
			}
			all[name] = a
		}
	}
	return all
}

// StableString is a computed string that plans keep at its state value
// (UseStateForUnknown): a fact of the object that only a read changes,
// such as where it was placed or when it was created.
func StableString(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Computed:            true,
		PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}
