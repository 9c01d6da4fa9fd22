package runpodfake

// The endpoint workers and releases answers as the API serves them (the API reference,
// spec Worker, WorkerSummary, Release, GET /v2/serverless/{id}/workers
// and /releases), built from the fake's model; see wire.go.

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

// releasesJSON is the GET /v2/serverless/{id}/releases answer:
// {endpointVersion, rollout: {inProgress, workersOnLatest, workersTotal,
// percentOnLatest}, releases (newest first)}.
func releasesJSON(r EndpointReleases) wireObject {
	return wireObject{
		{"endpointVersion", r.EndpointVersion},
		{"rollout", wireObject{
			{"inProgress", r.Rollout.InProgress},
			{"workersOnLatest", r.Rollout.WorkersOnLatest},
			{"workersTotal", r.Rollout.WorkersTotal},
			{"percentOnLatest", r.Rollout.PercentOnLatest},
		}},
		{"releases", wireList(r.Releases, releaseJSON)},
	}
}

// releaseJSON is one Release: {id, version, source, buildId,
// createdByUserId, workerCount, createdAt, diff: [{field, old, new}]}.
func releaseJSON(r Release) wireObject {
	return wireObject{
		{"id", r.ID},
		{"version", r.Version},
		{"source", r.Source},
		{"buildId", r.BuildID},
		{"createdByUserId", r.CreatedByUserID},
		{"workerCount", r.WorkerCount},
		{"createdAt", r.CreatedAt},
		{"diff", wireList(r.Diff, func(d ReleaseDiffEntry) wireObject {
			return wireObject{{"field", d.Field}, {"old", d.Old}, {"new", d.New}}
		})},
	}
}
