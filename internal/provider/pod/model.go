package pod

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/tfvalue"
)

// Env keys the platform injects: PUBLIC_KEY from start_ssh (the account's
// SSH keys), JUPYTER_PASSWORD from start_jupyter (generated). They are kept
// out of env in state unless the configuration sets them, so that they do
// not show as drift.
var injectedEnvKeys = []string{"PUBLIC_KEY", "JUPYTER_PASSWORD"}

// podModel is the runpod_pod resource as Terraform sees it.
type podModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
	containerschema.Container
	TemplateID       types.String `tfsdk:"template_id"`
	GPU              types.Object `tfsdk:"gpu"`
	CPU              types.Object `tfsdk:"cpu"`
	Cloud            types.String `tfsdk:"cloud"`
	DataCenterIDs    types.List   `tfsdk:"data_center_ids"`
	PersistentVolume types.Object `tfsdk:"persistent_volume"`
	NetworkVolume    types.Object `tfsdk:"network_volume"`
	StartSSH         types.Bool   `tfsdk:"start_ssh"`
	StartJupyter     types.Bool   `tfsdk:"start_jupyter"`
	Locked           types.Bool   `tfsdk:"locked"`
	GlobalNetworking types.Bool   `tfsdk:"global_networking"`
	DesiredStatus    types.String `tfsdk:"desired_status"`
	AllowDuplicate   types.Bool   `tfsdk:"allow_duplicate"`
	ReadyWhen        types.Object `tfsdk:"ready_when"`

	reportedModel
	EstimatedCost   types.Float64 `tfsdk:"estimated_cost_per_hour"`
	JupyterPassword types.String  `tfsdk:"jupyter_password"`

	Timeouts timeouts.Value `tfsdk:"timeouts"`

	// TemplateEnv is what the pod's template put in its env at create
	// (key: value), kept in private state (privateTemplateEnv). Its keys
	// stay on the pod, out of env in state, unless the configuration sets
	// them (see hiddenTemplateKeys).
	TemplateEnv map[string]string `tfsdk:"-"`
}

type gpuModel struct {
	TypeID              types.String `tfsdk:"type_id"`
	TypeIDs             types.List   `tfsdk:"type_ids"`
	Count               types.Int64  `tfsdk:"count"`
	MinCudaVersion      types.String `tfsdk:"min_cuda_version"`
	AllowedCudaVersions types.Set    `tfsdk:"allowed_cuda_versions"`
	MinRAMPerGPU        types.Int64  `tfsdk:"min_ram_per_gpu"`
	MinVCPUCountPerGPU  types.Int64  `tfsdk:"min_vcpu_count_per_gpu"`
}

var gpuAttrTypes = map[string]attr.Type{
	"type_id":                types.StringType,
	"type_ids":               types.ListType{ElemType: types.StringType},
	"count":                  types.Int64Type,
	"min_cuda_version":       types.StringType,
	"allowed_cuda_versions":  types.SetType{ElemType: types.StringType},
	"min_ram_per_gpu":        types.Int64Type,
	"min_vcpu_count_per_gpu": types.Int64Type,
}

type cpuModel struct {
	TypeID    types.String `tfsdk:"type_id"`
	VCPUCount types.Int64  `tfsdk:"vcpu_count"`
}

var cpuAttrTypes = map[string]attr.Type{
	"type_id":    types.StringType,
	"vcpu_count": types.Int64Type,
}

// facts is what a pod read says, in Go types, with the derived values
// (proxy URLs, port mappings, desired status) worked out once for the
// resource and both data sources.
type facts struct {
	pod          *runpod.Pod
	desired      string
	proxyURLs    map[string]string
	portMappings map[string]int64
	publicIP     *string
	sshDirect    *string
	sshProxy     *string
	jupyterPass  *string
	clusterID    *string
	persistent   *runpod.PersistentMount
	network      *runpod.NetworkMount
	createdAt    string
	// unmapped are exposed ports the running pod does not report mapped yet.
	unmapped []string
}

