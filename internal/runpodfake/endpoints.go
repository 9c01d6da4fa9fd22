package runpodfake

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"
)

// Serverless endpoints (/v2/serverless): CRUD, the endpoint's bound
// template, simulated workers and releases. Workers are simulated like pod
// status (pods_lifecycle.go): counted reads, no goroutines, no sleeps. See
// endpoints_workers.go.

// Endpoint is the fake's model of a serverless endpoint, served as
// endpoints_wire.go declares. Exactly one of GPU and CPU is
// set. There is no template id, status or worker count on it.
type Endpoint struct {
	ID             string
	Name           string
	Type           string
	RequestURLs    map[string]string
	Image          string
	Args           string
	Disk           int
	Ports          []string
	Env            map[string]string
	Registry       *string
	GPU            *EndpointGPU
	CPU            []EndpointCPU
	Workers        EndpointWorkers
	Scaling        EndpointScaling
	DataCenterIDs  []string
	NetworkVolumes []string
	Timeout        int
	FlashBoot      string
	CreatedAt      time.Time
}

// EndpointGPU is a GPU endpoint's placement: pool ids minus excluded GPU
// type ids, GPUs per worker and the CUDA constraints (an empty
// AllowedCudaVersions means any, a nil MinCudaVersion no floor).
type EndpointGPU struct {
	Pools               []string
	ExcludedTypes       []string
	Count               int
	AllowedCudaVersions []string
	MinCudaVersion      *string
}

// EndpointCPU is one eligible CPU configuration; Memory (GB) is derived
// from the flavour's catalog RAM per vCPU.
type EndpointCPU struct {
	ID        string
	VCPUCount int
	Memory    int
}

// EndpointWorkers is the scaling range. IdleTimeout is nil (omitted) for
// QUEUE + REQUEST_COUNT endpoints.
type EndpointWorkers struct {
	Min         int
	Max         int
	IdleTimeout *int
}

// EndpointScaling is QUEUE_DELAY with QueueDelay (seconds) or
// REQUEST_COUNT with RequestCount.
type EndpointScaling struct {
	Type         string
	QueueDelay   *float64
	RequestCount *int
}

// Endpoint enums and defaults (the spec's endpoint schemas).
// DefaultEndpointDisk is INFERRED: the v2 spec gives no container disk
// default for endpoints; the fake uses the console's serverless default.
const (
	EndpointTypeQueue        = "QUEUE"
	EndpointTypeLoadBalancer = "LOAD_BALANCER"
	ScalingQueueDelay        = "QUEUE_DELAY"
	ScalingRequestCount      = "REQUEST_COUNT"
	FlashBootOff             = "OFF"

	DefaultEndpointWorkersMin  = 0
	DefaultEndpointWorkersMax  = 3
	DefaultEndpointIdleTimeout = 10
	DefaultEndpointTimeout     = 300000
	DefaultEndpointDisk        = 5
	DefaultEndpointGPUCount    = 1

	endpointJobHost = "https://api.runpod.ai"
)

type storedEndpoint struct {
	e        Endpoint // IdleTimeout is always set here; the view omits it
	seq      int64
	template string // bound template id
	version  int
	releases []Release // oldest first
	workers  []*storedWorker
}

// Request schemas, written from the spec's CreateEndpointRequest and
// UpdateEndpointRequest. What the small schema language cannot say (the
// scaling union, LOAD_BALANCER's scaler, image-unless-templateId,
// uniqueItems, excludedTypes needing pools, queueDelay's float minimum) is
// checked by endpointSchemaRules and also answers 422.
var (
	endpointContainerProps = map[string]*schema{
		"args":     sString(),
		"disk":     sIntMin(1),
		"env":      sStringMap(),
		"image":    sString(),
		"ports":    sArray(sString()),
		"registry": sNullable(sString()),
	}

	endpointScalingSchema = sObject(map[string]*schema{
		"type":         sEnum(ScalingQueueDelay, ScalingRequestCount),
		"queueDelay":   {types: []string{"number"}},
		"requestCount": sIntMin(1),
	}, "type")

	endpointWorkersSchema = sObject(map[string]*schema{
		"min":         sIntMin(0),
		"max":         sIntMin(0),
		"idleTimeout": {types: []string{"integer"}, minimum: int64p(1), maximum: int64p(3600)},
	})

	endpointCPUSchema = func() *schema {
		s := sArray(sObject(map[string]*schema{
			"id":        sNonEmpty(),
			"vcpuCount": sIntMin(2),
		}, "id", "vcpuCount"))
		s.minItems = intp(1)
		return s
	}()

	endpointGPUProps = func(minCuda *schema) map[string]*schema {
		pools := sArray(sString())
		pools.minItems = intp(1)
		return map[string]*schema{
			"pools":               pools,
			"excludedTypes":       sArray(sPattern(`^\s*[^-\s]`)),
			"count":               sIntMin(1),
			"allowedCudaVersions": sArray(sPattern(cudaVersionPattern)),
			"minCudaVersion":      minCuda,
		}
	}

	endpointFieldProps = map[string]*schema{
		"cpu":            endpointCPUSchema,
		"dataCenterIds":  sArray(sString()),
		"flashboot":      sEnum("OFF", "FLASHBOOT", "PRIORITY_FLASHBOOT"),
		"networkVolumes": sArray(sString()),
		"scaling":        endpointScalingSchema,
		"timeout":        {types: []string{"integer"}},
		"workers":        endpointWorkersSchema,
	}

	createEndpointSchema = sObject(merge(endpointContainerProps, endpointFieldProps, map[string]*schema{
		"name":       sNonEmpty(),
		"type":       sEnum(EndpointTypeQueue, EndpointTypeLoadBalancer),
		"templateId": sNonEmpty(),
		"gpu":        sObject(endpointGPUProps(sPattern(cudaVersionPattern)), "pools"),
	}), "name", "type", "scaling")

	updateEndpointSchema = sObject(merge(endpointContainerProps, endpointFieldProps, map[string]*schema{
		"name":       sNonEmpty(),
		"templateId": sString(),
		"gpu":        sObject(endpointGPUProps(sPattern(`^$|^\d+\.\d+$`))),
	}))
)

