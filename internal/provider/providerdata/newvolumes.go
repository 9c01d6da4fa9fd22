package providerdata

import (
	"slices"
	"sync"
)

// NewVolumes are the network volumes this process's plan creates (or
// replaces), by data center. A pod or endpoint that mounts a volume of the
// same apply sees its id only as "known after apply"; Terraform plans the
// volume first (the pod or endpoint references it), so its data center is
// here by then.
type NewVolumes struct {
	mu      sync.Mutex
	dcs     []string
	unknown bool
}

// Note records a volume the plan creates in data center dc (known false:
// the plan does not know it yet).
func (v *NewVolumes) Note(dc string, known bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if !known {
		v.unknown = true
		return
	}
	v.dcs = append(v.dcs, dc)
}

// Outside returns, sorted and once each, the data centers of the volumes
// this plan creates that are not in allowed, and whether that is all of
// them: a volume id known only after apply is then in one of them, outside
// allowed. all is false when no volume was planned, when a volume's data
// center is not known, or when allowed is empty (any data center will do).
func (v *NewVolumes) Outside(allowed []string) (outside []string, all bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(allowed) == 0 {
		return nil, false
	}
	for _, dc := range v.dcs {
		if !slices.Contains(allowed, dc) {
			outside = append(outside, dc)
		}
	}
	all = !v.unknown && len(v.dcs) > 0 && len(outside) == len(v.dcs)
	slices.Sort(outside)
	return slices.Compact(outside), all
}

// NewVolumes is what this process's plan creates of network volumes.
func (d *Data) NewVolumes() *NewVolumes {
	if d == nil {
		return &NewVolumes{}
	}
	return &d.newVolumes
}
