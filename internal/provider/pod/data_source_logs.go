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
	"github.com/runpod-tf/terraform-provider-runpod/internal/logmask"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

var pathPodID = path.Root("pod_id")

// podLogsModel is the pod's id and the arguments and lines every log data
// source has (datasources.Logs).
type podLogsModel struct {
	PodID types.String `tfsdk:"pod_id"`
	datasources.Logs
}

// NewLogsDataSource is the runpod_pod_logs data source factory.
func NewLogsDataSource() datasource.DataSource {
	return &datasources.Single[podLogsModel]{TypeName: "runpod_pod_logs", BuildSchema: podLogsSchema, Fetch: readPodLogs}
}

func podLogsSchema() schema.Schema {
	attrs := datasources.LogAttributes()
	attrs["pod_id"] = datasources.RequiredID("Id of the pod.")
	return schema.Schema{
		MarkdownDescription: "The last lines of a pod's log (its container output, Runpod's system log of the host, or both), " +
			"for diagnostics in outputs and `check` blocks. It reads the backfill of `GET /v2/pods/{id}/logs` and does not " +
			"wait for new lines.\n\n" +
			datasources.LogMaskingNote("the pod's `env`"),
		Attributes: attrs,
	}
}

func readPodLogs(ctx context.Context, api datasources.Source, m podLogsModel) (podLogsModel, diag.Diagnostics) {
	q, diags := m.Query()
	if diags.HasError() {
		return m, diags
	}
	id := m.PodID.ValueString()
	// The pod's env says which variables hold secrets, whose values the
	// lines must not show.
	p, err := Kind.SharedGet(api.Reads, ctx, id)
	if runpod.IsNotFound(err) {
		return m, append(diags, podNotFound(id))
	}
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read Pod", fmt.Sprintf("reading pod %s", id), err))
	}
	lines, err := api.Client.GetPodLogs(ctx, id, q)
	if runpod.IsNotFound(err) {
		return m, append(diags, podNotFound(id))
	}
	if err != nil {
		return m, append(diags, diagnostics.APIError("Cannot Read Pod Logs", fmt.Sprintf("reading the logs of pod %s", id), err))
	}
	logs, dg := m.WithLines(q, lines, logmask.ForEnv(p.Env))
	m.Logs = logs
	return m, append(diags, dg...)
}

// podNotFound is the error for logs of a pod that does not exist.
func podNotFound(id string) diag.Diagnostic {
	return diag.NewAttributeErrorDiagnostic(pathPodID, "Pod Not Found",
		fmt.Sprintf("No pod with id %q exists in the Runpod account, so it has no logs (terminated pods disappear). "+
			"The runpod_pods data source lists the pods that exist.", id))
}