type endpointGPUBody struct {
	Pools               *[]string `json:"pools"`
	ExcludedTypes       *[]string `json:"excludedTypes"`
	Count               *int      `json:"count"`
	AllowedCudaVersions *[]string `json:"allowedCudaVersions"`
	MinCudaVersion      *string   `json:"minCudaVersion"`
}

type endpointCPUBody struct {
	ID        string `json:"id"`
	VCPUCount int    `json:"vcpuCount"`
}

type endpointScalingBody struct {
	Type         string   `json:"type"`
	QueueDelay   *float64 `json:"queueDelay"`
	RequestCount *int     `json:"requestCount"`
}

type endpointWorkersBody struct {
	Min         *int `json:"min"`
	Max         *int `json:"max"`
	IdleTimeout *int `json:"idleTimeout"`
}

// endpointBody is a decoded create or update body; nil means absent.
// registry's explicit null is read from the raw map.
type endpointBody struct {
	Name           *string              `json:"name"`
	Type           *string              `json:"type"`
	TemplateID     *string              `json:"templateId"`
	Image          *string              `json:"image"`
	Args           *string              `json:"args"`
	Disk           *int                 `json:"disk"`
	Ports          *[]string            `json:"ports"`
	Env            *map[string]string   `json:"env"`
	Registry       *string              `json:"registry"`
	GPU            *endpointGPUBody     `json:"gpu"`
	CPU            *[]endpointCPUBody   `json:"cpu"`
	Workers        *endpointWorkersBody `json:"workers"`
	Scaling        *endpointScalingBody `json:"scaling"`
	DataCenterIDs  *[]string            `json:"dataCenterIds"`
	NetworkVolumes *[]string            `json:"networkVolumes"`
	Timeout        *int                 `json:"timeout"`
	FlashBoot      *string              `json:"flashboot"`
}

func (f *Fake) endpointRoutes() {
	f.handle("GET /v2/serverless", f.listEndpoints)
	f.handle("POST /v2/serverless", f.createEndpoint)
	f.handle("GET /v2/serverless/{id}", f.getEndpoint)
	f.handle("PATCH /v2/serverless/{id}", f.updateEndpoint)
	f.handle("DELETE /v2/serverless/{id}", f.deleteEndpointHandler)
	f.handle("GET /v2/serverless/{id}/workers", f.listEndpointWorkers)
	f.handle("GET /v2/serverless/{id}/releases", f.listEndpointReleases)
	f.mux.HandleFunc("GET /v2/serverless/{id}/workers/{workerId}/logs", f.getWorkerLogs)
}

