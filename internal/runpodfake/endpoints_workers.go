package runpodfake

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Worker is the fake's model of one endpoint worker, served by workerJSON
// (endpoints_workers_wire.go) as the API's Worker. The nullable fields are
// nil until the worker has started.
type Worker struct {
	ID            string
	Status        string
	IsStale       bool
	Version       *int
	GPUCount      int
	Image         *string
	UptimeSeconds *int
	GPUTypeID     *string
	DataCenterID  *string
	StartedAt     *time.Time
}

// WorkerSummary counts the listed workers per status; Total is all.
type WorkerSummary struct {
	Running      int
	Idle         int
	Initializing int
	Throttled    int
	Unhealthy    int
	Total        int
}

// EndpointWorkerList is the GET /v2/serverless/{id}/workers answer, served
// by workerListJSON.
type EndpointWorkerList struct {
	Workers         []Worker
	Summary         WorkerSummary
	EndpointVersion *int
}

// Release is one configuration version of an endpoint.
type Release struct {
	ID              string
	Version         *int
	Source          string
	BuildID         *string
	CreatedByUserID *string
	WorkerCount     int
	CreatedAt       time.Time
	Diff            []ReleaseDiffEntry
}

// ReleaseDiffEntry is one changed field, with its legacy name.
type ReleaseDiffEntry struct {
	Field string
	Old   any
	New   any
}

// Rollout says how far the newest release has reached the workers.
type Rollout struct {
	InProgress      bool
	WorkersOnLatest int
	WorkersTotal    int
	PercentOnLatest int
}

// EndpointReleases is the GET /v2/serverless/{id}/releases answer, served
// by releasesJSON.
type EndpointReleases struct {
	EndpointVersion *int
	Rollout         Rollout
	Releases        []Release
}

// Worker statuses (spec WorkerStatus).
const (
	WorkerRunning      = "RUNNING"
	WorkerIdle         = "IDLE"
	WorkerInitializing = "INITIALIZING"
	WorkerThrottled    = "THROTTLED"
	WorkerUnhealthy    = "UNHEALTHY"

	// DefaultEndpointWorkerStartDelay is how many worker reads a new worker
	// needs to become IDLE (SetEndpointWorkerStartDelay).
	DefaultEndpointWorkerStartDelay = 2
)

// storedWorker is one simulated worker. It is placed (type, data center)
// when it is created and starts after startLeft reads.
type storedWorker struct {
	id        string
	version   int
	image     string
	gpuCount  int
	gpuType   *string
	dc        *string
	startLeft int
	startedAt *time.Time
	forced    string        // SetEndpointWorkersStatus; "" = natural
	logs      []podLogEvent // what GET .../workers/{workerId}/logs serves
	// env is what the worker booted with: the endpoint's env at its
	// creation, secrets resolved (endpoints_worker_logs.go).
	env map[string]string
}

// log appends one line to the worker's log, stamped now.
func (w *storedWorker) log(now time.Time, source, line string) {
	w.logs = append(w.logs, podLogEvent{seq: int64(len(w.logs) + 1), ts: now, source: source, line: line})
}

// start marks the worker started (IDLE) and logs it.
func (w *storedWorker) start(now time.Time) {
	w.startedAt = &now
	w.log(now, PodLogSourceSystem, "Worker "+w.id+" started")
	w.log(now, PodLogSourceContainer, "Worker ready.")
}

func (w *storedWorker) status() string {
	switch {
	case w.forced != "":
		return w.forced
	case w.startedAt == nil:
		return WorkerInitializing
	default:
		return WorkerIdle
	}
}

func (w *storedWorker) ready() bool {
	st := w.status()
	return st == WorkerIdle || st == WorkerRunning
}

// Worker simulation.
//
// An endpoint keeps min(workers.min, workers.max) workers on its current
// version. A new worker is INITIALIZING and becomes IDLE on the n-th read
// after it was created (n = SetEndpointWorkerStartDelay; 0 = at once). A
// read is a GET of the endpoint's /workers or /releases, each ticking
// every worker once. A release (a container, compute or CUDA change) makes
// the existing workers stale; replacements start at once, and a stale
// worker goes when a replacement is ready (IDLE or RUNNING), so the
// rollout is in progress while any stale worker is listed. Scaling down
// removes the newest workers first.

