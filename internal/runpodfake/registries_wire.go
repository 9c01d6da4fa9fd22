package runpodfake

// The Registry and EcrDelegation objects as the API serves them (the API
// reference, spec Registry, EcrDelegation), built from the fake's model;
// see wire.go. Neither carries what was sent to create it: a registry's
// username and password are write-only, a delegation's resource ARN is not
// returned.

// registryJSON is {id, name}: all the API returns of a credential.
func registryJSON(r Registry) wireObject {
	return wireObject{{"id", r.ID}, {"name", r.Name}}
}

// registriesJSON is a list of Registry objects ({registries: [Registry]}).
func registriesJSON(rs []Registry) any { return wireList(rs, registryJSON) }

// delegationJSON is one EcrDelegation: {id, name (null when not given),
// delegatorUserId, awsUser, repository, tag, awsRegion, dockerRegistryUri
// (not required, left out when unknown), createdAt}.
func delegationJSON(d EcrDelegation) wireObject {
	return wireObject{
		{"id", d.ID},
		{"name", d.Name},
		{"delegatorUserId", d.DelegatorUserID},
		{"awsUser", d.AWSUser},
		{"repository", d.Repository},
		{"tag", d.Tag},
		{"awsRegion", d.AWSRegion},
	}.
		with("dockerRegistryUri", d.DockerRegistryURI, d.DockerRegistryURI == "").
		with("createdAt", d.CreatedAt, false)
}

// delegationsJSON is a list of EcrDelegation objects ({delegations:
// [EcrDelegation]}).
func delegationsJSON(ds []EcrDelegation) any { return wireList(ds, delegationJSON) }