// endpointSchemaRules are the schema constraints of the spec that the
// schema helpers cannot express; each violation is a 422 like the others.
func endpointSchemaRules(raw map[string]any, create bool) *problem {
	var errs []string
	if sc, ok := raw["scaling"].(map[string]any); ok {
		typ, _ := sc["type"].(string)
		want, other := "queueDelay", "requestCount"
		if typ == ScalingRequestCount {
			want, other = "requestCount", "queueDelay"
		}
		if !has(sc, want) {
			errs = append(errs, fmt.Sprintf("$.scaling: missing property '%s' (required with type %s)", want, typ))
		}
		if has(sc, other) {
			errs = append(errs, fmt.Sprintf("$.scaling: additional properties '%s' not allowed with type %s", other, typ))
		}
		if n, ok := sc["queueDelay"].(json.Number); ok {
			if v, err := n.Float64(); err == nil && v < 0.5 {
				errs = append(errs, fmt.Sprintf("$.scaling.queueDelay: minimum: got %s, want 0.5", n))
			}
		}
		if create && raw["type"] == EndpointTypeLoadBalancer && typ == ScalingQueueDelay {
			errs = append(errs, "$.scaling.type: value must be 'REQUEST_COUNT' for a LOAD_BALANCER endpoint")
		}
	}
	if create && !has(raw, "templateId") && !has(raw, "image") {
		errs = append(errs, "$: missing property 'image' (required unless templateId is set)")
	}
	if g, ok := raw["gpu"].(map[string]any); ok {
		if !create && has(g, "excludedTypes") && !has(g, "pools") {
			errs = append(errs, "$.gpu: property 'excludedTypes' requires property 'pools'")
		}
		if dup := firstDuplicate(g["excludedTypes"]); dup != "" {
			errs = append(errs, "$.gpu.excludedTypes: items must be unique ("+dup+" repeats)")
		}
	}
	if dup := firstDuplicate(raw["cpu"]); dup != "" {
		errs = append(errs, "$.cpu: items must be unique ("+dup+" repeats)")
	}
	if len(errs) > 0 {
		return unprocessable(errs...)
	}
	return nil
}

// firstDuplicate returns the JSON of the first repeated item of an array,
// or "".
func firstDuplicate(v any) string {
	items, _ := v.([]any)
	seen := map[string]bool{}
	for _, it := range items {
		k := string(encodeJSON(it))
		k = strings.TrimSpace(k)
		if seen[k] {
			return k
		}
		seen[k] = true
	}
	return ""
}

func decodeEndpointBody(body []byte, create bool) (*endpointBody, map[string]any, *problem) {
	s := updateEndpointSchema
	if create {
		s = createEndpointSchema
	}
	var b endpointBody
	raw, p := decodeStrict(body, s, &b)
	if p != nil {
		return nil, nil, p
	}
	if p := endpointSchemaRules(raw, create); p != nil {
		return nil, nil, p
	}
	return &b, raw, nil
}

func (f *Fake) sortedEndpoints() []*storedEndpoint {
	all := make([]*storedEndpoint, 0, len(f.endpoints))
	for _, s := range f.endpoints {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	return all
}

func (f *Fake) listEndpoints(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Endpoint{}
	for _, s := range f.sortedEndpoints() {
		out = append(out, s.view())
	}
	return http.StatusOK, map[string]any{"endpoints": endpointsJSON(out)}, nil
}

func (f *Fake) getEndpoint(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("endpoint not found")
	}
	return http.StatusOK, endpointJSON(s.view()), nil
}

// view is the model of what the API returns: empty lists and maps as []
// and {}, request URLs derived from the id and type, idleTimeout nil (left
// out) for QUEUE + REQUEST_COUNT.
func (s *storedEndpoint) view() Endpoint {
	e := cloneEndpoint(s.e)
	if e.Ports == nil {
		e.Ports = []string{}
	}
	if e.Env == nil {
		e.Env = map[string]string{}
	}
	if e.DataCenterIDs == nil {
		e.DataCenterIDs = []string{}
	}
	if e.NetworkVolumes == nil {
		e.NetworkVolumes = []string{}
	}
	if e.GPU != nil && e.GPU.AllowedCudaVersions == nil {
		e.GPU.AllowedCudaVersions = []string{}
	}
	if noIdleTimeout(e.Type, e.Scaling.Type) {
		e.Workers.IdleTimeout = nil
	}
	e.RequestURLs = requestURLs(e)
	return e
}

func noIdleTimeout(typ, scaler string) bool {
	return typ == EndpointTypeQueue && scaler == ScalingRequestCount
}

// requestURLs follows the spec's examples: queue endpoints get the job
// routes under api.runpod.ai/v2/<id>, load balancers a host of their own
// whose health path is HEALTH_CHECK_PATH (default /ping).
func requestURLs(e Endpoint) map[string]string {
	if e.Type == EndpointTypeLoadBalancer {
		base := "https://" + e.ID + ".api.runpod.ai"
		path := e.Env["HEALTH_CHECK_PATH"]
		if path == "" {
			path = "/ping"
		}
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		return map[string]string{"base": base, "health": base + path}
	}
	base := endpointJobHost + "/v2/" + e.ID
	return map[string]string{
		"run":        base + "/run",
		"runSync":    base + "/runsync",
		"status":     base + "/status/{job_id}",
		"stream":     base + "/stream/{job_id}",
		"cancel":     base + "/cancel/{job_id}",
		"retry":      base + "/retry/{job_id}",
		"purgeQueue": base + "/purge-queue",
		"health":     base + "/health",
	}
}

