package containerschema

import (
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Container is the model of the container settings that pods, clusters,
// templates and endpoints share, under the attribute names this package's
// schema functions are given (image, args, container_disk_gb, ports, env,
// registry_auth_id). Their models embed it; the framework reads an embedded
// struct's fields as the outer model's own.
type Container struct {
	Image           types.String `tfsdk:"image"`
	Args            types.String `tfsdk:"args"`
	ContainerDiskGB types.Int64  `tfsdk:"container_disk_gb"`
	Ports           types.Set    `tfsdk:"ports"`
	Env             types.Map    `tfsdk:"env"`
	RegistryAuthID  types.String `tfsdk:"registry_auth_id"`
}

// PersistentVolumeModel is the value of a PersistentVolume attribute or a
// PersistentVolumeBlock.
type PersistentVolumeModel struct {
	SizeGB types.Int64  `tfsdk:"size_gb"`
	Path   types.String `tfsdk:"path"`
}

// PersistentVolumeAttrTypes is PersistentVolumeModel's object type.
var PersistentVolumeAttrTypes = map[string]attr.Type{
	"size_gb": types.Int64Type,
	"path":    types.StringType,
}

// NetworkVolumeModel is the value of a NetworkVolumeBlock.
type NetworkVolumeModel struct {
	VolumeID types.String `tfsdk:"volume_id"`
	Path     types.String `tfsdk:"path"`
}

// NetworkVolumeAttrTypes is NetworkVolumeModel's object type.
var NetworkVolumeAttrTypes = map[string]attr.Type{
	"volume_id": types.StringType,
	"path":      types.StringType,
}
