package template

import (
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of a template.
// Template names are unique in an account.
var Kind = kinds.Kind[runpod.Template]{
	Noun:         "template",
	ResourceType: ResourceType,
	ID:           func(t *runpod.Template) string { return t.ID },
	Name:         func(t *runpod.Template) string { return t.Name },
	Get:          (*runpod.Client).GetTemplate,
	ListAll:      (*runpod.Client).ListTemplates,
	Remove:       (*runpod.Client).DeleteTemplate,
	SharedGet:    (*providerdata.Reads).Template,
	SharedList:   (*providerdata.Reads).Templates,
	FreshList:    (*providerdata.Reads).FreshTemplates,
	UniqueNames:  true,
}
