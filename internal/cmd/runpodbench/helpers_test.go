package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

func TestParseKinds(t *testing.T) {
	ks, err := parseKinds(" secret,template ")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, k := range ks {
		names = append(names, k.name)
	}
	if want := []string{"secret", "template"}; !slices.Equal(names, want) {
		t.Errorf("parseKinds = %v, want %v", names, want)
	}
	for _, bad := range []string{"", "template,template", "template,pod"} {
		if _, err := parseKinds(bad); err == nil {
			t.Errorf("parseKinds(%q) accepted it", bad)
		}
	}
}

func TestWorkspaceConfig(t *testing.T) {
	ks, err := parseKinds("template,secret")
	if err != nil {
		t.Fatal(err)
	}
	cfg := workspaceConfig(ks, 7)
	for _, want := range []string{
		`resource "runpod_template" "bench" {` + "\n  count = 7\n" + `  name  = format("bench-template-%03d", count.index)`,
		`resource "runpod_secret" "bench" {` + "\n  count = 7\n" + `  name  = format("bench_secret_%03d", count.index)`,
		`variable "secret_value" {`,
		`value_wo         = var.secret_value`,
	} {
		if !strings.Contains(cfg, want) {
			t.Errorf("config lacks %q:\n%s", want, cfg)
		}
	}
	if strings.Contains(cfg, "runpod_network_volume") {
		t.Errorf("config has a kind that was not asked for:\n%s", cfg)
	}
	// Go's %03d and Terraform's format() agree, so the names the census
	// looks for are the ones Terraform creates.
	if got := ks[0].objectName(7); got != "bench-template-007" {
		t.Errorf("objectName(7) = %q", got)
	}
}

func TestCountMatching(t *testing.T) {
	reqs := []runpodfake.Request{
		{Method: "GET", Path: "/v2/templates/abc", Status: 200},
		{Method: "GET", Path: "/v2/templates", Status: 200},
		{Method: "POST", Path: "/v2/templates", Status: 429},
		{Method: "POST", Path: "/v2/templates", Status: 201},
		{Method: "DELETE", Path: "/v2/templates/abc", Status: 204},
		{Method: "GET", Path: "/v2/templates/abc/extra", Status: 404},
		{Method: "GET", Path: "/v2/templates/", Status: 404},
	}
	for _, c := range []struct {
		method, pattern string
		want            int
	}{
		{"GET", "/v2/templates/{id}", 1},
		{"GET", "/v2/templates", 1},
		{"GET", "", 4},
		{"", "/v2/templates/{id}", 2},
		{"", "", 7},
	} {
		if got := countMatching(reqs, c.method, c.pattern); got != c.want {
			t.Errorf("countMatching(%q, %q) = %d, want %d", c.method, c.pattern, got, c.want)
		}
	}
	tmpl, _ := kindNamed("template")
	if got := created(reqs, tmpl); got != 1 {
		t.Errorf("created = %d, want 1 (the 429 made nothing)", got)
	}
	if got := deleted(reqs, tmpl); got != 1 {
		t.Errorf("deleted = %d, want 1", got)
	}
}

func TestMedian(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		in   []time.Duration
		want time.Duration
	}{
		{nil, 0},
		{[]time.Duration{3 * s}, 3 * s},
		{[]time.Duration{9 * s, 1 * s, 2 * s}, 2 * s},
		{[]time.Duration{4 * s, 1 * s, 2 * s, 9 * s}, 3 * s},
	} {
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestTakeCensus(t *testing.T) {
	f := runpodfake.New()
	vol, _ := kindNamed("network_volume")
	for _, name := range []string{"bench-volume-000", "bench-volume-000", "bench-volume-002", "other"} {
		f.SeedNetworkVolume(runpodfake.NetworkVolume{Name: name, Size: 10, DataCenter: volumeDataCenter, Type: "STANDARD"})
	}
	c := takeCensus(f, vol, 3)
	if c.names != 2 || c.objects != 3 || c.missing() != 1 || c.duplicates() != 1 || c.complete() {
		t.Errorf("census = %+v (missing %d, duplicates %d)", c, c.missing(), c.duplicates())
	}
}

func TestCPUModel(t *testing.T) {
	info := "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t\t: fpu\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n"
	if got := cpuModel(info); got != "AMD EPYC 7B13" {
		t.Errorf("cpuModel = %q", got)
	}
	if got := cpuModel("processor\t: 0\nFeatures\t: fp asimd\n"); got != "" {
		t.Errorf("cpuModel without a model name = %q", got)
	}
}

func TestErrorLines(t *testing.T) {
	out := "runpod_template.bench[0]: Creating...\n" +
		"╷\n│ Error: Rate Limited by the Runpod API\n│ \n│   with runpod_template.bench[3],\n╵\n" +
		"\nError: Too many command line arguments\n" +
		"Warning: Network volume cost\n"
	want := []string{"Error: Rate Limited by the Runpod API", "Error: Too many command line arguments"}
	if got := errorLines(out); !slices.Equal(got, want) {
		t.Errorf("errorLines = %q, want %q", got, want)
	}
}

func TestParseVersion(t *testing.T) {
	got, err := parseVersion([]byte(`{"terraform_version": "1.12.6", "platform": "linux_amd64", "provider_selections": {}}`))
	if err != nil || got != "1.12.6" {
		t.Errorf("parseVersion = %q, %v", got, err)
	}
	if _, err := parseVersion([]byte("Terraform v1.15.0")); err == nil {
		t.Error("parseVersion accepted text output")
	}
}

func TestByRoute(t *testing.T) {
	reqs := []runpodfake.Request{
		{Method: "GET", Path: "/v2/templates/abc"},
		{Method: "GET", Path: "/v2/templates/def"},
		{Method: "GET", Path: "/v2/templates"},
		{Method: "POST", Path: "/v2/templates"},
		{Method: "DELETE", Path: "/v2/account/secrets/s1"},
		{Method: "GET", Path: "/v2/catalog/gpus"},
	}
	ks, err := parseKinds("template,secret")
	if err != nil {
		t.Fatal(err)
	}
	got := byRoute(reqs, ks)
	want := []routeCount{
		{"GET /v2/templates/{id}", 2},
		{"DELETE /v2/account/secrets/{id}", 1},
		{"GET /v2/catalog/gpus", 1},
		{"GET /v2/templates", 1},
		{"POST /v2/templates", 1},
	}
	if !slices.Equal(got, want) {
		t.Errorf("byRoute = %v, want %v", got, want)
	}
}

// Each workspace of the many-workspaces mode names its objects apart (one
// account holds them all) and adds one pod.
func TestManyConfig(t *testing.T) {
	ks, err := parseKinds("template,secret")
	if err != nil {
		t.Fatal(err)
	}
	cfg := manyConfig(ks, 10, 3)
	for _, want := range []string{
		`name  = format("bench3-template-%03d", count.index)`,
		`name  = format("bench3_secret_%03d", count.index)`,
		`resource "runpod_pod" "bench" {` + "\n  count = 1\n" + `  name  = format("bench3-pod-%03d", count.index)`,
		`type_id = "NVIDIA GeForce RTX 4090"`,
	} {
		if !strings.Contains(cfg, want) {
			t.Errorf("config lacks %q:\n%s", want, cfg)
		}
	}
	if got := (groupPhase{served: 45}).bound(30, 2*time.Second); got != 3*time.Second {
		t.Errorf("bound of 45 requests at 30 per 2 s = %v, want 3s", got)
	}
}
