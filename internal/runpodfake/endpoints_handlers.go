package runpodfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// The serverless endpoint routes: request schemas, the body structs
// requests decode into, and the handlers. The create and PATCH rules are
// endpoints_create.go's, placement and the serverless catalog
// endpoints_placement.go's.

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

func (f *Fake) deleteEndpointHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.removeEndpoint(r.PathValue("id")) {
		return 0, nil, notFound("endpoint not found")
	}
	return http.StatusNoContent, nil, nil
}
