package endpoint

import (
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/safecreate"
)

// Kind is what every generic part of the provider knows of a serverless
// endpoint. Endpoint names repeat in an account.
var Kind = kinds.Kind[runpod.Endpoint]{
	Collection:   runpod.Endpoints,
	ResourceType: ResourceType,
	Name:         func(e *runpod.Endpoint) string { return e.Name },
	CreatedAt:    func(e *runpod.Endpoint) time.Time { return e.CreatedAt },
}

// lookalike tells package safecreate how to recognise the endpoint body
// creates: the same name, type and compute.
func lookalike(body runpod.CreateEndpointRequest) safecreate.Lookalike[runpod.Endpoint] {
	return safecreate.Lookalike[runpod.Endpoint]{
		Name: body.Name, Shape: "type and compute",
		Same:     func(e *runpod.Endpoint) bool { return e.Type == body.Type && sameCompute(e, body) },
		Describe: func(e *runpod.Endpoint) string { return e.Type + " on " + computeOf(e) },
	}
}