// container is the pod's container settings as Runpod returns them; ports
// and env, whose conversions differ between the resource and the data
// sources, are left to each.
func (f facts) container() containerschema.Container {
	p := f.pod
	return containerschema.Container{
		Image:           types.StringValue(p.Image),
		Args:            types.StringValue(p.Args),
		ContainerDiskGB: types.Int64Value(int64(p.Disk)),
		RegistryAuthID:  types.StringPointerValue(p.Registry),
	}
}

// reportedModel is what Runpod reports of a pod beyond its settings, the
// same in the resource and the data sources: its status, where it runs,
// what it costs now and how to reach it.
type reportedModel struct {
	Status       types.String  `tfsdk:"status"`
	DataCenterID types.String  `tfsdk:"data_center_id"`
	CudaVersion  types.String  `tfsdk:"cuda_version"`
	CostPerHr    types.Float64 `tfsdk:"cost_per_hr"`
	ProxyURLs    types.Map     `tfsdk:"proxy_urls"`
	SSHDirect    types.String  `tfsdk:"ssh_direct"`
	SSHProxy     types.String  `tfsdk:"ssh_proxy"`
	PublicIP     types.String  `tfsdk:"public_ip"`
	PortMappings types.Map     `tfsdk:"port_mappings"`
	ClusterID    types.String  `tfsdk:"cluster_id"`
	CreatedAt    types.String  `tfsdk:"created_at"`
}

// reported is the one conversion of what Runpod reports, for the resource
// and the data sources.
func (f facts) reported(ctx context.Context) (reportedModel, diag.Diagnostics) {
	p := f.pod
	m := reportedModel{
		Status:       types.StringValue(p.Status),
		DataCenterID: types.StringPointerValue(p.DataCenterID),
		CudaVersion:  types.StringPointerValue(p.CudaVersion),
		CostPerHr:    types.Float64Value(p.Cost),
		SSHDirect:    types.StringPointerValue(f.sshDirect),
		SSHProxy:     types.StringPointerValue(f.sshProxy),
		PublicIP:     types.StringPointerValue(f.publicIP),
		ClusterID:    types.StringPointerValue(f.clusterID),
		CreatedAt:    types.StringValue(f.createdAt),
	}
	var diags, d diag.Diagnostics
	m.ProxyURLs, d = types.MapValueFrom(ctx, types.StringType, f.proxyURLs)
	diags.Append(d...)
	m.PortMappings, d = types.MapValueFrom(ctx, types.Int64Type, f.portMappings)
	diags.Append(d...)
	return m, diags
}

// ProxyURL is the address of an HTTP port through Runpod's proxy. It is
// public: anyone with the URL reaches the port, unless the application
// behind it asks for credentials.
func ProxyURL(podID string, port int) string {
	return fmt.Sprintf("https://%s-%d.proxy.runpod.net", podID, port)
}

func factsOf(p *runpod.Pod) facts {
	f := facts{
		pod:          p,
		desired:      desiredFromStatus(p.Status),
		proxyURLs:    map[string]string{},
		portMappings: map[string]int64{},
		createdAt:    p.CreatedAt.UTC().Format(time.RFC3339),
	}
	if p.SSH.Direct != nil && p.SSH.Direct.Command != "" {
		f.sshDirect = &p.SSH.Direct.Command
		if p.SSH.Direct.Host != "" {
			f.publicIP = &p.SSH.Direct.Host
		}
	}
	if p.SSH.Proxy != nil && p.SSH.Proxy.Command != "" {
		f.sshProxy = &p.SSH.Proxy.Command
	}
	if v, ok := p.Env["JUPYTER_PASSWORD"]; ok {
		f.jupyterPass = &v
	}
	if p.Cluster != nil {
		f.clusterID = &p.Cluster.ID
	}
	f.persistent = p.Mounts.Persistent
	if len(p.Mounts.Network) > 0 {
		f.network = &p.Mounts.Network[0]
	}
	for _, port := range p.Ports {
		n, proto, ok := parsePort(port)
		if !ok {
			continue
		}
		m := runtimePort(p, n, proto)
		switch {
		case m == nil:
			f.unmapped = append(f.unmapped, port)
		case proto == "http":
			// HTTP ports are reached through the proxy once the running
			// pod reports them.
			f.proxyURLs[strconv.Itoa(n)] = ProxyURL(p.ID, n)
		case m.Public == nil:
			f.unmapped = append(f.unmapped, port)
		default:
			f.portMappings[strconv.Itoa(n)] = int64(*m.Public)
			if m.IP != nil && f.publicIP == nil {
				ip := *m.IP
				f.publicIP = &ip
			}
		}
	}
	if slices.Contains(p.Ports, "22/tcp") && f.sshDirect == nil && !slices.Contains(f.unmapped, "22/tcp") {
		// The API maps the port before it fills ssh.direct: not ready yet.
		f.unmapped = append(f.unmapped, "22/tcp")
	}
	return f
}

