package runpod

import "context"

// Collection is one of the API's collections of account objects: the noun
// that names one object in messages, how to read an object's id, and the
// client's get, list and delete of one. The provider's kinds (package
// kinds) and its shared reads (package providerdata) both start from these,
// so that each collection's facts are stated once.
type Collection[T any] struct {
	// Noun names one object, e.g. "network volume".
	Noun string
	// ID reads an object's id.
	ID func(*T) string
	// Get reads one object, List every object of the account, Delete
	// deletes one.
	Get    func(*Client, context.Context, string) (*T, error)
	List   func(*Client, context.Context) ([]T, error)
	Delete func(*Client, context.Context, string) error
	// GetLists is set when the API has no read by id and Get lists the
	// collection (ECR delegations).
	GetLists bool
}

// The account's collections.
var (
	Templates = Collection[Template]{
		Noun: "template", ID: func(t *Template) string { return t.ID },
		Get: (*Client).GetTemplate, List: (*Client).ListTemplates, Delete: (*Client).DeleteTemplate,
	}
	NetworkVolumes = Collection[NetworkVolume]{
		Noun: "network volume", ID: func(v *NetworkVolume) string { return v.ID },
		Get: (*Client).GetNetworkVolume, List: (*Client).ListNetworkVolumes, Delete: (*Client).DeleteNetworkVolume,
	}
	Secrets = Collection[Secret]{
		Noun: "secret", ID: func(s *Secret) string { return s.ID },
		Get: (*Client).GetSecret, List: (*Client).ListSecrets, Delete: (*Client).DeleteSecret,
	}
	Registries = Collection[Registry]{
		Noun: "registry credential", ID: func(r *Registry) string { return r.ID },
		Get: (*Client).GetRegistry, List: (*Client).ListRegistries, Delete: (*Client).DeleteRegistry,
	}
	// Pods lists the members of instant clusters too.
	Pods = Collection[Pod]{
		Noun: "pod", ID: func(p *Pod) string { return p.ID },
		Get:    (*Client).GetPod,
		List:   func(c *Client, ctx context.Context) ([]Pod, error) { return c.ListPods(ctx, true) },
		Delete: (*Client).DeletePod,
	}
	Clusters = Collection[Cluster]{
		Noun: "cluster", ID: func(c *Cluster) string { return c.ID },
		Get: (*Client).GetCluster, List: (*Client).ListClusters, Delete: (*Client).DeleteCluster,
	}
	Endpoints = Collection[Endpoint]{
		Noun: "endpoint", ID: func(e *Endpoint) string { return e.ID },
		Get: (*Client).GetEndpoint, List: (*Client).ListEndpoints, Delete: (*Client).DeleteEndpoint,
	}
	EcrDelegations = Collection[EcrDelegation]{
		Noun: "ECR delegation", ID: func(d *EcrDelegation) string { return d.ID },
		Get: (*Client).GetDelegation, List: (*Client).ListDelegations, Delete: (*Client).RevokeDelegation,
		GetLists: true,
	}
)
