package runpodfake

import (
	"fmt"
	"maps"
	"slices"
)

// Deleting an endpoint, its bound template, and the out-of-band hooks for
// tests ("as if done in the console"): Endpoint, EndpointCount,
// EndpointBoundTemplate, LowerEndpointWorkersMax, DeleteEndpoint,
// SeedEndpoint and PatchEndpoint.

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
