package template

import (
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of a template.
// Template names are unique in an account.
var Kind = kinds.Kind[runpod.Template]{
	Collection:   runpod.Templates,
	ResourceType: ResourceType,
	Name:         func(t *runpod.Template) string { return t.Name },
	UniqueNames:  true,
	FreshLists:   true,
}
