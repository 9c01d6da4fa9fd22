package endpoint

import (
	"context"
	"sort"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewWorkersDataSource is the runpod_endpoint_workers data source factory.
func NewWorkersDataSource() datasource.DataSource {
	return &datasources.Single[workersModel]{TypeName: "runpod_endpoint_workers", BuildSchema: workersSchema, Fetch: readWorkers}
}

type workersModel struct {
	EndpointID      types.String  `tfsdk:"endpoint_id"`
	Workers         []workerModel `tfsdk:"workers"`
	Summary         *summaryModel `tfsdk:"summary"`
	EndpointVersion types.Int64   `tfsdk:"endpoint_version"`
	ReadyCount      types.Int64   `tfsdk:"ready_count"`
}

// workerModel is one active worker.
type workerModel struct {
	ID            types.String `tfsdk:"id"`
	Status        types.String `tfsdk:"status"`
	IsStale       types.Bool   `tfsdk:"is_stale"`
	Version       types.Int64  `tfsdk:"version"`
	GPUCount      types.Int64  `tfsdk:"gpu_count"`
	GPUTypeID     types.String `tfsdk:"gpu_type_id"`
	DataCenterID  types.String `tfsdk:"data_center_id"`
	Image         types.String `tfsdk:"image"`
	UptimeSeconds types.Int64  `tfsdk:"uptime_seconds"`
	StartedAt     types.String `tfsdk:"started_at"`
}

// summaryModel counts the workers per status, as Runpod sums them up.
type summaryModel struct {
	Idle         types.Int64 `tfsdk:"idle"`
	Running      types.Int64 `tfsdk:"running"`
	Initializing types.Int64 `tfsdk:"initializing"`
	Throttled    types.Int64 `tfsdk:"throttled"`
	Unhealthy    types.Int64 `tfsdk:"unhealthy"`
	Total        types.Int64 `tfsdk:"total"`
}

func workersSchema() schema.Schema {
	str, num := datasources.String, datasources.Int64
	return schema.Schema{
		MarkdownDescription: "Lists the active workers of a serverless endpoint with their status, and how many are " +
			"ready, for checks and outputs (for example a `check` block that warns while `ready_count` is below the " +
			"endpoint's `workers_min`). Workers that have stopped are not listed.",
		Attributes: map[string]schema.Attribute{
			"endpoint_id": datasources.RequiredID("Id of the endpoint, e.g. `runpod_endpoint.inference.id`."),
			"workers": datasources.ListOf("The active workers, sorted by id.", map[string]schema.Attribute{
				"id": str("The worker's id."),
				"status": str("`IDLE` (ready, waiting for a job), `RUNNING` (on a job), `INITIALIZING` (starting), " +
					"`THROTTLED` (waiting for capacity) or `UNHEALTHY` (failing health checks)."),
				"is_stale": datasources.Bool("Whether the worker runs an older release of the endpoint's configuration " +
					"than `endpoint_version`; it is replaced when idle."),
				"version":        num("Release the worker runs, or null until it is placed."),
				"gpu_count":      num("GPUs of the worker (0 on CPU endpoints)."),
				"gpu_type_id":    str("GPU type of the worker's machine, or null until it is placed (and on CPU endpoints)."),
				"data_center_id": str("Data center the worker runs in, or null until it is placed."),
				"image":          str("Container image the worker runs, or null until it is placed."),
				"uptime_seconds": num("Seconds since the worker started, or null until it has."),
				"started_at":     str("When the worker started (RFC 3339, UTC), or null until it has."),
			}),
			"summary": datasources.Object("How many workers are in each status, as Runpod counts them.", map[string]schema.Attribute{
				"idle":         num("Workers ready and waiting for a job."),
				"running":      num("Workers on a job."),
				"initializing": num("Workers starting."),
				"throttled":    num("Workers waiting for capacity."),
				"unhealthy":    num("Workers failing health checks."),
				"total":        num("All active workers."),
			}),
			"endpoint_version": num("The endpoint's current release, or null before its first."),
			"ready_count": num("Workers that can take a job now on the current release: `IDLE` or `RUNNING` and not " +
				"stale. The figure to compare with `workers_min`."),
		},
	}
}

func readWorkers(ctx context.Context, api datasources.Source, cfg workersModel) (workersModel, diag.Diagnostics) {
	id := cfg.EndpointID.ValueString()
	list, err := api.Client.ListEndpointWorkers(ctx, id)
	if err != nil {
		return cfg, diag.Diagnostics{Kind.ChildrenError(path.Root("endpoint_id"), "workers", id, err)}
	}
	return workersFromAPI(cfg.EndpointID, list), nil
}

// workersFromAPI is the data source's view of an endpoint's worker list.
func workersFromAPI(endpointID types.String, list *runpod.EndpointWorkerList) workersModel {
	workers := append([]runpod.Worker(nil), list.Workers...)
	sort.SliceStable(workers, func(i, j int) bool { return workers[i].ID < workers[j].ID })
	out := workersModel{
		EndpointID:      endpointID,
		Workers:         make([]workerModel, len(workers)),
		EndpointVersion: int64Pointer(list.EndpointVersion),
		Summary: &summaryModel{
			Idle:         types.Int64Value(int64(list.Summary.Idle)),
			Running:      types.Int64Value(int64(list.Summary.Running)),
			Initializing: types.Int64Value(int64(list.Summary.Initializing)),
			Throttled:    types.Int64Value(int64(list.Summary.Throttled)),
			Unhealthy:    types.Int64Value(int64(list.Summary.Unhealthy)),
			Total:        types.Int64Value(int64(list.Summary.Total)),
		},
		// The same count the resource's wait_for_ready_workers waits for.
		ReadyCount: types.Int64Value(int64(readyCount(list))),
	}
	for i, w := range workers {
		started := types.StringNull()
		if w.StartedAt != nil {
			started = types.StringValue(w.StartedAt.UTC().Format(time.RFC3339))
		}
		out.Workers[i] = workerModel{
			ID:            types.StringValue(w.ID),
			Status:        types.StringValue(w.Status),
			IsStale:       types.BoolValue(w.IsStale),
			Version:       int64Pointer(w.Version),
			GPUCount:      types.Int64Value(int64(w.GPUCount)),
			GPUTypeID:     types.StringPointerValue(w.GPUTypeID),
			DataCenterID:  types.StringPointerValue(w.DataCenterID),
			Image:         types.StringPointerValue(w.Image),
			UptimeSeconds: int64Pointer(w.UptimeSeconds),
			StartedAt:     started,
		}
	}
	return out
}

func int64Pointer(v *int) types.Int64 {
	if v == nil {
		return types.Int64Null()
	}
	return types.Int64Value(int64(*v))
}
