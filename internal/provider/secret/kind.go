package secret

import (
	"context"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of a secret.
// Secret names are unique in an account; the API's name filter ignores
// case.
var Kind = kinds.Kind[runpod.Secret]{
	Collection:   runpod.Secrets,
	ResourceType: ResourceType,
	Name:         func(s *runpod.Secret) string { return s.Name },
	UniqueNames:  true,
	FilterByName: func(ctx context.Context, client *runpod.Client, name string) ([]runpod.Secret, error) {
		return client.FindSecretsByName(ctx, name)
	},
	FreshLists: true,
}
