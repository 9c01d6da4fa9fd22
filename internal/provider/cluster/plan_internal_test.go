package cluster

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/placement"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/containerschema"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// catalogRead is a hand-written GPU availability read for clusters.
func catalogRead() []runpod.GPUType {
	return []runpod.GPUType{
		{
			ID: "NVIDIA H100 80GB HBM3", Name: "H100 SXM", Memory: 80, Secure: true,
			Price: runpod.GPUPrice{Secure: 2.99}, MaxCount: runpod.GPUMaxCount{Secure: 8},
			DataCenters: []runpod.Availability{{ID: "US-TX-3", Availability: "HIGH"}, {ID: "EU-RO-1", Availability: "NONE"}},
		},
		{
			ID: "NVIDIA H200", Name: "H200 SXM", Memory: 141, Secure: true,
			Price: runpod.GPUPrice{Secure: 3.99}, MaxCount: runpod.GPUMaxCount{Secure: 8},
			DataCenters: []runpod.Availability{{ID: "EU-RO-1", Availability: "LOW"}},
		},
		{
			ID: "NVIDIA RTX A4000", Name: "RTX A4000", Memory: 16, Community: true,
			Price: runpod.GPUPrice{Community: 0.17}, MaxCount: runpod.GPUMaxCount{Community: 4},
		},
	}
}

func clusterPlan(gpu string, perPod, pods int64) resourceModel {
	return resourceModel{clusterModel: clusterModel{
		Name: types.StringValue("train"), GPUTypeID: types.StringValue(gpu),
		GPUCountPerPod: types.Int64Value(perPod), PodCount: types.Int64Value(pods),
	}}
}

func decide(m resourceModel, dcs ...string) *placement.Result {
	return placement.DecideGPU(request(m, dcs), placement.GPUInputs{Types: catalogRead()})
}

func TestCostWarning(t *testing.T) {
	m := clusterPlan("NVIDIA H100 80GB HBM3", 8, 3)
	res := decide(m, "US-TX-3")
	if !res.OK() {
		t.Fatalf("not placeable: %s", res.Detail)
	}
	d := costWarning(m, res, nil)
	want := `Creating cluster "train": pod_count × gpu_count_per_pod = 3 × 8 = 24 GPUs of NVIDIA H100 80GB HBM3 (H100 SXM) ` +
		`at $2.99 per GPU-hour (catalog, Secure Cloud price) = $71.76 per hour (about $1,722.24 per day) from creation until ` +
		`destroyed. Stock for clusters now: US-TX-3 HIGH`
	if d.Severity() != diag.SeverityWarning || d.Summary() != summaryCost+`: "train" at $71.76/h` || !strings.HasPrefix(d.Detail(), want) {
		t.Fatalf("got %s: %s\nwant it to start with %s", d.Summary(), d.Detail(), want)
	}
	if !strings.HasSuffix(d.Detail(), billingNote) {
		t.Errorf("the warning does not end with the billing note: %s", d.Detail())
	}

	// Replacing a cluster that was scaled to 5 in the console.
	d = costWarning(m, res, &replacingMarker{ID: "old1", PodCount: 5, Applied: 2})
	for _, s := range []string{`Replacing cluster "train" (old1) creates a new cluster: pod_count`,
		"The cluster being replaced has 5 pods now, set outside Terraform; the new one has the configured 3."} {
		if !strings.Contains(d.Detail(), s) {
			t.Errorf("replacement warning lacks %q: %s", s, d.Detail())
		}
	}
	// ... and one that was not: no such note.
	d = costWarning(m, res, &replacingMarker{ID: "old1", PodCount: 2, Applied: 2})
	if strings.Contains(d.Detail(), "set outside Terraform") {
		t.Errorf("note about outside scaling without any: %s", d.Detail())
	}
}

