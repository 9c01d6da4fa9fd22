package networkvolume

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var testCatalog = []runpod.DataCenter{
	{ID: "EU-RO-1", Name: "EU Romania 1", NetworkVolumeTypes: []string{"STANDARD"}},
	{ID: "EU-SE-1", Name: "EU Sweden 1", NetworkVolumeTypes: []string{}},
	{ID: "US-TX-3", Name: "US Texas 3", NetworkVolumeTypes: []string{"STANDARD", "HIGH_PERFORMANCE"}},
}

func TestPlacementProblem(t *testing.T) {
	tests := []struct {
		dc, tier      string
		wantSummary   string
		wantInDetail  string
		wantDataCente string
	}{
		{"EU-RO-1", "", "", "", "EU-RO-1"},
		{"US-TX-3", "HIGH_PERFORMANCE", "", "", "US-TX-3"},
		{"EU-SE-1", "", "Data Center Offers No Network Storage", `offer network storage: "EU-RO-1", "US-TX-3".`, ""},
		{"XX-1", "", "Unknown Data Center", `"XX-1" is not in Runpod's catalog`, ""},
		{"EU-RO-1", "HIGH_PERFORMANCE", "Data Center Does Not Offer This Storage Tier",
			`offers "STANDARD" network volumes, not HIGH_PERFORMANCE. Data centers that offer HIGH_PERFORMANCE network storage: "US-TX-3".`, ""},
	}
	for _, tt := range tests {
		dc, p := placementProblem(testCatalog, tt.dc, tt.tier)
		switch {
		case tt.wantSummary == "" && (p != nil || dc == nil || dc.ID != tt.wantDataCente):
			t.Errorf("placementProblem(%s, %q) = %v, %+v; want the data center and no problem", tt.dc, tt.tier, dc, p)
		case tt.wantSummary != "" && (p == nil || p.summary != tt.wantSummary || !strings.Contains(p.detail, tt.wantInDetail)):
			t.Errorf("placementProblem(%s, %q) = %+v; want %q mentioning %q", tt.dc, tt.tier, p, tt.wantSummary, tt.wantInDetail)
		}
	}
}

func model(size int64, dc, tier string) volumeModel {
	m := volumeModel{
		ID: types.StringValue("vol1"), Name: types.StringValue("v"), SizeGB: types.Int64Value(size),
		DataCenterID: types.StringValue(dc), Type: types.StringValue(tier),
	}
	if tier == "?" {
		m.Type = types.StringUnknown()
	}
	return m
}

func TestShrinkError(t *testing.T) {
	state := func(applied, reported int64) resourceModel {
		m := resourceModel{volumeModel: model(applied, "EU-RO-1", "STANDARD"), ReportedSizeGB: types.Int64Value(reported)}
		if reported == 0 {
			m.ReportedSizeGB = types.Int64Null() // a state from before reported_size_gb
		}
		return m
	}
	for _, tt := range []struct {
		want, applied, reported int64
		refused                 string // in the detail; "" = allowed
	}{
		{100, 100, 100, ""},
		{200, 100, 100, ""},
		{100, 100, 0, ""},
		{50, 100, 100, "size_gb = 50 would shrink network volume \"v\" (vol1): it is 100 GB, and Runpod network volumes only grow. Set size_gb = 100"},
		{50, 100, 0, "it is 100 GB"},
		// Grown outside Terraform to 80: the unchanged 50 is allowed, and
		// so are 80 and more; anything else is refused, naming 80.
		{50, 50, 80, ""},
		{80, 50, 80, ""},
		{90, 50, 80, ""},
		{60, 50, 80, "Runpod reports it at 80 GB (reported_size_gb; it was grown outside Terraform"},
		{40, 50, 80, "Set size_gb = 80 to match the volume"},
	} {
		d := shrinkError(model(tt.want, "EU-RO-1", "STANDARD"), state(tt.applied, tt.reported))
		switch {
		case tt.refused == "" && d != nil:
			t.Errorf("size_gb %d (applied %d, reported %d) refused: %v", tt.want, tt.applied, tt.reported, d)
		case tt.refused != "" && (d == nil || d.Summary() != summaryNoShrink || !strings.Contains(d.Detail(), tt.refused) ||
			!strings.Contains(d.Detail(), "terraform destroy -refresh=false")):
			t.Errorf("size_gb %d (applied %d, reported %d) = %v, want the refusal saying %q", tt.want, tt.applied, tt.reported, d, tt.refused)
		}
	}
	unknown := model(100, "EU-RO-1", "STANDARD")
	unknown.SizeGB = types.Int64Unknown()
	if d := shrinkError(unknown, state(200, 200)); d != nil {
		t.Errorf("unknown size refused: %v", d)
	}
}

func TestReplacing(t *testing.T) {
	state := model(100, "EU-RO-1", "STANDARD")
	for _, tt := range []struct {
		plan volumeModel
		want bool
	}{
		{model(200, "EU-RO-1", "STANDARD"), false},
		{model(100, "US-KS-2", "STANDARD"), true},
		{model(100, "EU-RO-1", "HIGH_PERFORMANCE"), true},
		{model(100, "EU-RO-1", "?"), true},
	} {
		if got := replacing(tt.plan, state); got != tt.want {
			t.Errorf("replacing(%v) = %v, want %v", tt.plan, got, tt.want)
		}
	}
}

func TestCreateCostWarningWithUnknowns(t *testing.T) {
	m := model(100, "EU-RO-1", "STANDARD")
	m.DataCenterID = types.StringUnknown()
	if d := costWarning(m, nil).Detail(); !strings.Contains(d, "(100 GB, STANDARD, in a data center known after apply) costs about $7.00 per month") {
		t.Errorf("unknown data center: %s", d)
	}
	m.SizeGB = types.Int64Unknown()
	if d := costWarning(m, nil).Detail(); !strings.Contains(d, "size is known only after apply") || !strings.Contains(d, "$0.07 per GB per month for the first 1000 GB and $0.05 beyond") {
		t.Errorf("unknown size: %s", d)
	}
}

// The model and the schemas name the same attributes, so a field added to one
// and not the other fails here rather than at run time.
func TestModelMatchesSchemas(t *testing.T) {
	ctx := t.Context()
	var want []string
	typ := reflect.TypeOf(volumeModel{})
	for i := range typ.NumField() {
		want = append(want, typ.Field(i).Tag.Get("tfsdk"))
	}
	sort.Strings(want)

	var rs resource.SchemaResponse
	NewResource().Schema(ctx, resource.SchemaRequest{}, &rs)
	var ds datasource.SchemaResponse
	NewDataSource().Schema(ctx, datasource.SchemaRequest{}, &ds)
	// The resource adds its configuration-only arguments, Runpod's size
	// and its cost estimate (resourceModel).
	withPrior := append([]string{"allow_duplicate", "estimated_cost_per_month", "reported_size_gb"}, want...)
	sort.Strings(withPrior)
	for name, c := range map[string]struct{ attrs, want []string }{
		"resource":    {keys(rs.Schema.Attributes), withPrior},
		"data source": {keys(ds.Schema.Attributes), want},
	} {
		if attrs := c.attrs; !reflect.DeepEqual(attrs, c.want) {
			t.Errorf("%s attributes %v, model fields %v", name, attrs, c.want)
		}
	}
	for name, a := range rs.Schema.Attributes {
		if a.GetMarkdownDescription() == "" {
			t.Errorf("resource attribute %s has no description", name)
		}
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
