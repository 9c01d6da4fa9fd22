package placement

import (
	"maps"
	"slices"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// ProductServerless is the catalog product whose stock serverless endpoint
// workers are placed against.
const ProductServerless = "SERVERLESS"

// ServerlessGPUQuery is the read the endpoint checks share: every GPU type
// with its serverless pool, serverless price and SERVERLESS stock.
func ServerlessGPUQuery() runpod.GPUTypeQuery {
	return runpod.GPUTypeQuery{IncludeAvailability: true, Products: []string{ProductServerless}}
}

// ServerlessPools is the GPU catalog grouped by serverless pool id: an
// endpoint asks for pools, not GPU types, and Runpod places each worker on
// any type of a pool it lists.
type ServerlessPools map[string][]runpod.GPUType

// PoolsOf groups types by their serverless pool; a type in no pool (the
// catalog's pool is null or empty) serves no endpoint and is left out.
func PoolsOf(types []runpod.GPUType) ServerlessPools {
	out := ServerlessPools{}
	for _, g := range types {
		if g.Pool != nil && *g.Pool != "" {
			out[*g.Pool] = append(out[*g.Pool], g)
		}
	}
	return out
}

// IDs are the pool ids, sorted.
func (p ServerlessPools) IDs() []string { return slices.Sorted(maps.Keys(p)) }

// Unknown are the ids, in order, that are not pools of the catalog.
func (p ServerlessPools) Unknown(ids []string) []string {
	var out []string
	for _, id := range ids {
		if _, ok := p[id]; !ok {
			out = append(out, id)
		}
	}
	return out
}

// TypeIDs are the GPU type ids of the listed pools, sorted: the types a
// worker may land on, and so the only ones an exclusion can leave out.
func (p ServerlessPools) TypeIDs(ids []string) []string {
	in := map[string]bool{}
	for _, id := range ids {
		for _, g := range p[id] {
			in[g.ID] = true
		}
	}
	return slices.Sorted(maps.Keys(in))
}

// MaxGPUCount is the most GPUs one worker can have on the listed pools
// without the excluded types: the largest maxCount (on either cloud) of the
// types left, and that type's id. A worker runs on one machine, so more GPUs
// than that can never be placed. 0 when the catalog states no maxCount for
// any of them.
func (p ServerlessPools) MaxGPUCount(ids, excluded []string) (int, string) {
	most, typ := 0, ""
	for _, id := range ids {
		for _, g := range p[id] {
			if slices.Contains(excluded, g.ID) {
				continue
			}
			if n := max(g.MaxCount.Secure, g.MaxCount.Community); n > most {
				most, typ = n, g.ID
			}
		}
	}
	return most, typ
}

// PriceAndStock is a pool's serverless price per GPU-hour (the highest of
// its types, as a worker may land on any) and its best stock level (NONE
// when no type has stock, or the pool is unknown).
func (p ServerlessPools) PriceAndStock(id string) (float64, string) {
	price, level := 0.0, "NONE"
	for _, g := range p[id] {
		if g.Price.Serverless != nil && *g.Price.Serverless > price {
			price = *g.Price.Serverless
		}
		if AvailabilityRank(g.Availability) > AvailabilityRank(level) {
			level = g.Availability
		}
	}
	return price, level
}

// FindCPU is the CPU flavour with id, nil when the catalog has none.
func FindCPU(types []runpod.CPUType, id string) *runpod.CPUType {
	for i := range types {
		if types[i].ID == id {
			return &types[i]
		}
	}
	return nil
}

// CPUTypeIDs are the flavour ids of the CPU catalog, sorted.
func CPUTypeIDs(types []runpod.CPUType) []string {
	ids := make([]string, 0, len(types))
	for _, t := range types {
		ids = append(ids, t.ID)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// ServerlessVCPUsFit reports whether a serverless worker of flavour c may
// have n vCPUs: within the flavour's range, or any count when the catalog
// lists no range for it (max 0).
func ServerlessVCPUsFit(c runpod.CPUType, n int) bool {
	return c.VCPU.Max == 0 || (n >= c.VCPU.Min && n <= c.VCPU.Max)
}
