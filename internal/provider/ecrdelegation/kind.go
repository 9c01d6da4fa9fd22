package ecrdelegation

import (
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/kinds"
	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/providerdata"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// Kind is what every generic part of the provider knows of an ECR
// delegation. Delegations have no unique name, and may have none (they
// read as named ""); the client's read of one lists them all.
var Kind = kinds.Kind[runpod.EcrDelegation]{
	Noun:         "ECR delegation",
	ResourceType: ResourceType,
	ID:           func(d *runpod.EcrDelegation) string { return d.ID },
	Name:         nameOf,
	CreatedAt:    func(d *runpod.EcrDelegation) time.Time { return d.CreatedAt },
	Get:          (*runpod.Client).GetDelegation,
	Remove:       (*runpod.Client).RevokeDelegation,
	ListAll:      (*runpod.Client).ListDelegations,
	SharedGet:    (*providerdata.Reads).Delegation,
	SharedList:   (*providerdata.Reads).Delegations,
}