func TestPlacementError(t *testing.T) {
	// A GPU not on Secure Cloud: the message must not suggest a cloud
	// argument clusters do not have.
	res := decide(clusterPlan("NVIDIA RTX A4000", 1, 2))
	d := placementError(res, "")
	if res.Outcome != placement.NotInCloud || !strings.Contains(d.Detail(), "Instant Clusters run on Secure Cloud only") ||
		strings.Contains(d.Detail(), "cloud =") {
		t.Errorf("%v: %s", res.Outcome, d.Detail())
	}
	if d, ok := d.(diag.DiagnosticWithPath); !ok || !d.Path().Equal(path.Root("gpu_type_id")) {
		t.Errorf("not on gpu_type_id: %v", d)
	}

	// No stock in the network volume's data center: say why elsewhere is not
	// a simple switch.
	res = decide(clusterPlan("NVIDIA H100 80GB HBM3", 8, 2), "EU-RO-1")
	d = placementError(res, "EU-RO-1")
	for _, s := range []string{"EU-RO-1: NONE", "US-TX-3 (HIGH)", `"NVIDIA H200"`, "the data center of its network volume"} {
		if !strings.Contains(d.Detail(), s) {
			t.Errorf("no-stock error lacks %q: %s", s, d.Detail())
		}
	}

	res = decide(clusterPlan("NVIDIA H100 80GB HBM3", 16, 2))
	if d, ok := placementError(res, "").(diag.DiagnosticWithPath); !ok || !d.Path().Equal(path.Root("gpu_count_per_pod")) {
		t.Errorf("too many GPUs per pod not reported on gpu_count_per_pod: %v", d)
	}
}

func TestAlternativesAfterCapacityRefusal(t *testing.T) {
	gpus := catalogRead()
	alternatives := func(g *runpod.GPUType) string {
		req := request(clusterPlan(g.ID, 8, 2), []string{"EU-RO-1"})
		res := &placement.Result{GPU: g}
		res.AddAlternatives(gpus, req)
		return placement.AlternativesText(res, req)
	}
	got := alternatives(&gpus[0])
	for _, want := range []string{"With stock now:", "NVIDIA H100 80GB HBM3 in other data centers: US-TX-3 (HIGH)",
		"other GPU types with at least 80 GB in the requested data centers (EU-RO-1):", `"NVIDIA H200" (H200 SXM, 141 GB, $3.99 per GPU-hour): EU-RO-1`} {
		if !strings.Contains(got, want) {
			t.Errorf("alternatives lack %q:\n%s", want, got)
		}
	}
	if got := alternatives(&gpus[1]); !strings.Contains(got, "Nothing similar has stock now") {
		t.Errorf("nothing else in stock: got %q", got)
	}
}

func TestCheckTemplateExclusive(t *testing.T) {
	base := resourceModel{
		clusterModel: clusterModel{TemplateID: types.StringNull()},
		Container: containerschema.Container{
			Image: types.StringNull(), Args: types.StringNull(), ContainerDiskGB: types.Int64Null(),
			Env: types.MapNull(types.StringType), Ports: types.SetNull(types.StringType),
		},
		Entrypoint: types.ListNull(types.StringType), Cmd: types.ListNull(types.StringType),
		PersistentVolume: types.ObjectNull(nil), NetworkVolume: types.ObjectNull(nil),
	}
	paths := func(d diag.Diagnostics) []string {
		var out []string
		for _, x := range d.Errors() {
			at := "(no attribute)"
			if p, ok := x.(diag.DiagnosticWithPath); ok {
				at = p.Path().String()
			}
			out = append(out, at+": "+x.Summary())
		}
		return out
	}

	m := base
	if got := paths(checkTemplateExclusive(m)); len(got) != 1 || got[0] != "image: Missing Cluster Image" {
		t.Errorf("neither image nor template: %v", got)
	}
	m.Image = types.StringValue("busybox")
	if got := paths(checkTemplateExclusive(m)); len(got) != 0 {
		t.Errorf("image alone: %v", got)
	}
	// A template id not known yet still excludes the inline settings.
	m.TemplateID = types.StringUnknown()
	m.ContainerDiskGB = types.Int64Value(20)
	got := paths(checkTemplateExclusive(m))
	if len(got) != 2 || got[0] != "image: Conflicting Cluster Settings" || got[1] != "container_disk_gb: Conflicting Cluster Settings" {
		t.Errorf("template with inline settings: %v", got)
	}
}