// SetEndpointWorkerStartDelay sets how many worker reads a new worker needs
// to become IDLE (see above). It applies to workers created afterwards.
func (f *Fake) SetEndpointWorkerStartDelay(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.endpointStartDelay = max(n, 0)
}

// SetEndpointWorkersStatus forces every current worker of an endpoint into
// status (THROTTLED, UNHEALTHY, RUNNING, …) until it is called again;
// "" returns them to their natural state. Workers created later are not
// affected. It reports false for an unknown endpoint and panics on an
// unknown status.
func (f *Fake) SetEndpointWorkersStatus(id, status string) bool {
	if status != "" && !contains([]string{WorkerRunning, WorkerIdle, WorkerInitializing, WorkerThrottled, WorkerUnhealthy}, status) {
		panic("runpodfake: SetEndpointWorkersStatus: unknown status " + status)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[id]
	if !ok {
		return false
	}
	for _, w := range s.workers {
		w.forced = status
	}
	f.reconcileWorkers(s)
	return true
}

// EndpointWorkers returns an endpoint's worker list as the API would,
// without counting as a read.
func (f *Fake) EndpointWorkers(id string) (EndpointWorkerList, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[id]
	if !ok {
		return EndpointWorkerList{}, false
	}
	return f.workerList(s), true
}

// observeWorkers is one read: every initializing worker counts down, then
// the pool is reconciled. Callers hold f.mu.
func (f *Fake) observeWorkers(s *storedEndpoint) {
	now := f.clockNow().Truncate(time.Second)
	for _, w := range s.workers {
		if w.startedAt != nil {
			continue
		}
		if w.startLeft > 0 {
			w.startLeft--
		}
		if w.startLeft == 0 {
			w.start(now)
			f.printWorkerScript(s, w, now)
		}
	}
	f.reconcileWorkers(s)
}

// reconcileWorkers brings the workers on the current version to the
// desired count and retires stale workers that ready replacements cover.
// Callers hold f.mu.
func (f *Fake) reconcileWorkers(s *storedEndpoint) {
	desired := min(s.e.Workers.Min, s.e.Workers.Max)
	var latest, stale []*storedWorker
	for _, w := range s.workers {
		if w.version == s.version {
			latest = append(latest, w)
		} else {
			stale = append(stale, w)
		}
	}
	for len(latest) > desired {
		latest = latest[:len(latest)-1]
	}
	for len(latest) < desired {
		latest = append(latest, f.newWorker(s))
	}
	readyLatest := 0
	for _, w := range latest {
		if w.ready() {
			readyLatest++
		}
	}
	keep := max(0, min(len(stale), desired-readyLatest))
	stale = stale[:keep]
	s.workers = append(stale, latest...)
}

// newWorker starts a worker on the endpoint's current version, placed on
// the first type of the first pool that is not excluded (CPU: no GPU type)
// in the first allowed data center. Callers hold f.mu.
func (f *Fake) newWorker(s *storedEndpoint) *storedWorker {
	w := &storedWorker{id: f.ids.next(), version: s.version, image: s.e.Image, startLeft: f.endpointStartDelay, env: f.bootEnv(s)}
	if g := s.e.GPU; g != nil {
		w.gpuCount = g.Count
		for _, p := range g.Pools {
			for _, t := range f.catalog.poolTypes(p) {
				if w.gpuType == nil && !contains(g.ExcludedTypes, t) {
					w.gpuType = copyString(&t)
				}
			}
		}
	}
	w.dc = copyString(f.workerDC(s, w.gpuType))
	now := f.clockNow().Truncate(time.Second)
	w.log(now, PodLogSourceSystem, "Pulling image "+w.image)
	if w.startLeft == 0 {
		w.start(now)
		f.printWorkerScript(s, w, now)
	}
	return w
}

// workerDC picks a worker's data center: the first of dataCenterIds, else
// the first network volume's, else the first data center with serverless
// stock for the type (or the CPU flavour), else the catalog's first.
// Callers hold f.mu.
func (f *Fake) workerDC(s *storedEndpoint, gpuType *string) *string {
	if len(s.e.DataCenterIDs) > 0 {
		return &s.e.DataCenterIDs[0]
	}
	for _, id := range s.e.NetworkVolumes {
		if v, ok := f.vols[id]; ok {
			return &v.v.DataCenter
		}
	}
	for i := range f.catalog.dcs {
		dc := f.catalog.dcs[i].id
		if gpuType != nil {
			if _, ok := f.catalog.gpuStock[gpuStockKey{*gpuType, "SERVERLESS", "SECURE", dc}]; ok {
				return &dc
			}
		} else if len(s.e.CPU) > 0 {
			if _, ok := f.catalog.cpuStock[cpuStockKey{s.e.CPU[0].ID, "SERVERLESS", dc}]; ok {
				return &dc
			}
		}
	}
	return &f.catalog.dcs[0].id
}

func (f *Fake) workerList(s *storedEndpoint) EndpointWorkerList {
	out := EndpointWorkerList{Workers: []Worker{}, EndpointVersion: intp(s.version)}
	now := f.clockNow()
	for _, w := range s.workers {
		v := Worker{
			ID: w.id, Status: w.status(), IsStale: w.version != s.version, Version: intp(w.version),
			GPUCount: w.gpuCount, Image: copyString(&w.image),
			GPUTypeID: copyString(w.gpuType), DataCenterID: copyString(w.dc),
		}
		if w.startedAt != nil {
			t := *w.startedAt
			v.StartedAt = &t
			v.UptimeSeconds = intp(max(0, int(now.Sub(t).Seconds())))
		}
		switch v.Status {
		case WorkerRunning:
			out.Summary.Running++
		case WorkerIdle:
			out.Summary.Idle++
		case WorkerInitializing:
			out.Summary.Initializing++
		case WorkerThrottled:
			out.Summary.Throttled++
		case WorkerUnhealthy:
			out.Summary.Unhealthy++
		}
		out.Workers = append(out.Workers, v)
	}
	out.Summary.Total = len(out.Workers)
	return out
}

func (f *Fake) listEndpointWorkers(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("endpoint not found")
	}
	f.observeWorkers(s)
	return http.StatusOK, workerListJSON(f.workerList(s)), nil
}

