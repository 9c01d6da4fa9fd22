package pod

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

func intp(n int) *int       { return &n }
func strp(s string) *string { return &s }

func TestFactsOf(t *testing.T) {
	p := &runpod.Pod{
		ID: "abc123", Status: runpod.PodStatusRunning,
		Ports: []string{"8888/http", "22/tcp", "9000/tcp", "7860/http"},
		Runtime: &runpod.PodRuntime{Ports: []runpod.PortMapping{
			{Private: 8888, Type: "http"},
			{Private: 22, Type: "tcp", Public: intp(20001), IP: strp("203.0.113.9")},
			{Private: 9000, Type: "tcp"},
		}},
		SSH: runpod.PodSSH{Direct: &runpod.SSHEndpoint{Host: "203.0.113.9", Port: 20001, Command: "ssh root@203.0.113.9 -p 20001"}},
	}
	f := factsOf(p)
	if !maps.Equal(f.proxyURLs, map[string]string{"8888": "https://abc123-8888.proxy.runpod.net"}) {
		t.Errorf("proxy URLs %v", f.proxyURLs)
	}
	if !maps.Equal(f.portMappings, map[string]int64{"22": 20001}) {
		t.Errorf("port mappings %v", f.portMappings)
	}
	if !slices.Equal(f.unmapped, []string{"9000/tcp", "7860/http"}) || f.ready() {
		t.Errorf("unmapped %v ready %v", f.unmapped, f.ready())
	}
	if f.publicIP == nil || *f.publicIP != "203.0.113.9" || f.sshDirect == nil {
		t.Errorf("public ip %v ssh %v", f.publicIP, f.sshDirect)
	}

	// 22/tcp mapped but ssh.direct not filled in yet: not ready.
	p.Ports = []string{"22/tcp"}
	p.SSH.Direct = nil
	if f := factsOf(p); f.ready() {
		t.Error("ready without ssh.direct")
	}
	// Not running: nothing is mapped.
	p.Status, p.Runtime = runpod.PodStatusExited, nil
	if f := factsOf(p); len(f.proxyURLs) != 0 || len(f.portMappings) != 0 || f.desired != desiredExited {
		t.Errorf("stopped pod facts %+v", f)
	}
}

func TestDesiredFromStatus(t *testing.T) {
	for status, want := range map[string]string{
		"PROVISIONING": desiredRunning, "STARTING": desiredRunning, "RUNNING": desiredRunning,
		"EXITED": desiredExited, "ERROR": desiredExited,
	} {
		if got := desiredFromStatus(status); got != want {
			t.Errorf("%s: %s, want %s", status, got, want)
		}
	}
}

func TestOwnedEnv(t *testing.T) {
	ctx := context.Background()
	live := map[string]string{"A": "1", "PUBLIC_KEY": "k", "JUPYTER_PASSWORD": "p"}
	none := ownedEnv(ctx, live, types.MapNull(types.StringType))
	if !maps.Equal(none, map[string]string{"A": "1"}) {
		t.Errorf("without prior: %v", none)
	}
	prior := types.MapValueMust(types.StringType, map[string]attr.Value{"PUBLIC_KEY": types.StringValue("k")})
	if got := ownedEnv(ctx, live, prior); !maps.Equal(got, map[string]string{"A": "1", "PUBLIC_KEY": "k"}) {
		t.Errorf("with PUBLIC_KEY configured: %v", got)
	}
}

func TestCudaAtLeast(t *testing.T) {
	for _, c := range []struct {
		have, floor string
		want        bool
	}{{"12.8", "12.4", true}, {"12.4", "12.4", true}, {"12.11", "12.9", true}, {"12.4", "12.6", false}, {"13.0", "12.9", true}, {"", "12.4", false}} {
		if got := cudaAtLeast(c.have, c.floor); got != c.want {
			t.Errorf("cudaAtLeast(%q, %q) = %v", c.have, c.floor, got)
		}
	}
}

func TestPowerOfTwo(t *testing.T) {
	for n, ok := range map[int64]bool{1: false, 2: true, 3: false, 4: true, 6: false, 64: true, 0: false, -2: false} {
		resp := &validator.Int64Response{}
		containerschema.PowerOfTwo().ValidateInt64(context.Background(), validator.Int64Request{Path: path.Root("vcpu_count"), ConfigValue: types.Int64Value(n)}, resp)
		if resp.Diagnostics.HasError() == ok {
			t.Errorf("%d: error=%v", n, resp.Diagnostics.HasError())
		}
	}
}

// The template-aware default: no template means the API default, a new pod
// from a template leaves it to the template, an existing one keeps what it
// has; a configured value always wins.
func TestFromTemplateModifier(t *testing.T) {
	ctx := context.Background()
	var rs resource.SchemaResponse
	NewResource().Schema(ctx, resource.SchemaRequest{}, &rs)
	sch := rs.Schema
	objType := sch.Type().TerraformType(ctx)
	raw := func(templateID *string) tftypes.Value {
		vals := map[string]tftypes.Value{}
		for name, typ := range objType.(tftypes.Object).AttributeTypes {
			vals[name] = tftypes.NewValue(typ, nil)
		}
		if templateID != nil {
			vals["template_id"] = tftypes.NewValue(tftypes.String, *templateID)
		}
		return tftypes.NewValue(objType, vals)
	}
	tmpl := "t1"
	stateArgs := types.StringValue("python serve.py")
	for _, c := range []struct {
		name     string
		template *string
		hasState bool
		config   types.String
		want     types.String
	}{
		{"no template", nil, true, types.StringNull(), types.StringValue("")},
		{"new pod from template", &tmpl, false, types.StringNull(), types.StringUnknown()},
		{"existing pod from template", &tmpl, true, types.StringNull(), stateArgs},
		{"configured", &tmpl, true, types.StringValue("x"), types.StringValue("x")},
	} {
		req := planmodifier.StringRequest{
			ConfigValue: c.config, PlanValue: c.config, StateValue: stateArgs,
			Plan:  tfsdk.Plan{Schema: sch, Raw: raw(c.template)},
			State: tfsdk.State{Schema: sch, Raw: tftypes.NewValue(objType, nil)},
		}
		if c.hasState {
			req.State.Raw = raw(c.template)
		}
		resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
		containerschema.FromTemplateString(types.StringValue("")).PlanModifyString(ctx, req, resp)
		if resp.Diagnostics.HasError() || !resp.PlanValue.Equal(c.want) {
			t.Errorf("%s: planned %v, want %v (%v)", c.name, resp.PlanValue, c.want, resp.Diagnostics)
		}
	}
}
