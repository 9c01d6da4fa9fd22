package runpodfake

// The Endpoint object as the API serves it (the API reference, spec Endpoint:
// ContainerConfig plus the serverless fields), built from the fake's
// model; see wire.go.

// endpointJSON is one Endpoint: identity, requestUrls, the container
// fields, gpu or cpu (the other left out), workers, scaling, placement,
// timeout (ms), flashboot and createdAt. Callers pass the view (lists and
// maps never nil, requestUrls derived, idleTimeout nil where the API
// leaves it out).
func endpointJSON(e Endpoint) wireObject {
	return wireObject{
		{"id", e.ID},
		{"name", e.Name},
		{"type", e.Type},
		{"requestUrls", e.RequestURLs},
		{"image", e.Image},
		{"args", e.Args},
		{"disk", e.Disk},
		{"ports", e.Ports},
		{"env", e.Env},
		{"registry", e.Registry},
	}.
		with("gpu", endpointGPUJSON(e.GPU), e.GPU == nil).
		with("cpu", wireList(e.CPU, func(c EndpointCPU) wireObject {
			return wireObject{{"id", c.ID}, {"vcpuCount", c.VCPUCount}, {"memory", c.Memory}}
		}), len(e.CPU) == 0).
		with("workers", wireObject{{"min", e.Workers.Min}, {"max", e.Workers.Max}}.
			with("idleTimeout", e.Workers.IdleTimeout, e.Workers.IdleTimeout == nil), false).
		with("scaling", wireObject{{"type", e.Scaling.Type}}.
			with("queueDelay", e.Scaling.QueueDelay, e.Scaling.QueueDelay == nil).
			with("requestCount", e.Scaling.RequestCount, e.Scaling.RequestCount == nil), false).
		with("dataCenterIds", e.DataCenterIDs, false).
		with("networkVolumes", e.NetworkVolumes, false).
		with("timeout", e.Timeout, false).
		with("flashboot", e.FlashBoot, false).
		with("createdAt", e.CreatedAt, false)
}

// endpointsJSON is a list of Endpoint objects ({endpoints: [Endpoint]}).
func endpointsJSON(es []Endpoint) any { return wireList(es, endpointJSON) }

// endpointGPUJSON is {pools, excludedTypes?, count, allowedCudaVersions,
// minCudaVersion}: excludedTypes is left out when empty, minCudaVersion is
// null without a floor.
func endpointGPUJSON(g *EndpointGPU) any {
	if g == nil {
		return nil
	}
	return wireObject{{"pools", g.Pools}}.
		with("excludedTypes", g.ExcludedTypes, len(g.ExcludedTypes) == 0).
		with("count", g.Count, false).
		with("allowedCudaVersions", g.AllowedCudaVersions, false).
		with("minCudaVersion", g.MinCudaVersion, false)
}