func (f *Fake) listEndpointReleases(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("endpoint not found")
	}
	f.observeWorkers(s)
	return http.StatusOK, releasesJSON(f.releasesView(s)), nil
}

func (f *Fake) releasesView(s *storedEndpoint) EndpointReleases {
	out := EndpointReleases{EndpointVersion: intp(s.version), Releases: []Release{}}
	perVersion := map[int]int{}
	for _, w := range s.workers {
		perVersion[w.version]++
	}
	for i := len(s.releases) - 1; i >= 0; i-- {
		rel := s.releases[i]
		rel.Version = intp(*rel.Version)
		rel.WorkerCount = perVersion[*rel.Version]
		rel.Diff = slices.Clone(rel.Diff)
		out.Releases = append(out.Releases, rel)
	}
	total, onLatest := len(s.workers), perVersion[s.version]
	out.Rollout = Rollout{InProgress: onLatest < total, WorkersOnLatest: onLatest, WorkersTotal: total, PercentOnLatest: 100}
	if total > 0 {
		out.Rollout.PercentOnLatest = onLatest * 100 / total
	}
	return out
}

// addEndpointRelease bumps the version and records a MANUAL release with
// the diff from before (the zero Endpoint for the first release, whose
// diff lists the initial values with old null). Existing workers become
// stale. Callers hold f.mu.
func (f *Fake) addEndpointRelease(s *storedEndpoint, before Endpoint) {
	s.version++
	s.releases = append(s.releases, Release{
		ID: f.ids.next(), Version: intp(s.version), Source: "MANUAL",
		CreatedAt: f.clockNow().Truncate(time.Second), Diff: releaseDiff(before, s.e),
	})
}

