package runpodfake

import (
	"net/http"
	"regexp"
	"sort"
	"time"
)

// EcrDelegation is the fake's model of an ECR delegation: Runpod may pull
// images from one private Amazon ECR repository. registries_wire.go
// declares what is served.
type EcrDelegation struct {
	ID                string
	Name              *string
	DelegatorUserID   string
	AWSUser           string
	Repository        string
	Tag               string
	AWSRegion         string
	DockerRegistryURI string
	CreatedAt         time.Time
	// Resource is the ARN it was registered with. The API never returns it;
	// tests read it to check what the provider sent.
	Resource string
}

// DelegatorUserID is the Runpod user the fake's account acts as, the
// delegatorUserId of every delegation it registers (API.md gives only the
// example "user_xyz").
const DelegatorUserID = "user_fake0account"

// DefaultDelegationTag is the tag of every registered delegation. INFERRED:
// the create body carries no tag and API.md does not say where the
// required `tag` comes from; the fake answers the spec's example.
const DefaultDelegationTag = "latest"

type storedDelegation struct {
	d   EcrDelegation
	seq int64
}

var createDelegationSchema = sObject(map[string]*schema{
	"resource": sString(),
	"name":     sNullable(sString()),
}, "resource")

type delegationBody struct {
	Resource string  `json:"resource"`
	Name     *string `json:"name"`
}

// ecrRepositoryARN is an ECR repository ARN: partition, region, 12-digit
// account and repository name. INFERRED: the spec gives only an example
// (arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment) and no
// pattern; the fake refuses anything else with 400 (a rule, not a schema
// violation), as the stricter plausible answer.
var ecrRepositoryARN = regexp.MustCompile(`^arn:(aws|aws-cn|aws-us-gov):ecr:([a-z0-9-]+):([0-9]{12}):repository/(.+)$`)

// ecrRoutes registers the ECR delegation operations. The literal
// /v2/registries/delegations wins over /v2/registries/{id} (a literal
// segment takes precedence over a parameter): Go's router prefers the more
// specific pattern. There is no read by id and no update: GET and PATCH on
// /v2/registries/delegations/{id} are not routes (405 with Allow: DELETE).
func (f *Fake) ecrRoutes() {
	f.handle("GET /v2/registries/delegations", f.listDelegations)
	f.handle("POST /v2/registries/delegations", f.createDelegation)
	f.handle("DELETE /v2/registries/delegations/{id}", f.revokeDelegation)
}

func (f *Fake) listDelegations(*http.Request, []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return http.StatusOK, map[string]any{"delegations": delegationsJSON(f.delegationsLocked())}, nil
}

func (f *Fake) delegationsLocked() []EcrDelegation {
	all := make([]*storedDelegation, 0, len(f.delegations))
	for _, s := range f.delegations {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	out := make([]EcrDelegation, 0, len(all))
	for _, s := range all {
		out = append(out, s.d)
	}
	return out
}

func (f *Fake) createDelegation(_ *http.Request, body []byte) (int, any, *problem) {
	var b delegationBody
	if _, p := decodeStrict(body, createDelegationSchema, &b); p != nil {
		return 0, nil, p
	}
	d, p := delegationFor(b.Resource)
	if p != nil {
		return 0, nil, p
	}
	d.Name = b.Name
	f.mu.Lock()
	defer f.mu.Unlock()
	// API.md does not say whether two delegations of one repository may
	// coexist; the fake allows it, so that a provider registering twice
	// after a lost reply is caught by counting, not hidden by a refusal.
	d.ID = "deleg_" + f.ids.next()
	d.CreatedAt = f.clockNow().Truncate(time.Second)
	f.delegations[d.ID] = &storedDelegation{d: d, seq: f.nextSeq()}
	return http.StatusCreated, delegationJSON(d), nil
}

// delegationFor derives a delegation's fields from the ARN, as the spec's
// examples relate them: awsUser is the account, dockerRegistryUri the
// account's ECR registry host in the region.
func delegationFor(arn string) (EcrDelegation, *problem) {
	m := ecrRepositoryARN.FindStringSubmatch(arn)
	if m == nil {
		return EcrDelegation{}, badRequest("resource must be an ECR repository ARN, such as " +
			"arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment")
	}
	host := m[3] + ".dkr.ecr." + m[2] + ".amazonaws.com"
	if m[1] == "aws-cn" {
		host += ".cn"
	}
	return EcrDelegation{
		DelegatorUserID: DelegatorUserID, AWSUser: m[3], Repository: m[4], Tag: DefaultDelegationTag,
		AWSRegion: m[2], DockerRegistryURI: host, Resource: arn,
	}, nil
}

func (f *Fake) revokeDelegation(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("id")
	if _, ok := f.delegations[id]; !ok {
		return 0, nil, notFound("Delegation not found")
	}
	delete(f.delegations, id)
	return http.StatusNoContent, nil, nil
}

// SeedDelegation registers a delegation of the repository ARN as if done
// earlier in the console, named name unless nil, and returns it. It panics
// on an ARN the create would refuse.
func (f *Fake) SeedDelegation(arn string, name *string) EcrDelegation {
	d, p := delegationFor(arn)
	if p != nil {
		panic("runpodfake: SeedDelegation: " + p.Detail)
	}
	d.Name = name
	f.mu.Lock()
	defer f.mu.Unlock()
	d.ID = "deleg_" + f.ids.next()
	d.CreatedAt = f.clockNow().Truncate(time.Second)
	f.delegations[d.ID] = &storedDelegation{d: d, seq: f.nextSeq()}
	return d
}

// Delegation returns a stored delegation, with the ARN it was registered
// with.
func (f *Fake) Delegation(id string) (EcrDelegation, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.delegations[id]
	if !ok {
		return EcrDelegation{}, false
	}
	return s.d, true
}

// Delegations returns every stored delegation in creation order.
func (f *Fake) Delegations() []EcrDelegation {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.delegationsLocked()
}

// RevokeDelegation revokes a delegation out of band (drift). False if id is
// unknown.
func (f *Fake) RevokeDelegation(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.delegations[id]; !ok {
		return false
	}
	delete(f.delegations, id)
	return true
}
