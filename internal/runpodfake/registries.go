package runpodfake

import (
	"net/http"
	"sort"
)

// Registry is the fake's model of a registry credential: only id and name
// are ever returned (registries_wire.go). Username and Password are what
// was sent at create; they are write-only in the API and kept here only so
// that tests can check what the provider sent.
type Registry struct {
	ID       string
	Name     string
	Username string
	Password string
}

type storedRegistry struct {
	r   Registry
	seq int64
}

var createRegistrySchema = sObject(map[string]*schema{
	"name":     sNonEmpty(),
	"username": sNonEmpty(),
	"password": sNonEmpty(),
}, "name", "username", "password")

type registryBody struct {
	Name     string `json:"name"`
	Username string `json:"username"`
	Password string `json:"password"`
}

// There is no update operation: PATCH and PUT on /v2/registries/{id} get 405.
// The ECR delegation routes under /v2/registries/delegations are
// ecr_delegations.go's.
func (f *Fake) registryRoutes() {
	f.handle("GET /v2/registries", f.listRegistries)
	f.handle("POST /v2/registries", f.createRegistry)
	f.handle("GET /v2/registries/{id}", f.getRegistry)
	f.handle("DELETE /v2/registries/{id}", f.deleteRegistryHandler)
}

func (f *Fake) listRegistries(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	all := make([]*storedRegistry, 0, len(f.regs))
	for _, s := range f.regs {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	out := make([]Registry, 0, len(all))
	for _, s := range all {
		out = append(out, s.r)
	}
	return http.StatusOK, map[string]any{"registries": registriesJSON(out)}, nil
}

func (f *Fake) createRegistry(r *http.Request, body []byte) (int, any, *problem) {
	var b registryBody
	if _, p := decodeStrict(body, createRegistrySchema, &b); p != nil {
		return 0, nil, p
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	// INFERRED: the v2 spec does not say whether credential names are unique.
	// The fake refuses a duplicate with 400 so that a provider which creates
	// without looking first is caught; flag this if the real API differs.
	for _, s := range f.regs {
		if s.r.Name == b.Name {
			return 0, nil, badRequest("registry credential name must be unique")
		}
	}
	s := &storedRegistry{r: Registry{ID: f.ids.next(), Name: b.Name, Username: b.Username, Password: b.Password}, seq: f.nextSeq()}
	f.regs[s.r.ID] = s
	return http.StatusCreated, registryJSON(s.r), nil
}

func (f *Fake) getRegistry(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.regs[r.PathValue("id")]
	if !ok {
		return 0, nil, notFound("registry credential not found")
	}
	return http.StatusOK, registryJSON(s.r), nil
}

func (f *Fake) deleteRegistryHandler(r *http.Request, _ []byte) (int, any, *problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("id")
	if _, ok := f.regs[id]; !ok {
		return 0, nil, notFound("registry credential not found")
	}
	if len(f.usersOf(ref{kindRegistry, id}, kindPod)) > 0 {
		return 0, nil, badRequest("Registry credential is in use by a pod and cannot be deleted")
	}
	f.deleteRegistryLocked(id)
	return http.StatusNoContent, nil, nil
}

// deleteRegistryLocked removes a credential; templates that referenced it
// silently lose the reference (registry becomes null), as the spec says.
func (f *Fake) deleteRegistryLocked(id string) {
	delete(f.regs, id)
	f.dropUses(ref{kindRegistry, id})
	for _, s := range f.tmpls {
		if s.t.Registry != nil && *s.t.Registry == id {
			s.t.Registry = nil
		}
	}
}

// SeedRegistry stores a credential as if created earlier, minting an id if
// r.ID is empty, and returns the stored copy (with the credentials). It
// panics if r.ID is already taken.
func (f *Fake) SeedRegistry(r Registry) Registry {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.ID == "" {
		r.ID = f.ids.next()
	} else if !f.ids.claim(r.ID) {
		panic("runpodfake: SeedRegistry: id " + r.ID + " is already taken")
	}
	f.regs[r.ID] = &storedRegistry{r: r, seq: f.nextSeq()}
	return r
}

// Registry returns a stored credential including the write-only username and
// password it was created with.
func (f *Fake) Registry(id string) (Registry, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.regs[id]
	if !ok {
		return Registry{}, false
	}
	return s.r, true
}

// DeleteRegistry deletes a credential out of band (drift), ignoring in-use
// marks; templates lose the reference. False if id is unknown.
func (f *Fake) DeleteRegistry(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.regs[id]; !ok {
		return false
	}
	f.deleteRegistryLocked(id)
	return true
}

// MarkRegistryUsedByPod records that pod podID pulls its image with the
// credential, so DELETE answers 400 (the demo server's pre-existing pod).
func (f *Fake) MarkRegistryUsedByPod(registryID, podID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.addUse(ref{kindRegistry, registryID}, ref{kindPod, podID})
}