// runtimePort is the live mapping of one exposed port, or nil while the pod
// is not running or the port is not reported.
func runtimePort(p *runpod.Pod, n int, proto string) *runpod.PortMapping {
	if p.Runtime == nil || p.Status != runpod.PodStatusRunning {
		return nil
	}
	for i := range p.Runtime.Ports {
		m := &p.Runtime.Ports[i]
		if m.Private == n && (m.Type == "" || m.Type == proto) {
			return m
		}
	}
	return nil
}

func parsePort(s string) (int, string, bool) {
	num, proto, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(num)
	return n, proto, ok && err == nil
}

// ready reports whether a pod is RUNNING with every exposed port mapped:
// what a create or start waits for.
func (f facts) ready() bool {
	return f.pod.Status == runpod.PodStatusRunning && len(f.unmapped) == 0
}

// jupyterPasswordBytes is the entropy of a generated JupyterLab password:
// 24 random bytes, 32 URL-safe characters.
const jupyterPasswordBytes = 24

// addJupyterPassword gives a pod created with start_jupyter = true a
// generated JUPYTER_PASSWORD in the create body's env, unless the
// configuration sets one, and returns it ("" when none was added). Runpod
// injects a password of its own otherwise, but whether reads return it is
// undocumented (API.md, Pods, "Terraform"): sent by the provider, it is the
// configuration's env key on Runpod's side, always returned, and known to
// jupyter_password from the create on. It is generated once, here; reads
// and updates keep it.
func addJupyterPassword(plan podModel, body *runpod.CreatePodRequest) (string, error) {
	if !plan.StartJupyter.ValueBool() {
		return "", nil
	}
	if _, set := body.Env["JUPYTER_PASSWORD"]; set {
		return "", nil
	}
	b := make([]byte, jupyterPasswordBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	pw := base64.RawURLEncoding.EncodeToString(b)
	if body.Env == nil {
		body.Env = map[string]string{}
	}
	body.Env["JUPYTER_PASSWORD"] = pw
	return pw, nil
}

// fromAPI is the one conversion from the API's pod to the resource's
// model, used by Create, Read, Update and import. prior is the plan or the
// state before the call: it supplies what the API never returns (the start
// flags, the CUDA constraint, the data-center preference, the template id
// when the API does not say it, timeouts) and says which injected env keys
// the configuration owns.
func fromAPI(ctx context.Context, p *runpod.Pod, prior podModel) (podModel, diag.Diagnostics) {
	var diags, d diag.Diagnostics
	f := factsOf(p)
	m := podModel{
		ID:               types.StringValue(p.ID),
		Name:             types.StringValue(p.Name),
		Container:        f.container(),
		Cloud:            types.StringValue(p.Cloud),
		Locked:           types.BoolValue(p.Locked),
		GlobalNetworking: types.BoolValue(p.GlobalNetworking.Enabled),
		DesiredStatus:    types.StringValue(f.desired),
		JupyterPassword:  types.StringPointerValue(f.jupyterPass),
	}
	if f.jupyterPass == nil && tfvalue.Known(prior.JupyterPassword) {
		// Not returned (the echo is undocumented): the password the
		// provider generated or last read is still the pod's.
		m.JupyterPassword = prior.JupyterPassword
	}
	m.keepUnreturned(p, prior)

	m.Ports, d = types.SetValueFrom(ctx, types.StringType, nonNil(p.Ports))
	diags.Append(d...)
	m.TemplateEnv = prior.TemplateEnv
	m.Env, d = envFromAPI(ctx, p.Env, prior)
	diags.Append(d...)
	m.reportedModel, d = f.reported(ctx)
	diags.Append(d...)
	m.GPU, d = gpuFromAPI(ctx, p.GPU, prior.GPU)
	diags.Append(d...)
	m.CPU, d = cpuFromAPI(ctx, p.CPU)
	diags.Append(d...)
	m.PersistentVolume, m.NetworkVolume, d = mountsFromAPI(ctx, f, prior.NetworkVolume)
	diags.Append(d...)
	return m, diags
}

// keepUnreturned fills in from prior the settings Runpod never returns, so
// that they do not show as drift. What prior left unknown (an unconfigured
// optional setting) becomes null: state must be known after apply.
func (m *podModel) keepUnreturned(p *runpod.Pod, prior podModel) {
	m.TemplateID = prior.TemplateID
	if m.TemplateID.IsNull() || m.TemplateID.IsUnknown() {
		m.TemplateID = types.StringPointerValue(p.Template)
	}
	m.EstimatedCost = estimatedCost(p, prior.EstimatedCost)
	m.DataCenterIDs = knownOr(prior.DataCenterIDs, types.ListNull(types.StringType))
	m.StartSSH = knownOr(prior.StartSSH, types.BoolNull())
	m.StartJupyter = knownOr(prior.StartJupyter, types.BoolNull())
	m.AllowDuplicate = knownOr(prior.AllowDuplicate, types.BoolNull())
	m.ReadyWhen = prior.ReadyWhen
	if m.ReadyWhen.IsUnknown() || m.ReadyWhen.Equal(basetypes.ObjectValue{}) {
		m.ReadyWhen = types.ObjectNull(readyWhenAttrTypes)
	}
	m.Timeouts = prior.Timeouts
	if m.Timeouts.IsUnknown() || m.Timeouts.Object.Equal(basetypes.ObjectValue{}) {
		m.Timeouts = timeouts.Value{Object: types.ObjectNull(timeoutAttrTypes)}
	}
}

// knownOr is v, or fallback when v is unknown.
func knownOr[T attr.Value](v, fallback T) T {
	if v.IsUnknown() {
		return fallback
	}
	return v
}

// estimatedCost is the plan's estimate, kept so that catalog price moves
// are no diff; without one (import, catalog unreadable at plan time) it is
// what Runpod reports the running pod costs.
func estimatedCost(p *runpod.Pod, planned types.Float64) types.Float64 {
	if tfvalue.Known(planned) {
		return planned
	}
	if p.Cost > 0 && p.Status == runpod.PodStatusRunning {
		return types.Float64Value(p.Cost)
	}
	return types.Float64Null()
}

// envFromAPI is the pod's env as state shows it: without the injected keys
// and the template's keys the configuration does not set itself.
func envFromAPI(ctx context.Context, live map[string]string, prior podModel) (types.Map, diag.Diagnostics) {
	env := ownedEnv(ctx, live, prior.Env)
	for _, k := range hiddenTemplateKeys(ctx, prior.TemplateEnv, prior.Env) {
		delete(env, k)
	}
	return types.MapValueFrom(ctx, types.StringType, env)
}

// gpuFromAPI is the gpu block of a GPU pod (null for a CPU pod). The CUDA
// constraint, the machine filters and the preference list are never
// returned: what prior asked is kept.
func gpuFromAPI(ctx context.Context, live *runpod.PodGPU, prior types.Object) (types.Object, diag.Diagnostics) {
	if live == nil {
		return types.ObjectNull(gpuAttrTypes), nil
	}
	var diags diag.Diagnostics
	g := gpuModel{
		TypeID:              types.StringValue(live.ID),
		TypeIDs:             types.ListNull(types.StringType),
		Count:               types.Int64Value(int64(live.Count)),
		MinCudaVersion:      types.StringNull(),
		AllowedCudaVersions: types.SetNull(types.StringType),
		MinRAMPerGPU:        types.Int64Null(),
		MinVCPUCountPerGPU:  types.Int64Null(),
	}
	if tfvalue.Known(prior) {
		var pg gpuModel
		diags.Append(prior.As(ctx, &pg, tfvalue.ObjectAsOptions)...)
		g.TypeIDs = knownOr(pg.TypeIDs, g.TypeIDs)
		g.MinCudaVersion = knownOr(pg.MinCudaVersion, g.MinCudaVersion)
		g.AllowedCudaVersions = knownOr(pg.AllowedCudaVersions, g.AllowedCudaVersions)
		g.MinRAMPerGPU = knownOr(pg.MinRAMPerGPU, g.MinRAMPerGPU)
		g.MinVCPUCountPerGPU = knownOr(pg.MinVCPUCountPerGPU, g.MinVCPUCountPerGPU)
	}
	obj, d := types.ObjectValueFrom(ctx, gpuAttrTypes, g)
	diags.Append(d...)
	return obj, diags
}

// cpuFromAPI is the cpu block of a CPU pod (null for a GPU pod).
func cpuFromAPI(ctx context.Context, live *runpod.PodCPU) (types.Object, diag.Diagnostics) {
	if live == nil {
		return types.ObjectNull(cpuAttrTypes), nil
	}
	return types.ObjectValueFrom(ctx, cpuAttrTypes, cpuModel{
		TypeID: types.StringValue(live.ID), VCPUCount: types.Int64Value(int64(live.VCPUCount)),
	})
}

// networkVolumeModel is the pod's network_volume block: the shared mount
// (volume_id, path) and the volume's data center, which the pod API never
// returns (see networkVolumeBlock).
type networkVolumeModel struct {
	VolumeID     types.String `tfsdk:"volume_id"`
	Path         types.String `tfsdk:"path"`
	DataCenterID types.String `tfsdk:"data_center_id"`
}

// networkVolumeAttrTypes is networkVolumeModel's object type.
var networkVolumeAttrTypes = map[string]attr.Type{
	"volume_id":      types.StringType,
	"path":           types.StringType,
	"data_center_id": types.StringType,
}

// networkVolumeOf reads a known network_volume block (false when it is null
// or unknown).
func networkVolumeOf(ctx context.Context, block types.Object, diags *diag.Diagnostics) (networkVolumeModel, bool) {
	var nv networkVolumeModel
	if !tfvalue.Known(block) {
		return nv, false
	}
	d := block.As(ctx, &nv, tfvalue.ObjectAsOptions)
	diags.Append(d...)
	return nv, !d.HasError()
}

// mountsFromAPI is the persistent_volume and network_volume blocks, each
// null when the pod has no such mount. The network volume's data_center_id
// is never returned: prior's is kept while the pod mounts the same volume.
func mountsFromAPI(ctx context.Context, f facts, prior types.Object) (persistent, network types.Object, diags diag.Diagnostics) {
	var d diag.Diagnostics
	persistent = types.ObjectNull(containerschema.PersistentVolumeAttrTypes)
	if pm := f.persistent; pm != nil {
		persistent, d = types.ObjectValueFrom(ctx, containerschema.PersistentVolumeAttrTypes, containerschema.PersistentVolumeModel{
			SizeGB: types.Int64Value(int64(pm.Size)), Path: types.StringValue(pm.Path),
		})
		diags.Append(d...)
	}
	network = types.ObjectNull(networkVolumeAttrTypes)
	if nm := f.network; nm != nil {
		dc := types.StringNull()
		if pnv, ok := networkVolumeOf(ctx, prior, &diags); ok && pnv.VolumeID.ValueString() == nm.VolumeID && tfvalue.Known(pnv.DataCenterID) {
			dc = pnv.DataCenterID
		}
		network, d = types.ObjectValueFrom(ctx, networkVolumeAttrTypes, networkVolumeModel{
			VolumeID: types.StringValue(nm.VolumeID), Path: types.StringValue(nm.Path), DataCenterID: dc,
		})
		diags.Append(d...)
	}
	return persistent, network, diags
}

// ownedEnv is the pod's env without the injected keys the configuration
// does not set itself (prior: the planned or stored env; unknown or null
// owns none of them).
func ownedEnv(ctx context.Context, env map[string]string, prior types.Map) map[string]string {
	owned := map[string]string{}
	priorEnv := map[string]string{}
	if tfvalue.Known(prior) {
		_ = prior.ElementsAs(ctx, &priorEnv, false)
	}
	for k, v := range env {
		if _, set := priorEnv[k]; slices.Contains(injectedEnvKeys, k) && !set {
			continue
		}
		owned[k] = v
	}
	return owned
}

// hiddenTemplateKeys are the template's env keys that env in state leaves
// out: those the configuration does not set, when it sets env at all (known
// prior). With env unset, env shows everything the template gave.
func hiddenTemplateKeys(ctx context.Context, tmplEnv map[string]string, prior types.Map) []string {
	if len(tmplEnv) == 0 || !tfvalue.Known(prior) {
		return nil
	}
	own := map[string]string{}
	_ = prior.ElementsAs(ctx, &own, false)
	var out []string
	for k := range tmplEnv {
		if _, set := own[k]; !set {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// templateEnvOf works out what a new pod's template put in its env: the
// created pod's env (the template's merged with the body's, body winning
// per key) without the body's keys and the injected ones. A key the body
// overrode is the configuration's from then on.
func templateEnvOf(created *runpod.Pod, body runpod.CreatePodRequest) map[string]string {
	if body.TemplateID == "" {
		return nil
	}
	out := map[string]string{}
	for k, v := range created.Env {
		if _, own := body.Env[k]; own || slices.Contains(injectedEnvKeys, k) {
			continue
		}
		out[k] = v
	}
	return out
}

// toCreateRequest builds the POST body from the plan. Attributes the plan
// leaves unknown (not configured, taken from the template) are omitted, so
// that the template's values apply.
func toCreateRequest(ctx context.Context, plan podModel) (runpod.CreatePodRequest, diag.Diagnostics) {
	var diags diag.Diagnostics
	req := runpod.CreatePodRequest{
		Name:       plan.Name.ValueString(),
		Image:      plan.Image.ValueString(),
		Cloud:      plan.Cloud.ValueString(),
		TemplateID: plan.TemplateID.ValueString(),
	}
	// Without a template, empty values are the API's defaults and are left
	// out; with one, a configured empty value overrides the template's.
	withTemplate := !plan.TemplateID.IsNull()
	if tfvalue.Known(plan.Args) && (withTemplate || plan.Args.ValueString() != "") {
		req.Args = plan.Args.ValueStringPointer()
	}
	if tfvalue.Known(plan.ContainerDiskGB) {
		n := int(plan.ContainerDiskGB.ValueInt64())
		req.Disk = &n
	}
	if tfvalue.Known(plan.Ports) {
		ports, d := tfvalue.Strings(ctx, plan.Ports)
		diags.Append(d...)
		if len(ports) > 0 || withTemplate {
			req.Ports = nonNil(ports)
		}
	}
	if tfvalue.Known(plan.Env) {
		env := map[string]string{}
		diags.Append(plan.Env.ElementsAs(ctx, &env, false)...)
		if len(env) > 0 {
			req.Env = env
		}
	}
	if tfvalue.Known(plan.RegistryAuthID) {
		req.Registry = plan.RegistryAuthID.ValueStringPointer()
	}
	if tfvalue.Known(plan.GPU) {
		var d diag.Diagnostics
		req.GPU, d = gpuToCreate(ctx, plan.GPU)
		diags.Append(d...)
	}
	if tfvalue.Known(plan.CPU) {
		var c cpuModel
		diags.Append(plan.CPU.As(ctx, &c, tfvalue.ObjectAsOptions)...)
		req.CPU = &runpod.CreatePodCPU{ID: c.TypeID.ValueString(), VCPUCount: int(c.VCPUCount.ValueInt64())}
	}
	dcs, d := tfvalue.Strings(ctx, plan.DataCenterIDs)
	diags.Append(d...)
	req.DataCenterIDs = dcs
	if plan.GlobalNetworking.ValueBool() {
		req.GlobalNetworking = plan.GlobalNetworking.ValueBoolPointer()
	}
	mounts, d := planMounts(ctx, plan)
	diags.Append(d...)
	if mounts.Persistent != nil || len(mounts.Network) > 0 {
		req.Mounts = &mounts
	}
	if !plan.StartSSH.IsNull() && !plan.StartSSH.IsUnknown() {
		req.StartSSH = plan.StartSSH.ValueBoolPointer()
	}
	if !plan.StartJupyter.IsNull() && !plan.StartJupyter.IsUnknown() {
		req.StartJupyter = plan.StartJupyter.ValueBoolPointer()
	}
	return req, diags
}

// gpuToCreate is the create body's gpu from a known gpu block; the
// preference list (type_ids) is not sent, the plan has chosen type_id.
func gpuToCreate(ctx context.Context, block types.Object) (*runpod.CreatePodGPU, diag.Diagnostics) {
	var g gpuModel
	diags := block.As(ctx, &g, tfvalue.ObjectAsOptions)
	out := &runpod.CreatePodGPU{
		ID: g.TypeID.ValueString(), Count: int(g.Count.ValueInt64()), MinCudaVersion: g.MinCudaVersion.ValueString(),
		MinRAMPerGPU: int(g.MinRAMPerGPU.ValueInt64()), MinVCPUCountPerGPU: int(g.MinVCPUCountPerGPU.ValueInt64()),
	}
	cuda, d := tfvalue.Strings(ctx, g.AllowedCudaVersions)
	diags.Append(d...)
	if len(cuda) > 0 {
		slices.Sort(cuda)
		out.AllowedCudaVersions = cuda
	}
	return out, diags
}

// planMounts reads the persistent_volume and network_volume blocks into
// the API's shape (empty when neither is set or known).
func planMounts(ctx context.Context, m podModel) (runpod.Mounts, diag.Diagnostics) {
	var diags diag.Diagnostics
	var out runpod.Mounts
	if tfvalue.Known(m.PersistentVolume) {
		var pv containerschema.PersistentVolumeModel
		diags.Append(m.PersistentVolume.As(ctx, &pv, tfvalue.ObjectAsOptions)...)
		out.Persistent = &runpod.PersistentMount{Size: int(pv.SizeGB.ValueInt64()), Path: pv.Path.ValueString()}
	}
	if nv, ok := networkVolumeOf(ctx, m.NetworkVolume, &diags); ok {
		out.Network = []runpod.NetworkMount{{VolumeID: nv.VolumeID.ValueString(), Path: nv.Path.ValueString()}}
	}
	return out, diags
}

// toUpdateRequest builds a PATCH body with what differs between plan and
// state among the fields the API can change in place; changed is false when
// there is nothing to send. live is the pod as read just before: a sent env
// replaces the whole map, so the injected keys it carries (SSH keys, the
// Jupyter password) are sent back unless the configuration owns them.
// Locked is left to the caller, which orders it around a stop.
func toUpdateRequest(ctx context.Context, plan, state podModel, live *runpod.Pod) (req runpod.UpdatePodRequest, changed bool, diags diag.Diagnostics) {
	set := func() { changed = true }
	if !plan.Name.Equal(state.Name) {
		req.Name = runpod.Set(plan.Name.ValueString())
		set()
	}
	if tfvalue.Known(plan.Image) && !plan.Image.Equal(state.Image) {
		req.Image = runpod.Set(plan.Image.ValueString())
		set()
	}
	if tfvalue.Known(plan.Args) && !plan.Args.Equal(state.Args) {
		req.Args = runpod.Set(plan.Args.ValueString())
		set()
	}
	if tfvalue.Known(plan.ContainerDiskGB) && !plan.ContainerDiskGB.Equal(state.ContainerDiskGB) {
		req.Disk = runpod.Set(int(plan.ContainerDiskGB.ValueInt64()))
		set()
	}
	if tfvalue.Known(plan.Ports) && !plan.Ports.Equal(state.Ports) {
		ports, d := tfvalue.Strings(ctx, plan.Ports)
		diags.Append(d...)
		req.Ports = runpod.Set(ports)
		set()
	}
	if tfvalue.Known(plan.Env) && !plan.Env.Equal(state.Env) {
		env, d := envToSend(ctx, plan, state, live)
		diags.Append(d...)
		req.Env = runpod.Set(env)
		set()
	}
	if !plan.RegistryAuthID.IsUnknown() && !plan.RegistryAuthID.Equal(state.RegistryAuthID) {
		req.Registry = runpod.Set(plan.RegistryAuthID.ValueStringPointer())
		set()
	}
	if tfvalue.Known(plan.GlobalNetworking) && !plan.GlobalNetworking.Equal(state.GlobalNetworking) {
		req.GlobalNetworking = runpod.Set(plan.GlobalNetworking.ValueBool())
		set()
	}
	mounts, moved, d := movedMount(ctx, plan, state)
	diags.Append(d...)
	if moved {
		req.Mounts = runpod.Set(mounts)
		set()
	}
	return req, changed, diags
}

// envToSend is the whole env a PATCH sends, since a sent env replaces the
// pod's: the configured keys, the injected keys live carries that the
// configuration does not set, and the template's keys it does not
// override. A JUPYTER_PASSWORD that live does not return (Runpod's echo of
// it is undocumented) is state's jupyter_password, so that the pod keeps it.
func envToSend(ctx context.Context, plan, state podModel, live *runpod.Pod) (map[string]string, diag.Diagnostics) {
	env := map[string]string{}
	diags := plan.Env.ElementsAs(ctx, &env, false)
	for _, k := range injectedEnvKeys {
		if _, owned := env[k]; !owned {
			if v, ok := live.Env[k]; ok {
				env[k] = v
			}
		}
	}
	if _, kept := env["JUPYTER_PASSWORD"]; !kept && tfvalue.Known(state.JupyterPassword) {
		env["JUPYTER_PASSWORD"] = state.JupyterPassword.ValueString()
	}
	// The template's keys stay, with the template's values: a key the
	// configuration stops overriding goes back to the template's.
	for k, v := range plan.TemplateEnv {
		if _, owned := env[k]; !owned {
			env[k] = v
		}
	}
	return env, diags
}

// movedMount is the mount to send when only its path changed, which the
// API applies in place (a new size or volume replaces the pod); moved is
// false when no mount path changed.
func movedMount(ctx context.Context, plan, state podModel) (mounts runpod.Mounts, moved bool, diags diag.Diagnostics) {
	pm, d := planMounts(ctx, plan)
	diags.Append(d...)
	sm, d := planMounts(ctx, state)
	diags.Append(d...)
	switch {
	case pm.Persistent != nil && sm.Persistent != nil && pm.Persistent.Path != sm.Persistent.Path:
		return runpod.Mounts{Persistent: pm.Persistent}, true, diags
	case len(pm.Network) == 1 && len(sm.Network) == 1 && pm.Network[0].Path != sm.Network[0].Path:
		return runpod.Mounts{Network: pm.Network}, true, diags
	}
	return runpod.Mounts{}, false, diags
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// timeoutAttrTypes are the timeouts block's attributes (create, update,
// delete), for a null value when there is no prior one.
var timeoutAttrTypes = map[string]attr.Type{
	"create": types.StringType,
	"update": types.StringType,
	"delete": types.StringType,
}