// releaseDiff lists the release-making changes from a to b under their
// legacy names (the spec: template.imageName, template.env, locations, …).
// Container fields, the compute selection, CUDA constraints, data centers
// and network volumes make a release; name, workers, scaling, timeout and
// flashboot do not (INFERRED for flashboot). A value that is unset in a
// (a first release) is old null.
func releaseDiff(a, b Endpoint) []ReleaseDiffEntry {
	first := a.ID == ""
	var out []ReleaseDiffEntry
	add := func(field string, old, nu any) {
		oj, nj := strings.TrimSpace(string(encodeJSON(old))), strings.TrimSpace(string(encodeJSON(nu)))
		if oj == nj {
			return
		}
		if first {
			old = nil
		}
		out = append(out, ReleaseDiffEntry{Field: field, Old: old, New: nu})
	}
	add("template.imageName", a.Image, b.Image)
	add("template.dockerArgs", a.Args, b.Args)
	add("template.containerDiskInGb", a.Disk, b.Disk)
	add("template.ports", strings.Join(a.Ports, ","), strings.Join(b.Ports, ","))
	add("template.env", legacyEnv(a.Env), legacyEnv(b.Env))
	add("template.containerRegistryAuthId", a.Registry, b.Registry)
	ga, gb := a.GPU, b.GPU
	if ga == nil {
		ga = &EndpointGPU{}
	}
	if gb == nil {
		gb = &EndpointGPU{}
	}
	add("gpuIds", legacyGPUIDs(ga), legacyGPUIDs(gb))
	add("gpuCount", ga.Count, gb.Count)
	add("allowedCudaVersions", strings.Join(ga.AllowedCudaVersions, ","), strings.Join(gb.AllowedCudaVersions, ","))
	add("minCudaVersion", ga.MinCudaVersion, gb.MinCudaVersion)
	add("instanceIds", legacyInstanceIDs(a.CPU), legacyInstanceIDs(b.CPU))
	add("locations", strings.Join(a.DataCenterIDs, ","), strings.Join(b.DataCenterIDs, ","))
	add("networkVolumeIds", strings.Join(a.NetworkVolumes, ","), strings.Join(b.NetworkVolumes, ","))
	if out == nil {
		out = []ReleaseDiffEntry{}
	}
	return out
}

// legacyEnv is v1's env form: [{key, value}] sorted by key.
func legacyEnv(env map[string]string) []map[string]string {
	out := []map[string]string{}
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		out = append(out, map[string]string{"key": k, "value": env[k]})
	}
	return out
}

// legacyGPUIDs is v1's gpuIds: pools, then "-<type>" exclusions.
func legacyGPUIDs(g *EndpointGPU) string {
	parts := slices.Clone(g.Pools)
	for _, t := range g.ExcludedTypes {
		parts = append(parts, "-"+t)
	}
	return strings.Join(parts, ",")
}

// legacyInstanceIDs is v1's instanceIds: "<flavour>-<vcpu>-<memory>".
func legacyInstanceIDs(cpu []EndpointCPU) []string {
	out := []string{}
	for _, c := range cpu {
		out = append(out, fmt.Sprintf("%s-%d-%d", c.ID, c.VCPUCount, c.Memory))
	}
	return out
}

// Worker logs: GET /v2/serverless/{id}/workers/{workerId}/logs, the same
// SSE contract and query as pod logs (pod_logs.go): the backfill of the
// worker's log, then the response ends. A worker prints a system line when
// it is created and a system and a container line ("Worker ready.") when
// it starts. Logs vanish with the worker: an unknown or terminated worker
// is 404 (INFERRED).
func (f *Fake) getWorkerLogs(w http.ResponseWriter, r *http.Request) {
	q, p := parsePodLogQuery(r)
	if p != nil {
		writeProblem(w, p)
		return
	}
	f.mu.Lock()
	s, ok := f.endpoints[r.PathValue("id")]
	if !ok {
		f.mu.Unlock()
		writeProblem(w, notFound("endpoint not found"))
		return
	}
	var events []podLogEvent
	found := false
	for _, wk := range s.workers {
		if wk.id == r.PathValue("workerId") {
			found = true
			events = q.selectEvents(wk.logs)
		}
	}
	f.mu.Unlock()
	if !found {
		writeProblem(w, notFound("worker not found"))
		return
	}
	writeLogStream(w, events)
}
