package endpoint

import (
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/datasources"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// NewDataSource is the runpod_endpoint data source factory.
func NewDataSource() datasource.DataSource {
	return &datasources.Lookup[runpod.Endpoint, endpointModel]{
		Kind:        Kind,
		TypeName:    "runpod_endpoint",
		BuildSchema: dataSourceSchema,
		Describe:    describeEndpoint,
		Convert:     datasources.Converter(dataFromAPI),
	}
}

// dataFromAPI is an endpoint as the data sources show it: the API's view,
// with nothing from a configuration to keep.
func dataFromAPI(e *runpod.Endpoint) endpointModel { return apiView(e, endpointModel{}) }

// describeEndpoint tells endpoints that share a name apart:
// "abc123 (QUEUE on GPU pools ADA_24, AMPERE_48, created 2026-03-01)".
func describeEndpoint(e *runpod.Endpoint) string {
	return fmt.Sprintf("%s (%s on %s, created %s)", e.ID, e.Type, computeOf(e), e.CreatedAt.UTC().Format(time.DateOnly))
}

// dataSourceAttributes describes what the API returns of an endpoint (the
// attributes of endpointModel, named as on the resource), all computed; the
// lookup keys are overridden by the caller.
func dataSourceAttributes() map[string]schema.Attribute {
	str, num, strSet, strMap := datasources.String, datasources.Int64, datasources.StringSet, datasources.StringMap
	return map[string]schema.Attribute{
		"id":                str("The endpoint's id, as in its request URLs."),
		"name":              str("The endpoint's name."),
		"type":              str("`QUEUE` (jobs through Runpod's queue) or `LOAD_BALANCER` (HTTP straight to the workers)."),
		"image":             str("Container image the workers run."),
		"args":              str("Container start command; empty runs the image's own command."),
		"container_disk_gb": num("Container disk of each worker, in GB (ephemeral)."),
		"ports":             strSet("Exposed ports (`N/http` or `N/tcp`)."),
		"env": strMap("Environment variables, as Runpod stores them (plain text; account secrets appear as their " +
			"`{{ RUNPOD_SECRET_<name> }}` references)."),
		"registry_auth_id":      str("Id of the registry credential used to pull the image, or null."),
		"gpu_pools":             datasources.Strings("Serverless GPU pool ids the workers may run on, as Runpod returns them; null on CPU endpoints."),
		"gpu_excluded_type_ids": strSet("GPU type ids left out of `gpu_pools`; null when none (or on CPU endpoints)."),
		"gpu_count":             num("GPUs per worker; null on CPU endpoints."),
		"allowed_cuda_versions": strSet("CUDA versions a worker's machine may have; null means any (or a CPU endpoint)."),
		"min_cuda_version":      str("Lowest CUDA version a worker's machine may have, or null."),
		"cpu": datasources.ListOf("CPU configurations a worker may run on, in order; null on GPU endpoints.", map[string]schema.Attribute{
			"type_id":    str("CPU flavour id, e.g. `cpu5c`."),
			"vcpu_count": num("vCPUs per worker."),
		}),
		"workers_min": num("Active workers: kept running, and billed, around the clock."),
		"workers_max": num("Most workers at once, active and flex. Runpod may lower it by itself on an endpoint that " +
			"sits idle or keeps failing."),
		"idle_timeout_seconds": num("Seconds an idle flex worker stays (and bills) before it stops; null for queue " +
			"endpoints that scale on `REQUEST_COUNT`."),
		"scaler_type":          str("What scales the workers: `QUEUE_DELAY` or `REQUEST_COUNT`."),
		"scaler_value":         datasources.Float64("The scaler's threshold: seconds for `QUEUE_DELAY`, requests for `REQUEST_COUNT`."),
		"data_center_ids":      strSet("Data centers the workers may run in; null means any."),
		"network_volume_ids":   strSet("Network volumes mounted at `/runpod-volume`; null when none."),
		"execution_timeout_ms": num("Longest a job may run, in milliseconds."),
		"flashboot":            str("Cold-start acceleration: `OFF`, `FLASHBOOT` or `PRIORITY_FLASHBOOT`."),
		"request_urls": strMap("The endpoint's URLs on `api.runpod.ai`: `run`, `runSync`, `status`, `stream`, `cancel`, " +
			"`retry`, `purgeQueue` and `health` for `QUEUE` endpoints, `base` and `health` for `LOAD_BALANCER` ones."),
		"created_at": str("When the endpoint was created (RFC 3339, UTC)."),
	}
}

func dataSourceSchema() schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads one serverless endpoint of the account, by id or by a name no other endpoint has, " +
			"with the same attributes as the `runpod_endpoint` resource (those only a configuration knows, such as " +
			"`template_id`, excepted). `runpod_endpoint_workers` shows its workers.",
		Attributes: datasources.WithSharedNameLookupKeys(dataSourceAttributes(), Kind.Noun),
	}
}