func cloneEndpoint(e Endpoint) Endpoint {
	e.Ports = slices.Clone(e.Ports)
	e.Env = maps.Clone(e.Env)
	e.Registry = copyString(e.Registry)
	if e.GPU != nil {
		g := *e.GPU
		g.Pools = slices.Clone(g.Pools)
		g.ExcludedTypes = slices.Clone(g.ExcludedTypes)
		g.AllowedCudaVersions = slices.Clone(g.AllowedCudaVersions)
		g.MinCudaVersion = copyString(g.MinCudaVersion)
		e.GPU = &g
	}
	e.CPU = slices.Clone(e.CPU)
	if e.Workers.IdleTimeout != nil {
		n := *e.Workers.IdleTimeout
		e.Workers.IdleTimeout = &n
	}
	if e.Scaling.QueueDelay != nil {
		v := *e.Scaling.QueueDelay
		e.Scaling.QueueDelay = &v
	}
	if e.Scaling.RequestCount != nil {
		v := *e.Scaling.RequestCount
		e.Scaling.RequestCount = &v
	}
	e.DataCenterIDs = slices.Clone(e.DataCenterIDs)
	e.NetworkVolumes = slices.Clone(e.NetworkVolumes)
	e.RequestURLs = maps.Clone(e.RequestURLs)
	return e
}

func (f *Fake) createEndpoint(r *http.Request, body []byte) (int, any, *problem) {
	b, raw, p := decodeEndpointBody(body, true)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, p := f.buildEndpoint(b, raw)
	if p != nil {
		return 0, nil, p
	}
	return http.StatusCreated, endpointJSON(s.view()), nil
}

// resolveEndpointTemplate looks up a templateId for create or PATCH: an
// unknown id (or one the caller cannot read) is 404, a template that is not
// serverless 422. A public template's registry is not the caller's, so it
// does not come along. Callers hold f.mu.
func (f *Fake) resolveEndpointTemplate(id string) (*Template, *problem) {
	s, ok := f.tmpls[id]
	if !ok {
		return nil, notFound("template %q not found", id)
	}
	if !s.t.Serverless {
		return nil, unprocessable(fmt.Sprintf("$.templateId: template %s is not a serverless template", id))
	}
	t := cloneTemplate(s.t)
	if !s.owned() {
		t.Registry = nil
	}
	return &t, nil
}

// applyEndpointContainer applies a template (if any) and then the body's
// container fields to e: body fields win, env merges per key (body wins)
// and, when either supplies env, replaces e's env. Callers hold f.mu.
func (f *Fake) applyEndpointContainer(e *Endpoint, tmpl *Template, b *endpointBody, raw map[string]any) *problem {
	if tmpl != nil {
		e.Image, e.Args, e.Disk = tmpl.Image, tmpl.Args, tmpl.Disk
		e.Ports = slices.Clone(tmpl.Ports)
		e.Registry = copyString(tmpl.Registry)
		e.Env = maps.Clone(tmpl.Env)
		if e.Env == nil {
			e.Env = map[string]string{}
		}
		if b.Env != nil {
			maps.Copy(e.Env, *b.Env)
		}
	} else if b.Env != nil {
		e.Env = maps.Clone(*b.Env)
	}
	if b.Image != nil {
		// INFERRED, as for templates: an empty image cannot be pulled (400).
		if strings.TrimSpace(*b.Image) == "" {
			return badRequest("image must not be empty")
		}
		e.Image = *b.Image
	}
	if b.Args != nil {
		e.Args = *b.Args
	}
	if b.Disk != nil {
		e.Disk = *b.Disk
	}
	if b.Ports != nil {
		for _, port := range *b.Ports {
			if p := checkPort(port); p != nil {
				return p
			}
		}
		e.Ports = slices.Clone(*b.Ports)
	}
	if has(raw, "registry") {
		if isNull(raw, "registry") {
			e.Registry = nil
		} else {
			// INFERRED, as for templates: an unknown credential is 400.
			if _, ok := f.regs[*b.Registry]; !ok {
				return badRequest("registry credential %q not found", *b.Registry)
			}
			e.Registry = copyString(b.Registry)
		}
	}
	return nil
}

