package ecrdelegation

import (
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of an ECR
// delegation. Delegations have no unique name, and may have none (they
// read as named ""); the client's read of one lists them all.
var Kind = kinds.Kind[runpod.EcrDelegation]{
	Collection:   runpod.EcrDelegations,
	ResourceType: ResourceType,
	Name:         nameOf,
	CreatedAt:    func(d *runpod.EcrDelegation) time.Time { return d.CreatedAt },
}
