package endpoint

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewReleasesDataSource is the runpod_endpoint_releases data source factory.
func NewReleasesDataSource() datasource.DataSource {
	return &datasources.Single[releasesModel]{TypeName: "runpod_endpoint_releases", BuildSchema: releasesSchema, Fetch: readReleases}
}

type releasesModel struct {
	EndpointID      types.String   `tfsdk:"endpoint_id"`
	EndpointVersion types.Int64    `tfsdk:"endpoint_version"`
	Rollout         *rolloutModel  `tfsdk:"rollout"`
	Releases        []releaseModel `tfsdk:"releases"`
}

// rolloutModel is how far the current release has reached the workers.
type rolloutModel struct {
	InProgress      types.Bool  `tfsdk:"in_progress"`
	WorkersOnLatest types.Int64 `tfsdk:"workers_on_latest"`
	WorkersTotal    types.Int64 `tfsdk:"workers_total"`
	PercentOnLatest types.Int64 `tfsdk:"percent_on_latest"`
}

// releaseModel is one configuration version of the endpoint.
type releaseModel struct {
	ID              types.String       `tfsdk:"id"`
	Version         types.Int64        `tfsdk:"version"`
	Source          types.String       `tfsdk:"source"`
	BuildID         types.String       `tfsdk:"build_id"`
	CreatedByUserID types.String       `tfsdk:"created_by_user_id"`
	WorkerCount     types.Int64        `tfsdk:"worker_count"`
	CreatedAt       types.String       `tfsdk:"created_at"`
	Diff            []releaseDiffModel `tfsdk:"diff"`
}

// releaseDiffModel is one changed field; the values are the API's raw JSON.
type releaseDiffModel struct {
	Field types.String `tfsdk:"field"`
	Old   types.String `tfsdk:"old"`
	New   types.String `tfsdk:"new"`
}

func releasesSchema() schema.Schema {
	str, num := datasources.String, datasources.Int64
	return schema.Schema{
		MarkdownDescription: "The release history of a serverless endpoint and how far its current release has rolled " +
			"out to the workers (`GET /v2/serverless/{id}/releases`). Runpod makes a release when the endpoint's container " +
			"(image, args, disk, ports, env, registry), its compute selection, CUDA constraints, data centers or network " +
			"volumes change; workers on an older release are replaced, idle ones at once and busy ones after their job. " +
			"Use it in outputs and `check` blocks, for example to see that a new image has reached every worker " +
			"(`rollout.in_progress` is false).",
		Attributes: map[string]schema.Attribute{
			"endpoint_id": datasources.RequiredID("Id of the endpoint, e.g. `runpod_endpoint.inference.id`."),
			"endpoint_version": num("The endpoint's current configuration version (the `version` of its newest release), " +
				"or null if Runpod does not know it."),
			"rollout": datasources.Object("How far the current version has reached the workers.", map[string]schema.Attribute{
				"in_progress":       datasources.Bool("Whether any worker still runs an older version."),
				"workers_on_latest": num("Workers running the current version."),
				"workers_total":     num("All workers allocated to the endpoint."),
				"percent_on_latest": num("Percentage of the workers on the current version, as Runpod reports it."),
			}),
			"releases": datasources.ListOf("The releases, newest (the current one) first.", map[string]schema.Attribute{
				"id":      str("The release's id."),
				"version": num("The configuration version this release produced, or null if Runpod did not say."),
				"source": str("What made the release: `MANUAL` (a configuration change, such as a Terraform apply) or " +
					"`GIT_BUILD` (a completed GitHub build, see `build_id`)."),
				"build_id":           str("The GitHub build that produced the release (`GIT_BUILD`), or null."),
				"created_by_user_id": str("Id of the user who made the release, or null if Runpod did not say."),
				"worker_count":       num("Workers running this release's version now."),
				"created_at":         str("When the release was made (RFC 3339, UTC)."),
				"diff": datasources.ListOf("The configuration fields the release changed, under Runpod's own (legacy) "+
					"names such as `template.imageName`, `template.env` or `locations`.", map[string]schema.Attribute{
					"field": str("The changed field."),
					"old": str("The previous value as JSON text (decode it with `jsondecode`), or null when the field " +
						"was added."),
					"new": str("The new value as JSON text (decode it with `jsondecode`), or null when the field was " +
						"removed."),
				}),
			}),
		},
	}
}

func readReleases(ctx context.Context, api datasources.Source, cfg releasesModel) (releasesModel, diag.Diagnostics) {
	id := cfg.EndpointID.ValueString()
	list, err := api.Client.ListEndpointReleases(ctx, id)
	if err != nil {
		return cfg, diag.Diagnostics{Kind.ChildrenError(path.Root("endpoint_id"), "releases", id, err)}
	}
	return releasesFromAPI(cfg.EndpointID, list)
}

// releasesFromAPI is the data source's view of an endpoint's releases, in
// the API's order (newest first).
func releasesFromAPI(endpointID types.String, list *runpod.EndpointReleases) (releasesModel, diag.Diagnostics) {
	var diags diag.Diagnostics
	out := releasesModel{
		EndpointID:      endpointID,
		EndpointVersion: int64Pointer(list.EndpointVersion),
		Rollout: &rolloutModel{
			InProgress:      types.BoolValue(list.Rollout.InProgress),
			WorkersOnLatest: types.Int64Value(int64(list.Rollout.WorkersOnLatest)),
			WorkersTotal:    types.Int64Value(int64(list.Rollout.WorkersTotal)),
			PercentOnLatest: types.Int64Value(int64(list.Rollout.PercentOnLatest)),
		},
		Releases: make([]releaseModel, len(list.Releases)),
	}
	for i, r := range list.Releases {
		rel := releaseModel{
			ID:              types.StringValue(r.ID),
			Version:         int64Pointer(r.Version),
			Source:          types.StringValue(r.Source),
			BuildID:         types.StringPointerValue(r.BuildID),
			CreatedByUserID: types.StringPointerValue(r.CreatedByUserID),
			WorkerCount:     types.Int64Value(int64(r.WorkerCount)),
			CreatedAt:       types.StringValue(r.CreatedAt.UTC().Format(time.RFC3339)),
			Diff:            make([]releaseDiffModel, len(r.Diff)),
		}
		for j, d := range r.Diff {
			old, err := rawJSON(d.Old)
			if err != nil {
				diags.AddError("Cannot Read Endpoint Releases", fmt.Sprintf("The old value of %s in release %s: %s", d.Field, r.ID, err))
			}
			nu, err := rawJSON(d.New)
			if err != nil {
				diags.AddError("Cannot Read Endpoint Releases", fmt.Sprintf("The new value of %s in release %s: %s", d.Field, r.ID, err))
			}
			rel.Diff[j] = releaseDiffModel{Field: types.StringValue(d.Field), Old: old, New: nu}
		}
		out.Releases[i] = rel
	}
	return out, diags
}

// rawJSON is a decoded JSON value as JSON text again (compact, with <, >
// and & as they are), or null for JSON null.
func rawJSON(v any) (types.String, error) {
	if v == nil {
		return types.StringNull(), nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return types.StringNull(), err
	}
	return types.StringValue(string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))), nil
}