// buildEndpoint applies the endpoint create rules and stores
// the endpoint with its bound template and initial workers. Callers hold
// f.mu.
func (f *Fake) buildEndpoint(b *endpointBody, raw map[string]any) (*storedEndpoint, *problem) {
	if (b.GPU == nil) == (b.CPU == nil) {
		return nil, badRequest("exactly one of gpu or cpu is required")
	}
	var tmpl *Template
	if b.TemplateID != nil {
		t, p := f.resolveEndpointTemplate(*b.TemplateID)
		if p != nil {
			return nil, p
		}
		tmpl = t
	}
	e := Endpoint{
		Name: *b.Name, Type: *b.Type, Disk: DefaultEndpointDisk, Env: map[string]string{},
		Workers: EndpointWorkers{Min: DefaultEndpointWorkersMin, Max: DefaultEndpointWorkersMax, IdleTimeout: intp(DefaultEndpointIdleTimeout)},
		Timeout: DefaultEndpointTimeout, FlashBoot: FlashBootOff,
	}
	if p := f.applyEndpointContainer(&e, tmpl, b, raw); p != nil {
		return nil, p
	}
	if b.GPU != nil {
		g := EndpointGPU{Count: DefaultEndpointGPUCount}
		if b.GPU.Count != nil {
			g.Count = *b.GPU.Count
		}
		if p := f.setEndpointPools(&g, *b.GPU.Pools, b.GPU.ExcludedTypes); p != nil {
			return nil, p
		}
		switch {
		case b.GPU.AllowedCudaVersions != nil:
			g.AllowedCudaVersions = slices.Clone(*b.GPU.AllowedCudaVersions)
		case tmpl != nil && b.GPU.MinCudaVersion == nil:
			// The template's set seeds the GPU create's, unless the body
			// sets a floor (the spec: seeding beside a floor would
			// manufacture the mutual-exclusion 400).
			g.AllowedCudaVersions = slices.Clone(tmpl.AllowedCudaVersions)
		}
		if b.GPU.MinCudaVersion != nil {
			g.MinCudaVersion = copyString(b.GPU.MinCudaVersion)
		}
		if p := checkEndpointCuda(&g); p != nil {
			return nil, p
		}
		e.GPU = &g
	} else {
		cpu, p := f.endpointCPU(*b.CPU)
		if p != nil {
			return nil, p
		}
		e.CPU = cpu
	}
	if p := applyEndpointScaling(&e, b, true); p != nil {
		return nil, p
	}
	if b.DataCenterIDs != nil {
		e.DataCenterIDs = slices.Clone(*b.DataCenterIDs)
	}
	if b.NetworkVolumes != nil {
		e.NetworkVolumes = slices.Clone(*b.NetworkVolumes)
	}
	if p := f.checkEndpointPlacement(&e); p != nil {
		return nil, p
	}
	if b.Timeout != nil {
		if *b.Timeout < 1 {
			// INFERRED: the spec gives timeout no bounds; a non-positive
			// execution timeout makes no sense, so it is a rule (400).
			return nil, badRequest("timeout must be a positive number of milliseconds, got %d", *b.Timeout)
		}
		e.Timeout = *b.Timeout
	}
	if b.FlashBoot != nil {
		e.FlashBoot = *b.FlashBoot
	}
	e.ID = f.ids.next()
	e.CreatedAt = f.clockNow().Truncate(time.Second)
	s := &storedEndpoint{e: e, seq: f.nextSeq()}
	f.endpoints[e.ID] = s
	f.bindEndpointTemplate(s)
	f.addEndpointRelease(s, Endpoint{})
	f.reconcileWorkers(s)
	return s, nil
}

// applyEndpointScaling applies workers and scaling from a create or PATCH
// body and checks the rules between them (400): idleTimeout is refused for
// QUEUE + REQUEST_COUNT, min may not exceed max (INFERRED: the spec does
// not say; the console refuses it), and (PATCH only, INFERRED as API.md
// says) a LOAD_BALANCER endpoint cannot scale on QUEUE_DELAY, which a
// create refuses with 422 by schema.
func applyEndpointScaling(e *Endpoint, b *endpointBody, create bool) *problem {
	if b.Scaling != nil {
		if !create && e.Type == EndpointTypeLoadBalancer && b.Scaling.Type == ScalingQueueDelay {
			return badRequest("scaling.type QUEUE_DELAY is not available for a LOAD_BALANCER endpoint; use REQUEST_COUNT")
		}
		e.Scaling = EndpointScaling(*b.Scaling)
	}
	if w := b.Workers; w != nil {
		if w.IdleTimeout != nil && noIdleTimeout(e.Type, e.Scaling.Type) {
			return badRequest("workers.idleTimeout is not applicable to a QUEUE endpoint scaling on REQUEST_COUNT")
		}
		if w.Min != nil {
			e.Workers.Min = *w.Min
		}
		if w.Max != nil {
			e.Workers.Max = *w.Max
		}
		if w.IdleTimeout != nil {
			e.Workers.IdleTimeout = intp(*w.IdleTimeout)
		}
		if e.Workers.Min > e.Workers.Max {
			return badRequest("workers.min (%d) must not exceed workers.max (%d)", e.Workers.Min, e.Workers.Max)
		}
	}
	if e.Workers.IdleTimeout == nil {
		e.Workers.IdleTimeout = intp(DefaultEndpointIdleTimeout)
	}
	return nil
}

// serverlessPools lists the catalog's pool ids in catalog order.
func (c *catalog) serverlessPools() []string {
	var out []string
	for _, g := range c.gpus {
		if g.pool != "" && !contains(out, g.pool) {
			out = append(out, g.pool)
		}
	}
	return out
}

