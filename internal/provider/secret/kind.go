package secret

import (
	"context"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of a secret.
// Secret names are unique in an account; the API's name filter ignores
// case.
var Kind = kinds.Kind[runpod.Secret]{
	Noun:         "secret",
	ResourceType: ResourceType,
	ID:           func(s *runpod.Secret) string { return s.ID },
	Name:         func(s *runpod.Secret) string { return s.Name },
	Get:          (*runpod.Client).GetSecret,
	ListAll:      (*runpod.Client).ListSecrets,
	Remove:       (*runpod.Client).DeleteSecret,
	SharedGet:    (*providerdata.Reads).Secret,
	SharedList:   (*providerdata.Reads).Secrets,
	FreshList:    (*providerdata.Reads).FreshSecrets,
	UniqueNames:  true,
	FilterByName: func(ctx context.Context, client *runpod.Client, name string) ([]runpod.Secret, error) {
		return client.FindSecretsByName(ctx, name)
	},
}
