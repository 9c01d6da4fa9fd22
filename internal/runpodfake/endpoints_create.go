package runpodfake

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Endpoint create and PATCH: the template expansion, the container fields,
// the compute selection, workers and scaling, and the rules between them
// (400). Schema violations are refused before, in endpoints_handlers.go.

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
		// API.md §15: an endpoint created without timeout comes back with
		// 0, not the spec's default (DefaultEndpointTimeout).
		Timeout: 0, FlashBoot: FlashBootOff,
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
