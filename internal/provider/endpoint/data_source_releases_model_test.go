package endpoint

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/schemacheck"
)

func TestReleasesAndWorkerLogsSchemasMatchModels(t *testing.T) {
	releases := schemacheck.DataSourceSchema(t, NewReleasesDataSource()).Attributes
	schemacheck.ModelMatches(t, releases, releasesModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, releases["rollout"]), rolloutModel{})
	schemacheck.ModelMatches(t, schemacheck.Nested(t, releases["releases"]), releaseModel{})
	list := schemacheck.Nested(t, releases["releases"])
	schemacheck.ModelMatches(t, schemacheck.Nested(t, list["diff"]), releaseDiffModel{})
	schemacheck.ModelMatches(t, schemacheck.DataSourceSchema(t, NewWorkerLogsDataSource()).Attributes, workerLogsModel{})
}

func TestReleasesFromAPI(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 6, 1, 12, 10, 0, 0, time.FixedZone("x", 3600))
	build := "build_abc123"
	list := &runpod.EndpointReleases{
		EndpointVersion: refOf(4),
		Rollout:         runpod.Rollout{InProgress: true, WorkersOnLatest: 1, WorkersTotal: 2, PercentOnLatest: 50},
		Releases: []runpod.Release{
			{ID: "r4", Version: refOf(4), Source: "GIT_BUILD", BuildID: &build, WorkerCount: 1, CreatedAt: at, Diff: []runpod.ReleaseDiffEntry{
				{Field: "template.imageName", Old: "img:1", New: "img:<2>&"},
				{Field: "workers.max", Old: 5.0, New: 10.0},
				{Field: "template.env", Old: nil, New: []any{map[string]any{"key": "A", "value": "1"}}},
				{Field: "locations", Old: "EU-RO-1", New: nil},
			}},
			{ID: "r3", Source: "MANUAL", Diff: []runpod.ReleaseDiffEntry{}},
		},
	}
	m, diags := releasesFromAPI(types.StringValue("ep"), list)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if m.EndpointVersion.ValueInt64() != 4 || !m.Rollout.InProgress.ValueBool() || m.Rollout.PercentOnLatest.ValueInt64() != 50 ||
		m.Rollout.WorkersTotal.ValueInt64() != 2 || m.Rollout.WorkersOnLatest.ValueInt64() != 1 {
		t.Fatalf("version/rollout %+v %+v", m.EndpointVersion, m.Rollout)
	}
	if len(m.Releases) != 2 || m.Releases[0].ID.ValueString() != "r4" || m.Releases[1].ID.ValueString() != "r3" {
		t.Fatalf("order %+v", m.Releases)
	}
	newest := m.Releases[0]
	if newest.CreatedAt.ValueString() != "2026-06-01T11:10:00Z" || newest.BuildID.ValueString() != build ||
		!newest.CreatedByUserID.IsNull() || newest.WorkerCount.ValueInt64() != 1 || newest.Source.ValueString() != "GIT_BUILD" {
		t.Fatalf("newest %+v", newest)
	}
	want := []releaseDiffModel{
		{types.StringValue("template.imageName"), types.StringValue(`"img:1"`), types.StringValue(`"img:<2>&"`)},
		{types.StringValue("workers.max"), types.StringValue("5"), types.StringValue("10")},
		{types.StringValue("template.env"), types.StringNull(), types.StringValue(`[{"key":"A","value":"1"}]`)},
		{types.StringValue("locations"), types.StringValue(`"EU-RO-1"`), types.StringNull()},
	}
	for i, d := range newest.Diff {
		if !d.Field.Equal(want[i].Field) || !d.Old.Equal(want[i].Old) || !d.New.Equal(want[i].New) {
			t.Errorf("diff[%d] = %v %v %v, want %v %v %v", i, d.Field, d.Old, d.New, want[i].Field, want[i].Old, want[i].New)
		}
	}
	if old := m.Releases[1]; !old.Version.IsNull() || !old.BuildID.IsNull() || len(old.Diff) != 0 || old.Diff == nil {
		t.Fatalf("older release %+v", old)
	}
	// No version known: null, not 0.
	if m, _ := releasesFromAPI(types.StringValue("ep"), &runpod.EndpointReleases{}); !m.EndpointVersion.IsNull() || m.Releases == nil {
		t.Fatalf("empty %+v", m)
	}
}