// poolTypes lists the GPU type ids of a pool in catalog order.
func (c *catalog) poolTypes(pool string) []string {
	var out []string
	for _, g := range c.gpus {
		if g.pool == pool {
			out = append(out, g.id)
		}
	}
	return out
}

// setEndpointPools sets a GPU selection: every pool must be a catalog pool
// id, every exclusion (trimmed) a type inside the chosen pools, and at
// least one type must remain; all 400. Callers hold f.mu.
func (f *Fake) setEndpointPools(g *EndpointGPU, pools []string, excluded *[]string) *problem {
	valid := f.catalog.serverlessPools()
	var types []string
	for _, p := range pools {
		if !contains(valid, p) {
			return badRequest("gpu.pools: %q is not a serverless GPU pool id; valid pools are %s (GPU type ids such as \"NVIDIA GeForce RTX 4090\" go in gpu.excludedTypes)",
				p, strings.Join(valid, ", "))
		}
		types = append(types, f.catalog.poolTypes(p)...)
	}
	var ex []string
	if excluded != nil {
		for _, raw := range *excluded {
			t := strings.TrimSpace(raw)
			if !contains(types, t) {
				return badRequest("gpu.excludedTypes: %q is not a GPU type in the selected pools (%s); types there: %s",
					t, strings.Join(pools, ", "), strings.Join(types, ", "))
			}
			if contains(ex, t) {
				return badRequest("gpu.excludedTypes: %q is listed twice", t)
			}
			ex = append(ex, t)
		}
	}
	left := 0
	for _, t := range types {
		if !contains(ex, t) {
			left++
		}
	}
	if left == 0 {
		return badRequest("gpu.excludedTypes excludes every GPU type of the selected pools; keep at least one")
	}
	g.Pools = slices.Clone(pools)
	g.ExcludedTypes = ex
	return nil
}

// checkEndpointCuda: a non-empty CUDA set and a floor are mutually
// exclusive (400).
func checkEndpointCuda(g *EndpointGPU) *problem {
	if len(g.AllowedCudaVersions) > 0 && g.MinCudaVersion != nil {
		return badRequest("gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive: set a non-empty allowedCudaVersions or a minCudaVersion, not both")
	}
	return nil
}

// endpointCPU checks a CPU selection (known flavour, vcpuCount a power of
// two within the flavour's range; 400) and derives each item's memory.
// Callers hold f.mu.
func (f *Fake) endpointCPU(items []endpointCPUBody) ([]EndpointCPU, *problem) {
	out := make([]EndpointCPU, 0, len(items))
	for i, it := range items {
		c := f.catalog.cpu(it.ID)
		if c == nil {
			var ids []string
			for _, d := range f.catalog.cpus {
				ids = append(ids, d.id)
			}
			return nil, badRequest("cpu[%d].id: unknown CPU flavour %q; valid flavours are %s", i, it.ID, strings.Join(ids, ", "))
		}
		if it.VCPUCount&(it.VCPUCount-1) != 0 {
			return nil, badRequest("cpu[%d].vcpuCount: %d is not a power of two", i, it.VCPUCount)
		}
		if it.VCPUCount < c.vcpuMin || it.VCPUCount > c.vcpuMax {
			return nil, badRequest("cpu[%d].vcpuCount: %d is outside %s's range %d-%d", i, it.VCPUCount, c.id, c.vcpuMin, c.vcpuMax)
		}
		out = append(out, EndpointCPU{ID: c.id, VCPUCount: it.VCPUCount, Memory: int(c.ramPerVcpu * float64(it.VCPUCount))})
	}
	return out, nil
}

// checkEndpointPlacement checks data centers and network volumes (400):
// unknown ids, two volumes in one data center (one volume per DC), and
// (INFERRED: the docs say volumes restrict placement to their DCs; the
// fake refuses a contradiction rather than guess) a volume whose data
// center is not in a non-empty dataCenterIds. Callers hold f.mu.
func (f *Fake) checkEndpointPlacement(e *Endpoint) *problem {
	for _, dc := range e.DataCenterIDs {
		if f.catalog.dc(dc) == nil {
			return badRequest("dataCenterIds: unknown data center id %q", dc)
		}
	}
	byDC := map[string]string{}
	for _, id := range e.NetworkVolumes {
		v, ok := f.vols[id]
		if !ok {
			return badRequest("networkVolumes: network volume %q not found", id)
		}
		dc := v.v.DataCenter
		if other, dup := byDC[dc]; dup {
			return badRequest("networkVolumes: %s and %s are both in data center %s; an endpoint takes one network volume per data center", other, id, dc)
		}
		byDC[dc] = id
		if len(e.DataCenterIDs) > 0 && !contains(e.DataCenterIDs, dc) {
			return badRequest("networkVolumes: volume %s is in data center %s, which is not among dataCenterIds (%s)",
				id, dc, strings.Join(e.DataCenterIDs, ", "))
		}
	}
	return nil
}

