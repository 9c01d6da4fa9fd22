package endpoint

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/diagnostics"
	"github.com/runpod-tf/terraform-provider-runpod/internal/logmask"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewWorkerLogsDataSource is the runpod_endpoint_worker_logs data source
// factory.
func NewWorkerLogsDataSource() datasource.DataSource {
	return &datasources.Single[workerLogsModel]{TypeName: "runpod_endpoint_worker_logs", BuildSchema: workerLogsSchema, Fetch: readWorkerLogs}
}

// workerLogsModel is the endpoint's and worker's ids and the arguments and
// lines every log data source has (datasources.Logs).
type workerLogsModel struct {
	EndpointID types.String `tfsdk:"endpoint_id"`
	WorkerID   types.String `tfsdk:"worker_id"`
	datasources.Logs
}

func workerLogsSchema() schema.Schema {
	attrs := datasources.LogAttributes()
	attrs["endpoint_id"] = datasources.RequiredID("Id of the endpoint, e.g. `runpod_endpoint.inference.id`.")
	attrs["worker_id"] = datasources.RequiredID("Id of the worker, from the `workers` of the `runpod_endpoint_workers` " +
		"data source.")
	return schema.Schema{
		MarkdownDescription: "The last lines of the log of one worker of a serverless endpoint (its container output, " +
			"Runpod's system log of the host, or both), for diagnostics in outputs and `check` blocks. It reads the " +
			"backfill of `GET /v2/serverless/{id}/workers/{workerId}/logs` and does not wait for new lines. A worker's " +
			"log goes with the worker: only the active workers that `runpod_endpoint_workers` lists have one.\n\n" +
			datasources.LogMaskingNote("the endpoint's `env`"),
		Attributes: attrs,
	}
}

func readWorkerLogs(ctx context.Context, api datasources.Source, m workerLogsModel) (workerLogsModel, diag.Diagnostics) {
	q, diags := m.Query()
	if diags.HasError() {
		return m, diags
	}
	endpointID, workerID := m.EndpointID.ValueString(), m.WorkerID.ValueString()
	// The endpoint's env says which variables hold secrets. Read first, it
	// also tells an unknown endpoint from an unknown worker.
	e, err := Kind.SharedGet(api.Reads, ctx, endpointID)
	if runpod.IsNotFound(err) {
		return m, append(diags, Kind.NotFound(path.Root("endpoint_id"), endpointID))
	}
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read Endpoint", fmt.Sprintf("reading endpoint %s", endpointID), err))
	}
	lines, err := api.Client.GetWorkerLogs(ctx, endpointID, workerID, q)
	if runpod.IsNotFound(err) {
		diags.AddAttributeError(path.Root("worker_id"), "Worker Not Found",
			fmt.Sprintf("Endpoint %s has no active worker with id %q, so there is no log to read: a worker's log goes "+
				"when the worker stops. The runpod_endpoint_workers data source lists the active workers.", endpointID, workerID))
		return m, diags
	}
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read Worker Logs",
			fmt.Sprintf("reading the logs of worker %s of endpoint %s", workerID, endpointID), err))
	}
	logs, dg := m.WithLines(q, lines, logmask.ForEnv(e.Env))
	m.Logs = logs
	return m, append(diags, dg...)
}
