package runpodfake

// The endpoint workers answer as the API serves it (API.md §11, spec
// Worker, WorkerSummary, GET /v2/serverless/{endpointId}/workers), built
// from the fake's model; see wire.go.

// workerListJSON is {workers: [Worker], summary: WorkerSummary,
// endpointVersion}.
func workerListJSON(l EndpointWorkerList) wireObject {
	return wireObject{
		{"workers", wireList(l.Workers, workerJSON)},
		{"summary", workerSummaryJSON(l.Summary)},
		{"endpointVersion", l.EndpointVersion},
	}
}

// workerJSON is one Worker; version, image, uptimeSeconds, gpuTypeId,
// dataCenterId and startedAt are null until the worker has started.
func workerJSON(w Worker) wireObject {
	return wireObject{
		{"id", w.ID},
		{"status", w.Status},
		{"isStale", w.IsStale},
		{"version", w.Version},
		{"gpuCount", w.GPUCount},
		{"image", w.Image},
		{"uptimeSeconds", w.UptimeSeconds},
		{"gpuTypeId", w.GPUTypeID},
		{"dataCenterId", w.DataCenterID},
		{"startedAt", w.StartedAt},
	}
}

// workerSummaryJSON counts the listed workers per status and in total.
func workerSummaryJSON(s WorkerSummary) wireObject {
	return wireObject{
		{"running", s.Running},
		{"idle", s.Idle},
		{"initializing", s.Initializing},
		{"throttled", s.Throttled},
		{"unhealthy", s.Unhealthy},
		{"total", s.Total},
	}
}
