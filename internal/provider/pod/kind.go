package pod

import (
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

// Kind is what every generic part of the provider knows of a pod. Pod
// names repeat in an account. Its lists leave out the members of instant
// clusters, which runpod_cluster manages; a terminated pod, still listed
// for a while, has ended.
var Kind = kinds.Kind[runpod.Pod]{
	Collection:   runpod.Pods,
	ResourceType: ResourceType,
	Name:         func(p *runpod.Pod) string { return p.Name },
	CreatedAt:    func(p *runpod.Pod) time.Time { return p.CreatedAt },
	Ended:        func(p *runpod.Pod) bool { return isGone(p.Status) },
	Own:          func(p *runpod.Pod) bool { return p.Cluster == nil },
}

// lookalike tells package safecreate how to recognise the pod body
// creates: the same name, image (when the body sets one) and compute.
func lookalike(body runpod.CreatePodRequest) safecreate.Lookalike[runpod.Pod] {
	return safecreate.Lookalike[runpod.Pod]{
		Name: body.Name, Shape: "image and compute", OptOut: "allow_duplicate",
		Same: func(p *runpod.Pod) bool { return sameShape(p, body) },
		Describe: func(p *runpod.Pod) string {
			where := "no data center yet"
			if p.DataCenterID != nil {
				where = *p.DataCenterID
			}
			return p.Status + ", " + where
		},
	}
}

// sameShape reports whether p has the image (when the body sets one) and
// compute that body asks for.
func sameShape(p *runpod.Pod, body runpod.CreatePodRequest) bool {
	if body.Image != "" && p.Image != body.Image {
		return false
	}
	switch {
	case body.GPU != nil:
		return p.GPU != nil && p.GPU.ID == body.GPU.ID && p.GPU.Count == max(body.GPU.Count, 1)
	case body.CPU != nil:
		return p.CPU != nil && p.CPU.ID == body.CPU.ID && p.CPU.VCPUCount == body.CPU.VCPUCount
	}
	return false
}