func (f *Fake) updateEndpoint(r *http.Request, body []byte) (int, any, *problem) {
	b, raw, p := decodeEndpointBody(body, false)
	if p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("endpoint not found")
	}
	if p := f.applyEndpointPatch(s, b, raw); p != nil {
		return 0, nil, p
	}
	return http.StatusOK, endpointJSON(s.view()), nil
}

// applyEndpointPatch applies a decoded PATCH body to s: the new state, a
// release if a container, compute or CUDA field changed, the bound
// template and the workers. Callers hold f.mu.
func (f *Fake) applyEndpointPatch(s *storedEndpoint, b *endpointBody, raw map[string]any) *problem {
	before := cloneEndpoint(s.e)
	e, p := f.patchEndpoint(before, b, raw)
	if p != nil {
		return p
	}
	s.e = e
	if len(releaseDiff(before, e)) > 0 {
		f.addEndpointRelease(s, before)
	}
	f.syncBoundTemplate(s)
	f.reconcileWorkers(s)
	return nil
}

// patchEndpoint applies a PATCH body to a copy of the endpoint. Callers
// hold f.mu.
func (f *Fake) patchEndpoint(e Endpoint, b *endpointBody, raw map[string]any) (Endpoint, *problem) {
	e = cloneEndpoint(e)
	switch {
	case b.GPU != nil && b.CPU != nil:
		return e, badRequest("gpu and cpu cannot both be sent; the compute family of an endpoint is fixed")
	case b.GPU != nil && e.GPU == nil:
		return e, badRequest("gpu cannot be set on a CPU endpoint; the compute family of an endpoint is fixed")
	case b.CPU != nil && e.GPU != nil:
		return e, badRequest("cpu cannot be set on a GPU endpoint; the compute family of an endpoint is fixed")
	}
	if b.Name != nil {
		e.Name = *b.Name
	}
	var tmpl *Template
	if b.TemplateID != nil {
		t, p := f.resolveEndpointTemplate(*b.TemplateID)
		if p != nil {
			return e, p
		}
		tmpl = t
	}
	if p := f.applyEndpointContainer(&e, tmpl, b, raw); p != nil {
		return e, p
	}
	if gb := b.GPU; gb != nil {
		g := e.GPU
		if gb.Pools != nil {
			// pools replaces the selection: exclusions not restated are
			// cleared.
			if p := f.setEndpointPools(g, *gb.Pools, gb.ExcludedTypes); p != nil {
				return e, p
			}
		}
		if gb.Count != nil {
			g.Count = *gb.Count
		}
		if gb.AllowedCudaVersions != nil {
			g.AllowedCudaVersions = slices.Clone(*gb.AllowedCudaVersions)
		}
		if gb.MinCudaVersion != nil {
			if *gb.MinCudaVersion == "" {
				g.MinCudaVersion = nil
			} else {
				g.MinCudaVersion = copyString(gb.MinCudaVersion)
			}
		}
		// Setting one CUDA field does not clear the other, so the rule is
		// checked on the result.
		if p := checkEndpointCuda(g); p != nil {
			return e, p
		}
	}
	if b.CPU != nil {
		cpu, p := f.endpointCPU(*b.CPU)
		if p != nil {
			return e, p
		}
		e.CPU = cpu
	}
	if p := applyEndpointScaling(&e, b, false); p != nil {
		return e, p
	}
	if b.DataCenterIDs != nil {
		e.DataCenterIDs = slices.Clone(*b.DataCenterIDs)
	}
	if b.NetworkVolumes != nil {
		e.NetworkVolumes = slices.Clone(*b.NetworkVolumes)
	}
	if b.DataCenterIDs != nil || b.NetworkVolumes != nil {
		if p := f.checkEndpointPlacement(&e); p != nil {
			return e, p
		}
	}
	if b.Timeout != nil {
		if *b.Timeout < 1 {
			return e, badRequest("timeout must be a positive number of milliseconds, got %d", *b.Timeout)
		}
		e.Timeout = *b.Timeout
	}
	if b.FlashBoot != nil {
		e.FlashBoot = *b.FlashBoot
	}
	return e, nil
}

func (f *Fake) deleteEndpointHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.removeEndpoint(r.PathValue("id")) {
		return 0, nil, notFound("endpoint not found")
	}
	return http.StatusNoContent, nil, nil
}

// removeEndpoint deletes an endpoint, its workers and its bound template.
// Callers hold f.mu.
func (f *Fake) removeEndpoint(id string) bool {
	s, ok := f.endpoints[id]
	if !ok {
		return false
	}
	delete(f.endpoints, id)
	if s.template != "" {
		delete(f.tmpls, s.template)
		f.dropUses(ref{kindTemplate, s.template})
	}
	user := ref{kindEndpoint, id}
	for target := range f.users {
		f.dropUse(target, user)
	}
	return true
}

