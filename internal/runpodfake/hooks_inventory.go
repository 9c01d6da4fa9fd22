package runpodfake

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
)

// Object is one object of the account as Inventory lists it.
type Object struct {
	// Kind is the collection: "pod", "network_volume", "template",
	// "registry", "ecr_delegation", "secret", "ssh_key", "cluster" or
	// "endpoint".
	Kind string
	// ID is the object's id; for an SSH key, the key line itself.
	ID   string
	Name string
	// Parent is the id of the object that made this one and removes it with
	// itself: a cluster member pod's cluster, an endpoint's bound template.
	// Empty for objects made on their own.
	Parent string
	// Digest is a hash of the object's stored fields (never the fields
	// themselves, which may hold a secret value): equal digests mean the
	// object was not changed.
	Digest string
}

// Key is Kind and ID joined, unique in one Inventory.
func (o Object) Key() string { return o.Kind + "/" + o.ID }

// Inventory returns every object the account owns (not the public catalog
// templates), sorted by kind and id, without counting as a read. The
// contract generator (internal/contract) compares inventories taken before
// a workspace's life and after its destroy: what it created must be gone,
// and what it did not create must be unchanged.
func (f *Fake) Inventory() []Object {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Object
	add := func(kind, id, name, parent string, stored any) {
		out = append(out, Object{Kind: kind, ID: id, Name: name, Parent: parent, Digest: digest(stored)})
	}
	for id, s := range f.pods {
		parent := ""
		if s.p.Cluster != nil {
			parent = s.p.Cluster.ID
		}
		add("pod", id, s.p.Name, parent, s.p)
	}
	for id, s := range f.vols {
		add("network_volume", id, s.v.Name, "", s.v)
	}
	bound := map[string]string{}
	for id, s := range f.endpoints {
		if s.template != "" {
			bound[s.template] = id
		}
		add("endpoint", id, s.e.Name, "", s.e)
	}
	for id, s := range f.tmpls {
		if s.owned() {
			add("template", id, s.t.Name, bound[id], s.t)
		}
	}
	for id, s := range f.regs {
		add("registry", id, s.r.Name, "", s.r)
	}
	for id, s := range f.delegations {
		add("ecr_delegation", id, "", "", s.d)
	}
	for id, s := range f.secrets.byID {
		add("secret", id, s.s.Name, "", s.s)
	}
	for _, k := range f.sshKeys {
		add("ssh_key", k, "", "", k)
	}
	for id, s := range f.clusters {
		add("cluster", id, s.c.Name, "", s.c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
}

func digest(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic("runpodfake: Inventory: " + err.Error())
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
