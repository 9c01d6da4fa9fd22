package runpodfake

import (
	"slices"
	"strings"
)

// Endpoint placement: the serverless GPU pools of the catalog, the GPU
// selection (pools minus excluded types), CUDA constraints, CPU flavours,
// data centers and network volumes. Every refusal is a 400 rule.

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