// The bound template. The fake's choices, since API.md calls them
// INFERRED or undocumented: every endpoint gets its own template named
// "<endpoint name>__template__<6 random [a-z0-9]>" (runpodctl's naming),
// serverless, carrying the endpoint's container fields. It is an owned
// template: GET /v2/templates lists it and GET /v2/templates/{id} reads it;
// DELETE answers 400 "in use" while the endpoint exists, and deleting the
// endpoint deletes it. Endpoint PATCHes keep its container fields in step
// (not its name); a PATCH of the template itself does not reach the
// endpoint. The templateId given at create or PATCH is only copied from
// and stays deletable.

// bindEndpointTemplate creates and binds s's template. Callers hold f.mu.
func (f *Fake) bindEndpointTemplate(s *storedEndpoint) {
	suffix := make([]byte, 6)
	for i := range suffix {
		suffix[i] = idAlphabet[f.ids.rng.IntN(len(idAlphabet))]
	}
	t := Template{ID: f.ids.next(), Name: s.e.Name + "__template__" + string(suffix), Serverless: true}
	f.tmpls[t.ID] = &storedTemplate{t: t, seq: f.nextSeq()}
	s.template = t.ID
	f.syncBoundTemplate(s)
	f.addUse(ref{kindTemplate, t.ID}, ref{kindEndpoint, s.e.ID})
}

// syncBoundTemplate copies s's container fields into its bound template,
// if it still exists. Callers hold f.mu.
func (f *Fake) syncBoundTemplate(s *storedEndpoint) {
	st, ok := f.tmpls[s.template]
	if !ok {
		return
	}
	t := &st.t
	t.Image, t.Args, t.Disk = s.e.Image, s.e.Args, s.e.Disk
	t.Ports = slices.Clone(s.e.Ports)
	t.Env = maps.Clone(s.e.Env)
	t.Registry = copyString(s.e.Registry)
	t.Category = "CPU"
	t.AllowedCudaVersions = nil
	if s.e.GPU != nil {
		t.Category = DefaultTemplateCategory
		t.AllowedCudaVersions = slices.Clone(s.e.GPU.AllowedCudaVersions)
	}
}

// Endpoint returns the API view of an endpoint without counting as a read.
func (f *Fake) Endpoint(id string) (Endpoint, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[id]
	if !ok {
		return Endpoint{}, false
	}
	return s.view(), true
}

// EndpointCount is the number of endpoints the account has.
func (f *Fake) EndpointCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.endpoints)
}

// EndpointBoundTemplate returns the id of the template bound to an
// endpoint, or "" for an unknown endpoint.
func (f *Fake) EndpointBoundTemplate(id string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s, ok := f.endpoints[id]; ok {
		return s.template
	}
	return ""
}

// LowerEndpointWorkersMax sets workers.max out of band, as Runpod does after
// idle days or repeated unhealthy workers: nothing else changes and no
// release is made; workers beyond the new range go. It reports false for
// an unknown endpoint and panics on a negative max.
func (f *Fake) LowerEndpointWorkersMax(id string, workersMax int) bool {
	if workersMax < 0 {
		panic("runpodfake: LowerEndpointWorkersMax: negative max")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[id]
	if !ok {
		return false
	}
	s.e.Workers.Max = workersMax
	f.reconcileWorkers(s)
	return true
}

// DeleteEndpoint deletes an endpoint out of band ("deleted in the
// console"), with its workers and bound template. False if unknown.
func (f *Fake) DeleteEndpoint(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.removeEndpoint(id)
}

// SeedEndpoint creates an endpoint out of band ("created in the console")
// from a create body (anything that encodes to the JSON of POST
// /v2/serverless: a map, or a request struct), with the same defaults,
// rules, bound template and workers as the API. It panics if the API would
// refuse the body, which is a bug in the test.
func (f *Fake) SeedEndpoint(body any) Endpoint {
	b, raw, p := decodeEndpointBody(encodeJSON(body), true)
	if p != nil {
		panic(fmt.Sprintf("runpodfake: SeedEndpoint: %s %v", p.Detail, p.Errors))
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, p := f.buildEndpoint(b, raw)
	if p != nil {
		panic(fmt.Sprintf("runpodfake: SeedEndpoint: %s", p.Detail))
	}
	return s.view()
}

// PatchEndpoint changes an endpoint out of band ("edited in the console")
// with a PATCH body, under the API's rules (a container change makes a
// release). It returns the problem's detail when the API would refuse the
// body, or "" on success; an unknown id is "endpoint not found".
func (f *Fake) PatchEndpoint(id string, body any) string {
	b, raw, p := decodeEndpointBody(encodeJSON(body), false)
	if p != nil {
		return fmt.Sprintf("%s %v", p.Detail, p.Errors)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[id]
	if !ok {
		return "endpoint not found"
	}
	if p := f.applyEndpointPatch(s, b, raw); p != nil {
		return p.Detail
	}
	return ""
}
