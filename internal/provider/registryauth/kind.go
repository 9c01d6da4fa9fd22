package registryauth

import (
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of a container
// registry credential. Their names are unique in an account; the API has
// no name filter.
var Kind = kinds.Kind[runpod.Registry]{
	Collection:   runpod.Registries,
	ResourceType: ResourceType,
	Name:         func(r *runpod.Registry) string { return r.Name },
	UniqueNames:  true,
	FreshLists:   true,
}
