package registryauth

import (
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of a container
// registry credential. Their names are unique in an account; the API has
// no name filter.
var Kind = kinds.Kind[runpod.Registry]{
	Noun:         "registry credential",
	ResourceType: ResourceType,
	ID:           func(r *runpod.Registry) string { return r.ID },
	Name:         func(r *runpod.Registry) string { return r.Name },
	Get:          (*runpod.Client).GetRegistry,
	ListAll:      (*runpod.Client).ListRegistries,
	Remove:       (*runpod.Client).DeleteRegistry,
	SharedGet:    (*providerdata.Reads).Registry,
	SharedList:   (*providerdata.Reads).Registries,
	FreshList:    (*providerdata.Reads).FreshRegistries,
	UniqueNames:  true,
}
