package pod

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// podDataModel is a pod as the data sources show it: what the API returns,
// without the resource's create-time settings.
type podDataModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
	containerschema.Container
	TemplateID       types.String                           `tfsdk:"template_id"`
	GPU              *gpuDataModel                          `tfsdk:"gpu"`
	CPU              *cpuModel                              `tfsdk:"cpu"`
	Cloud            types.String                           `tfsdk:"cloud"`
	PersistentVolume *containerschema.PersistentVolumeModel `tfsdk:"persistent_volume"`
	NetworkVolume    *containerschema.NetworkVolumeModel    `tfsdk:"network_volume"`
	Locked           types.Bool                             `tfsdk:"locked"`
	GlobalNetworking types.Bool                             `tfsdk:"global_networking"`
	reportedModel
}

type gpuDataModel struct {
	TypeID types.String `tfsdk:"type_id"`
	Count  types.Int64  `tfsdk:"count"`
}

// dataFromAPI is the data sources' conversion, built on the same facts as
// the resource's fromAPI.
func dataFromAPI(ctx context.Context, p *runpod.Pod) (podDataModel, diag.Diagnostics) {
	var diags, d diag.Diagnostics
	f := factsOf(p)
	m := podDataModel{
		ID:               types.StringValue(p.ID),
		Name:             types.StringValue(p.Name),
		Container:        f.container(),
		TemplateID:       types.StringPointerValue(p.Template),
		Cloud:            types.StringValue(p.Cloud),
		Locked:           types.BoolValue(p.Locked),
		GlobalNetworking: types.BoolValue(p.GlobalNetworking.Enabled),
	}
	env := p.Env
	if env == nil {
		env = map[string]string{}
	}
	m.Ports, d = types.SetValueFrom(ctx, types.StringType, nonNil(p.Ports))
	diags.Append(d...)
	m.Env, d = types.MapValueFrom(ctx, types.StringType, env)
	diags.Append(d...)
	m.reportedModel, d = f.reported(ctx)
	diags.Append(d...)
	if p.GPU != nil {
		m.GPU = &gpuDataModel{TypeID: types.StringValue(p.GPU.ID), Count: types.Int64Value(int64(p.GPU.Count))}
	}
	if p.CPU != nil {
		m.CPU = &cpuModel{TypeID: types.StringValue(p.CPU.ID), VCPUCount: types.Int64Value(int64(p.CPU.VCPUCount))}
	}
	if pm := f.persistent; pm != nil {
		m.PersistentVolume = &containerschema.PersistentVolumeModel{SizeGB: types.Int64Value(int64(pm.Size)), Path: types.StringValue(pm.Path)}
	}
	if nm := f.network; nm != nil {
		m.NetworkVolume = &containerschema.NetworkVolumeModel{VolumeID: types.StringValue(nm.VolumeID), Path: types.StringValue(nm.Path)}
	}
	return m, diags
}

// podDataAttributes are a pod's attributes in the data sources; idAttr
// is the id's own (an argument for runpod_pod, computed in lists).
func podDataAttributes(idAttr schema.Attribute) map[string]schema.Attribute {
	str, i64, boolean := datasources.String, datasources.Int64, datasources.Bool
	return map[string]schema.Attribute{
		"id":                idAttr,
		"name":              str("Name of the pod."),
		"image":             str("Container image."),
		"template_id":       str("Template the pod was created from, when Runpod reports it."),
		"args":              str("Container start command; empty for the image's own."),
		"container_disk_gb": i64("Container disk in GB (ephemeral)."),
		"ports":             datasources.StringSet("Exposed ports, such as `8888/http` and `22/tcp`."),
		"env": schema.MapAttribute{
			MarkdownDescription: "Environment variables, including the `PUBLIC_KEY` and `JUPYTER_PASSWORD` Runpod injects. " +
				"Sensitive, because of that password.",
			ElementType: types.StringType, Computed: true, Sensitive: true,
		},
		"registry_auth_id": str("Registry credential used to pull the image, or null."),
		"gpu": datasources.Object("GPU compute; null for CPU pods.", map[string]schema.Attribute{
			"type_id": str("GPU type id, e.g. `NVIDIA GeForce RTX 4090`."),
			"count":   i64("GPUs in the pod."),
		}),
		"cpu": datasources.Object("CPU compute; null for GPU pods.", map[string]schema.Attribute{
			"type_id":    str("CPU flavour id, e.g. `cpu3c`."),
			"vcpu_count": i64("vCPUs."),
		}),
		"cloud": str("`SECURE` or `COMMUNITY`."),
		"persistent_volume": datasources.Object("The pod's volume disk on its host, or null.", map[string]schema.Attribute{
			"size_gb": i64("Size in GB."),
			"path":    str("Mount path."),
		}),
		"network_volume": datasources.Object("The mounted network volume, or null.", map[string]schema.Attribute{
			"volume_id": str("Id of the network volume."),
			"path":      str("Mount path."),
		}),
		"locked":            boolean("Whether the pod is locked against stop and restart."),
		"global_networking": boolean("Whether the pod is on Runpod's global private network."),
		"status":            str("`PROVISIONING`, `STARTING`, `RUNNING`, `EXITED` or `ERROR`."),
		"data_center_id":    str("Data center the pod runs in."),
		"cuda_version":      str("CUDA version of the host, or null."),
		"cost_per_hr":       datasources.Float64("Current cost in USD per hour (0 while stopped)."),
		"proxy_urls": datasources.StringMap("`https://<pod id>-<port>.proxy.runpod.net` per HTTP port the running pod " +
			"reports, keyed by port. Public: anyone with the URL reaches the port."),
		"ssh_direct": str("SSH command over the public IP, when `22/tcp` is mapped."),
		"ssh_proxy":  str("SSH command through Runpod's SSH proxy."),
		"public_ip":  str("Public IP of the TCP port mappings, once mapped."),
		"port_mappings": schema.MapAttribute{
			MarkdownDescription: "Public port per mapped TCP port, keyed by the container port.",
			ElementType:         types.Int64Type, Computed: true,
		},
		"cluster_id": str("Cluster the pod belongs to, or null."),
		"created_at": str("When the pod was created (RFC 3339)."),
	}
}

// NewDataSource is the runpod_pod data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Single[podDataModel]{TypeName: "runpod_pod", BuildSchema: podDataSchema, Fetch: readPod}
}

func podDataSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads one pod by id, whoever created it (cluster member pods included), with its live " +
			"status, addresses and cost.",
		Attributes: podDataAttributes(datasources.RequiredID("Id of the pod.")),
	}
}

func readPod(ctx context.Context, api datasources.Source, cfg podDataModel) (podDataModel, diag.Diagnostics) {
	id := cfg.ID.ValueString()
	p, err := Kind.SharedGet(api.Reads, ctx, id)
	if runpod.IsNotFound(err) {
		var diags diag.Diagnostics
		diags.AddAttributeError(path.Root("id"), "Pod Not Found",
			fmt.Sprintf("No pod with id %q exists in the Runpod account (terminated pods disappear). The runpod_pods data "+
				"source lists the account's pods.", id))
		return cfg, diags
	}
	if err != nil {
		return cfg, diag.Diagnostics{diagnostics.APIError("Cannot Read Pod", fmt.Sprintf("reading pod %s", id), err)}
	}
	return dataFromAPI(ctx, p)
}
