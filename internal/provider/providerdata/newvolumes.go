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

// AllOutside returns the data centers of the volumes this plan creates when
// there is at least one and none of them is in allowed: a volume id known
// only after apply is then, most likely, in one of them, outside allowed.
// It returns nil when any of them is in allowed, or its data center is not
// known.
func (v *NewVolumes) AllOutside(allowed []string) []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.unknown || len(v.dcs) == 0 || len(allowed) == 0 {
		return nil
	}
	for _, dc := range v.dcs {
		if slices.Contains(allowed, dc) {
			return nil
		}
	}
	out := slices.Clone(v.dcs)
	slices.Sort(out)
	return slices.Compact(out)
}

// Outside returns the data centers of the volumes this plan creates that
// are not in allowed (nil when allowed is empty: any data center will do).
func (v *NewVolumes) Outside(allowed []string) []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(allowed) == 0 {
		return nil
	}
	var out []string
	for _, dc := range v.dcs {
		if !slices.Contains(allowed, dc) {
			out = append(out, dc)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// NewVolumes is what this process's plan creates of network volumes.
func (d *Data) NewVolumes() *NewVolumes {
	if d == nil {
		return &NewVolumes{}
	}
	return &d.newVolumes
}
